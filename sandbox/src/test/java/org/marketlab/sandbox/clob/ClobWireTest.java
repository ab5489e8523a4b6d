package org.marketlab.sandbox.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.world.World;
import org.marketlab.spi.IpLimit;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The order book's public market data over HTTP, as a client sees it on the wire: shapes and orders the
 * official clients expect, every book of the world consistent, one price path behind books, histories and
 * candles, and every error row of the specification for these reads with its message and status.
 */
class ClobWireTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static Sandbox sandbox;
    private static URI clob;
    private static World world;
    private static World.Token open, openNo, closed;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(21).now(NOW).build();
        clob = sandbox.start().get("clob");
        world = sandbox.world();
        // An open market old enough for every window below.
        open = world.tokens().stream().filter(t -> !t.closed() && t.index() == 0 && t.createdAt().isBefore(NOW.minus(Duration.ofDays(200))))
                .findFirst().orElseThrow();
        openNo = world.tokens().stream().filter(t -> t.marketId().equals(open.marketId()) && t.index() == 1).findFirst().orElseThrow();
        closed = world.tokens().stream().filter(World.Token::closed).findFirst().orElseThrow();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    record Answer(int status, String body, HttpResponse<String> raw) {
        JsonNode json() throws Exception {
            return JSON.readTree(body);
        }
    }

    static Answer get(String path, String... params) throws Exception {
        return get(clob, path, params);
    }

    static Answer get(URI base, String path, String... params) throws Exception {
        StringBuilder q = new StringBuilder();
        for (int i = 0; i < params.length; i += 2) {
            q.append(q.length() == 0 ? "?" : "&").append(params[i]).append('=').append(URLEncoder.encode(params[i + 1], StandardCharsets.UTF_8));
        }
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(base.resolve(path + q)).build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body(), r);
    }

    static Answer post(String path, String body) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(clob.resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body(), r);
    }

    static String items(List<String> ids, String extra) {
        return ids.stream().map(id -> "{\"token_id\":\"" + id + "\"" + extra + "}").collect(Collectors.joining(",", "[", "]"));
    }

    // ---- books --------------------------------------------------------------------------------------------------

    @Test
    void everyBookOfTheWorldIsConsistentAndHashed() throws Exception {
        List<String> ids = world.tokens().stream().filter(t -> !t.closed()).map(World.Token::tokenId).toList();
        Map<String, JsonNode> books = new HashMap<>();
        for (int i = 0; i < ids.size(); i += 500) {
            Answer a = post("/books", items(ids.subList(i, Math.min(ids.size(), i + 500)), ""));
            assertEquals(200, a.status(), a.body());
            for (JsonNode b : a.json()) books.put(b.get("asset_id").asText(), b);
        }
        assertEquals(ids.size(), books.size());
        Set<String> ticks = new HashSet<>();
        MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
        List<String> order = List.of("market", "asset_id", "timestamp", "hash", "bids", "asks", "min_order_size", "tick_size", "neg_risk", "last_trade_price");
        for (JsonNode b : books.values()) {
            List<String> fields = new ArrayList<>();
            b.fieldNames().forEachRemaining(fields::add);
            assertEquals(order, fields, "the fields in the order the hash is computed over");
            World.Token t = world.token(b.get("asset_id").asText());
            assertEquals(t.conditionId(), b.get("market").asText());
            BigDecimal tick = new BigDecimal(b.get("tick_size").asText());
            ticks.add(tick.toPlainString());
            assertEquals(0, tick.compareTo(BigDecimal.valueOf(t.tickSize())));
            assertTrue(new BigDecimal(b.get("min_order_size").asText()).signum() > 0);
            assertTrue(b.get("neg_risk").isBoolean());
            List<BigDecimal> bids = prices(b.get("bids"), tick), asks = prices(b.get("asks"), tick);
            assertFalse(bids.isEmpty() || asks.isEmpty(), "both sides quoted: " + b);
            for (int i = 1; i < bids.size(); i++) assertTrue(bids.get(i - 1).compareTo(bids.get(i)) < 0, "bids ascending (best last): " + b);
            for (int i = 1; i < asks.size(); i++) assertTrue(asks.get(i - 1).compareTo(asks.get(i)) > 0, "asks descending (best last): " + b);
            assertTrue(bids.get(bids.size() - 1).compareTo(asks.get(asks.size() - 1)) < 0, "bids below asks: " + b);
            BigDecimal last = new BigDecimal(b.get("last_trade_price").asText());
            assertTrue(last.signum() > 0 && last.compareTo(BigDecimal.ONE) < 0 && last.remainder(tick).signum() == 0, "last trade on the tick: " + b);
            ObjectNode copy = b.deepCopy();
            copy.put("hash", "");
            assertEquals(HexFormat.of().formatHex(sha1.digest(JSON.writeValueAsBytes(copy))), b.get("hash").asText());
        }
        assertEquals(Set.of("0.01", "0.001"), ticks, "both tick sizes occur");
        // A binary market's outcomes are complements: midpoints sum to one within a tick each.
        List<World.Token> all = world.tokens();
        for (int i = 0; i + 1 < all.size(); i++) {
            World.Token yes = all.get(i), no = all.get(i + 1);
            if (yes.closed() || yes.index() != 0) continue;
            assertEquals(yes.marketId(), no.marketId());
            double sum = mid(books.get(yes.tokenId())) + mid(books.get(no.tokenId()));
            assertEquals(1.0, sum, 2 * yes.tickSize() + 1e-9, yes.marketId());
        }
    }

    private static List<BigDecimal> prices(JsonNode levels, BigDecimal tick) {
        List<BigDecimal> out = new ArrayList<>();
        for (JsonNode l : levels) {
            assertTrue(l.get("price").isTextual() && l.get("size").isTextual(), "numbers as strings: " + l);
            BigDecimal p = new BigDecimal(l.get("price").asText());
            assertTrue(p.signum() > 0 && p.compareTo(BigDecimal.ONE) < 0, "price in (0,1): " + p);
            assertEquals(0, p.remainder(tick).signum(), "price on the tick " + tick + ": " + p);
            assertTrue(new BigDecimal(l.get("size").asText()).signum() > 0);
            out.add(p);
        }
        return out;
    }

    private static double mid(JsonNode book) {
        JsonNode bids = book.get("bids"), asks = book.get("asks");
        return (bids.get(bids.size() - 1).get("price").asDouble() + asks.get(asks.size() - 1).get("price").asDouble()) / 2;
    }

    @Test
    void singleReadsHaveTheShapesTheOfficialClientsRead() throws Exception {
        String id = open.tokenId();
        JsonNode book = get("/book", "token_id", id).json();
        String bestBid = book.get("bids").get(book.get("bids").size() - 1).get("price").asText();
        String bestAsk = book.get("asks").get(book.get("asks").size() - 1).get("price").asText();
        assertEquals(bestBid, get("/price", "token_id", id, "side", "BUY").json().get("price").textValue(), "BUY reads the best bid");
        assertEquals(bestAsk, get("/price", "token_id", id, "side", "SELL").json().get("price").textValue(), "SELL reads the best ask");
        JsonNode mid = get("/midpoint", "token_id", id).json().get("mid");
        assertTrue(mid.isTextual());
        assertEquals(0, new BigDecimal(bestBid).add(new BigDecimal(bestAsk)).divide(BigDecimal.valueOf(2)).compareTo(new BigDecimal(mid.asText())));
        JsonNode spread = get("/spread", "token_id", id).json().get("spread");
        assertTrue(spread.isTextual());
        assertEquals(0, new BigDecimal(bestAsk).subtract(new BigDecimal(bestBid)).compareTo(new BigDecimal(spread.asText())));
        JsonNode last = get("/last-trade-price", "token_id", id).json();
        assertEquals(book.get("last_trade_price").asText(), last.get("price").textValue());
        assertTrue(Set.of("BUY", "SELL").contains(last.get("side").textValue()));
        JsonNode tick = get("/tick-size", "token_id", id).json().get("minimum_tick_size");
        assertTrue(tick.isNumber(), "minimum_tick_size is a number");
        assertEquals(0, tick.decimalValue().compareTo(new BigDecimal(book.get("tick_size").asText())));
        JsonNode neg = get("/neg-risk", "token_id", id).json().get("neg_risk");
        assertTrue(neg.isBoolean(), "neg_risk is a boolean");
        assertEquals(open.negRisk(), neg.booleanValue());

        long asked = System.currentTimeMillis() / 1000;
        Answer time = get("/time");
        long answered = System.currentTimeMillis() / 1000;
        assertEquals(200, time.status());
        assertTrue(time.body().matches("\\d+"), "a bare integer: " + time.body());
        long served = Long.parseLong(time.body());
        assertTrue(served >= asked && served <= answered, "the server's clock: " + served + " in [" + asked + ", " + answered + "]");
        assertEquals(200, get("/ok").status());
    }

    @Test
    void batchReadsAnswerPerToken() throws Exception {
        List<String> ids = List.of(open.tokenId(), openNo.tokenId());
        JsonNode prices = post("/prices", "[{\"token_id\":\"" + ids.get(0) + "\",\"side\":\"BUY\"},{\"token_id\":\"" + ids.get(0)
                + "\",\"side\":\"SELL\"},{\"token_id\":\"" + ids.get(1) + "\",\"side\":\"BUY\"}]").json();
        assertEquals(get("/price", "token_id", ids.get(0), "side", "BUY").json().get("price"), prices.get(ids.get(0)).get("BUY"));
        assertEquals(get("/price", "token_id", ids.get(0), "side", "SELL").json().get("price"), prices.get(ids.get(0)).get("SELL"));
        assertEquals(get("/price", "token_id", ids.get(1), "side", "BUY").json().get("price"), prices.get(ids.get(1)).get("BUY"));
        assertFalse(prices.get(ids.get(1)).has("SELL"), "only the sides asked for");
        JsonNode mids = post("/midpoints", items(ids, "")).json();
        JsonNode spreads = post("/spreads", items(ids, "")).json();
        JsonNode lasts = post("/last-trades-prices", items(ids, "")).json();
        assertTrue(lasts.isArray());
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            assertEquals(get("/midpoint", "token_id", id).json().get("mid"), mids.get(id));
            assertEquals(get("/spread", "token_id", id).json().get("spread"), spreads.get(id));
            JsonNode single = get("/last-trade-price", "token_id", id).json();
            assertEquals(id, lasts.get(i).get("token_id").asText());
            assertEquals(single.get("price"), lasts.get(i).get("price"));
            assertEquals(single.get("side"), lasts.get(i).get("side"));
        }
    }

    // ---- one price path ---------------------------------------------------------------------------------------------

    @Test
    void historiesRunFromCreationToNowInsideZeroOneAndComplementsSumToOne() throws Exception {
        int checked = 0;
        List<World.Token> all = world.tokens();
        for (int k = 0; k + 1 < all.size() && checked < 15; k += 97) {
            World.Token yes = all.get(k), no = all.get(k + 1);
            if (yes.closed() || yes.index() != 0) continue;
            checked++;
            JsonNode a = get("/prices-history", "market", yes.tokenId(), "interval", "max", "fidelity", "60").json().get("history");
            JsonNode b = get("/prices-history", "market", no.tokenId(), "interval", "max", "fidelity", "60").json().get("history");
            assertEquals(a.size(), b.size());
            assertTrue(a.get(0).get("t").asLong() >= yes.createdAt().getEpochSecond() - 3600, "from the market's creation");
            assertEquals(NOW.getEpochSecond(), a.get(a.size() - 1).get("t").asLong(), "to now");
            for (int i = 0; i < a.size(); i++) {
                assertTrue(a.get(i).get("t").isIntegralNumber() && a.get(i).get("p").isNumber(), "{t: integer seconds, p: number}");
                double p = a.get(i).get("p").asDouble(), q = b.get(i).get("p").asDouble();
                assertTrue(p > 0 && p < 1 && q > 0 && q < 1, "in (0,1): " + p + ", " + q);
                assertEquals(1.0, p + q, 2e-4, "complements at " + a.get(i).get("t"));
            }
        }
        // Without a fidelity the span is kept to about a thousand points.
        JsonNode whole = get("/prices-history", "market", open.tokenId(), "interval", "max").json().get("history");
        assertTrue(whole.size() > 100 && whole.size() <= 1000, "points " + whole.size());
        assertEquals(25, get("/prices-history", "market", open.tokenId(), "startTs", Long.toString(NOW.minus(Duration.ofDays(1)).getEpochSecond()),
                "endTs", Long.toString(NOW.getEpochSecond()), "fidelity", "60").json().get("history").size());
        // A closed market's history ends at its resolution.
        JsonNode done = get("/prices-history", "market", closed.tokenId(), "interval", "max", "fidelity", "1440").json().get("history");
        assertTrue(done.size() > 0);
    }

    @Test
    void candlesAgreeWithTheHistoryAndWithFinerCandles() throws Exception {
        String id = open.tokenId();
        long from = NOW.minus(Duration.ofHours(6)).getEpochSecond();
        JsonNode minutes = candles(id, from, NOW.getEpochSecond(), "1m", 1000);
        JsonNode history = get("/prices-history", "market", id, "startTs", Long.toString(from), "endTs", Long.toString(NOW.getEpochSecond()),
                "fidelity", "1").json().get("history");
        assertEquals(history.size(), minutes.size());
        for (int i = 0; i < minutes.size(); i++) {
            JsonNode c = minutes.get(i);
            assertEquals(history.get(i).get("t").asLong(), c.get("t").asLong());
            assertEquals(history.get(i).get("p").asDouble(), c.get("o").asDouble(), "a minute opens at the history's price");
            assertEquals(c.get("o").asDouble(), c.get("c").asDouble());
        }
        JsonNode hours = candles(id, from, NOW.getEpochSecond() - 1, "1h", 1000);
        assertEquals(6, hours.size());
        Iterator<JsonNode> m = minutes.iterator();
        for (JsonNode h : hours) {
            double high = -1, low = 2, volume = 0, open = Double.NaN, close = Double.NaN;
            for (int k = 0; k < 60; k++) {
                JsonNode c = m.next();
                if (k == 0) open = c.get("o").asDouble();
                close = c.get("c").asDouble();
                high = Math.max(high, c.get("h").asDouble());
                low = Math.min(low, c.get("l").asDouble());
                volume += c.get("v").asDouble();
            }
            assertEquals(open, h.get("o").asDouble());
            assertEquals(close, h.get("c").asDouble());
            assertEquals(high, h.get("h").asDouble());
            assertEquals(low, h.get("l").asDouble());
            assertEquals(volume, h.get("v").asDouble(), 0.6, "volume of the hour is the sum of its minutes");
        }
        // Alignment: hours on the hour, days at midnight, weeks on Monday; startTs inside a bucket gives that bucket.
        for (String f : List.of("5m", "15m", "30m", "1h", "4h", "1d", "1w")) {
            long step = Map.of("5m", 300L, "15m", 900L, "30m", 1800L, "1h", 3600L, "4h", 14_400L, "1d", 86_400L, "1w", 604_800L).get(f);
            JsonNode cs = candles(id, NOW.minus(Duration.ofDays(90)).getEpochSecond() + 7, NOW.getEpochSecond(), f, 50);
            assertTrue(cs.size() > 0 && cs.size() <= 50, f + ": limit respected");
            for (JsonNode c : cs) {
                long t = c.get("t").asLong();
                if (f.equals("1w")) assertEquals(DayOfWeek.MONDAY, Instant.ofEpochSecond(t).atZone(ZoneOffset.UTC).getDayOfWeek());
                else assertEquals(0, t % step, f + " aligned");
                assertTrue(c.get("l").asDouble() <= Math.min(c.get("o").asDouble(), c.get("c").asDouble()));
                assertTrue(c.get("h").asDouble() >= Math.max(c.get("o").asDouble(), c.get("c").asDouble()));
            }
            assertTrue(cs.get(0).get("t").asLong() <= NOW.minus(Duration.ofDays(90)).getEpochSecond() + 7, f + ": the bucket holding startTs");
        }
    }

    private static JsonNode candles(String id, long from, long to, String fidelity, int limit) throws Exception {
        Answer a = get("/ohlc", "asset_id", id, "startTs", Long.toString(from), "endTs", Long.toString(to), "fidelity", fidelity, "limit", Integer.toString(limit));
        assertEquals(200, a.status(), a.body());
        return a.json().get("candles");
    }

    @Test
    void sameSeedSameBooks() throws Exception {
        try (Sandbox again = Sandbox.builder().seed(21).now(NOW).build()) {
            URI other = again.start().get("clob");
            assertEquals(get("/book", "token_id", open.tokenId()).body(), get(other, "/book", "token_id", open.tokenId()).body());
            assertEquals(get("/ohlc", "asset_id", open.tokenId(), "startTs", "0").body(), get(other, "/ohlc", "asset_id", open.tokenId(), "startTs", "0").body());
        }
    }

    // ---- errors -----------------------------------------------------------------------------------------------------

    private static void error(Answer a, int status, String message) throws Exception {
        assertEquals(status, a.status(), a.body());
        JsonNode body = a.json();
        assertEquals(Set.of("error"), fieldNames(body), "the body is {error}: " + a.body());
        assertEquals(message, body.get("error").asText());
    }

    private static Set<String> fieldNames(JsonNode n) {
        Set<String> out = new HashSet<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void everyErrorRowOfTheseReads() throws Exception {
        for (String path : List.of("/book", "/price", "/midpoint", "/spread", "/last-trade-price", "/tick-size", "/neg-risk")) {
            error(get(path, "side", "BUY"), 400, "Invalid token id");
            error(get(path, "token_id", "", "side", "BUY"), 400, "Invalid token id");
            error(get(path, "token_id", "0x" + "ab".repeat(32), "side", "BUY"), 400, "Invalid token id");
        }
        for (String path : List.of("/book", "/price", "/midpoint", "/spread")) {
            error(get(path, "token_id", closed.tokenId(), "side", "BUY"), 404, "No orderbook exists for the requested token id");
            error(get(path, "token_id", "123456789", "side", "BUY"), 404, "No orderbook exists for the requested token id");
        }
        for (String path : List.of("/tick-size", "/neg-risk")) error(get(path, "token_id", "123456789"), 404, "market not found");
        for (String side : List.of("buy", "", "BID")) error(get("/price", "token_id", open.tokenId(), "side", side), 400, "Invalid side");
        error(get("/price", "token_id", open.tokenId()), 400, "Invalid side");
        error(post("/prices", "[{\"token_id\":\"" + open.tokenId() + "\",\"side\":\"sell\"}]"), 400, "Invalid side");

        StringBuilder tooMany = new StringBuilder();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i <= 500; i++) ids.add(open.tokenId());
        tooMany.append(items(ids, ",\"side\":\"BUY\""));
        for (String path : List.of("/books", "/prices", "/midpoints", "/spreads", "/last-trades-prices")) {
            for (String bad : List.of("{not json", "{}", "[]", "[1,2]", "[{\"id\":\"1\"}]", "[{\"token_id\":1}]")) {
                error(post(path, bad), 400, "Invalid payload");
            }
            error(post(path, tooMany.toString()), 400, "Payload exceeds the limit");
            assertEquals(200, post(path, items(ids.subList(0, 500), ",\"side\":\"BUY\"")).status(), path + ": 500 ids are allowed");
        }

        String s = Long.toString(NOW.minus(Duration.ofDays(1)).getEpochSecond());
        error(get("/ohlc", "asset_id", open.tokenId()), 400, "startTs is required");
        error(get("/ohlc", "startTs", s), 400, "asset_id is required");
        error(get("/ohlc", "asset_id", open.tokenId(), "startTs", s, "fidelity", "2h"), 400, "invalid fidelity: 2h");
        error(get("/ohlc", "asset_id", open.tokenId(), "startTs", s, "fidelity", "60"), 400, "invalid fidelity: 60");
        error(get("/ohlc", "asset_id", open.tokenId(), "startTs", s, "limit", "1001"), 400, "limit cannot exceed 1000");
        error(get("/ohlc", "asset_id", "123456789", "startTs", s), 404, "market not found");
        assertEquals(1000, get("/ohlc", "asset_id", open.tokenId(), "startTs", "0", "fidelity", "1m", "limit", "1000").json().get("candles").size());

        for (String[] bad : List.of(new String[]{"startTs", "yesterday"}, new String[]{"endTs", "-5"}, new String[]{"fidelity", "0"},
                new String[]{"fidelity", "1h"}, new String[]{"interval", "2d"})) {
            Answer a = get("/prices-history", "market", open.tokenId(), bad[0], bad[1]);
            assertEquals(400, a.status(), a.body());
            assertTrue(a.json().get("error").asText().startsWith("invalid filters: "), a.body());
        }
        assertEquals(400, get("/prices-history", "market", open.tokenId(), "interval", "1d", "startTs", s).status(), "interval or a window, not both");
        // A window longer than the live service answers (15 days) is refused with its message; 15 days exactly is answered.
        long end = NOW.getEpochSecond();
        Answer tooLong = get("/prices-history", "market", open.tokenId(), "startTs", Long.toString(end - 15 * 86_400 - 60), "endTs", Long.toString(end));
        assertEquals(400, tooLong.status(), tooLong.body());
        assertTrue(tooLong.json().get("error").asText().startsWith("invalid filters: interval is too long"), tooLong.body());
        assertEquals(200, get("/prices-history", "market", open.tokenId(), "startTs", Long.toString(end - 15 * 86_400), "endTs", Long.toString(end),
                "fidelity", "60").status());
        error(get("/prices-history", "market", "123456789", "interval", "1d"), 404, "market not found");
    }

    @Test
    void theIpWindowsOfTheseReadsAreEnforced() throws Exception {
        List<IpLimit> published = IpLimit.published();
        IpLimit book = published.stream().filter(l -> l.scope().equals("clob.book")).findFirst().orElseThrow();
        assertEquals(1500, book.limit());
        IpLimit tight = new IpLimit(book.scope(), book.service(), book.endpoint(), book.methods(), book.paths(), 5, Duration.ofSeconds(10));
        try (Sandbox small = Sandbox.builder().seed(21).now(NOW).limits(List.of(tight)).build().rejectOverLimit(true)) {
            URI base = small.start().get("clob");
            for (int i = 0; i < 5; i++) assertEquals(200, get(base, "/book", "token_id", open.tokenId()).status());
            Answer refused = get(base, "/book", "token_id", open.tokenId());
            error(refused, 429, "Too Many Requests");
            String retryAfter = refused.raw().headers().firstValue("Retry-After").orElse(null);
            assertNotNull(retryAfter);
            assertTrue(Long.parseLong(retryAfter) >= 1 && Long.parseLong(retryAfter) <= 10, retryAfter);
            assertEquals(200, get(base, "/midpoint", "token_id", open.tokenId()).status(), "another path has its own window");
        }
        // The reads with a window of their own (the rest count against the general CLOB window).
        for (String call : List.of("GET /book", "POST /books", "GET /price", "POST /prices", "GET /midpoint", "POST /midpoints",
                "GET /prices-history", "GET /tick-size")) {
            String[] mp = call.split(" ");
            assertTrue(published.stream().anyMatch(l -> l.service().equals("clob") && !l.paths().contains("*") && l.matches("clob", mp[0], mp[1])), call);
        }
    }
}
