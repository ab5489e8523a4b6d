package org.marketlab.sandbox.world;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.world.Questions.Frame;
import org.marketlab.sandbox.world.Questions.Item;
import org.marketlab.sandbox.world.Questions.Plan;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Makes an event's market documents from its model: a market's price is its path's at the anchor (its resolution
 * once closed), its volumes are its trades' sums over the windows before the anchor, its quotes are the book's at
 * the anchor and its last trade price its tape's.
 */
final class MarketMaker {

    private final World world;
    private final ObjectNode event;
    private final Plan plan;
    private final EventModel model;
    private final Instant now;
    private final long anchor;
    private double openInterest;
    /** One reader of the event's prices for all its markets: a group's markets are read at the same minutes. */
    private final EventModel.Reader prices;

    MarketMaker(World world, ObjectNode event, Plan plan, EventModel model) {
        this.world = world;
        this.event = event;
        this.plan = plan;
        this.model = model;
        this.now = world.now();
        this.anchor = World.minute(now);
        this.prices = model.reader();
    }

    /** The open markets' open interest at the anchor, summed (USDC). */
    double openInterest() {
        return openInterest;
    }

    /** Adds the event's markets to its document, and their tokens to {@code sink}. */
    void markets(SplittableRandom r, long firstMarketId, Frame f, List<World.Token> sink) {
        boolean eventClosed = event.get("closed").asBoolean();
        int count = plan.items().size();
        double ageDays = (now.getEpochSecond() - f.created().getEpochSecond()) / 86_400.0;
        // What rests on the books follows what trades there (the busiest markets are the deepest), and builds up over
        // a market's first weeks.
        double traded = 0;
        for (int k = 0; k < count; k++) traded += model.volumeTarget(k);
        double liquidity = eventClosed ? (r.nextInt(4) == 0 ? Math.exp(5 + r.nextGaussian()) : 0)
                : 2 * Math.pow(Math.max(1, traded), 0.75) * Math.exp(0.8 * r.nextGaussian()) * Math.min(1, ageDays / 45);
        // Small groups trade in cents; large fields of candidates in tenths of a cent.
        boolean fine = count >= 6 || r.nextInt(3) == 0;
        ArrayNode ms = World.JSON.arrayNode();
        for (int k = 0; k < count; k++) {
            SplittableRandom mr = r.split();
            double tick = fine ? 0.001 : 0.01;
            // Market makers quote most where the outcome is still open: an undecided market's book is the deepest.
            double p = model.closedAtAnchor(k) ? 0 : model.yes(k, anchor, prices);
            double depth = liquidity / count * (0.5 + mr.nextDouble()) * (0.25 + 3 * p * (1 - p));
            ms.add(market(mr, firstMarketId + k, k, count, tick, depth, f, sink));
        }
        event.set("markets", ms);
    }

