package org.marketlab.sandbox;

import org.marketlab.sandbox.clob.ClobMarketsApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the official order-book client reads around an order, over HTTP: {@code /version}, the four cursor-paged
 * market lists walked from {@code MA==} to {@code LTE=}, one market by condition id, {@code /markets-by-token},
 * {@code /clob-markets} and the fee rate, all agreeing with the world and with the book routes ({@code /tick-size},
 * {@code /neg-risk}, {@code /midpoint}, {@code /book}); and unknown paths on every server answered in that server's
 * error shape with 404.
 */
class ClobMarketsWireTest {

    private static Sandbox sandbox;
    private static Wire clob;
    private static World world;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(11).now(Instant.parse("2026-11-01T00:00:00Z")).build().enforceLimits(false);
        clob = new Wire(sandbox.start().get("clob"));
        world = sandbox.world();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    /** Every element of a list, page after page, checking each page's envelope. */
    private static List<JsonNode> walk(String path) {
        List<JsonNode> out = new ArrayList<>();
        String cursor = "MA==";
        for (int pages = 0; pages < 100; pages++) {
            JsonNode page = clob.json(path + "?next_cursor=" + Wire.enc(cursor));
            assertEquals(ClobMarketsApi.PAGE, page.get("limit").asInt());
            assertEquals(page.get("data").size(), page.get("count").asInt(), "count is the page's size");
            page.get("data").forEach(out::add);
            cursor = page.get("next_cursor").asText();
            if (cursor.equals("LTE=")) return out;
            assertEquals(ClobMarketsApi.PAGE, page.get("count").asInt(), "only the last page is short");
        }
        throw new AssertionError(path + " did not reach LTE=");
    }

    @Test
    void versionAndEveryMarketListedOnceInWorldOrder() {
        assertEquals(2, clob.json("/version").get("version").asInt());
        List<JsonNode> all = walk("/markets");
        Map<String, List<World.Token>> byCondition = new LinkedHashMap<>();
        for (World.Token t : world.tokens()) byCondition.computeIfAbsent(t.conditionId(), k -> new ArrayList<>()).add(t);
        assertEquals(new ArrayList<>(byCondition.keySet()), all.stream().map(m -> m.get("condition_id").asText()).toList(),
                "every market of the world, once, in the world's order");
        assertTrue(all.size() > ClobMarketsApi.PAGE, "more than one page: " + all.size());
        for (JsonNode m : all) {
            List<World.Token> tokens = byCondition.get(m.get("condition_id").asText());
            World.Token first = tokens.get(0);
            assertEquals(first.tokenId(), m.get("tokens").get(0).get("token_id").asText());
            assertEquals(tokens.get(1).tokenId(), m.get("tokens").get(1).get("token_id").asText());
            assertEquals(first.outcome(), m.get("tokens").get(0).get("outcome").asText());
            assertEquals(0, BigDecimal.valueOf(first.tickSize()).compareTo(m.get("minimum_tick_size").decimalValue()));
            assertEquals(0, BigDecimal.valueOf(first.minOrderSize()).compareTo(m.get("minimum_order_size").decimalValue()));
            assertEquals(first.negRisk(), m.get("neg_risk").asBoolean());
            assertEquals(first.closed(), m.get("closed").asBoolean());
            assertEquals(!first.closed(), m.get("accepting_orders").asBoolean());
            for (String f : new String[]{"question", "question_id", "market_slug", "description", "end_date_iso", "rewards", "tags", "icon"}) {
                assertTrue(m.hasNonNull(f), f + " in " + m);
            }
        }
        // The same market by condition id, field for field; and the next cursor of a middle page resumes there.
        JsonNode some = all.get(ClobMarketsApi.PAGE + 3);
        assertEquals(some, clob.json("/markets/" + some.get("condition_id").asText()));
        JsonNode second = clob.json("/markets?next_cursor=" + Wire.enc(ClobMarketsApi.cursor(ClobMarketsApi.PAGE)));
        assertEquals(some, second.get("data").get(3));
        assertEquals(all.get(0), clob.json("/markets").get("data").get(0), "no cursor starts at the beginning");
        assertEquals(400, clob.get("/markets?next_cursor=bm9wZQ==").statusCode());
        assertEquals("invalid next_cursor", Wire.read(clob.get("/markets?next_cursor=LTE=").body()).get("error").asText());
    }

