package org.marketlab.sandbox.accounts;

import org.marketlab.sandbox.clob.TypedData;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The order book's account routes over HTTP: L1 key creation and derivation, L2 headers (accepted, and refused when
 * tampered, stale, for another address, with another passphrase or a deleted key), key and builder-key registries,
 * open orders, trades and balances in the live shapes with their filters and cursor walks, every error row of the
 * specification for these routes, and each trade reading the same from the order book as from the Data API.
 */
class ClobAccountsWireTest {

    private static Sandbox sandbox;
    private static Http clob, data;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(7).now(DataApiWireTest.NOW).build().enforceLimits(false);
        clob = new Http(sandbox.start().get("clob"));
        data = new Http(sandbox.urls().get("data"));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    // ---- a client written here, from the facts: EIP-712 ClobAuth signed with web3j, HMAC with the JDK --------------

    static ECKeyPair demo(int n) {
        return ECKeyPair.create(new BigInteger(1, Hash.sha3(("marketlab demo account " + n).getBytes(StandardCharsets.UTF_8))));
    }

    static String address(ECKeyPair k) {
        return Keys.toChecksumAddress(Keys.getAddress(k));
    }

    static Map<String, String> l1(ECKeyPair key, long timestamp, long nonce) {
        String address = address(key);
        byte[] digest = TypedData.clobAuth(address, Long.toString(timestamp), BigInteger.valueOf(nonce),
                "This message attests that I control the given wallet");
        Sign.SignatureData s = Sign.signMessage(digest, key, false);
        byte[] sig = new byte[65];
        System.arraycopy(s.getR(), 0, sig, 0, 32);
        System.arraycopy(s.getS(), 0, sig, 32, 32);
        sig[64] = s.getV()[0];
        Map<String, String> h = new LinkedHashMap<>();
        h.put("POLY_ADDRESS", address);
        h.put("POLY_SIGNATURE", Numeric.toHexString(sig));
        h.put("POLY_TIMESTAMP", Long.toString(timestamp));
        h.put("POLY_NONCE", Long.toString(nonce));
        return h;
    }

    record Creds(String key, String secret, String passphrase) {
        static Creds of(JsonNode n) {
            return new Creds(n.get("apiKey").asText(), n.get("secret").asText(), n.get("passphrase").asText());
        }
    }