    private ObjectNode market(SplittableRandom r, long id, int k, int count, double tick, double liquidity, Frame f,
                              List<World.Token> sink) {
        Item item = plan.items().get(k);
        boolean closed = event.get("closed").asBoolean() || model.closedAtAnchor(k);
        String conditionId = "0x" + World.hex(r, 64);
        String group = event.get("negRiskMarketID").isNull() ? null : event.get("negRiskMarketID").asText();
        String questionId = group != null ? group.substring(0, 64) + Character.forDigit(k >> 4 & 15, 16) + Character.forDigit(k & 15, 16)
                : "0x" + World.hex(r, 64);
        List<String> tokenIds = List.of(Docs.bigId(r), Docs.bigId(r));
        Instant created = Docs.millis(f.created().plusSeconds(5 + k));
        PricePath path = new PricePath(model, k, false, TickQuotes.tick(tick), world.crowdKey());
        BigDecimal yes = closed ? BigDecimal.valueOf(model.wins(k) ? 1 : 0) : BigDecimal.valueOf(path.reader(prices).onGrid(anchor), path.tick().scale());
        ObjectNode m = Docs.object(Docs.MARKET);
        identity(r, m, id, item, conditionId, questionId, tokenIds, yes, f);
        status(r, m, closed, k, f, created);
        volumes(r, m, k, closed, liquidity);
        m.put("orderPriceMinTickSize", tick);
        m.put("orderMinSize", r.nextInt(4) == 0 ? 15 : 5);
        m.put("negRisk", group != null);
        m.put("negRiskMarketID", group);
        m.put("groupItemThreshold", count > 1 ? Integer.toString(k) : null);
        m.put("curationOrder", k);
        for (int i = 0; i < 2; i++) {
            sink.add(new World.Token(tokenIds.get(i), item.outcomes().get(i), i, Long.toString(id), conditionId,
                    i == 0 ? yes.doubleValue() : BigDecimal.ONE.subtract(yes).doubleValue(), tick, m.get("orderMinSize").asDouble(),
                    group != null, closed, created, Docs.millis(f.end())));
        }
        // Quotes and price changes are the book's and the price path's at the anchor; a closed market has none.
        m.put("bestBid", 0.0);
        m.put("bestAsk", 0.0);
        m.put("spread", 0.0);
        m.put("lastTradePrice", yes.doubleValue());
        m.put("oneDayPriceChange", 0.0);
        m.put("oneWeekPriceChange", 0.0);
        m.put("oneMonthPriceChange", 0.0);
        if (!closed) quote(m, sink.get(sink.size() - 2), path);
        return m;
    }

    private void identity(SplittableRandom r, ObjectNode m, long id, Item item, String conditionId, String questionId,
                          List<String> tokenIds, BigDecimal yes, Frame f) {
        m.put("id", Long.toString(id));
        m.put("conditionId", conditionId);
        m.put("question", item.question());
        m.put("slug", Docs.slug(item.question()) + "-" + id);
        m.put("resolutionSource", event.get("resolutionSource").asText());
        m.put("category", event.get("category").asText());
        m.put("fee", "20000000000000000");
        m.put("image", event.get("image").asText());
        m.put("icon", event.get("icon").asText());
        m.put("description", item.description());
        m.put("outcomes", Docs.jsonInString(item.outcomes()));
        m.put("outcomePrices", Docs.jsonInString(List.of(yes.toPlainString(), BigDecimal.ONE.subtract(yes).toPlainString())));
        m.put("marketType", item.kind() == Questions.Kind.TOTAL ? "scalar" : "normal");
        m.put("formatType", item.kind() == Questions.Kind.TOTAL ? "number" : null);
        m.put("resolvedBy", "0x" + World.hex(r, 40));
        // Order-book markets have no automated market maker: the live service writes its address empty.
        m.put("marketMakerAddress", "");
        m.put("groupItemTitle", item.groupItemTitle());
        m.put("questionID", questionId);
        m.put("clobTokenIds", Docs.jsonInString(tokenIds));
        // The settlement protocol: every market of the world is one of the conditional-token framework's (V1).
        m.put("version", "v1");
        if (item.kind() != Questions.Kind.BINARY && r.nextBoolean()) {
            m.put("shortOutcomes", Docs.jsonInString(item.outcomes().stream().map(Docs::shortName).toList()));
        }
        m.set("positionIds", World.JSON.arrayNode().add(tokenIds.get(0)).add(tokenIds.get(1)));
        m.set("imageOptimized", World.JSON.nullNode());
        m.set("iconOptimized", World.JSON.nullNode());
        m.set("events", World.JSON.arrayNode());
        m.set("categories", World.JSON.arrayNode());
        m.set("tags", World.JSON.arrayNode());
    }

