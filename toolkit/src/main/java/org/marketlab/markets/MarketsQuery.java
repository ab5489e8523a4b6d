package org.marketlab.markets;

import org.marketlab.internal.Args;
import org.marketlab.internal.query.Read;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable query of {@code GET /markets}, the markets listing with the official filters: ids, slugs,
 * condition ids, token ids, question ids, tag (with related tags), state, UMA resolution status, volume and
 * liquidity ranges, start and end date ranges, order. Terminal calls: {@link #list()}, {@link #stream()},
 * {@link #table()} (one row per market).
 *
 * <pre>{@code
 * Markets.markets().closed(false).volumeMin(50_000).endDateMax(Instant.now().plus(Duration.ofDays(7)))
 *        .order("volumeNum").ascending(false).limit(20).table();
 * }</pre>
 */
public final class MarketsQuery extends ListingQuery<MarketsQuery, Market> {

    MarketsQuery(Read<Market> read) {
        super(read, MarketsQuery::new);
        checkRange("liquidity_num_min", "liquidity_num_max", "liquidityMin", "liquidityMax");
        checkRange("volume_num_min", "volume_num_max", "volumeMin", "volumeMax");
        checkRange("start_date_min", "start_date_max", "startDateMin", "startDateMax");
        checkRange("end_date_min", "end_date_max", "endDateMin", "endDateMax");
    }

    /** Only markets with these ids (integers, as records carry them). */
    public MarketsQuery ids(String... ids) {
        return with("id", Checks.ids("ids", ids));
    }

    public MarketsQuery slugs(String... slugs) {
        return with("slug", Checks.texts("slugs", slugs));
    }

    /** Only markets with these condition ids ({@code 0x} and 64 hex digits). */
    public MarketsQuery conditionIds(String... conditionIds) {
        return with("condition_ids", Checks.hashes("conditionIds", conditionIds));
    }

    /** Only markets with one of these outcome token ids (decimal strings). */
    public MarketsQuery clobTokenIds(String... tokenIds) {
        for (String t : tokenIds) {
            if (t == null || !t.matches("[0-9]+")) throw new IllegalArgumentException("clobTokenIds: '" + t + "' is not a token id; expected the decimal digits of a clobTokenIds entry");
        }
        return with("clob_token_ids", Arrays.asList(tokenIds));
    }

    public MarketsQuery questionIds(String... questionIds) {
        return with("question_ids", Checks.hashes("questionIds", questionIds));
    }

    /** Only markets whose event carries this tag. */
    public MarketsQuery tagId(long tagId) {
        if (tagId < 0) throw new IllegalArgumentException("tagId must be 0 or more, was " + tagId);
        return with("tag_id", tagId);
    }

    /** Only markets whose event carries this tag (its id as records carry it). */
    public MarketsQuery tagId(String tagId) {
        return tagId(Long.parseLong(Checks.ids("tagId", tagId).get(0)));
    }

    /** With {@link #tagId}: also markets whose event carries a related tag. */
    public MarketsQuery relatedTags(boolean relatedTags) {
        return with("related_tags", relatedTags);
    }

    public MarketsQuery active(boolean active) {
        return with("active", active);
    }

    public MarketsQuery closed(boolean closed) {
        return with("closed", closed);
    }

    public MarketsQuery archived(boolean archived) {
        return with("archived", archived);
    }

    /** Ask for each market's tags (its event's) in {@code tags}. */
    public MarketsQuery includeTag(boolean includeTag) {
        return with("include_tag", includeTag);
    }

    /** Only markets with this UMA resolution status, e.g. {@code resolved}. */
    public MarketsQuery umaResolutionStatus(String status) {
        return with("uma_resolution_status", Checks.text("umaResolutionStatus", status));
    }

    public MarketsQuery liquidityMin(double v) {
        return with("liquidity_num_min", Args.finite(v, "liquidityMin"));
    }

    public MarketsQuery liquidityMax(double v) {
        return with("liquidity_num_max", Args.finite(v, "liquidityMax"));
    }

    public MarketsQuery volumeMin(double v) {
        return with("volume_num_min", Args.finite(v, "volumeMin"));
    }

    public MarketsQuery volumeMax(double v) {
        return with("volume_num_max", Args.finite(v, "volumeMax"));
    }

    public MarketsQuery startDateMin(Instant t) {
        return with("start_date_min", Args.notNull(t, "startDateMin"));
    }

    public MarketsQuery startDateMax(Instant t) {
        return with("start_date_max", Args.notNull(t, "startDateMax"));
    }

    public MarketsQuery endDateMin(Instant t) {
        return with("end_date_min", Args.notNull(t, "endDateMin"));
    }

    public MarketsQuery endDateMax(Instant t) {
        return with("end_date_max", Args.notNull(t, "endDateMax"));
    }

    /** Order by these Market fields (wire names, e.g. {@code volumeNum}, {@code endDate}). */
    public MarketsQuery order(String... fields) {
        return with("order", Checks.order(fields, Checks.fields(Market.class), "Market"));
    }

    /** Every matching market (up to the limit); their tokens' names are learnt, so tables and charts of them carry the question. */
    @Override
    public List<Market> list() {
        List<Market> rows = super.list();
        TokenNames.remember(rows);
        return rows;
    }

    /** One row per market, one column per scalar field. */
    public Table table() {
        return EventTables.marketsOf(list());
    }
}
