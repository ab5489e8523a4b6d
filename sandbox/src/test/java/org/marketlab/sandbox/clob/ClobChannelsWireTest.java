package org.marketlab.sandbox.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.TextFrames;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The order book's market and user channels on the wire, read with the JDK's own WebSocket client (nothing of the
 * toolkit): a subscription's book is {@code /book}'s; the seeded flow's changes, applied level by level, end on the book
 * {@code /book} serves, each entry's hash the SHA-1 of that book's summary; {@code PING} is answered; tick-size changes and
 * resolutions come on request; a wrong credential closes the user channel with 1008.
 */
class ClobChannelsWireTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static Sandbox sandbox;
    private static URI clob;
    private static World world;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(29).build().enforceLimits(false);
        clob = sandbox.start().get("clob");
        world = sandbox.world();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static World.Token openToken(int skip) {
        return world.tokens().stream().filter(t -> !t.closed() && t.index() == 0).skip(skip).findFirst().orElseThrow();
    }

    @Test
    void aWatchedBookFollowsTheFlowToWhatBookServes() throws Exception {
        World.Token t = openToken(0);
        ClobChannels channels = sandbox.clobChannels();
        try (Client c = Client.open("/ws/market")) {
            c.send("{\"type\":\"market\",\"assets_ids\":[\"" + t.tokenId() + "\"],\"custom_feature_enabled\":true}");
            JsonNode first = c.next();
            assertTrue(first.isArray() && first.size() == 1, "a subscription's books come as one array: " + first);
            JsonNode book = first.get(0);
            assertEquals("book", book.get("event_type").asText());
            JsonNode rest = get("/book?token_id=" + t.tokenId());
            assertEquals(rest.get("hash").asText(), book.get("hash").asText(), "the channel's book is /book's");
            assertEquals(sha1Summary(book), book.get("hash").asText(), "the hash is the SHA-1 of the book's summary");

            TreeMap<BigDecimal, String> bids = levels(book.get("bids")), asks = levels(book.get("asks"));
            String lastHash = book.get("hash").asText();
            channels.flowInterval(5);
            int priceChanges = 0, trades = 0;
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while ((priceChanges < 40 || trades < 2) && System.nanoTime() < until) {
                JsonNode m = c.next();
                for (JsonNode e : m.isArray() ? m : List.of(m)) {
                    switch (e.get("event_type").asText()) {
                        case "book" -> {
                            bids = levels(e.get("bids"));
                            asks = levels(e.get("asks"));
                            assertEquals(sha1Summary(e), e.get("hash").asText());
                            lastHash = e.get("hash").asText();
                        }
                        case "price_change" -> {
                            priceChanges++;
                            for (JsonNode pc : e.get("price_changes")) {
                                TreeMap<BigDecimal, String> side = pc.get("side").asText().equals("BUY") ? bids : asks;
                                BigDecimal size = new BigDecimal(pc.get("size").asText());
                                if (size.signum() == 0) side.remove(new BigDecimal(pc.get("price").asText()));
                                else side.put(new BigDecimal(pc.get("price").asText()), pc.get("size").asText());
                                assertEquals(bids.isEmpty() ? "" : bids.lastKey().toPlainString(), pc.get("best_bid").asText());
                                assertEquals(asks.isEmpty() ? "" : asks.firstKey().toPlainString(), pc.get("best_ask").asText());
                                lastHash = pc.get("hash").asText();
                            }
                        }
                        case "last_trade_price" -> trades++;
                        case "best_bid_ask", "tick_size_change" -> { }
                        default -> throw new AssertionError("unexpected message " + e);
                    }
                }
            }
            channels.flowInterval(0);
            assertTrue(priceChanges >= 40 && trades >= 2, "the flow moved the book: " + priceChanges + " price changes, " + trades + " trades");
            // Quiet now: what arrives until then is the rest of the flow's last action.
            JsonNode late;
            while ((late = c.poll(300)) != null) {
                for (JsonNode e : late.isArray() ? late : List.of(late)) {
                    if (e.get("event_type").asText().equals("book")) {
                        bids = levels(e.get("bids"));
                        asks = levels(e.get("asks"));
                        lastHash = e.get("hash").asText();
                    } else if (e.get("event_type").asText().equals("price_change")) {
                        for (JsonNode pc : e.get("price_changes")) {
                            TreeMap<BigDecimal, String> side = pc.get("side").asText().equals("BUY") ? bids : asks;
                            if (new BigDecimal(pc.get("size").asText()).signum() == 0) side.remove(new BigDecimal(pc.get("price").asText()));
                            else side.put(new BigDecimal(pc.get("price").asText()), pc.get("size").asText());
                            lastHash = pc.get("hash").asText();
                        }
                    }
                }
            }
            JsonNode now = get("/book?token_id=" + t.tokenId());
            assertEquals(now.get("hash").asText(), lastHash, "the last hash pushed is the hash /book serves");
            assertEquals(levels(now.get("bids")), bids, "bids");
            assertEquals(levels(now.get("asks")), asks, "asks");

            c.send("PING");
            assertEquals("PONG", c.nextText());
        }
    }

    @Test
    void tickSizeChangesAndResolutionsComeOnRequest() throws Exception {
        World.Token t = openToken(3);
        ClobChannels channels = sandbox.clobChannels();
        channels.flowInterval(0);
        try (Client c = Client.open("/ws/market")) {
            c.send("{\"type\":\"market\",\"assets_ids\":[\"" + t.tokenId() + "\"],\"custom_feature_enabled\":true}");
            assertEquals("book", c.next().get(0).get("event_type").asText());
            String newTick = t.tickSize() < 0.005 ? "0.0001" : "0.001";
            channels.tickSize(t.tokenId(), new BigDecimal(newTick));
            JsonNode change = c.next();
            assertEquals("tick_size_change", change.get("event_type").asText());
            assertEquals(newTick, change.get("new_tick_size").asText());
            JsonNode served = get("/tick-size?token_id=" + t.tokenId()).get("minimum_tick_size");
            assertEquals(0, new BigDecimal(newTick).compareTo(served.decimalValue()), "/tick-size serves the new tick (a number): " + served);
            channels.resolve(t.tokenId(), t.tokenId());
            JsonNode resolved = c.next();
            assertEquals("market_resolved", resolved.get("event_type").asText());
            assertEquals(t.tokenId(), resolved.get("winning_asset_id").asText());
            assertEquals(404, status("/book?token_id=" + t.tokenId()), "a resolved market has no book");
        }
    }

    @Test
    void theUserChannelRefusesAWrongCredential() throws Exception {
        try (Client c = Client.open("/ws/user")) {
            c.send("{\"type\":\"user\",\"auth\":{\"apiKey\":\"00000000-0000-0000-0000-000000000000\",\"secret\":\"x\",\"passphrase\":\"y\"}}");
            assertEquals(1008, c.closed.get(30, TimeUnit.SECONDS));
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------------------------

    /** The price levels of a side, price to size as written. */
    private static TreeMap<BigDecimal, String> levels(JsonNode side) {
        TreeMap<BigDecimal, String> out = new TreeMap<>();
        for (JsonNode l : side) out.put(new BigDecimal(l.get("price").asText()), l.get("size").asText());
        return out;
    }

    /** SHA-1 of the ten-field summary with an empty hash, as the official clients compute it. */
    private static String sha1Summary(JsonNode book) throws Exception {
        ObjectNode s = JSON.createObjectNode();
        for (String f : List.of("market", "asset_id", "timestamp", "hash", "bids", "asks", "min_order_size", "tick_size", "neg_risk", "last_trade_price")) {
            s.set(f, book.get(f));
        }
        s.put("hash", "");
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(JSON.writeValueAsBytes(s)));
    }

    private static JsonNode get(String path) throws Exception {
        HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(clob.resolve(path)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
        return JSON.readTree(r.body());
    }

    private static int status(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(clob.resolve(path)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** A WebSocket client of the order book's channels that reads what it receives as JSON. */
    private static final class Client extends TextFrames {

        private Client(URI uri) throws Exception {
            super(uri);
        }

        static Client open(String path) throws Exception {
            return new Client(URI.create(clob.toString().replaceFirst("^http", "ws") + path));
        }

        JsonNode next() throws Exception {
            return JSON.readTree(nextText());
        }

        JsonNode poll(long millis) throws Exception {
            String s = pollText(millis);
            return s == null ? null : JSON.readTree(s);
        }
    }
}
