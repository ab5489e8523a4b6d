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

    /** The question of an order's market, when a read has named it (markets, events, positions); else null. */
    private static String question(OpenOrder o) {
        String q = org.marketlab.markets.TokenNames.question(o.market());
        return q != null ? q : org.marketlab.markets.TokenNames.question(o.assetId());
    }

    /**
     * One row per order: the market's question (when a read has named the market; blank otherwise), id, status,
     * market, asset, outcome, side, price, sizes, owner, type, times, remaining.
     */
    public Table table() {
        return RecordTable.of(OpenOrder.class).column("remaining", java.math.BigDecimal.class, OpenOrder::remaining)
                .column("question", String.class, OrdersQuery::question, true).table("open orders", list());
    }
}
