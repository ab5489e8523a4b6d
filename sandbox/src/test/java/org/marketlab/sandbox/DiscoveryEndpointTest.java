package org.marketlab.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.marketlab.sandbox.world.World;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.spi.IpLimit;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The discovery paths over HTTP: their refusals, their own IP windows, and the same bytes from the same seed. */
class DiscoveryEndpointTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static Sandbox sandbox;
    private static Wire wire;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(5).now(NOW).build().enforceLimits(false);
        wire = new Wire(sandbox.start().get("markets"));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void unreadableParametersAreRefusedNamingThem() {
        assertTrue(wire.refused("/markets?offset=2001").contains("offset"));
        assertTrue(wire.refused("/tags?offset=2001").contains("offset"));
        assertTrue(wire.refused("/series?offset=2001").contains("offset"));
        assertTrue(wire.refused("/markets?order=nope").contains("order"));
        assertTrue(wire.refused("/markets?volume_num_min=lots").contains("volume_num_min"));
        assertTrue(wire.refused("/markets?closed=yes").contains("closed"));
        assertTrue(wire.refused("/public-search").contains("q"));
        assertTrue(wire.refused("/public-search?q=%20%2C").contains("q"));
        assertTrue(wire.refused("/public-search?q=x&events_status=open").contains("events_status"));
        assertTrue(wire.refused("/public-search?q=x&page=0").contains("page"));
        assertTrue(wire.refused("/public-search?q=x&limit_per_type=50&page=42").contains("page"));
        assertTrue(wire.refused("/comments?parent_entity_id=1").contains("parent_entity_type"));
        assertTrue(wire.refused("/comments?parent_entity_type=Event").contains("parent_entity_id"));
        assertTrue(wire.refused("/comments?parent_entity_type=Event&parent_entity_id=1&order=body").contains("order"));
        assertEquals(404, wire.get("/markets/1").statusCode());
        assertEquals(404, wire.get("/markets/slug/none").statusCode());
        assertEquals(404, wire.get("/tags/slug/none").statusCode());
        assertEquals(404, wire.get("/series/1").statusCode());
    }

    @Test
    void aSearchAnswerHasTheCapturedShape() {
        JsonNode r = wire.json("/public-search?q=will&limit_per_type=3");
        assertEquals(3, r.get("events").size());
        assertTrue(r.get("pagination").get("hasMore").asBoolean());
        assertTrue(r.get("pagination").get("totalResults").asInt() > 3);
        assertTrue(!r.has("tags") && !r.has("profiles"), "tags and profiles only when asked");
        JsonNode asked = wire.json("/public-search?q=crypto&search_tags=true&search_profiles=true");
        assertEquals("Crypto", asked.get("tags").get(0).get("label").asText());
        assertTrue(asked.get("tags").get(0).get("event_count").asInt() > 0);
        JsonNode noClosed = wire.json("/public-search?q=will&limit_per_type=50&keep_closed_markets=0");
        for (JsonNode e : noClosed.get("events")) for (JsonNode m : e.get("markets")) assertTrue(!m.get("closed").asBoolean());
    }

    /**
     * Clarifications: about one market in twelve has one, newest first, posted within the market's life and naming the
     * market's end; filters by market, event and state select exactly their rows; an unknown state is refused.
     */
    @Test
    void clarificationsFollowTheWorldsMarkets() {
        JsonNode all = wire.json("/market-clarifications?limit=100");
        assertEquals(100, all.size());
        String last = null;
        for (JsonNode c : all) {
            String created = c.get("createdAt").asText();
            if (last != null) assertTrue(last.compareTo(created) >= 0, "newest first");
            last = created;
            JsonNode m = wire.json("/markets/" + c.get("marketId").asText());
            assertEquals(m.get("questionID").asText(), c.get("questionId").asText());
            assertTrue(Instant.parse(created).isAfter(Instant.parse(m.get("startDate").asText())), "posted after the market opened");
            assertTrue(!Instant.parse(created).isAfter(NOW), "posted by the present");
            assertTrue(c.get("content").asText().contains(m.get("endDate").asText().substring(0, 10)), c.toString());
            assertEquals(c.get("state").asText().equals("success"), !c.get("txHash").isNull(), "a transaction once it succeeded");
        }
        JsonNode first = all.get(0);
        JsonNode one = wire.json("/market-clarifications?market_id=" + first.get("marketId").asText());
        assertEquals(1, one.size());
        assertEquals(first, one.get(0));
        for (JsonNode c : wire.json("/market-clarifications?event_id=" + first.get("eventId").asText())) assertEquals(first.get("eventId"), c.get("eventId"));
        for (JsonNode c : wire.json("/market-clarifications?state=success&limit=50")) assertEquals("success", c.get("state").asText());
        JsonNode oldest = wire.json("/market-clarifications?ascending=true&limit=1").get(0);
        assertTrue(oldest.get("createdAt").asText().compareTo(last) <= 0);
        assertEquals(422, wire.get("/market-clarifications?state=done").statusCode());
    }

    @Test
    void theSameSeedServesTheSameBytes() {
        try (Sandbox other = Sandbox.builder().seed(5).now(NOW).build().enforceLimits(false)) {
            Wire w2 = new Wire(other.start().get("markets"));
            World.EventFacts e = sandbox.world().events().stream().filter(x -> x.document().get("commentCount").asInt() > 5).findFirst().orElseThrow();
            for (String q : List.of("/series?limit=100", "/tags?limit=100", "/markets?limit=50&offset=700&order=volumeNum",
                    "/public-search?q=bitcoin&search_tags=true&search_profiles=true",
                    "/comments?parent_entity_type=Event&parent_entity_id=" + e.id() + "&limit=5")) {
                assertArrayEquals(wire.getOk(q), w2.getOk(q), q);
            }
        }
    }

    @Test
    void eachDiscoveryPathHasItsOwnWindow() {
        // the published rows: /tags 200, /comments 200, /markets 300, /public-search 350 per 10 s; /series only the general ones
        Map<String, Integer> limits = Map.of("/tags?limit=0", 200, "/comments?parent_entity_type=Event&parent_entity_id=1&limit=0", 200,
                "/markets?limit=0", 300, "/public-search?q=x&limit_per_type=1", 350);
        for (Map.Entry<String, Integer> l : limits.entrySet()) {
            // The published rows, their windows stretched to ten minutes so that a loaded machine cannot slide them.
            List<IpLimit> stretched = IpLimit.published().stream().map(r -> new IpLimit(r.scope(), r.service(), r.endpoint(),
                    r.methods(), r.paths(), r.limit(), Duration.ofMinutes(10))).toList();
            try (Sandbox s = Sandbox.builder().seed(5).now(NOW).limits(stretched).build().rejectOverLimit(true)) {
                URI markets = s.start().get("markets");
                Wire w = new Wire(markets);
                for (int i = 1; i <= l.getValue(); i++) {
                    int status = w.get(l.getKey()).statusCode();
                    assertEquals(200, status, l.getKey() + " request " + i + " is within the limit");
                }
                HttpResponse<byte[]> refused = w.get(l.getKey());
                assertEquals(429, refused.statusCode(), l.getKey() + " over its window");
                assertTrue(refused.headers().firstValue("Retry-After").isPresent());
                assertEquals(200, w.get("/series?limit=0").statusCode(), "another path is not held by " + l.getKey());
            }
        }
    }
}
