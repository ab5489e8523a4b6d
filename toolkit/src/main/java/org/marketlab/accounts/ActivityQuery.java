package org.marketlab.accounts;

import org.marketlab.config.Progress;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A wallet's on-chain activity: {@code Accounts.of(a).activity().types("REDEEM", "REWARD").from(t0).table()}.
 * Newest first unless {@link #ascending()}; v2 {@code /v2/activity} by cursor, 1,000 a page; {@link #v1()} reads
 * {@code /activity}.
 */
public final class ActivityQuery {

    static final DataRead.Route V2 = new DataRead.Route("/v2/activity", 1000);
    static final DataRead.Route V1 = new DataRead.Route("/activity", 500);

    private final Account account;
    private final DataRead<Activity> read;
    private final boolean filtered;

    ActivityQuery(Account account) {
        this(account, new DataRead<>(account.transport(), "activity", V2, V1, Activity::read).with("user", "user", account.address()), false);
    }

    private ActivityQuery(Account account, DataRead<Activity> read, boolean filtered) {
        this.account = account;
        this.read = read;
        this.filtered = filtered;
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
        return new ActivityQuery(account, read.with("type", "type", String.join(",", t)), true);
    }

    public ActivityQuery condition(String... conditionIds) {
        return new ActivityQuery(account, read.with("condition", "market", String.join(",", Checks.conditions(conditionIds))), true);
    }

    public ActivityQuery event(String... eventIds) {
        for (String e : eventIds) if (e == null || !e.trim().matches("[0-9]+")) throw new IllegalArgumentException("event id must be digits, was '" + e + "'");
        return new ActivityQuery(account, read.with("event_id", "eventId", String.join(",", eventIds)), true);
    }

    public ActivityQuery side(String side) {
        return new ActivityQuery(account, read.with("side", "side", Checks.side(side)), true);
    }

    /** Activity at or after {@code from}. */
    public ActivityQuery from(Instant from) {
        return new ActivityQuery(account, read.with("start", "start", Checks.seconds(from, "from")), true).checked();
    }

    /** Activity at or before {@code to}. */
    public ActivityQuery to(Instant to) {
        return new ActivityQuery(account, read.with("end", "end", Checks.seconds(to, "to")), true).checked();
    }

    private ActivityQuery checked() {
        read.v2.checkRange("start", "end", "from", "to");
        return this;
    }

    public ActivityQuery ascending() {
        return new ActivityQuery(account, read.with("sort_direction", "sortDirection", "ASC"), filtered);
    }

    public ActivityQuery v1() {
        return new ActivityQuery(account, read.version1(true), filtered);
    }

    /** Rows per request (default the route's maximum: fewer requests). */
    public ActivityQuery pageSize(int n) {
        return new ActivityQuery(account, read.pageSize(n), filtered);
    }

    public ActivityQuery limit(int n) {
        return new ActivityQuery(account, read.limit(n), filtered);
    }

    public ActivityQuery onProgress(Progress.Listener listener) {
        return new ActivityQuery(account, read.progress(listener), filtered);
    }

    public List<Activity> list() {
        return read.list();
    }

    public Stream<Activity> stream() {
        return read.stream();
    }

    public Table table() {
        List<Activity> rows = list();
        Table t = RecordTable.of(Activity.class).table("activity", rows);
        return rows.isEmpty() ? account.empty(t, "activity", filtered) : t;
    }
}
