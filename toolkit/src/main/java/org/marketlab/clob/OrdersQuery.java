package org.marketlab.clob;

import org.marketlab.internal.query.Read;
import org.marketlab.query.PagedQuery;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.util.List;
import java.util.stream.Stream;

/** The account's open orders ({@code GET /data/orders}), every page by cursor: {@code session.orders().market(c).table()}. */
public final class OrdersQuery extends PagedQuery<OrdersQuery, OpenOrder> {

    OrdersQuery(Read<OpenOrder> read) {
        super(read, OrdersQuery::new);
    }

    /** Only orders on this market (its condition id, {@code 0x} and 64 hex digits). */
    public OrdersQuery market(String conditionId) {
        return with("market", ClobSession.condition(conditionId, "market"));
    }

    /** Only orders on this outcome token. */
    public OrdersQuery asset(String tokenId) {
        return with("asset_id", ClobData.token(tokenId));
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
