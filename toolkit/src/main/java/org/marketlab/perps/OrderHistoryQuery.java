package org.marketlab.perps;

import org.marketlab.config.Progress;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * The account's orders, open and ended (filled, cancelled), newest update first ({@code GET /v1/account/orders}, the
 * official client's read; the specification shows none). Immutable.
 */
public final class OrderHistoryQuery {

    static final History.Kind<Order> KIND = new History.Kind<>("/v1/account/orders", "orders", Order.class, Order::uts,
            o -> o.oid() + ":" + o.status());

    private final History<Order> history;

    OrderHistoryQuery(History<Order> history) {
        this.history = history;
    }

    public OrderHistoryQuery instrument(long instrumentId) {
        if (instrumentId < 0 || instrumentId > FundingQuery.MAX_INSTRUMENT) {
            throw new IllegalArgumentException("instrument id must be 0 to 4294967295, was " + instrumentId);
        }
        return new OrderHistoryQuery(history.filter("instrument_id", instrumentId));
    }

    public OrderHistoryQuery order(long oid) {
        return new OrderHistoryQuery(history.filter("order_id", oid));
    }

    public OrderHistoryQuery from(Instant from) {
        return new OrderHistoryQuery(history.from(from));
    }

    public OrderHistoryQuery to(Instant to) {
        return new OrderHistoryQuery(history.to(to));
    }

    public OrderHistoryQuery onProgress(Progress.Listener listener) {
        return new OrderHistoryQuery(history.onProgress(listener));
    }

    public List<Order> list() {
        return history.list();
    }

    public Stream<Order> stream() {
        return history.stream();
    }

    public Table table() {
        return history.table();
    }
}
