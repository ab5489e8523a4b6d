package org.marketlab.accounts;

import org.marketlab.config.Progress;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * A wallet's trades: {@code Accounts.of(a).trades().condition(c).from(t0).table()}. Both sides (taker and maker
 * fills) unless {@link #takerOnly()} (the Data API's own default). Newest first unless {@link #ascending()}.
 * v2 {@code /v2/trades} by default, paged by cursor, 1,000 a page; {@link #v1()} reads {@code /trades} (offsets to
 * 10,000; its window is applied here, as the v1 route has none).
 */
public final class AccountTradesQuery {

    static final DataRead.Route V2 = new DataRead.Route("/v2/trades", 1000);
    static final DataRead.Route V1 = new DataRead.Route("/trades", 10_000);

    private final Account account;
    private final DataRead<Trade> read;
    private final boolean filtered;
    private final Instant from;
    private final Instant to;

    AccountTradesQuery(Account account) {
        this(account, new DataRead<>(account.transport(), "trades", V2, V1, Trade::read)
                .with("user", "user", account.address()).with("taker_only", "takerOnly", false), false, null, null);
    }

    private AccountTradesQuery(Account account, DataRead<Trade> read, boolean filtered, Instant from, Instant to) {
        this.account = account;
        this.read = read;
        this.filtered = filtered;
        this.from = from;
        this.to = to;
    }

    private AccountTradesQuery filter(DataRead<Trade> r) {
        return new AccountTradesQuery(account, r, true, from, to);
    }

    /** Only trades in these markets (condition ids, at most 20). */
    public AccountTradesQuery condition(String... conditionIds) {
        return filter(read.with("condition", "market", String.join(",", Checks.conditions(conditionIds))));
    }

    /** Only trades in these events (event ids). */
    public AccountTradesQuery event(String... eventIds) {
        for (String e : eventIds) if (e == null || !e.trim().matches("[0-9]+")) throw new IllegalArgumentException("event id must be digits, was '" + e + "'");
        return filter(read.with("event_id", "eventId", String.join(",", eventIds)));
    }

    /** Only buys or only sells ({@code BUY} or {@code SELL}). */
    public AccountTradesQuery side(String side) {
        return filter(read.with("side", "side", Checks.side(side)));
    }

    /** Only the fills where the wallet took (the Data API's default; the toolkit reads both sides unless asked). */
    public AccountTradesQuery takerOnly() {
        return filter(read.with("taker_only", "takerOnly", true));
    }

    /** Trades at or after {@code from}. */
    public AccountTradesQuery from(Instant from) {
        long s = Checks.seconds(from, "from");
        if (to != null && from.isAfter(to)) throw new IllegalArgumentException("from (" + from + ") is after to (" + to + ")");
        return new AccountTradesQuery(account, read.with("start", null, s).keep(t -> !t.timestamp().isBefore(Instant.ofEpochSecond(s))), true, from, to);
    }

    /** Trades at or before {@code to}. */
    public AccountTradesQuery to(Instant to) {
        long s = Checks.seconds(to, "to");
        if (from != null && from.isAfter(to)) throw new IllegalArgumentException("from (" + from + ") is after to (" + to + ")");
        return new AccountTradesQuery(account, read.with("end", null, s).keep(t -> !t.timestamp().isAfter(Instant.ofEpochSecond(s))), true, from, to);
    }

    /** Oldest first (v2 only: the v1 route lists newest first). */
    public AccountTradesQuery ascending() {
        return new AccountTradesQuery(account, read.with("sort_direction", null, "ASC"), filtered, from, to);
    }

    /** Read {@code /trades} (v1) instead of {@code /v2/trades}. */
    public AccountTradesQuery v1() {
        return new AccountTradesQuery(account, read.version1(true), filtered, from, to);
    }

    /** Rows per request (default the route's maximum: fewer requests). */
    public AccountTradesQuery pageSize(int n) {
        return new AccountTradesQuery(account, read.pageSize(n), filtered, from, to);
    }

    public AccountTradesQuery limit(int n) {
        return new AccountTradesQuery(account, read.limit(n), filtered, from, to);
    }

    public AccountTradesQuery onProgress(Progress.Listener listener) {
        return new AccountTradesQuery(account, read.progress(listener), filtered, from, to);
    }

    public List<Trade> list() {
        return read.list();
    }

    public Stream<Trade> stream() {
        return read.stream();
    }

    /**
     * Harvests the trades into {@code dir} as Parquet, a page at a time, partitioned by the UTC day of each trade
     * ({@code day=2026-11-01}), resumable: see {@link org.marketlab.datasets.Harvest}. Prices and sizes are stored
     * exact ({@code DECIMAL(38,12)}).
     */
    public org.marketlab.datasets.HarvestReport toParquet(java.nio.file.Path dir) {
        return harvest().to(dir);
    }

    /** The harvest {@link #toParquet} runs, to adjust first ({@code chunkRows}, {@code onProgress}, partitions). */
    public org.marketlab.datasets.Harvest<Trade> harvest() {
        return org.marketlab.datasets.Harvest.of("trades", Trade.class, read.source()).query(read.describe())
                .partitionByDay("day", Trade::timestamp).limit(read.limit == null ? null : (long) read.limit)
                .onProgress(read.progress);
    }

    /** One row per trade, every field, with {@code notional} (price × size). */
    public Table table() {
        List<Trade> rows = list();
        Table t = RecordTable.of(Trade.class).column("notional", BigDecimal.class, Trade::notional).table("trades", rows);
        return rows.isEmpty() ? account.empty(t, "trades", filtered) : t;
    }
}
