package org.marketlab.markets;

import org.marketlab.internal.query.Read;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;


/**
 * An immutable query of {@code GET /comments} on one event, series or market, paged to the end (newest first
 * unless {@link #ascending(boolean)}). The table names each comment's author: {@code authorName},
 * {@code authorPseudonym} and {@code userAddress}.
 */
public final class CommentsQuery extends ListingQuery<CommentsQuery, Comment> {

    /** What a comment can be on, as the service names it. */
    public enum Parent {
        EVENT("Event"), SERIES("Series"), MARKET("market");

        private final String wire;

        Parent(String wire) {
            this.wire = wire;
        }
    }

    CommentsQuery(Read<Comment> read) {
        super(read, CommentsQuery::new);
    }

    /** The comments on one event, series or market. */
    static CommentsQuery on(Read<Comment> read, Parent parent, String parentId) {
        return new CommentsQuery(read.with("parent_entity_type", parent.wire).with("parent_entity_id", Checks.ids("parent id", parentId).get(0)));
    }

    /** Order by {@code createdAt} (the default), {@code updatedAt} or {@code id}. */
    public CommentsQuery order(String field) {
        if (!java.util.Set.of("createdAt", "updatedAt", "id").contains(field)) {
            throw new IllegalArgumentException("order: '" + field + "' is not allowed; allowed: createdAt, updatedAt, id");
        }
        return with("order", field);
    }

    /** Ask for the authors' positions in their profiles. */
    public CommentsQuery positions(boolean getPositions) {
        return with("get_positions", getPositions);
    }

    /** Only comments by holders of the market. */
    public CommentsQuery holdersOnly(boolean holdersOnly) {
        return with("holders_only", holdersOnly);
    }

    public Table table() {
        return RecordTable.of(Comment.class)
                .column("authorName", String.class, c -> c.profile() == null ? null : c.profile().name())
                .column("authorPseudonym", String.class, c -> c.profile() == null ? null : c.profile().pseudonym())
                .table("comments", list());
    }
}
