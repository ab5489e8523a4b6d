package org.marketlab.clob;

import org.marketlab.config.Progress;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.util.List;
import java.util.stream.Stream;

/** The account's open orders ({@code GET /data/orders}), every page by cursor: {@code session.orders().market(c).table()}. */
public final class OrdersQuery {

    private final CursorRead<OpenOrder> read;

    OrdersQuery(CursorRead<OpenOrder> read) {
        this.read = read;
    }

    /** Only orders on this market (its condition id, {@code 0x} and 64 hex digits). */
    public OrdersQuery market(String conditionId) {
        return new OrdersQuery(read.with("market", ClobSession.condition(conditionId, "market")));
    }

    /** Only orders on this outcome token. */
    public OrdersQuery asset(String tokenId) {
        return new OrdersQuery(read.with("asset_id", ClobData.token(tokenId)));
    }

    /** Only the order with this id. */
    public OrdersQuery id(String orderId) {
        return new OrdersQuery(read.with("id", ClobSession.orderId(orderId)));
    }

    /** At most {@code n} orders. */
    public OrdersQuery limit(int n) {
        return new OrdersQuery(read.limit(n));
    }

    public OrdersQuery onProgress(Progress.Listener listener) {
        return new OrdersQuery(read.progress(listener));
    }

    public List<OpenOrder> list() {
        return read.list();
    }

    public Stream<OpenOrder> stream() {
        return read.stream();
    }

    /** One row per order: id, status, market, asset, outcome, side, price, sizes, owner, type, times. */
    public Table table() {
        return RecordTable.of(OpenOrder.class).column("remaining", java.math.BigDecimal.class, OpenOrder::remaining).table("open orders", list());
    }
}
