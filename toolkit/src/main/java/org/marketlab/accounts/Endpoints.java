package org.marketlab.accounts;

import org.marketlab.config.Service;
import org.marketlab.internal.query.Endpoint;
import org.marketlab.internal.query.Paging;

/**
 * The Data API's account reads, declared once each: the v2 route (by cursor) and its v1 twin (by offset), with the
 * largest page of each ({@link Paging#dataApi}).
 */
final class Endpoints {

    private Endpoints() {
    }

    static final Endpoint<Trade> TRADES = Endpoint.get(Service.DATA, "/v2/trades", "trades", Trade.class)
            .rows(Endpoint.Rows.each(Trade::read)).paged(Paging.<Trade>dataApi(1000, "/trades", 10_000, Trade::timestamp));
    static final Endpoint<Activity> ACTIVITY = Endpoint.get(Service.DATA, "/v2/activity", "activity", Activity.class)
            .rows(Endpoint.Rows.each(Activity::read)).paged(Paging.dataApi(1000, "/activity", 500, null));
    static final Endpoint<Position> POSITIONS = Endpoint.get(Service.DATA, "/v2/positions", "positions", Position.class)
            .rows(Endpoint.Rows.each((d, n) -> Position.read(d, n, null))).paged(Paging.dataApi(500, "/positions", 500, null));
    /** Closed positions: v1 lists them on a route of their own, whose rows carry no status. */
    static final Endpoint<Position> CLOSED_POSITIONS = Endpoint.get(Service.DATA, "/v2/positions", "positions", Position.class)
            .rows(Endpoint.Rows.each((d, n) -> Position.read(d, n, "CLOSED"))).paged(Paging.dataApi(500, "/closed-positions", 50, null));
}
