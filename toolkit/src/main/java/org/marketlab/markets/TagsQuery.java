package org.marketlab.markets;

import org.marketlab.internal.query.Read;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.util.List;

/**
 * An immutable query of {@code GET /tags}: every tag, ranked as the service ranks them (on the sandbox: most
 * events first, then id), each with its event count where the service gives one.
 */
public final class TagsQuery extends ListingQuery<TagsQuery, RankedTag> {

    TagsQuery(Read<RankedTag> read) {
        super(read, TagsQuery::new);
    }

    /** Order by these Tag fields (or {@code eventCount}) instead of the ranking. */
    public TagsQuery order(String... fields) {
        return with("order", Checks.order(fields, Checks.fields(RankedTag.class), "Tag"));
    }

    /** Only tags shown (or not) in the carousel. */
    public TagsQuery carousel(boolean isCarousel) {
        return with("is_carousel", isCarousel);
    }

    public TagsQuery includeTemplate(boolean includeTemplate) {
        return with("include_template", includeTemplate);
    }

    /** One row per tag, in rank order, with {@code eventCount}. */
    public Table table() {
        return table(list());
    }

    static Table table(List<RankedTag> tags) {
        return RecordTable.of(RankedTag.class).table("tags", tags);
    }
}
