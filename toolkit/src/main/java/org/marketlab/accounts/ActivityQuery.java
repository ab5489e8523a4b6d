package org.marketlab.accounts;

import org.marketlab.internal.query.Read;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A wallet's on-chain activity: {@code Accounts.of(a).activity().types("REDEEM", "REWARD").from(t0).table()}.
 * Newest first unless {@link #ascending()}; v2 {@code /v2/activity} by cursor, 1,000 a page; {@link #v1()} reads
 * {@code /activity}.
 */
public final class ActivityQuery extends DataQuery<ActivityQuery, Activity> {

    ActivityQuery(Account account, Read<Activity> read) {
        super(account, read, r -> new ActivityQuery(account, r));
        checkRange("start", "end", "from", "to");
    }

    static ActivityQuery of(Account account) {
        return new ActivityQuery(account, read(account, Endpoints.ACTIVITY));
    }

    /** Only these types: TRADE, SPLIT, MERGE, REDEEM, REWARD, CONVERSION, DEPOSIT, WITHDRAWAL, YIELD, MAKER_REBATE, TAKER_REBATE, REFERRAL_REWARD. */
    public ActivityQuery types(String... types) {
        if (types == null || types.length == 0) throw new IllegalArgumentException("types: give one or more of " + Activity.TYPES);
        List<String> t = new ArrayList<>();
        for (String s : types) {
            String u = s == null ? "" : s.trim().toUpperCase(Locale.ROOT);
            if (!Activity.TYPES.contains(u)) throw new IllegalArgumentException("activity type '" + s + "' is not one of " + Activity.TYPES);
            t.add(u);
        }
        return filter("type", "type", String.join(",", t));
    }

    /** Only buys or only sells ({@code BUY} or {@code SELL}). */
    public ActivityQuery side(String side) {
        return filter("side", "side", Checks.side(side));
    }

    /** Activity at or after {@code from}. */
    public ActivityQuery from(Instant from) {
        return filter("start", "start", Checks.seconds(from, "from"));
    }

    /** Activity at or before {@code to}. */
    public ActivityQuery to(Instant to) {
        return filter("end", "end", Checks.seconds(to, "to"));
    }

    /** Oldest first. */
    public ActivityQuery ascending() {
        return both("sort_direction", "sortDirection", "ASC");
    }

    /** One row per activity, every field. */
    @Override
    public Table table() {
        return orEmpty(RecordTable.of(Activity.class).table("activity", list()), "activity");
    }
}
