package org.marketlab.sandbox.markets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.TextFrames;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The live-data stream over a plain WebSocket: PING is answered PONG; crypto prices arrive every second for the
 * symbols subscribed (a filter narrows them), at the level the perpetuals mark the same asset; comments are the
 * world's, each one {@code /comments/{id}} serves; a topic the stream does not serve is answered with an error naming
 * what is served; after unsubscribing nothing more arrives.
 */
class LiveDataTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static Sandbox sandbox;
    private static Map<String, URI> urls;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(7).build();
        urls = sandbox.start();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void pricesAndCommentsArriveAsSubscribed() throws Exception {
        TextFrames s = new TextFrames(URI.create(urls.get("markets").toString().replace("http", "ws") + "/ws/live-data"));
        s.send("PING");
        assertEquals("PONG", s.nextText());
        s.send("{\"action\":\"subscribe\",\"subscriptions\":[{\"topic\":\"crypto_prices\",\"type\":\"update\",\"filters\":\"btcusdt,ethusdt\"},"
                + "{\"topic\":\"crypto_prices_chainlink\",\"type\":\"update\"},{\"topic\":\"comments\",\"type\":\"comment_created\"},"
                + "{\"topic\":\"equity_prices\",\"type\":\"update\"}]}");
        List<JsonNode> frames = new ArrayList<>();
        JsonNode error = null;
        JsonNode comment = null;
        long until = System.currentTimeMillis() + 30_000; // the first comment waits for the world's comments to be made
        while ((comment == null || frames.size() < 12) && System.currentTimeMillis() < until) {
            JsonNode f = JSON.readTree(s.nextText());
            if ("error".equals(f.path("type").asText())) error = f;
            else if (f.path("topic").asText().equals("comments")) comment = f;
            else frames.add(f);
        }
        assertNotNull(error, "an unserved topic is answered");
        assertTrue(error.path("message").asText().contains("equity_prices:update is not served"), error.toString());
        assertTrue(frames.size() >= 12, "prices every second: " + frames.size());
        JsonNode btc = null, btcChainlink = null;
        for (JsonNode f : frames) {
            String symbol = f.path("payload").path("symbol").asText();
            if (f.path("topic").asText().equals("crypto_prices")) {
                assertTrue(symbol.equals("btcusdt") || symbol.equals("ethusdt"), "the filter narrows Binance's symbols: " + symbol);
                if (symbol.equals("btcusdt")) btc = f;
            } else {
                assertEquals("crypto_prices_chainlink", f.path("topic").asText());
                assertTrue(symbol.endsWith("/usd"), symbol);
                if (symbol.equals("btc/usd")) btcChainlink = f;
            }
            assertEquals(f.path("timestamp").asLong(), f.path("payload").path("timestamp").asLong());
        }
        assertNotNull(btc);
        assertNotNull(btcChainlink);
        BigDecimal mark = btcMark();
        for (JsonNode f : List.of(btc, btcChainlink)) {
            BigDecimal v = f.path("payload").path("value").decimalValue();
            assertTrue(v.subtract(mark).abs().compareTo(mark.movePointLeft(2)) <= 0, "BTC at " + v + ", the perpetuals' mark " + mark);
        }

        assertNotNull(comment, "a comment within 30 s");
        JsonNode served = get(urls.get("markets"), "/comments/" + comment.path("payload").path("id").asText());
        JsonNode first = served.isArray() ? served.get(0) : served;
        assertEquals(first.path("body").asText(), comment.path("payload").path("body").asText(), "the world's comment: " + served);
        assertEquals(first.path("createdAt").asText(), comment.path("payload").path("createdAt").asText());

        s.send("{\"action\":\"unsubscribe\",\"subscriptions\":[{\"topic\":\"crypto_prices\",\"type\":\"update\"},"
                + "{\"topic\":\"crypto_prices_chainlink\",\"type\":\"update\"},{\"topic\":\"comments\",\"type\":\"comment_created\"}]}");
        // The connection's frames are handled in order: once PING's PONG is back, the unsubscribe has taken effect.
        s.send("PING");
        long pongBy = System.nanoTime() + 10_000_000_000L;
        String seen = null;
        while (!"PONG".equals(seen) && System.nanoTime() < pongBy) seen = s.pollText(1_000);
        assertEquals("PONG", seen, "PING answered after the unsubscribe");
        assertEquals(null, s.pollText(2_500), "nothing after unsubscribing");
        s.close();
    }

    private static BigDecimal btcMark() throws Exception {
        for (JsonNode t : get(urls.get("perps"), "/v1/info/tickers")) {
            if (t.path("symbol").asText().startsWith("BTC")) return new BigDecimal(t.path("mark_price").asText());
        }
        throw new AssertionError("no BTC ticker");
    }

    private static JsonNode get(URI base, String path) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(base.resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

}