    static String hmac(String secret, String message) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getUrlDecoder().decode(secret), "HmacSHA256"));
        return Base64.getUrlEncoder().encodeToString(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
    }

    static Map<String, String> l2(String address, Creds c, String method, String path, String body, long timestamp) throws Exception {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("POLY_ADDRESS", address);
        h.put("POLY_SIGNATURE", hmac(c.secret(), timestamp + method + path + (body == null ? "" : body)));
        h.put("POLY_TIMESTAMP", Long.toString(timestamp));
        h.put("POLY_API_KEY", c.key());
        h.put("POLY_PASSPHRASE", c.passphrase());
        return h;
    }

    static long now() {
        return Instant.now().getEpochSecond();
    }

    /** A signed L2 request; the path signed is the query-less path. */
    static Http.Answer signed(String method, String pathAndQuery, String body, String address, Creds c) throws Exception {
        return signed(clob, method, pathAndQuery, body, address, c);
    }

    static Http.Answer signed(Http server, String method, String pathAndQuery, String body, String address, Creds c) throws Exception {
        String path = pathAndQuery.contains("?") ? pathAndQuery.substring(0, pathAndQuery.indexOf('?')) : pathAndQuery;
        return server.send(method, pathAndQuery, body, l2(address, c, method, path, body, now()));
    }

    static JsonNode ok(Http.Answer a) {
        assertEquals(200, a.status(), a.text());
        return a.body();
    }

    static void error(Http.Answer a, int status, String message) {
        assertEquals(status, a.status(), a.text());
        assertEquals(message, a.body().get("error").asText());
    }

    static Creds derive(ECKeyPair k) {
        return Creds.of(ok(clob.send("GET", "/auth/derive-api-key", null, l1(k, now(), 0))));
    }

    // ---- L1 ------------------------------------------------------------------------------------------------------

    @Test
    void l1CreatesOnceDerivesAfterAndRefusesBadHeaders() throws Exception {
        ECKeyPair k = Keys.createEcKeyPair();
        error(clob.send("GET", "/auth/derive-api-key", null, l1(k, now(), 0)), 400, "Could not derive api key!");
        Creds created = Creds.of(ok(clob.send("POST", "/auth/api-key", null, l1(k, now(), 0))));
        error(clob.send("POST", "/auth/api-key", null, l1(k, now(), 0)), 400, "Could not create api key");
        assertEquals(created, derive(k));
        Creds other = Creds.of(ok(clob.send("POST", "/auth/api-key", null, l1(k, now(), 1))));
        assertNotEquals(created.key(), other.key(), "another nonce, another key");
        assertEquals(32, Base64.getUrlDecoder().decode(created.secret()).length, "a 32-byte secret, base64url");

        // The seeded wallets already hold their first key: create refuses, derive answers it.
        error(clob.send("POST", "/auth/api-key", null, l1(demo(1), now(), 0)), 400, "Could not create api key");
        derive(demo(1));

        // Tampered, stale, for another address, missing.
        Map<String, String> h = l1(k, now(), 0);
        String sig = h.get("POLY_SIGNATURE");
        h.put("POLY_SIGNATURE", sig.substring(0, 10) + (sig.charAt(10) == 'a' ? 'b' : 'a') + sig.substring(11));
        error(clob.send("GET", "/auth/derive-api-key", null, h), 401, "Invalid L1 Request headers");
        error(clob.send("GET", "/auth/derive-api-key", null, l1(k, now() - 3600, 0)), 401, "Invalid L1 Request headers");
        Map<String, String> another = l1(k, now(), 0);
        another.put("POLY_ADDRESS", address(demo(2)));
        error(clob.send("GET", "/auth/derive-api-key", null, another), 401, "Invalid L1 Request headers");
        Map<String, String> missing = l1(k, now(), 0);
        missing.remove("POLY_SIGNATURE");
        error(clob.send("POST", "/auth/api-key", null, missing), 401, "Invalid L1 Request headers");
        // Header names arrive lower-case from one official client.
        Map<String, String> lower = new LinkedHashMap<>();
        l1(k, now(), 0).forEach((name, v) -> lower.put(name.toLowerCase(Locale.ROOT), v));
        assertEquals(created, Creds.of(ok(clob.send("GET", "/auth/derive-api-key", null, lower))));
    }

    // ---- L2 and the key registry ----------------------------------------------------------------------------------------

    @Test
    void l2HeadersAreVerifiedAndKeysListedAndDeleted() throws Exception {
        ECKeyPair k = Keys.createEcKeyPair();
        String a = address(k);
        Creds c = Creds.of(ok(clob.send("POST", "/auth/api-key", null, l1(k, now(), 0))));
        Creds c2 = Creds.of(ok(clob.send("POST", "/auth/api-key", null, l1(k, now(), 5))));
        JsonNode keys = ok(signed("GET", "/auth/api-keys", null, a, c));
        assertEquals(Set.of(c.key(), c2.key()), strings(keys.get("apiKeys")));

        long t = now();
        Map<String, String> h = l2(a, c, "GET", "/auth/api-keys", null, t);
        h.put("POLY_SIGNATURE", hmac(c.secret(), t + "GET" + "/auth/api-key"));
        error(clob.send("GET", "/auth/api-keys", null, h), 401, "Unauthorized/Invalid api key");
        error(clob.send("GET", "/auth/api-keys", null, l2(a, c, "GET", "/auth/api-keys", null, t - 3600)), 401, "Unauthorized/Invalid api key");
        error(clob.send("GET", "/auth/api-keys", null, l2(address(demo(1)), c, "GET", "/auth/api-keys", null, t)), 401,
                "Unauthorized/Invalid api key");
        error(clob.send("GET", "/auth/api-keys", null, l2(a, new Creds(c.key(), c.secret(), "wrong"), "GET", "/auth/api-keys", null, t)), 401,
                "Unauthorized/Invalid api key");
        error(clob.send("GET", "/auth/api-keys", null, l2(a, new Creds(c.key(), c2.secret(), c.passphrase()), "GET", "/auth/api-keys", null, t)),
                401, "Unauthorized/Invalid api key");
        Map<String, String> noKey = l2(a, c, "GET", "/auth/api-keys", null, t);
        noKey.remove("POLY_API_KEY");
        error(clob.send("GET", "/auth/api-keys", null, noKey), 401, "Unauthorized/Invalid api key");
        error(clob.get("/data/orders"), 401, "Unauthorized/Invalid api key");

        // Deleting the key that signs: it stops working; derive has none to give; create makes a new one.
        ok(signed("DELETE", "/auth/api-key", null, a, c));
        error(signed("GET", "/auth/api-keys", null, a, c), 401, "Unauthorized/Invalid api key");
        assertEquals(Set.of(c2.key()), strings(ok(signed("GET", "/auth/api-keys", null, a, c2)).get("apiKeys")));
        error(clob.send("GET", "/auth/derive-api-key", null, l1(k, now(), 0)), 400, "Could not derive api key!");
        Creds fresh = Creds.of(ok(clob.send("POST", "/auth/api-key", null, l1(k, now(), 0))));
        assertNotEquals(c.key(), fresh.key());
        assertNotEquals(c.secret(), fresh.secret());
    }

    private static Set<String> strings(JsonNode a) {
        Set<String> out = new HashSet<>();
        a.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void builderKeysAndHeaders() throws Exception {
        ECKeyPair k = Keys.createEcKeyPair();
        String a = address(k);
        Creds c = Creds.of(ok(clob.send("POST", "/auth/api-key", null, l1(k, now(), 0))));
        JsonNode b = ok(signed("POST", "/auth/builder-api-key", null, a, c));
        Creds builder = new Creds(b.get("key").asText(), b.get("secret").asText(), b.get("passphrase").asText());
        JsonNode list = ok(signed("GET", "/auth/builder-api-key", null, a, c));
        assertEquals(1, list.size());
        assertEquals(builder.key(), list.get(0).get("key").asText());
        assertTrue(list.get(0).get("revokedAt").isNull());

        // Valid builder headers ride along on an L2 request; tampered ones are refused.
        long t = now();
        Map<String, String> h = l2(a, c, "GET", "/data/orders", null, t);
        h.putAll(builderHeaders(builder, "GET", "/data/orders", null, t));
        ok(clob.send("GET", "/data/orders", null, h));
        h.put("POLY_BUILDER_SIGNATURE", hmac(builder.secret(), t + "GET/data/trades"));
        error(clob.send("GET", "/data/orders", null, h), 401, "Unauthorized/Invalid api key");

        // Revoking: with a malformed body, an unknown key, then with the builder's own headers.
        error(signed("DELETE", "/auth/builder-api-key", "{", a, c), 400, "invalid revoke builder api key body");
        error(signed("DELETE", "/auth/builder-api-key", "{\"key\":\"nope\"}", a, c), 500, "could not revoke the builder api key: nope");
        Map<String, String> revoke = builderHeaders(builder, "DELETE", "/auth/builder-api-key", null, now());
        ok(clob.send("DELETE", "/auth/builder-api-key", null, revoke));
        assertFalse(ok(signed("GET", "/auth/builder-api-key", null, a, c)).get(0).get("revokedAt").isNull());
        error(clob.send("DELETE", "/auth/builder-api-key", null, builderHeaders(builder, "DELETE", "/auth/builder-api-key", null, now())),
                401, "Unauthorized/Invalid api key");
        // A second key, revoked with L2 headers and a body naming it.
        String second = ok(signed("POST", "/auth/builder-api-key", null, a, c)).get("key").asText();
        ok(signed("DELETE", "/auth/builder-api-key", "{\"key\":\"" + second + "\"}", a, c));
        // L2 headers alone, as the official V2 client revokes: the address's active builder keys go; with none left, 500.
        ok(signed("POST", "/auth/builder-api-key", null, a, c));
        ok(signed("DELETE", "/auth/builder-api-key", null, a, c));
        for (JsonNode key : ok(signed("GET", "/auth/builder-api-key", null, a, c))) assertFalse(key.get("revokedAt").isNull(), key.toString());
        error(signed("DELETE", "/auth/builder-api-key", null, a, c), 500, "could not revoke the builder api key: no active builder key");
    }

    static Map<String, String> builderHeaders(Creds b, String method, String path, String body, long t) throws Exception {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("POLY_BUILDER_API_KEY", b.key());
        h.put("POLY_BUILDER_PASSPHRASE", b.passphrase());
        h.put("POLY_BUILDER_TIMESTAMP", Long.toString(t));
        h.put("POLY_BUILDER_SIGNATURE", hmac(b.secret(), t + method + path + (body == null ? "" : body)));
        return h;
    }

    // ---- orders, trades, balances ----------------------------------------------------------------------------------------

    /** Every row of an order-book page walk, from MA== until LTE=. */
    static List<JsonNode> walk(String path, String filters, String address, Creds c) throws Exception {
        return walk(clob, path, filters, address, c);
    }

    static List<JsonNode> walk(Http server, String path, String filters, String address, Creds c) throws Exception {
        List<JsonNode> rows = new ArrayList<>();
        String cursor = "MA==";
        for (int i = 0; i < 1000 && !cursor.equals("LTE="); i++) {
            JsonNode page = ok(signed(server, "GET", path + "?next_cursor=" + cursor + (filters.isEmpty() ? "" : "&" + filters), null, address, c));
            page.get("data").forEach(rows::add);
            assertEquals(page.get("data").size(), page.get("count").asInt());
            cursor = page.get("next_cursor").asText();
        }
        return rows;
    }

    @Test
    void openOrdersRestOnTheBooksInTheCapturedShape() throws Exception {
        ECKeyPair k = demo(1);
        String a = address(k);
        Creds c = derive(k);
        JsonNode captured = DataApiWireTest.fixture("clob-open-order.json");
        JsonNode capturedPage = DataApiWireTest.fixture("clob-open-orders-page.json");
        List<JsonNode> orders = walk("/data/orders", "", a, c);
        assertTrue(orders.size() >= 5, "demo 1 has open orders: " + orders.size());
        Set<String> ids = new HashSet<>();
        for (JsonNode o : orders) {
            assertEquals(DataApiWireTest.keys(captured), DataApiWireTest.keys(o), "the captured open order's fields");
            assertTrue(ids.add(o.get("id").asText()));
            assertEquals("LIVE", o.get("status").asText());
            assertEquals(a.toLowerCase(Locale.ROOT), o.get("maker_address").asText());
            assertEquals(c.key(), o.get("owner").asText(), "the owner is the wallet's API key");
            for (String f : List.of("original_size", "price", "size_matched")) assertTrue(o.get(f).asText().matches("[0-9]+\\.[0-9]{4}"), f);
            assertEquals(o, ok(signed("GET", "/data/order/" + o.get("id").asText(), null, a, c)));
            // At an existing level of the book, no larger than it.
            JsonNode book = ok(clob.get("/book?token_id=" + o.get("asset_id").asText()));
            boolean found = false;
            for (JsonNode level : book.get(o.get("side").asText().equals("BUY") ? "bids" : "asks")) {
                if (new BigDecimal(level.get("price").asText()).compareTo(new BigDecimal(o.get("price").asText())) == 0) {
                    found = true;
                    assertTrue(new BigDecimal(level.get("size").asText()).compareTo(new BigDecimal(o.get("original_size").asText())) >= 0);
                }
            }
            assertTrue(found, "resting at a level of the book: " + o);
        }
        assertTrue(DataApiWireTest.keys(ok(signed("GET", "/data/orders", null, a, c))).containsAll(DataApiWireTest.keys(capturedPage)));
        JsonNode first = orders.get(0);
        assertEquals(List.of(first), walk("/data/orders", "id=" + first.get("id").asText(), a, c));
        List<JsonNode> byMarket = walk("/data/orders", "market=" + first.get("market").asText(), a, c);
        assertEquals(orders.stream().filter(o -> o.get("market").equals(first.get("market"))).count(), byMarket.size());
        List<JsonNode> byAsset = walk("/data/orders", "asset_id=" + first.get("asset_id").asText(), a, c);
        assertEquals(orders.stream().filter(o -> o.get("asset_id").equals(first.get("asset_id"))).count(), byAsset.size());
        error(signed("GET", "/data/order/12", null, a, c), 400, "Invalid orderID");
        error(signed("GET", "/data/order/0x" + "ab".repeat(32), null, a, c), 400, "Invalid orderID");
        error(signed("GET", "/data/orders?next_cursor=%25%25", null, a, c), 400, "invalid order params payload");
        // A fresh key of another wallet sees none of them.
        ECKeyPair other = Keys.createEcKeyPair();
        Creds oc = Creds.of(ok(clob.send("POST", "/auth/api-key", null, l1(other, now(), 0))));
        assertEquals(0, walk("/data/orders", "", address(other), oc).size());
        error(signed("GET", "/data/order/" + first.get("id").asText(), null, address(other), oc), 400, "Invalid orderID");
    }

    @Test
    void tradesReadTheSameFromTheOrderBookAndTheDataApi() throws Exception {
        ECKeyPair k = demo(1);
        String a = address(k), lower = a.toLowerCase(Locale.ROOT);
        Creds c = derive(k);
        JsonNode captured = DataApiWireTest.fixture("clob-trade.json");
        List<JsonNode> trades = walk("/data/trades", "", a, c);
        JsonNode v1 = data.ok("/trades?user=" + lower + "&takerOnly=false&limit=10000");
        assertEquals(v1.size(), trades.size(), "every fill of the wallet, once");
        Map<String, JsonNode> byTx = new HashMap<>();
        for (JsonNode t : trades) assertEquals(null, byTx.put(t.get("transaction_hash").asText(), t), "each trade once");
        Set<String> sides = new HashSet<>();
        for (JsonNode d : v1) {
            JsonNode t = byTx.get(d.get("transactionHash").asText());
            assertTrue(DataApiWireTest.keys(t).containsAll(DataApiWireTest.keys(captured)), "the captured trade's fields");
            assertTrue(DataApiWireTest.keys(t.get("maker_orders").get(0)).containsAll(DataApiWireTest.keys(captured.get("maker_orders").get(0))));
            assertEquals(d.get("asset").asText(), t.get("asset_id").asText());
            assertEquals(d.get("conditionId").asText(), t.get("market").asText());
            assertEquals(Long.toString(d.get("timestamp").asLong()), t.get("match_time").asText(), "Unix seconds, as text");
            String role = t.get("trader_side").asText();
            sides.add(role);
            JsonNode mine = role.equals("TAKER") ? t : t.get("maker_orders").get(0);
            assertEquals(lower, mine.get("maker_address").asText());
            assertEquals(c.key(), mine.get("owner").asText());
            assertEquals(0, d.get("price").decimalValue().compareTo(new BigDecimal(mine.get("price").asText())));
            assertEquals(0, d.get("size").decimalValue().compareTo(new BigDecimal(t.get("size").asText())));
            if (role.equals("MAKER")) assertEquals(0, d.get("size").decimalValue().compareTo(new BigDecimal(mine.get("matched_amount").asText())));
            if (role.equals("TAKER")) assertEquals(d.get("side").asText(), t.get("side").asText());
            else assertEquals(d.get("side").asText(), mine.get("side").asText());
        }
        assertEquals(Set.of("TAKER", "MAKER"), sides, "both sides of the book");

        JsonNode one = trades.get(3);
        assertEquals(List.of(one), walk("/data/trades", "id=" + one.get("id").asText(), a, c));
        String market = one.get("market").asText(), asset = one.get("asset_id").asText();
        assertEquals(trades.stream().filter(t -> t.get("market").asText().equals(market)).count(),
                walk("/data/trades", "market=" + market, a, c).size());
        assertEquals(trades.stream().filter(t -> t.get("asset_id").asText().equals(asset)).count(),
                walk("/data/trades", "asset_id=" + asset, a, c).size());
        long mid = Long.parseLong(trades.get(trades.size() / 2).get("match_time").asText());
        assertEquals(trades.stream().filter(t -> Long.parseLong(t.get("match_time").asText()) >= mid).count(),
                walk("/data/trades", "after=" + mid, a, c).size());
        assertEquals(trades.stream().filter(t -> Long.parseLong(t.get("match_time").asText()) <= mid).count(),
                walk("/data/trades", "before=" + mid, a, c).size());
        assertEquals(trades.size(), walk("/data/trades", "maker_address=" + a, a, c).size());
        assertEquals(0, walk("/data/trades", "maker_address=" + address(demo(2)), a, c).size());
        error(signed("GET", "/data/trades?after=yesterday", null, a, c), 400, "Invalid trade params payload");
        error(signed("GET", "/data/trades?next_cursor=!!", null, a, c), 400, "Invalid trade params payload");
    }

    /**
     * The public live-activity feed of a market is its tape's latest hundred trades under their takers, newest first:
     * the same rows as the Data API's taker-only trades, whose seeded wallets' parts it carries too.
     */
    @Test
    void liveActivityIsTheMarketsLatestTradesAsTheDataApiListsThem() {
        String lower = address(demo(1)).toLowerCase(Locale.ROOT);
        JsonNode position = data.ok("/v2/positions?user=" + lower).get("data").get(0);
        String market = position.get("condition_id").asText();
        JsonNode feed = clob.ok("/markets/live-activity/" + market);
        JsonNode tape = data.ok("/trades?market=" + market + "&takerOnly=true&limit=100");
        assertEquals(100, feed.size(), "the latest hundred of a traded market");
        assertEquals(tape.size(), feed.size());
        long newer = Long.MAX_VALUE;
        for (int i = 0; i < feed.size(); i++) {
            JsonNode f = feed.get(i), t = tape.get(i);
            assertEquals("trade", f.get("event_type").asText());
            assertEquals(market, f.get("market").get("condition_id").asText());
            assertEquals(t.get("asset").asText(), f.get("market").get("asset_id").asText());
            assertEquals(t.get("transactionHash").asText(), f.get("transaction_hash").asText(), "row " + i);
            assertEquals(t.get("proxyWallet").asText(), f.get("user").get("address").asText(), "the taker, row " + i);
            assertEquals(t.get("side").asText(), f.get("side").asText());
            assertEquals(0, t.get("price").decimalValue().compareTo(new BigDecimal(f.get("price").asText())));
            assertEquals(0, t.get("size").decimalValue().compareTo(new BigDecimal(f.get("size").asText())));
            long time = Long.parseLong(f.get("timestamp").asText());
            assertEquals(t.get("timestamp").asLong(), time);
            assertTrue(time <= newer, "newest first");
            newer = time;
        }

        String other = data.ok("/v2/positions?user=" + lower).get("data").get(1).get("condition_id").asText();
        Http.Answer both = clob.send("POST", "/markets/live-activity", "[\"" + market + "\", {\"condition_id\": \"" + other + "\"}]",
                Map.of("Content-Type", "application/json"));
        assertEquals(200, both.status(), both.text());
        JsonNode otherFeed = clob.ok("/markets/live-activity/" + other);
        assertEquals(feed.size() + otherFeed.size(), both.body().size(), "each market's feed, in the order asked");
        assertEquals(feed.get(0), both.body().get(0));
        assertEquals(otherFeed.get(0), both.body().get(feed.size()));

        assertEquals("Invalid market", clob.refused(400, "/markets/live-activity/0x1234"));
        assertEquals("market not found", clob.refused(404, "/markets/live-activity/0x" + "ab".repeat(32)));
        error(clob.send("POST", "/markets/live-activity", "{\"condition_id\": \"" + market + "\"}", Map.of()), 400, "Invalid payload");
    }

    @Test
    void builderTradesArePublicAndPaged() {
        String code = sandbox.wallets().builderCode();
        List<JsonNode> rows = new ArrayList<>();
        String cursor = "MA==";
        while (!cursor.equals("LTE=")) {
            JsonNode page = clob.ok("/builder/trades?builder_code=" + code + "&next_cursor=" + cursor);
            page.get("data").forEach(rows::add);
            cursor = page.get("next_cursor").asText();
        }
        assertTrue(rows.size() > 100, "several pages: " + rows.size());
        assertEquals(rows.size(), rows.stream().map(r -> r.get("id").asText()).distinct().count());
        for (JsonNode r : rows) assertEquals(code, r.get("builderCode").asText());
        assertEquals(0, clob.ok("/builder/trades?builder_code=0x" + "12".repeat(32)).get("data").size());
        assertEquals("invalid builder trade params", clob.refused(400, "/builder/trades"));
        assertEquals("invalid builder trade params", clob.refused(400, "/builder/trades?builder_code=0x" + "0".repeat(64)));
    }

    @Test
    void balanceAndAllowance() throws Exception {
        ECKeyPair k = demo(1);
        String a = address(k);
        Creds c = derive(k);
        JsonNode collateral = ok(signed("GET", "/balance-allowance?asset_type=COLLATERAL&signature_type=0", null, a, c));
        // The captured answer's fields, and the allowances map the official Python client's model requires (as on a token).
        assertTrue(DataApiWireTest.keys(collateral).containsAll(DataApiWireTest.keys(DataApiWireTest.fixture("clob-balance-allowance-collateral.json"))));
        assertTrue(collateral.get("allowances").size() >= 2, collateral.toString());
        assertTrue(collateral.get("balance").asText().matches("[0-9]+") && new BigInteger(collateral.get("balance").asText()).signum() > 0);
        assertEquals(collateral, ok(signed("GET", "/balance-allowance/update?asset_type=COLLATERAL&signature_type=0", null, a, c)));

        JsonNode position = data.ok("/v2/positions?user=" + a.toLowerCase(Locale.ROOT) + "&limit=500").get("data").get(0);
        String token = position.get("token_id").asText();
        JsonNode conditional = ok(signed("GET", "/balance-allowance?asset_type=CONDITIONAL&token_id=" + token, null, a, c));
        JsonNode capturedConditional = DataApiWireTest.fixture("clob-balance-allowance-conditional.json");
        assertEquals(DataApiWireTest.keys(capturedConditional), DataApiWireTest.keys(conditional));
        assertEquals(3, conditional.get("allowances").size());
        BigDecimal sellOrders = BigDecimal.ZERO;
        for (JsonNode o : walk("/data/orders", "asset_id=" + token, a, c)) {
            if (o.get("side").asText().equals("SELL")) sellOrders = sellOrders.add(new BigDecimal(o.get("original_size").asText()));
        }
        assertEquals(position.get("current_size").decimalValue().subtract(sellOrders).movePointRight(6).toBigIntegerExact(),
                new BigInteger(conditional.get("balance").asText()), "shares held less those offered, in base units");

        error(signed("GET", "/balance-allowance?asset_type=STOCK", null, a, c), 400, "Invalid asset type");
        error(signed("GET", "/balance-allowance", null, a, c), 400, "Invalid asset type");
        error(signed("GET", "/balance-allowance?asset_type=COLLATERAL&signature_type=7", null, a, c), 400, "Invalid signature_type");
        error(signed("GET", "/balance-allowance/update?asset_type=COLLATERAL&signature_type=4", null, a, c), 400, "Invalid signature_type");
        // POLY_1271 (deposit wallets), as the V2 clients sign: accepted, a departure from the specification's row of three.
        for (String t : List.of("EOA", "POLY_PROXY", "GNOSIS_SAFE", "POLY_1271", "1", "2", "3")) {
            ok(signed("GET", "/balance-allowance?asset_type=COLLATERAL&signature_type=" + t, null, a, c));
        }
        error(signed("GET", "/balance-allowance?asset_type=CONDITIONAL", null, a, c), 400, "Invalid token id");
        error(clob.get("/balance-allowance?asset_type=COLLATERAL"), 401, "Unauthorized/Invalid api key");
    }

    /**
     * Demo wallet 3 trades through a proxy wallet: the Data API has nothing under its signer's address and its whole
     * history under the proxy; its API key reads the proxy's orders and trades (the proxy as their maker), and the
     * balance is the signer's own under EOA (nothing) and the proxy's under POLY_PROXY or GNOSIS_SAFE.
     */
    @Test
    void demoThreeTradesThroughAProxyWallet() throws Exception {
        ECKeyPair k = demo(3);
        String signer = address(k), lower = signer.toLowerCase(Locale.ROOT);
        String proxy = sandbox.wallets().proxyWallet(signer);
        assertTrue(proxy != null && !proxy.equals(lower));
        assertEquals(null, sandbox.wallets().proxyWallet(address(demo(1))));
        assertEquals(0, data.ok("/v2/positions?user=" + lower).get("data").size(), "nothing under the signer");
        assertEquals(0, data.ok("/trades?user=" + lower + "&takerOnly=false").size());
        assertTrue(data.ok("/v2/positions?user=" + proxy).get("data").size() > 0, "the history sits under the proxy");
        JsonNode proxyTrades = data.ok("/trades?user=" + proxy + "&takerOnly=false&limit=10000");

        Creds c = derive(k);
        List<JsonNode> orders = walk("/data/orders", "", signer, c);
        assertFalse(orders.isEmpty());
        for (JsonNode o : orders) {
            assertEquals(proxy, o.get("maker_address").asText(), "the proxy is the orders' maker");
            assertEquals(c.key(), o.get("owner").asText());
        }
        List<JsonNode> trades = walk("/data/trades", "", signer, c);
        assertEquals(proxyTrades.size(), trades.size());
        assertEquals(trades.size(), walk("/data/trades", "maker_address=" + proxy, signer, c).size());
        assertEquals(0, walk("/data/trades", "maker_address=" + signer, signer, c).size());

        String eoa = ok(signed("GET", "/balance-allowance?asset_type=COLLATERAL", null, signer, c)).get("balance").asText();
        assertEquals("0", eoa, "the signer's own address holds no collateral");
        String viaProxy = ok(signed("GET", "/balance-allowance?asset_type=COLLATERAL&signature_type=1", null, signer, c)).get("balance").asText();
        assertTrue(new BigInteger(viaProxy).signum() > 0);
        assertEquals(viaProxy, ok(signed("GET", "/balance-allowance?asset_type=COLLATERAL&signature_type=GNOSIS_SAFE", null, signer, c))
                .get("balance").asText());
        Creds c1 = derive(demo(1));
        assertEquals("0", ok(signed("GET", "/balance-allowance?asset_type=COLLATERAL&signature_type=POLY_PROXY", null, address(demo(1)), c1))
                .get("balance").asText(), "demo 1 has no proxy wallet");
    }
}
