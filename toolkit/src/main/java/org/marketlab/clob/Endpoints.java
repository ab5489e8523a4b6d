package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Service;
import org.marketlab.internal.query.Endpoint;
import org.marketlab.internal.query.Paging;
import org.marketlab.internal.transport.Document;

import java.util.function.BiFunction;
import java.util.function.Function;

/** The order book's paged reads, declared once each. */
final class Endpoints {

    private Endpoints() {
    }

    /** The order book's cursor: from {@code MA==} until it answers {@code LTE=}. */
    private static final Paging CURSOR = Paging.cursor("MA==", "LTE=");

    static final Endpoint<OpenOrder> ORDERS = cursor("/data/orders", "open orders", OpenOrder.class, OpenOrder::read, OpenOrder::id);
    static final Endpoint<ClobTrade> TRADES = cursor("/data/trades", "order-book trades", ClobTrade.class, ClobTrade::read, ClobTrade::id);
    static final Endpoint<BuilderTrade> BUILDER_TRADES = cursor("/builder/trades", "builder trades", BuilderTrade.class, BuilderTrade::read,
            BuilderTrade::id);

    static final Endpoint<RewardMarket> REWARD_MARKETS = Endpoint.get(Service.CLOB, "/sampling-simplified-markets", "reward markets",
            RewardMarket.class).rows(Endpoint.Rows.each(RewardMarket::read)).paged(CURSOR);

    /** A cursor-paged read of the account (signed per attempt by the session), each row once by its id. */
    private static <T> Endpoint<T> cursor(String path, String name, Class<T> type, BiFunction<Document, JsonNode, T> row, Function<T, ?> id) {
        return Endpoint.get(Service.CLOB, path, name, type).rows(Endpoint.Rows.each(row)).paged(CURSOR).distinctBy(id);
    }
}
