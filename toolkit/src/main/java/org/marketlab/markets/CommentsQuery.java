package org.marketlab.markets;

import org.marketlab.config.Progress;
import org.marketlab.internal.transport.Transport;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.util.List;
import java.util.stream.Stream;

/**
 * An immutable query of {@code GET /comments} on one event, series or market, paged to the end (newest first
 * unless {@link #ascending(boolean)}). The table names each comment's author: {@code authorName},
 * {@code authorPseudonym} and {@code userAddress}.
 */
public final class CommentsQuery {

    /** What a comment can be on, as the service names it. */
    public enum Parent {
        EVENT("Event"), SERIES("Series"), MARKET("market");

        private final String wire;

        Parent(String wire) {
            this.wire = wire;
        }
    }

    private final Listing<Comment> listing;

    CommentsQuery(Transport transport, Parent parent, String parentId) {
        this(new Listing<>(transport, "/comments", Comment.class)
                .with("parent_entity_type", parent.wire)
                .with("parent_entity_id", Checks.ids("parent id", parentId).get(0)));
    }

    private CommentsQuery(Listing<Comment> listing) {
        this.listing = listing;
    }

    /** Order by {@code createdAt} (the default), {@code updatedAt} or {@code id}. */
    public CommentsQuery order(String field) {
        if (!java.util.Set.of("createdAt", "updatedAt", "id").contains(field)) {
            throw new IllegalArgumentException("order: '" + field + "' is not allowed; allowed: createdAt, updatedAt, id");
        }
        return new CommentsQuery(listing.with("order", field));
    }

    /** Oldest first when {@code true}. */
    public CommentsQuery ascending(boolean ascending) {
        return new CommentsQuery(listing.with("ascending", ascending));
    }

    /** Ask for the authors' positions in their profiles. */
    public CommentsQuery positions(boolean getPositions) {
        return new CommentsQuery(listing.with("get_positions", getPositions));
    }

    /** Only comments by holders of the market. */
    public CommentsQuery holdersOnly(boolean holdersOnly) {
        return new CommentsQuery(listing.with("holders_only", holdersOnly));
    }

    public CommentsQuery limit(int limit) {
        return new CommentsQuery(listing.limit(limit));
    }

    public CommentsQuery offset(int offset) {
        return new CommentsQuery(listing.offset(offset));
    }

    public CommentsQuery pageSize(int pageSize) {
        return new CommentsQuery(listing.pageSize(pageSize));
    }

    public CommentsQuery onProgress(Progress.Listener listener) {
        return new CommentsQuery(listing.onProgress(listener));
    }

    public List<Comment> list() {
        return listing.list();
    }

    public Stream<Comment> stream() {
        return listing.stream();
    }

    public Table table() {
        return RecordTable.of(Comment.class)
                .column("authorName", String.class, c -> c.profile() == null ? null : c.profile().name())
                .column("authorPseudonym", String.class, c -> c.profile() == null ? null : c.profile().pseudonym())
                .table("comments", list());
    }
}
