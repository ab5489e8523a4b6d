package org.marketlab.markets;

import org.marketlab.config.Progress;
import org.marketlab.internal.transport.Transport;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.util.List;
import java.util.stream.Stream;

/**
 * An immutable query of {@code GET /tags}: every tag, ranked as the service ranks them (on the sandbox: most
 * events first, then id), each with its event count where the service gives one.
 */
public final class TagsQuery {

    private final Listing<RankedTag> listing;

    TagsQuery(Transport transport) {
        this(new Listing<>(transport, "/tags", RankedTag.class));
    }

    private TagsQuery(Listing<RankedTag> listing) {
        this.listing = listing;
    }

    /** Order by these Tag fields (or {@code eventCount}) instead of the ranking. */
    public TagsQuery order(String... fields) {
        return new TagsQuery(listing.with("order", Checks.order(fields, Checks.fields(RankedTag.class), "Tag")));
    }

    public TagsQuery ascending(boolean ascending) {
        return new TagsQuery(listing.with("ascending", ascending));
    }

    /** Only tags shown (or not) in the carousel. */
    public TagsQuery carousel(boolean isCarousel) {
        return new TagsQuery(listing.with("is_carousel", isCarousel));
    }

    public TagsQuery includeTemplate(boolean includeTemplate) {
        return new TagsQuery(listing.with("include_template", includeTemplate));
    }

    public TagsQuery limit(int limit) {
        return new TagsQuery(listing.limit(limit));
    }

    public TagsQuery offset(int offset) {
        return new TagsQuery(listing.offset(offset));
    }

    public TagsQuery pageSize(int pageSize) {
        return new TagsQuery(listing.pageSize(pageSize));
    }

    public TagsQuery onProgress(Progress.Listener listener) {
        return new TagsQuery(listing.onProgress(listener));
    }

    public List<RankedTag> list() {
        return listing.list();
    }

    public Stream<RankedTag> stream() {
        return listing.stream();
    }

    /** One row per tag, in rank order, with {@code eventCount}. */
    public Table table() {
        return table(list());
    }

    static Table table(List<RankedTag> tags) {
        return RecordTable.of(RankedTag.class).table("tags", tags);
    }
}
