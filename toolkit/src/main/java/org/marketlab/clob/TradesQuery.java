package org.marketlab.clob;

import org.marketlab.internal.query.Read;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * The account's order-book trades ({@code GET /data/trades}), taker and maker sides, newest first, every page by
 * cursor: {@code session.trades().market(c).from(t0).table()}.
 */
public final class TradesQuery extends AccountQuery<TradesQuery, ClobTrade> {

    private final String address;

    TradesQuery(Read<ClobTrade> read, String address) {
        super(read, r -> new TradesQuery(r, address));
        this.address = address;
        checkRange("after", "before", "from", "to");
    }

    /** Only the trade with this id. */
    public TradesQuery id(String tradeId) {
        if (tradeId == null || tradeId.isBlank()) throw new IllegalArgumentException("trade id is empty");
        return with("id", tradeId.trim());
    }

    /** Trades matched at or after {@code from} (whole seconds). */
    public TradesQuery from(Instant from) {
        return with("after", ClobSession.seconds(from, "from"));
    }

    /** Trades matched at or before {@code to} (whole seconds). */
    public TradesQuery to(Instant to) {
        return with("before", ClobSession.seconds(to, "to"));
    }

    /** One row per trade, with the account's own side and size beside the taker's ({@code account_side}, {@code account_size}). */
    public Table table() {
        return RecordTable.of(ClobTrade.class)
                .column("account_side", String.class, t -> t.accountSide(address))
                .column("account_size", BigDecimal.class, t -> t.accountSize(address))
                .table("order-book trades", list());
    }
}
