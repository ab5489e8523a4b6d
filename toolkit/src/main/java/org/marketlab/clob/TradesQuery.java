package org.marketlab.clob;

import org.marketlab.config.Progress;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * The account's order-book trades ({@code GET /data/trades}), taker and maker sides, newest first, every page by
 * cursor: {@code session.trades().market(c).from(t0).table()}.
 */
public final class TradesQuery {

    private final CursorRead<ClobTrade> read;
    private final String address;

    TradesQuery(CursorRead<ClobTrade> read, String address) {
        this.read = read;
        this.address = address;
    }

    /** Only trades on this market (condition id). */
    public TradesQuery market(String conditionId) {
        return new TradesQuery(read.with("market", ClobSession.condition(conditionId, "market")), address);
    }

    /** Only trades of this outcome token. */
    public TradesQuery asset(String tokenId) {
        return new TradesQuery(read.with("asset_id", ClobData.token(tokenId)), address);
    }

    /** Only the trade with this id. */
    public TradesQuery id(String tradeId) {
        if (tradeId == null || tradeId.isBlank()) throw new IllegalArgumentException("trade id is empty");
        return new TradesQuery(read.with("id", tradeId.trim()), address);
    }

    /** Trades matched at or after {@code from} (whole seconds). */
    public TradesQuery from(Instant from) {
        return new TradesQuery(read.with("after", ClobSession.seconds(from, "from")), address).checked();
    }

    /** Trades matched at or before {@code to} (whole seconds). */
    public TradesQuery to(Instant to) {
        return new TradesQuery(read.with("before", ClobSession.seconds(to, "to")), address).checked();
    }

    private TradesQuery checked() {
        read.params.checkRange("after", "before", "from", "to");
        return this;
    }

    public TradesQuery limit(int n) {
        return new TradesQuery(read.limit(n), address);
    }

    public TradesQuery onProgress(Progress.Listener listener) {
        return new TradesQuery(read.progress(listener), address);
    }

    public List<ClobTrade> list() {
        return read.list();
    }

    public Stream<ClobTrade> stream() {
        return read.stream();
    }

    /** One row per trade, with the account's own side and size beside the taker's ({@code account_side}, {@code account_size}). */
    public Table table() {
        return RecordTable.of(ClobTrade.class)
                .column("account_side", String.class, t -> t.accountSide(address))
                .column("account_size", BigDecimal.class, t -> t.accountSize(address))
                .table("order-book trades", list());
    }
}
