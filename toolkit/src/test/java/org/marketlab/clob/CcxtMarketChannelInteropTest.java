package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marketlab.clob.MarketChannelHarness.levels;

/**
 * ccxt's Polymarket exchange (npm {@code ccxt}, unchanged) follows a sandbox book with {@code watchOrderBook} and its
 * trades with {@code watchTrades}, beside a {@link MarketFeed} on the same token, while the sandbox's flow moves the
 * book: once the flow stops, ccxt's book is {@code /book}'s level for level, as the feed's is, and both saw the same
 * trades in the same order.
 */
class CcxtMarketChannelInteropTest {

    @Test
    void ccxtAndTheFeedSeeTheSameBookAndTrades() throws Exception {
        MarketChannelHarness.Outcome o = MarketChannelHarness.follow("ccxt", "clob-market-ccxt.mjs", (urls, token) -> List.of(
                urls.get("markets").toString(), urls.get("clob").toString(), urls.get("data").toString(), urls.get("clob_ws").toString(), token), 3_000,
                o2 -> o2.booksAgree() && feedTrades(o2).equals(ccxtTrades(o2)));
        JsonNode seen = o.client();
        assertTrue(seen.path("updates").asInt() > 10, "the flow moved ccxt's book: " + seen.path("updates"));
        assertEquals(levels(o.rest().bids()), levels(seen.get("bids")), "bids: ccxt's are /book's");
        assertEquals(levels(o.rest().asks()), levels(seen.get("asks")), "asks: ccxt's are /book's");
        assertEquals(levels(o.rest().bids()), levels(o.feed().bids()), "and the feed's");
        assertEquals(levels(o.rest().asks()), levels(o.feed().asks()));
        List<String> feedTrades = feedTrades(o), ccxtTrades = ccxtTrades(o);
        assertTrue(!feedTrades.isEmpty(), "the flow traded: " + feedTrades);
        assertEquals(feedTrades, ccxtTrades, "ccxt's trades are the feed's, in order");
    }

    /** The feed's trades as side, size and price. */
    private static List<String> feedTrades(MarketChannelHarness.Outcome o) {
        List<String> out = new ArrayList<>();
        for (MarketMessage.LastTrade t : o.feedTrades()) {
            out.add(t.side().name().toLowerCase() + " " + t.size().stripTrailingZeros().toPlainString() + " @ "
                    + t.price().stripTrailingZeros().toPlainString());
        }
        return out;
    }

    /** ccxt's trades as side, amount and price. */
    private static List<String> ccxtTrades(MarketChannelHarness.Outcome o) {
        List<String> out = new ArrayList<>();
        for (JsonNode t : o.client().get("trades")) {
            out.add(t.get("side").asText() + " " + new BigDecimal(t.get("amount").asText()).stripTrailingZeros().toPlainString()
                    + " @ " + new BigDecimal(t.get("price").asText()).stripTrailingZeros().toPlainString());
        }
        return out;
    }
}
