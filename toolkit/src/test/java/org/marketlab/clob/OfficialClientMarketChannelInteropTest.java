package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marketlab.clob.MarketChannelHarness.levels;

/**
 * The official {@code @polymarket/client} (npm, unchanged) follows a sandbox book on the market channel with its
 * subscription helper, beside a {@link MarketFeed} on the same token, while the sandbox's flow moves the book: once the
 * flow stops, both hold the book {@code /book} serves, level for level, and the same last hash.
 */
class OfficialClientMarketChannelInteropTest {

    @Test
    void theOfficialClientAndTheFeedSeeTheSameBook() throws Exception {
        MarketChannelHarness.Outcome o = MarketChannelHarness.follow("the official client", "clob-market-live.mjs", (urls, token) -> List.of(
                urls.get("clob").toString(), urls.get("clob_ws").toString(), token), 2_000,
                o2 -> o2.booksAgree() && o2.rest().hash().equals(o2.client().path("hash").asText()) && o2.rest().hash().equals(o2.feed().hash()));
        JsonNode official = o.client();
        assertTrue(official.path("events").path("price_change").asInt() > 10, "the flow moved the book: " + official.path("events"));
        assertEquals(levels(o.rest().bids()), levels(official.get("bids")), "bids: the official client's are /book's");
        assertEquals(levels(o.rest().asks()), levels(official.get("asks")), "asks");
        assertEquals(o.rest().hash(), official.get("hash").asText(), "the official client's last hash is /book's");
        assertEquals(levels(o.rest().bids()), levels(o.feed().bids()), "and the feed's");
        assertEquals(levels(o.rest().asks()), levels(o.feed().asks()));
        assertEquals(o.rest().hash(), o.feed().hash());
    }
}
