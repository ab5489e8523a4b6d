package org.marketlab.perps;

import org.marketlab.internal.transport.Query;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The account's orders, open and ended (filled, cancelled), newest update first ({@code GET /v1/account/orders}, the
 * official client's read, one array; the specification shows none): {@code session.orderHistory().instrument(1).table()}.
 * Immutable.
 */
public final class OrderHistoryQuery {

    private final PerpsSession session;
    private final Query query;

    OrderHistoryQuery(PerpsSession session, Query query) {
        this.session = session;
        this.query = query;
    }

    public OrderHistoryQuery instrument(long instrumentId) {
        if (instrumentId < 0 || instrumentId > FundingQuery.MAX_INSTRUMENT) {
            throw new IllegalArgumentException("instrument id must be 0 to 4294967295, was " + instrumentId);
        }
        return new OrderHistoryQuery(session, query.replacing("instrument_id", instrumentId));
    }

    public OrderHistoryQuery order(long oid) {
        return new OrderHistoryQuery(session, query.replacing("order_id", oid));
    }

    public OrderHistoryQuery clientOrderId(String coid) {
        if (coid == null || !coid.matches("^[0-9a-f]{32}$")) throw new IllegalArgumentException("client order id must match ^[0-9a-f]{32}$, was " + coid);
        return new OrderHistoryQuery(session, query.replacing("client_order_id", coid));
    }

    /** Orders updated at or after {@code from}. */
    public OrderHistoryQuery from(Instant from) {
        return new OrderHistoryQuery(session, query.replacing("start_timestamp", Objects.requireNonNull(from, "from").toEpochMilli()));
    }

    public OrderHistoryQuery to(Instant to) {
        return new OrderHistoryQuery(session, query.replacing("end_timestamp", Objects.requireNonNull(to, "to").toEpochMilli()));
    }

    public List<Order> list() {
        return List.of(session.requests().read("/v1/account/orders", query, Weights.HISTORY_PAGE).read(Order[].class));
    }

    public Table table() {
        return RecordTable.of(Order.class).table("orders", list());
    }
}
