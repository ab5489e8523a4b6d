package org.marketlab.sandbox.wallets;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.sandbox.world.World;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The world's markets as accounts see them: titles, slugs and event of each condition, and its two tokens. */
public final class MarketIndex {

    /** One market: what the account rows repeat about it. */
    public record Market(String conditionId, String eventId, String eventSlug, String title, String slug, String icon,
                  String endDate, boolean negRisk, World.Token[] tokens, double liquidity) {

        /** Open and liquid enough to pay liquidity rewards (the order book's "sampling" markets). */
        public boolean rewarded() {
            return !closed() && liquidity >= REWARDS_LIQUIDITY;
        }

        public boolean closed() {
            return tokens[0].closed();
        }

        /** Closed with a resolution: one outcome paid 1, the other 0. */
        public boolean resolved() {
            return closed() && (tokens[0].price() == 1.0 || tokens[0].price() == 0.0) && tokens[0].price() + tokens[1].price() == 1.0;
        }

        /** What one share of the outcome pays at resolution. */
        public int payout(int index) {
            return tokens[index].price() == 1.0 ? 1 : 0;
        }

        public World.Token other(World.Token t) {
            return tokens[1 - t.index()];
        }
    }

    /** The liquidity from which an open market pays liquidity rewards. */
    public static final double REWARDS_LIQUIDITY = 10_000;

    private final Map<String, Market> byCondition = new HashMap<>();
    private final Map<String, Market> byToken = new HashMap<>();
    private final List<Market> open = new ArrayList<>();
    private final List<Market> resolved = new ArrayList<>();
    private final Map<String, List<Market>> byEvent = new HashMap<>();

    MarketIndex(World world) {
        Map<String, World.Token[]> tokens = new HashMap<>();
        for (World.Token t : world.tokens()) tokens.computeIfAbsent(t.conditionId(), k -> new World.Token[2])[t.index()] = t;
        for (World.EventFacts e : world.events()) {
            JsonNode doc = e.document();
            for (JsonNode m : doc.path("markets")) {
                String condition = m.path("conditionId").asText();
                World.Token[] pair = tokens.get(condition);
                if (pair == null || pair[0] == null || pair[1] == null) continue;
                Market market = new Market(condition, doc.path("id").asText(), doc.path("slug").asText(),
                        m.path("question").asText(), m.path("slug").asText(), m.path("icon").asText(null),
                        m.path("endDateIso").asText(null), pair[0].negRisk(), pair, m.path("liquidityNum").asDouble(0));
                byCondition.put(condition, market);
                byToken.put(pair[0].tokenId(), market);
                byToken.put(pair[1].tokenId(), market);
                byEvent.computeIfAbsent(market.eventId(), k -> new ArrayList<>()).add(market);
                if (!market.closed()) open.add(market);
                else if (market.resolved()) resolved.add(market);
            }
        }
    }

    public Market byCondition(String conditionId) {
        return byCondition.get(conditionId);
    }

    public Market byToken(String tokenId) {
        return byToken.get(tokenId);
    }

    /** The markets of the events with these ids, in the world's order. */
    public List<Market> ofEvents(java.util.Set<String> eventIds) {
        List<Market> out = new ArrayList<>();
        for (String e : eventIds) out.addAll(byEvent.getOrDefault(e, List.of()));
        return out;
    }

    /** The markets of an event, in the world's order (none for an unknown id). */
    public List<Market> byEvent(String eventId) {
        return Collections.unmodifiableList(byEvent.getOrDefault(eventId, List.of()));
    }

    /** Markets whose books are open, in the world's order. */
    List<Market> open() {
        return Collections.unmodifiableList(open);
    }

    /** Closed markets that resolved to one outcome, in the world's order. */
    List<Market> resolved() {
        return Collections.unmodifiableList(resolved);
    }
}
