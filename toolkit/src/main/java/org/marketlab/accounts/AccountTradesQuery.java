package org.marketlab.accounts;

import org.marketlab.internal.query.Read;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A wallet's trades: {@code Accounts.of(a).trades().condition(c).from(t0).table()}. Both sides (taker and maker
 * fills) unless {@link #takerOnly()} (the Data API's own default). Newest first unless {@link #ascending()}.
 * v2 {@code /v2/trades} by default, paged by cursor, 1,000 a page; {@link #v1()} reads {@code /trades} (offsets to
 * 10,000; its window is applied here, as the v1 route has none).
 */
public final class AccountTradesQuery extends DataQuery<AccountTradesQuery, Trade> {

    AccountTradesQuery(Account account, Read<Trade> read) {
        super(account, read, r -> new AccountTradesQuery(account, r));
        Instant from = param("$from"), to = param("$to");
        if (from != null && to != null && from.isAfter(to)) throw new IllegalArgumentException("from (" + from + ") is after to (" + to + ")");
    }

    static AccountTradesQuery of(Account account) {
        return new AccountTradesQuery(account, read(account, Endpoints.TRADES)).both("taker_only", "takerOnly", false);
    }

    /** Only buys or only sells ({@code BUY} or {@code SELL}). */
    public AccountTradesQuery side(String side) {
        return filter("side", "side", Checks.side(side));
    }

    /** Only the fills where the wallet took (the Data API's default; the toolkit reads both sides unless asked). */
    public AccountTradesQuery takerOnly() {
        return filter("taker_only", "takerOnly", true);
    }

    /** Trades at or after {@code from}. */
    public AccountTradesQuery from(Instant from) {
        long s = Checks.seconds(from, "from");
        return both("start", null, s).with("$from", Instant.ofEpochSecond(s)).with(FILTERED, true);
    }

    /** Trades at or before {@code to}. */
    public AccountTradesQuery to(Instant to) {
        long s = Checks.seconds(to, "to");
        return both("end", null, s).with("$to", Instant.ofEpochSecond(s)).with(FILTERED, true);
    }

    /** Oldest first (v2 only: the v1 route lists newest first). */
    public AccountTradesQuery ascending() {
        return both("sort_direction", null, "ASC");
    }

    /**
     * Harvests the trades into {@code dir} as Parquet, a page at a time, partitioned by the UTC day of each trade
     * ({@code day=2026-11-01}), resumable: see {@link org.marketlab.datasets.Harvest}. Prices and sizes are stored
     * exact ({@code DECIMAL(18,6)}).
     */
    public org.marketlab.datasets.HarvestReport toParquet(java.nio.file.Path dir) {
        return harvest().to(dir);
    }

    /** The harvest {@link #toParquet} runs, to adjust first ({@code chunkRows}, {@code onProgress}, partitions). */
    public org.marketlab.datasets.Harvest<Trade> harvest() {
        return org.marketlab.datasets.Harvest.of("trades", Trade.class, harvestSource()).query(describe())
                .partitionByDay("day", Trade::timestamp).limit(read().limit() == null ? null : (long) read().limit())
                .onProgress(read().progress());
    }

    /** One row per trade, every field, with {@code notional} (price × size). */
    @Override
    public Table table() {
        return orEmpty(RecordTable.of(Trade.class).column("notional", BigDecimal.class, Trade::notional).table("trades", list()), "trades");
    }
}