    private void status(SplittableRandom r, ObjectNode m, boolean closed, int k, Frame f, Instant created) {
        long close = model.close(k);
        Instant closedAt = Instant.ofEpochSecond(Math.min(close, anchor - 60) * 60);
        // The live service writes a market's closedTime in its database form.
        if (closed) m.put("closedTime", Docs.DB_TIME.format(closedAt).replace(".000+00", "+00"));
        if (closed) m.put("umaResolutionStatus", "resolved");
        m.put("endDateIso", f.end().toString().substring(0, 10));
        m.put("startDateIso", f.start().toString().substring(0, 10));
        m.put("umaBond", "500");
        m.put("umaReward", "5");
        m.put("endDate", Docs.iso(f.end()));
        m.put("startDate", Docs.iso(f.start()));
        m.put("createdAt", Docs.iso(created));
        m.put("updatedAt", event.get("updatedAt").asText());
        m.put("active", event.get("active").asBoolean());
        m.put("closed", closed);
        m.put("wideFormat", false);
        m.put("new", event.get("new").asBoolean());
        m.put("featured", false);
        m.put("archived", event.get("archived").asBoolean());
        m.put("restricted", event.get("restricted").asBoolean());
        m.put("enableOrderBook", true);
        m.put("hasReviewedDates", true);
        m.put("readyForCron", false);
        m.put("commentsEnabled", event.get("commentsEnabled").asBoolean());
        m.put("acceptingOrders", !closed);
        m.put("notificationsEnabled", true);
        m.put("ready", true);
        m.put("funded", true);
        m.put("createdBy", 1 + r.nextInt(40));
        m.put("updatedBy", 1 + r.nextInt(40));
        m.put("secondsDelay", 0);
        m.put("makerBaseFee", 0);
        m.put("takerBaseFee", 0);
        m.put("customLiveness", 0);
        m.put("competitive", closed ? 0 : r.nextDouble());
    }

    /** Volumes are the trades' sums over the windows before the anchor; liquidity is what rests on the book. */
    private void volumes(SplittableRandom r, ObjectNode m, int k, boolean closed, double liquidity) {
        Flow flow = model.flow(k);
        double volume = Docs.round6(flow.volume(flow.open, anchor));
        double v24 = Docs.round6(flow.volume(anchor - 1440, anchor));
        double v1w = Docs.round6(flow.volume(anchor - 7 * 1440, anchor));
        double v1m = Docs.round6(flow.volume(anchor - 30 * 1440, anchor));
        double v1y = Docs.round6(flow.volume(anchor - 365 * 1440, anchor));
        liquidity = Docs.round6(liquidity);
        m.put("liquidity", Double.toString(liquidity));
        m.put("volume", Double.toString(volume));
        m.put("volumeNum", volume);
        m.put("liquidityNum", liquidity);
        // Every trade of the world is on the order book, so each figure is also its order-book ("Clob") figure.
        for (String book : new String[] {"", "Clob"}) {
            m.put("volume24hr" + book, v24);
            m.put("volume1wk" + book, v1w);
            m.put("volume1mo" + book, v1m);
            m.put("volume1yr" + book, v1y);
        }
        m.put("volumeClob", volume);
        m.put("liquidityClob", liquidity);
        if (!closed) openInterest += flow.openInterest(anchor);
    }

    /** An open market's quotes as its book shows them at the anchor, its last trade, and its price changes. */
    private void quote(ObjectNode m, World.Token first, PricePath path) {
        PricePath.Reader reader = path.reader(prices);
        double price = reader.at(anchor);
        BigDecimal bid = TickQuotes.bid(first, price), ask = TickQuotes.ask(first, price);
        m.put("bestBid", bid.doubleValue());
        m.put("bestAsk", ask.doubleValue());
        m.put("spread", ask.subtract(bid).doubleValue());
        m.put("lastTradePrice", TickQuotes.lastTrade(first, path, anchor).doubleValue());
        m.put("oneDayPriceChange", Docs.round4(price - reader.at(Math.max(path.startMinute(), anchor - 1_440))));
        m.put("oneWeekPriceChange", Docs.round4(price - reader.at(Math.max(path.startMinute(), anchor - 10_080))));
        m.put("oneMonthPriceChange", Docs.round4(price - reader.at(Math.max(path.startMinute(), anchor - 43_200))));
    }
}