    @Test
    void pricesTickSizesAndNegRiskAgreeWithTheBookRoutes() {
        World.Token open = world.tokens().stream().filter(t -> !t.closed()).findFirst().orElseThrow();
        JsonNode m = clob.json("/markets/" + open.conditionId());
        JsonNode book = clob.json("/book?token_id=" + open.tokenId());
        assertEquals(0, new BigDecimal(clob.json("/midpoint?token_id=" + open.tokenId()).get("mid").asText())
                .compareTo(m.get("tokens").get(open.index()).get("price").decimalValue()), "token price is the midpoint");
        assertEquals(0, new BigDecimal(book.get("tick_size").asText()).compareTo(m.get("minimum_tick_size").decimalValue()));
        assertEquals(0, new BigDecimal(book.get("min_order_size").asText()).compareTo(m.get("minimum_order_size").decimalValue()));

        JsonNode byToken = clob.json("/markets-by-token/" + open.tokenId());
        assertEquals(open.conditionId(), byToken.get("condition_id").asText());
        assertEquals(m.get("tokens").get(0).get("token_id").asText(), byToken.get("primary_token_id").asText());
        assertEquals(m.get("tokens").get(1).get("token_id").asText(), byToken.get("secondary_token_id").asText());

        JsonNode info = clob.json("/clob-markets/" + open.conditionId());
        assertEquals(open.conditionId(), info.get("c").asText());
        assertEquals(2, info.get("t").size());
        assertEquals(open.tokenId(), info.get("t").get(open.index()).get("t").asText());
        assertEquals(open.outcome(), info.get("t").get(open.index()).get("o").asText());
        assertEquals(0, clob.json("/tick-size?token_id=" + open.tokenId()).get("minimum_tick_size").decimalValue().compareTo(info.get("mts").decimalValue()));
        assertEquals(clob.json("/neg-risk?token_id=" + open.tokenId()).get("neg_risk").asBoolean(), info.get("nr").asBoolean());
        assertEquals(0, m.get("minimum_order_size").decimalValue().compareTo(info.get("mos").decimalValue()));
        assertEquals(m.get("taker_base_fee").asInt(), info.get("tbf").asInt());

        assertEquals(m.get("taker_base_fee").asInt(), clob.json("/fee-rate?token_id=" + open.tokenId()).get("base_fee").asInt());
        assertEquals(clob.json("/fee-rate?token_id=" + open.tokenId()), clob.json("/fee-rate/" + open.tokenId()));

        // A neg-risk market says so in every form.
        World.Token negRisk = world.tokens().stream().filter(t -> t.negRisk() && !t.closed()).findFirst().orElseThrow();
        assertTrue(clob.json("/markets/" + negRisk.conditionId()).get("neg_risk").asBoolean());
        assertFalse(clob.json("/markets/" + negRisk.conditionId()).get("neg_risk_market_id").asText().isEmpty());
        assertTrue(clob.json("/clob-markets/" + negRisk.conditionId()).get("nr").asBoolean());

        // Refusals: the specification's messages.
        assertError(clob.get("/markets/0x12"), 400, "Invalid market");
        assertError(clob.get("/clob-markets/0x" + "00".repeat(32)), 404, "market not found");
        assertError(clob.get("/markets-by-token/abc"), 400, "Invalid token id");
        assertError(clob.get("/markets-by-token/123"), 404, "market not found");
        assertError(clob.get("/fee-rate"), 400, "Invalid token id");
    }

    @Test
    void samplingAndSimplifiedListsAreTheRewardedAndShortFormsOfTheFullList() {
        List<JsonNode> all = walk("/markets");
        List<JsonNode> sampling = walk("/sampling-markets");
        List<JsonNode> rewarded = all.stream().filter(m -> m.get("rewards").get("rates").isArray()).toList();
        assertEquals(rewarded, sampling, "the sampling markets are the full list's rewarded ones");
        assertFalse(sampling.isEmpty());
        assertTrue(sampling.size() < all.size());
        for (JsonNode m : sampling) {
            assertTrue(m.get("accepting_orders").asBoolean(), "rewards only on open markets");
            JsonNode rate = m.get("rewards").get("rates").get(0);
            assertEquals(ClobMarketsApi.COLLATERAL, rate.get("asset_address").asText());
            assertTrue(rate.get("rewards_daily_rate").asDouble() > 0);
            assertEquals(0, m.get("minimum_order_size").decimalValue().multiply(BigDecimal.TEN).compareTo(m.get("rewards").get("min_size").decimalValue()));
        }
        Map<String, JsonNode> full = new HashMap<>();
        for (JsonNode m : all) full.put(m.get("condition_id").asText(), m);
        List<JsonNode> simplified = walk("/simplified-markets");
        assertEquals(all.size(), simplified.size());
        for (JsonNode s : simplified) {
            JsonNode m = full.get(s.get("condition_id").asText());
            Set<String> fields = new HashSet<>();
            s.fieldNames().forEachRemaining(fields::add);
            assertEquals(Set.of("condition_id", "rewards", "tokens", "active", "closed", "archived", "accepting_orders"), fields);
            for (String f : fields) assertEquals(m.get(f), s.get(f), f);
        }
        List<JsonNode> samplingSimplified = walk("/sampling-simplified-markets");
        assertEquals(sampling.stream().map(m -> m.get("condition_id").asText()).toList(),
                samplingSimplified.stream().map(m -> m.get("condition_id").asText()).toList());
    }

    @Test
    void unknownPathsAnswerEachServersErrorShape() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (Map.Entry<String, URI> server : sandbox.urls().entrySet()) {
            if (server.getKey().endsWith("_ws")) continue;
            for (String method : new String[]{"GET", "POST", "DELETE"}) {
                HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(server.getValue().resolve("/no/such/path"))
                        .method(method, HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofByteArray());
                String where = server.getKey() + " " + method + ": " + new String(r.body(), StandardCharsets.UTF_8);
                assertEquals(404, r.statusCode(), where);
                assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), where);
                JsonNode body = Wire.read(r.body());
                assertEquals(method + " /no/such/path not found", body.get("error").asText(), where);
                if (server.getKey().equals("perps")) {
                    assertEquals("err", body.get("status").asText(), where);
                    assertEquals(2, body.size(), where);
                } else {
                    assertEquals(1, body.size(), where);
                }
            }
        }
        // A known path with a method it does not take is unknown too (the order book: PUT /order).
        HttpResponse<byte[]> put = http.send(HttpRequest.newBuilder(sandbox.urls().get("clob").resolve("/order"))
                .PUT(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(404, put.statusCode());
        assertEquals("PUT /order not found", Wire.read(put.body()).get("error").asText());
    }

    private static void assertError(HttpResponse<byte[]> r, int status, String message) {
        String body = new String(r.body(), StandardCharsets.UTF_8);
        assertEquals(status, r.statusCode(), body);
        assertEquals(message, Wire.read(r.body()).get("error").asText(), body);
    }
}
