package org.marketlab.clob;

import org.marketlab.internal.query.Read;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;


/** The account's open orders ({@code GET /data/orders}), every page by cursor: {@code session.orders().market(c).table()}. */
public final class OrdersQuery extends AccountQuery<OrdersQuery, OpenOrder> {

    OrdersQuery(Read<OpenOrder> read) {
        super(read, OrdersQuery::new);
    }

    /** Only the order with this id. */
    public OrdersQuery id(String orderId) {
        return with("id", ClobSession.orderId(orderId));
    }

    /** One row per order: id, status, market, asset, outcome, side, price, sizes, owner, type, times. */
    public Table table() {
        return RecordTable.of(OpenOrder.class).column("remaining", java.math.BigDecimal.class, OpenOrder::remaining).table("open orders", list());
    }
}
