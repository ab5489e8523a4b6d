package org.marketlab.accounts;

import org.marketlab.config.Connection;
import org.marketlab.datasets.Harvest;
import org.marketlab.datasets.HarvestReport;
import org.marketlab.internal.query.Paging;
import org.marketlab.internal.query.Read;
import org.marketlab.internal.transport.Transport;
import org.marketlab.query.PagedQuery;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * The trade tape of one market: every trade of every wallet, read from the Data API
 * ({@code GET /v2/trades?condition=}, by cursor, 1,000 a page, every page; or {@link #v1()}, {@code /trades?market=},
 * whose offsets stop at 10,000). Each trade once, as its taker made it (the Data API's {@code taker_only}); the service
 * lists newest first, and {@link #table()} puts the oldest first. Filters: {@link #from}, {@link #to}, {@link #side}, {@link #minSize}, {@link #minNotional}. Immutable; each
 * setter returns a new query.
 *
 * <pre>{@code
 * var tape = Markets.trades(market).from(Instant.now().minus(Duration.ofDays(7))).table();
 * Research.tapeByHour(tape);  Charts.tape(tape);
 * }</pre>
 */
public final class MarketTradesQuery extends PagedQuery<MarketTradesQuery, Trade> {

    private final String conditionId;

    private MarketTradesQuery(String conditionId, Read<Trade> read) {
        super(read, r -> new MarketTradesQuery(conditionId, r));
        this.conditionId = conditionId;
        Instant from = param("$from"), to = param("$to");
        if (from != null && to != null && from.isAfter(to)) throw new IllegalArgumentException("from (" + from + ") is after to (" + to + ")");
    }

    /**
     * The tape of the market with this condition id ({@code 0x} and 64 hex digits, a market's {@code conditionId}),
     * read over {@code connection}. A malformed id is refused here, before anything is sent.
     */
    public static MarketTradesQuery of(Connection connection, String conditionId) {
        String c = Checks.conditions(conditionId).get(0);
        Transport t = Transport.of(connection);
        Read<Trade> read = Read.of(Endpoints.TRADES, t::send, t.resources().clock()).with("condition", c).with("v1.market", c)
                .with("taker_only", true).with("v1.takerOnly", true);
        return new MarketTradesQuery(c, read);
    }

    /** The market's condition id. */
    public String conditionId() {
        return conditionId;
    }

    /** Read the v1 route ({@code /trades?market=}): newest first, offsets to 10,000, its window applied here. */
    public MarketTradesQuery v1() {
        return with(Paging.DATA_V1, true);
    }

    /** Trades per request (default 1,000 on v2, the route's largest page). */
    public MarketTradesQuery pageSize(int n) {
        if (n < 1) throw new IllegalArgumentException("pageSize must be 1 or more, was " + n);
        return withPageSize(n);
    }

    /** Trades at or after {@code from}. */
    public MarketTradesQuery from(Instant from) {
        long s = Checks.seconds(from, "from");
        return with("start", s).with("$from", Instant.ofEpochSecond(s));
    }

    /** Trades at or before {@code to}. */
    public MarketTradesQuery to(Instant to) {
        long s = Checks.seconds(to, "to");
        return with("end", s).with("$to", Instant.ofEpochSecond(s));
    }

    /** Only the trades whose taker bought ({@code BUY}) or sold ({@code SELL}). */
    public MarketTradesQuery side(String side) {
        String s = Checks.side(side);
        return with("side", s).with("v1.side", s);
    }

    /** Only trades of at least this many shares (the Data API's {@code filter_type=TOKENS}). */
    public MarketTradesQuery minSize(double shares) {
        return amount("TOKENS", shares, "minSize", "shares");
    }

    /** Only trades of at least this much USDC (price × size; the Data API's {@code filter_type=CASH}). */
    public MarketTradesQuery minNotional(double usdc) {
        return amount("CASH", usdc, "minNotional", "USDC");
    }

    private MarketTradesQuery amount(String type, double amount, String name, String unit) {
        if (!(amount > 0) || Double.isInfinite(amount)) {
            throw new IllegalArgumentException(name + " is in " + unit + ", a finite number above 0, was " + amount);
        }
        if (has("filter_type") && !type.equals(param("filter_type"))) {
            throw new IllegalArgumentException(name + ": the Data API takes one amount filter per read, and one (minSize or minNotional) is already set");
        }
        BigDecimal a = BigDecimal.valueOf(amount).stripTrailingZeros();
        String v = a.scale() < 0 ? a.setScale(0).toPlainString() : a.toPlainString();
        return with("filter_type", type).with("filter_amount", v).with("v1.filterType", type).with("v1.filterAmount", v);
    }

    /** The columns of a tape table, in order. */
    public static final List<String> COLUMNS = List.of("time", "outcome", "side", "price", "size", "notional", "wallet",
            "transactionHash", "outcomeIndex", "tokenId", "conditionId");

    /**
     * One row per trade, oldest first: time, outcome, the taker's side, price, size (shares), notional (USDC, price ×
     * size), wallet (the taker), transactionHash, outcomeIndex, tokenId and conditionId. The table is named for the
     * market's question. Prices and sizes show as doubles; {@link #list()} keeps them exact.
     *
     * <p>Pages go straight into the table's columns as they arrive (progress reported a page at a time), so a tape of
     * a hundred thousand trades holds its columns and one page, never a list of records.
     */
    @Override
    public Table table() {
        Columns c = new Columns();
        try (var trades = stream()) {
            trades.forEach(c::add);
        }
        return c.table();
    }

    /** The tape table of these trades (oldest first), as {@link #table()} makes it. */
    static Table table(List<Trade> trades) {
        Columns c = new Columns();
        trades.forEach(c::add);
        return c.table();
    }

    /** A tape table's columns, filled a trade at a time in the service's order, put oldest first at the end. */
    private static final class Columns {
        private final InstantColumn time = InstantColumn.create("time");
        private final StringColumn outcome = StringColumn.create("outcome"), side = StringColumn.create("side"), wallet = StringColumn.create("wallet");
        private final StringColumn hash = StringColumn.create("transactionHash"), token = StringColumn.create("tokenId"),
                condition = StringColumn.create("conditionId");
        private final DoubleColumn price = DoubleColumn.create("price"), size = DoubleColumn.create("size"), notional = DoubleColumn.create("notional");
        private final IntColumn index = IntColumn.create("outcomeIndex");
        private String title;
        private String firstCondition;

        void add(Trade t) {
            time.append(t.timestamp());
            outcome.append(t.outcome());
            side.append(t.side());
            price.append(t.price() == null ? Double.NaN : t.price().doubleValue());
            size.append(t.size() == null ? Double.NaN : t.size().doubleValue());
            notional.append(t.notional() == null ? Double.NaN : t.notional().doubleValue());
            wallet.append(t.proxyWallet());
            hash.append(t.transactionHash());
            if (t.outcomeIndex() == null) index.appendMissing();
            else index.append(t.outcomeIndex());
            token.append(t.tokenId());
            condition.append(t.conditionId());
            if (title == null) title = t.title();
            if (firstCondition == null) firstCondition = t.conditionId();
        }

        /** The rows in time order (rows of one second keep the service's order). */
        Table table() {
            Table t = Table.create("trades of " + (title != null ? title : firstCondition == null ? "the market (none)" : firstCondition),
                    time, outcome, side, price, size, notional, wallet, hash, index, token, condition);
            int n = t.rowCount();
            long[] at = new long[n];
            boolean sorted = true;
            for (int i = 0; i < n; i++) {
                at[i] = time.getLongInternal(i);
                if (i > 0 && at[i] < at[i - 1]) sorted = false;
            }
            if (sorted) return t;
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) order[i] = i;
            java.util.Arrays.sort(order, java.util.Comparator.comparingLong(i -> at[i]));
            Table out = t.emptyCopy();
            for (int i = 0; i < n; i++) out.addRow(order[i], t);
            return out;
        }
    }

    /**
     * Harvests the tape into {@code dir} as Parquet, a page at a time, partitioned by the UTC day of each trade
     * ({@code day=2026-11-01}), resumable, prices and sizes exact ({@code DECIMAL(18,6)}): see {@link Harvest}.
     */
    public HarvestReport toParquet(Path dir) {
        return harvest().to(dir);
    }

    /** The harvest {@link #toParquet} runs, to adjust first ({@code chunkRows}, {@code onProgress}, partitions). */
    public Harvest<Trade> harvest() {
        return Harvest.of("market trades", Trade.class, harvestSource()).query(describe())
                .partitionByDay("day", Trade::timestamp).limit(read().limit() == null ? null : (long) read().limit())
                .onProgress(read().progress());
    }
}
