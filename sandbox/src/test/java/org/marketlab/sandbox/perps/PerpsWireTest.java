package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.TextFrames;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.crypto.StructuredDataEncoder;
import org.web3j.utils.Numeric;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The perpetuals interface over the wire, driven by a client of this test's own: EIP-712 hashed by web3j's
 * {@link StructuredDataEncoder} (neither the sandbox's code nor the toolkit's), MessagePack of the simple
 * operations written byte by byte, plain HTTP and WebSocket.
 */
class PerpsWireTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static Sandbox sandbox;
    private static URI base;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(21).now(NOW).build();
        base = sandbox.start().get("perps");
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    // ---- a small client ---------------------------------------------------------------------------------------------

    private record Key(ECKeyPair pair, String address) {
        static Key random() {
            try {
                return of(Keys.createEcKeyPair());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        /** The key of a fixed private key: its account, and so the account's draws, are the same in every run. */
        static Key fixed(long privateKey) {
            return of(ECKeyPair.create(java.math.BigInteger.valueOf(privateKey)));
        }

        private static Key of(ECKeyPair p) {
            return new Key(p, "0x" + Keys.getAddress(p.getPublicKey()));
        }

        String sign(byte[] digest) {
            Sign.SignatureData s = Sign.signMessage(digest, pair, false);
            return Numeric.toHexString(s.getR()) + Numeric.toHexStringNoPrefix(s.getS()) + Numeric.toHexStringNoPrefix(s.getV());
        }
    }

    private static byte[] typedData(String domain, String primaryType, String fields, ObjectNode message) {
        ObjectNode td = JSON.createObjectNode();
        ObjectNode types = td.putObject("types");
        types.set("EIP712Domain", JSON.valueToTree(List.of(field("name", "string"), field("version", "string"), field("chainId", "uint256"))));
        ArrayNode f = types.putArray(primaryType);
        for (String nt : fields.split(",")) f.add(field(nt.split(" ")[1], nt.split(" ")[0]));
        td.put("primaryType", primaryType);
        td.putObject("domain").put("name", domain).put("version", "1").put("chainId", 137);
        td.set("message", message);
        try {
            return new StructuredDataEncoder(td.toString()).hashStructuredData();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode field(String name, String type) {
        return JSON.createObjectNode().put("name", name).put("type", type);
    }

    private static byte[] createProxyDigest(String domain, String proxy, long exp, long salt, long ts) {
        return typedData(domain, "CreateProxy", "address addr,uint64 exp,uint64 salt,uint64 ts",
                JSON.createObjectNode().put("addr", proxy).put("exp", exp).put("salt", salt).put("ts", ts));
    }

    private static byte[] opDigest(String domain, byte[] msgpack, long salt, long ts) {
        return typedData(domain, "Op", "bytes32 data,uint64 salt,uint64 ts",
                JSON.createObjectNode().put("data", Numeric.toHexString(Hash.sha3(msgpack))).put("salt", salt).put("ts", ts));
    }

    /** {@code ["cancelOrders", [oid...]]} for oids in 65,536..4,294,967,295, written byte by byte. */
    private static byte[] cancelMsgpack(long... oids) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(0x92);
        str(b, "cancelOrders");
        b.write(0x90 | oids.length);
        for (long oid : oids) {
            b.write(0xce);
            for (int shift = 24; shift >= 0; shift -= 8) b.write((int) (oid >>> shift) & 0xff);
        }
        return b.toByteArray();
    }

    /** {@code ["deleteProxy", [proxy]]}, written byte by byte. */
    private static byte[] deleteMsgpack(String proxy) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(0x92);
        str(b, "deleteProxy");
        b.write(0x91);
        str(b, proxy);
        return b.toByteArray();
    }

    private static void str(ByteArrayOutputStream b, String s) {
        byte[] u = s.getBytes(StandardCharsets.UTF_8);
        if (u.length < 32) b.write(0xa0 | u.length);
        else {
            b.write(0xd9);
            b.write(u.length);
        }
        b.writeBytes(u);
    }

    private static HttpResponse<String> send(String method, String pathAndQuery, String body, String... headers) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(base.resolve(pathAndQuery))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (headers.length > 0) r.headers(headers);
        return HTTP.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode ok(HttpResponse<String> r) throws Exception {
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    /** A failure: the status, and the body {status: err, error} whose error contains {@code why}. */
    private static void refused(int status, String why, HttpResponse<String> r) throws Exception {
        assertEquals(status, r.statusCode(), r.body());
        JsonNode b = JSON.readTree(r.body());
        assertEquals("err", b.path("status").asText(), r.body());
        assertTrue(b.path("error").asText().contains(why), r.body());
        assertEquals(2, b.size(), "exactly {status, error}: " + r.body());
    }

    private record Registered(Key owner, Key proxy, String secret) {
        String[] headers() {
            return new String[]{"SERVICE-PROXY", proxy.address(), "SERVICE-SECRET", secret};
        }
    }

    private static String createProxyBody(Key owner, String proxy, long expiry, long salt, long ts, String sig) {
        ObjectNode b = JSON.createObjectNode();
        b.putObject("op").put("type", "createProxy").putObject("args").put("owner", owner.address()).put("proxy", proxy).put("expiry", expiry);
        return b.put("salt", salt).put("ts", ts).put("sig", sig).put("label", "wire").toString();
    }

    private static Registered register(Key owner, String domain, long lifetimeMs) throws Exception {
        Key proxy = Key.random();
        long ts = System.currentTimeMillis(), exp = ts + lifetimeMs, salt = 3_000_000_000L;
        JsonNode r = ok(send("POST", "/v1/account/proxy", createProxyBody(owner, proxy.address(), exp, salt, ts,
                owner.sign(createProxyDigest(domain, proxy.address(), exp, salt, ts)))));
        assertEquals("ok", r.path("status").asText());
        return new Registered(owner, proxy, r.path("secret").asText());
    }

    // ---- tests ------------------------------------------------------------------------------------------------------

    @Test
    void accountsAreGeneratedFromTheSeedAndTheOwnerAlone() {
        String owner = Key.random().address();
        PerpsAccount a = sandbox.perps().account(owner);
        assertEquals(a.withdrawals(), new PerpsAccount(owner.toUpperCase().replace("0X", "0x"), 21, NOW.toEpochMilli(), NOW::toEpochMilli).withdrawals(),
                "the same seed and owner (in any case) give the same account");
        assertEquals(a.funding(), new PerpsAccount(owner, 21, NOW.toEpochMilli(), NOW::toEpochMilli).funding());
        assertNotEquals(a.withdrawals(), new PerpsAccount(owner, 22, NOW.toEpochMilli(), NOW::toEpochMilli).withdrawals(), "another seed, another account");
        assertNotEquals(a.withdrawals(), sandbox.perps().account(Key.random().address()).withdrawals(), "another owner, another account");

        long lo = NOW.minus(Duration.ofDays(90)).toEpochMilli(), hi = NOW.toEpochMilli();
        assertTrue(a.withdrawals().size() > 100 && a.internalTransfers().size() > 100 && a.funding().size() > 100);
        Set<String> statuses = new HashSet<>();
        for (JsonNode w : a.withdrawals()) {
            statuses.add(w.get("status").asText());
            assertEquals(w.get("status").asText().equals("confirmed"), w.has("confirmed_timestamp"), "only a confirmed withdrawal has a confirmation time");
            assertEquals(w.get("status").asText().equals("pending") || w.get("status").asText().equals("removed"), w.get("hash").asText().equals("0x"));
            assertTrue(w.get("amount").isTextual() && w.get("fee").isTextual() && w.get("withdraw_id").isIntegralNumber());
            long t = PerpsAccount.pagingTime(w);
            assertTrue(t >= lo && t <= hi);
        }
        assertEquals(Set.of("pending", "confirmed", "removed", "failed"), statuses);
        assertEquals(Set.of("in", "out"), new HashSet<>(a.internalTransfers().stream().map(t -> t.get("direction").asText()).toList()));
        Set<Long> instruments = new HashSet<>(a.funding().stream().map(f -> f.get("instrument_id").asLong()).toList());
        assertEquals(3, instruments.size());
        assertTrue(instruments.stream().allMatch(i -> i >= 1 && i <= 8), "listed instruments: " + instruments);
        long first = a.funding().stream().mapToLong(f -> f.get("timestamp").asLong()).min().orElseThrow();
        long last = a.funding().stream().mapToLong(f -> f.get("timestamp").asLong()).max().orElseThrow();
        assertTrue(first >= lo && last <= hi && last - first > Duration.ofDays(89).toMillis(), "funding over 90 days");
        assertFalse(a.openOrders().isEmpty());
        assertTrue(a.openOrders().stream().allMatch(o -> o.get("coid").asText().matches("[0-9a-f]{32}")));
    }

    @Test
    void registerListReadPageAndDelete() throws Exception {
        Key owner = Key.random();
        Registered r = register(owner, "MarketLab Sandbox", 3_600_000);
        Registered live = register(owner, "Polymarket", 7_200_000);
        JsonNode creds = ok(send("GET", "/v1/account/credentials", null, r.headers()));
        assertEquals(owner.address(), creds.path("address").asText());
        assertEquals(2, creds.path("keys").size(), "both proxies of the owner, from either");
        assertEquals(r.proxy().address(), creds.path("keys").get(0).path("proxy").asText());
        assertEquals("wire", creds.path("keys").get(0).path("label").asText());
        assertTrue(creds.path("keys").get(0).path("expiry").asLong() > System.currentTimeMillis());

        // Paging as the official client does, against the account the sandbox generated.
        PerpsAccount account = sandbox.perps().account(owner.address());
        List<Long> want = account.withdrawals().stream()
                .sorted(Comparator.<JsonNode>comparingLong(PerpsAccount::pagingTime).thenComparingLong(w -> w.get("withdraw_id").asLong()).reversed())
                .map(w -> w.get("withdraw_id").asLong()).toList();
        List<Long> got = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        long end = System.currentTimeMillis();
        int requests = 0;
        while (true) {
            JsonNode page = ok(send("GET", "/v1/account/withdrawals?start_timestamp=0&end_timestamp=" + end, null, live.headers()));
            requests++;
            assertTrue(page.path("data").size() <= 100);
            for (JsonNode w : page.path("data")) if (seen.add(w.get("withdraw_id").asLong())) got.add(w.get("withdraw_id").asLong());
            if (!page.path("more").asBoolean()) break;
            end = PerpsAccount.pagingTime(page.path("data").get(page.path("data").size() - 1));
        }
        assertEquals(want, got);
        assertTrue(requests >= 2);

        JsonNode confirmed = ok(send("GET", "/v1/account/withdrawals?withdrawal_status=confirmed", null, r.headers()));
        assertTrue(confirmed.path("data").size() > 0);
        for (JsonNode w : confirmed.path("data")) assertEquals("confirmed", w.path("status").asText());
        JsonNode out = ok(send("GET", "/v1/account/internal-transfers?direction=out&start_timestamp=0", null, r.headers()));
        for (JsonNode t : out.path("data")) assertEquals("out", t.path("direction").asText());
        // The instrument with the most charges pages past the first 100; the largest id there can be is a valid filter.
        long busiest = account.funding().stream().collect(java.util.stream.Collectors.groupingBy(f -> f.get("instrument_id").asLong(),
                java.util.stream.Collectors.counting())).entrySet().stream().max(java.util.Map.Entry.comparingByValue()).orElseThrow().getKey();
        JsonNode one = ok(send("GET", "/v1/account/funding?instrument_id=" + busiest, null, r.headers()));
        for (JsonNode f : one.path("data")) assertEquals(busiest, f.path("instrument_id").asLong());
        assertTrue(one.path("more").asBoolean());
        assertEquals(0, ok(send("GET", "/v1/account/funding?instrument_id=4294967295", null, r.headers())).path("data").size());
        refused(400, "instrument_id", send("GET", "/v1/account/funding?instrument_id=4294967296", null, r.headers()));
        refused(400, "after", send("GET", "/v1/account/funding?start_timestamp=20&end_timestamp=10", null, r.headers()));
        refused(400, "direction", send("GET", "/v1/account/internal-transfers?direction=both", null, r.headers()));
        refused(400, "withdrawal_status", send("GET", "/v1/account/withdrawals?withdrawal_status=lost", null, r.headers()));
        refused(400, "unknown query parameter", send("GET", "/v1/account/withdrawals?limit=500", null, r.headers()));
        refused(401, "missing proxy headers", send("GET", "/v1/account/funding", null));

        // deleteProxy: the owner's Op over ["deleteProxy", [proxy]].
        long ts = System.currentTimeMillis(), salt = 9;
        String proxy = r.proxy().address();
        String body = "{\"op\":{\"type\":\"deleteProxy\",\"args\":{\"proxy\":\"" + proxy + "\"}},\"salt\":" + salt + ",\"ts\":" + ts + ",\"sig\":\"%s\"}";
        refused(401, "invalid signature", send("DELETE", "/v1/account/proxy",
                body.formatted(r.proxy().sign(opDigest("MarketLab Sandbox", deleteMsgpack(proxy), salt, ts)))));
        refused(401, "invalid signature", send("DELETE", "/v1/account/proxy",
                body.formatted(owner.sign(opDigest("MarketLab Sandbox", deleteMsgpack(proxy.toUpperCase().replace("0X", "0x")), salt, ts)))));
        assertEquals("ok", ok(send("DELETE", "/v1/account/proxy", body.formatted(owner.sign(opDigest("Polymarket", deleteMsgpack(proxy), salt, ts)))))
                .path("status").asText());
        refused(401, "invalid proxy credentials", send("GET", "/v1/account/portfolio", null, r.headers()));
        refused(404, "not found", send("DELETE", "/v1/account/proxy", body.formatted(owner.sign(opDigest("Polymarket", deleteMsgpack(proxy), salt, ts)))));
        assertEquals(1, ok(send("GET", "/v1/account/credentials", null, live.headers())).path("keys").size());
    }

    @Test
    void signedOperationsOverRestAndTheChannel() throws Exception {
        Key owner = Key.random();
        Registered r = register(owner, "MarketLab Sandbox", 3_600_000);
        PerpsAccount account = sandbox.perps().account(owner.address());
        JsonNode open = ok(send("GET", "/v1/account/open-orders", null, r.headers()));
        assertEquals(account.openOrders().size(), open.size());
        assertEquals(account.openOrders().get(0).get("oid").asLong(), open.get(0).path("order_id").asLong(), "the official client's long names");
        assertEquals(account.openOrders().get(0).get("coid").asText(), open.get(0).path("client_order_id").asText());

        // Modify: one result per entry; the margin is checked.
        String coid = account.openOrders().get(0).get("coid").asText();
        MessageBufferPacker pk = MessagePack.newDefaultBufferPacker();
        pk.packArrayHeader(2).packString("modifyOrdersCOID").packArrayHeader(2);
        pk.packArrayHeader(3).packString(coid).packString("150.25").packString("0.5");
        pk.packArrayHeader(3).packString(account.openOrders().get(1).get("coid").asText()).packString("99999").packString("99999");
        long ts = System.currentTimeMillis(), salt = 1;
        ObjectNode modify = JSON.createObjectNode();
        ArrayNode args = modify.putObject("op").put("type", "modifyOrdersCOID").putArray("args");
        args.addObject().put("coid", coid).put("p", "150.25").put("qty", "0.5");
        args.addObject().put("coid", account.openOrders().get(1).get("coid").asText()).put("p", "99999").put("qty", "99999");
        modify.put("salt", salt).put("ts", ts).put("sig", r.proxy().sign(opDigest("MarketLab Sandbox", pk.toByteArray(), salt, ts)));
        JsonNode results = ok(send("PATCH", "/v1/trade/orders-coid", modify.toString()));
        assertEquals("ok", results.get(0).path("status").asText());
        JsonNode order = results.get(0).path("order");
        for (String f : List.of("oid", "iid", "buy", "p", "qty", "tif", "po", "ro", "status", "rest", "fill", "cts", "uts", "coid")) {
            assertTrue(order.has(f), "the modified order carries " + f);
        }
        assertEquals("150.25", order.path("p").asText());
        assertEquals("err", results.get(1).path("status").asText());
        assertEquals("insufficient_margin", results.get(1).path("error").asText());

        // Cancel over REST, the bytes signed written by hand.
        long oid = account.openOrders().get(2).get("oid").asLong();
        ts = System.currentTimeMillis();
        String cancel = "{\"op\":{\"type\":\"cancelOrders\",\"args\":[" + oid + ",4000000]},\"salt\":2,\"ts\":" + ts + ",\"exp\":" + (ts + 10_000)
                + ",\"sig\":\"" + r.proxy().sign(opDigest("MarketLab Sandbox", cancelMsgpack(oid, 4_000_000), 2, ts)) + "\"}";
        JsonNode c = ok(send("DELETE", "/v1/trade/orders", cancel));
        assertEquals("ok", c.get(0).path("status").asText());
        assertEquals(oid, c.get(0).path("oid").asLong());
        assertTrue(c.get(0).path("ts").asLong() >= ts);
        assertFalse(c.get(0).has("coid"));
        assertEquals("err", c.get(1).path("status").asText());
        refused(401, "invalid signature", send("DELETE", "/v1/trade/orders", cancel.replace("[" + oid, "[" + (oid + 1))));

        // The real-time channel: auth, ping, sub, and a signed cancel.
        Channel ch = new Channel(sandbox.urls().get("perps_ws").resolve("/v1/ws"));
        JsonNode early = ch.ask("{\"id\":1,\"req\":\"sub\",\"chs\":[\"orders\"]}");
        assertEquals("err", early.path("data").path("status").asText(), "subscribing needs authentication");
        JsonNode bad = ch.ask("{\"id\":2,\"req\":\"post\",\"op\":{\"type\":\"auth\",\"args\":{\"proxy\":\"" + r.proxy().address() + "\",\"secret\":\"nope\"}}}");
        assertEquals(2, bad.path("id").asInt());
        assertEquals("err", bad.path("data").path("status").asText());
        assertTrue(bad.path("data").path("error").isTextual());
        assertFalse(bad.path("data").has("pod"), "no pod on a failure");
        JsonNode auth = ch.ask("{\"id\":3,\"req\":\"post\",\"op\":{\"type\":\"auth\",\"args\":{\"proxy\":\"" + r.proxy().address() + "\",\"secret\":\"" + r.secret() + "\"}}}");
        assertEquals("ok", auth.path("data").path("status").asText());
        assertNotNull(auth.path("data").path("pod").asText(null));
        JsonNode ping = ch.ask("{\"id\":4,\"req\":\"post\",\"op\":{\"type\":\"ping\"}}");
        assertTrue(Math.abs(ping.path("data").path("ts").asLong() - System.currentTimeMillis()) < 5_000);
        assertTrue(ping.path("data").has("sq"));
        sandbox.perps().market().fillInterval(0).portfolioInterval(0); // nothing but the cancel below changes the orders
        assertEquals("ok", ch.ask("{\"id\":5,\"req\":\"sub\",\"chs\":[\"orders\",\"fills\",\"portfolio\"]}").path("data").path("status").asText());
        long oid2 = account.openOrders().get(3).get("oid").asLong();
        ts = System.currentTimeMillis();
        JsonNode wsCancel = ch.ask("{\"id\":6,\"req\":\"post\",\"op\":{\"type\":\"cancelOrders\",\"args\":[" + oid2 + "]},\"salt\":7,\"ts\":" + ts
                + ",\"sig\":\"" + r.proxy().sign(opDigest("Polymarket", cancelMsgpack(oid2), 7, ts)) + "\"}");
        assertEquals(6, wsCancel.path("id").asInt());
        assertEquals("ok", wsCancel.path("data").get(0).path("status").asText(), wsCancel.toString());
        assertEquals(oid2, wsCancel.path("data").get(0).path("oid").asLong());
        assertEquals(List.of(), ch.pushed, "the reply comes first (the official npm client waits for an order's update once it has the ack)");
        ch.ask("{\"id\":8,\"req\":\"post\",\"op\":{\"type\":\"ping\"}}");
        assertEquals(List.of("orders", "portfolio"), ch.pushed.stream().map(f -> f.path("ch").asText()).toList(),
                "then the cancellation and the margin it frees");
        JsonNode frame = ch.pushed.get(0);
        assertEquals(oid2, frame.path("data").path("oid").asLong());
        assertEquals("cancelled", frame.path("data").path("status").asText());
        assertEquals(1, frame.path("sq").asLong(), "the first frame of its channel on this connection");
        JsonNode unknown = ch.ask("{\"id\":7,\"req\":\"post\",\"op\":{\"type\":\"placeEverything\"}}");
        assertEquals("err", unknown.path("data").path("status").asText());
        assertTrue(unknown.path("data").path("error").asText().startsWith("unknown frame"), unknown.toString());
        assertEquals(2, ch.ask("{\"id\":8,\"req\":\"post\",\"op\":{\"type\":\"ping\"}}").path("data").path("sq").asLong(),
                "the ping's sq counts the frames pushed on the connection");
        ch.close();
        assertTrue(sandbox.perps().channel().authentications() >= 1);
        assertEquals(10, account.openOrders().size(), "two of twelve cancelled");
    }

    @Test
    void channelFaultsAndFillsOverTheControlPath() throws Exception {
        Key owner = Key.random();
        Registered r = register(owner, "MarketLab Sandbox", 3_600_000);
        sandbox.perps().market().fillInterval(0).portfolioInterval(0);
        Channel ch = new Channel(sandbox.urls().get("perps_ws").resolve("/v1/ws"));
        ch.ask("{\"id\":1,\"req\":\"post\",\"op\":{\"type\":\"auth\",\"args\":{\"proxy\":\"" + r.proxy().address() + "\",\"secret\":\"" + r.secret() + "\"}}}");
        assertEquals("ok", ch.ask("{\"id\":2,\"req\":\"sub\",\"chs\":[\"orders\",\"fills\",\"portfolio\"]}").path("data").path("status").asText());
        String fill = "{\"fillNow\":\"" + owner.address() + "\"}";
        // The faults below count the connections they touch: the other tests' channels must have gone first (a
        // client's close completes before the server forgets the connection).
        awaitOpenConnections(1);

        // A fill pushes orders, fills (an array, as the official client reads it) and portfolio; one dropped: a gap.
        ok(send("POST", "/__sandbox/perps", "{\"dropFrames\":1}"));
        JsonNode made = ok(send("POST", "/__sandbox/perps", fill)).path("fill");
        assertTrue(made.has("tid") && made.has("psz") && made.has("pep") && made.has("adl"), made.toString());
        JsonNode fills = ch.next();
        assertEquals("fills", fills.path("ch").asText(), "the orders frame was dropped: " + fills);
        assertEquals(1, fills.path("sq").asLong());
        assertEquals(made.get("tid").asLong(), fills.path("data").get(0).path("tid").asLong());
        assertEquals("portfolio", ch.next().path("ch").asText());
        ok(send("POST", "/__sandbox/perps", fill));
        JsonNode orders = ch.next();
        assertEquals("orders", orders.path("ch").asText());
        assertEquals(2, orders.path("sq").asLong(), "sq 1 of orders never arrived");
        ch.next();
        ch.next();

        // A duplicated frame arrives twice with the same sq.
        ok(send("POST", "/__sandbox/perps", "{\"duplicateFrames\":1,\"fillNow\":\"" + owner.address() + "\"}"));
        JsonNode once = ch.next(), twice = ch.next();
        assertEquals(once, twice);
        assertEquals(3, once.path("sq").asLong());
        ch.next();
        ch.next();

        // Silence: no pongs; then the connection is closed without a close frame.
        assertEquals(1, ok(send("POST", "/__sandbox/perps", "{\"silence\":true}")).path("silenced").asInt());
        ch.send("{\"id\":9,\"req\":\"post\",\"op\":{\"type\":\"ping\"}}");
        assertEquals(null, ch.pollText(1_000), "a silent connection does not answer");
        assertEquals(1, ok(send("POST", "/__sandbox/perps", "{\"closeConnections\":true}")).path("closed").asInt());
        ch.closed.get(30, TimeUnit.SECONDS); // the client sees the connection end
        assertEquals(400, send("POST", "/__sandbox/perps", "{\"delayMillis\":-1}").statusCode());
        assertEquals(400, send("POST", "/__sandbox/perps", "[1]").statusCode());
        ok(send("POST", "/__sandbox/perps", "{\"clear\":true}"));
    }

    /**
     * A refusal never follows an effect: a command on the channel signed by another account's proxy is refused before it
     * touches that account (its order stays open, no order is placed), and a REST cancel-all whose signature does not
     * verify cancels nothing. Then the account's own proxy places an order on the channel (createOrders), reads it back
     * and cancels everything over REST.
     */
    @Test
    void aCommandIsCheckedBeforeItActs() throws Exception {
        Registered a = register(Key.random(), "Polymarket", 3_600_000);
        Registered b = register(Key.random(), "Polymarket", 3_600_000);
        PerpsAccount other = sandbox.perps().account(b.owner().address());
        sandbox.perps().market().fillInterval(0).portfolioInterval(0);
        long victim = other.openOrders().get(0).get("oid").asLong();
        int before = other.openOrders().size();

        Channel ch = new Channel(sandbox.urls().get("perps_ws").resolve("/v1/ws"));
        ch.ask("{\"id\":1,\"req\":\"post\",\"op\":{\"type\":\"auth\",\"args\":{\"proxy\":\"" + a.proxy().address() + "\",\"secret\":\"" + a.secret() + "\"}}}");
        long ts = System.currentTimeMillis();
        JsonNode foreign = ch.ask("{\"id\":2,\"req\":\"post\",\"op\":{\"type\":\"cancelOrders\",\"args\":[" + victim + "]},\"salt\":9,\"ts\":" + ts
                + ",\"sig\":\"" + b.proxy().sign(opDigest("Polymarket", cancelMsgpack(victim), 9, ts)) + "\"}");
        assertEquals("err", foreign.path("data").path("status").asText(), foreign.toString());
        assertTrue(foreign.path("data").path("error").asText().contains("not a proxy of the authenticated account"), foreign.toString());
        assertEquals(before, other.openOrders().size(), "the other account's order was not touched");
        assertTrue(other.openOrders().stream().anyMatch(o -> o.get("oid").asLong() == victim));

        // createOrders, signed over the compact form without its nulls: by the other account's proxy, refused; by its own, placed.
        MessageBufferPacker pk = MessagePack.newDefaultBufferPacker();
        pk.packArrayHeader(2).packString("createOrders").packArrayHeader(1).packArrayHeader(6)
                .packLong(6).packBoolean(true).packString("10000.0").packString("0.002").packString("gtc").packBoolean(false);
        byte[] create = pk.toByteArray();
        String body = "{\"type\":\"createOrders\",\"args\":[{\"iid\":6,\"buy\":true,\"po\":false,\"qty\":\"0.002\",\"tif\":\"gtc\",\"p\":\"10000.0\"}]}";
        ts = System.currentTimeMillis();
        JsonNode stolen = ch.ask("{\"id\":3,\"req\":\"post\",\"op\":" + body + ",\"salt\":10,\"ts\":" + ts + ",\"sig\":\""
                + b.proxy().sign(opDigest("Polymarket", create, 10, ts)) + "\"}");
        assertEquals("err", stolen.path("data").path("status").asText(), stolen.toString());
        assertEquals(before, other.openOrders().size(), "nothing placed for the other account");
        PerpsAccount own = sandbox.perps().account(a.owner().address());
        int mine = own.openOrders().size();
        ts = System.currentTimeMillis();
        JsonNode placed = ch.ask("{\"id\":4,\"req\":\"post\",\"op\":" + body + ",\"salt\":11,\"ts\":" + ts + ",\"sig\":\""
                + a.proxy().sign(opDigest("Polymarket", create, 11, ts)) + "\"}");
        assertEquals("ok", placed.path("data").get(0).path("status").asText(), placed.toString());
        long oid = placed.path("data").get(0).path("oid").asLong();
        assertEquals(mine + 1, own.openOrders().size(), "a bid far below the mark rests");
        assertTrue(ok(send("GET", "/v1/account/open-orders", null, a.headers())).findValues("order_id").stream().anyMatch(n -> n.asLong() == oid));
        ch.close();

        // Cancel-all over REST: a signature that does not verify cancels nothing; the right one cancels every order.
        MessageBufferPacker all = MessagePack.newDefaultBufferPacker();
        all.packArrayHeader(2).packString("cancelAll").packArrayHeader(0);
        ts = System.currentTimeMillis();
        String cancelAll = "{\"op\":{\"type\":\"cancelAll\",\"args\":{}},\"salt\":12,\"ts\":" + ts + ",\"sig\":\""
                + a.proxy().sign(opDigest("Polymarket", all.toByteArray(), 12, ts)) + "\"}";
        refused(401, "invalid signature", send("DELETE", "/v1/trade/orders/all", cancelAll.replace("\"salt\":12", "\"salt\":13")));
        assertEquals(mine + 1, own.openOrders().size(), "nothing cancelled by a refused request");
        assertEquals("ok", ok(send("DELETE", "/v1/trade/orders/all", cancelAll)).path("status").asText());
        assertEquals(0, own.openOrders().size());
        assertEquals(before, other.openOrders().size(), "only the signer's account");
    }

    /**
     * Take-profit and stop-loss on a position (createOrders with {@code grp: "position"}, as the official client's
     * {@code place_position_tp_sl} sends it): refused on the wrong side of the mark, without a position, on the
     * opening side or attached to an order, each before anything is armed; armed, they show in the open orders and
     * on the channel's {@code tpsl::<instrument>}; when the mark reaches the stop it closes the whole position at the
     * mark, and the take-profit left without a position is cancelled. The operation's MessagePack is the sandbox's
     * own compact form: the official client's signing of it is checked by the interop test.
     *
     * <p>The owners are fixed keys, one holding a long first position and one a short, so that each run draws the same
     * marks: the mark is a random walk, and from a random account's mark a stop one step away is not reached within
     * 5,000 draws about once in 130 runs. With these owners the mark moves away from the stop for a few draws first;
     * every draw before it reaches the stop must leave the position open, and the draw that reaches it must close it.
     */
    @ParameterizedTest(name = "owner key {0}")
    @ValueSource(longs = {0x5701_001BL, 0x5701_0004L})
    void aStopLossClosesThePositionWhenTheMarkReachesIt(long ownerKey) throws Exception {
        Registered a = register(Key.fixed(ownerKey), "Polymarket", 3_600_000);
        PerpsAccount account = sandbox.perps().account(a.owner().address());
        sandbox.perps().market().fillInterval(0).portfolioInterval(0);
        Channel ch = new Channel(sandbox.urls().get("perps_ws").resolve("/v1/ws"));
        ch.ask("{\"id\":1,\"req\":\"post\",\"op\":{\"type\":\"auth\",\"args\":{\"proxy\":\"" + a.proxy().address() + "\",\"secret\":\"" + a.secret() + "\"}}}");
        assertEquals("ok", ch.ask("{\"id\":2,\"req\":\"sub\",\"chs\":[\"orders\",\"fills\",\"tpsl\"]}").path("data").path("status").asText());
        synchronized (account) {
            for (JsonNode o : account.openOrders()) account.cancel(o.get("oid").asLong()); // no resting order fills meanwhile
        }
        JsonNode position = account.positions().get(0);
        long iid = position.get("instrument_id").asLong();
        boolean isLong = new java.math.BigDecimal(position.get("size").asText()).signum() > 0;
        java.math.BigDecimal mark = account.mark(iid);
        java.math.BigDecimal step = mark.multiply(new java.math.BigDecimal("0.0005")).setScale(2, java.math.RoundingMode.HALF_UP).max(new java.math.BigDecimal("0.01"));
        assertEquals(ownerKey == 0x5701_001BL, isLong, "one owner's first position is long, the other's short");
        java.math.BigDecimal near = isLong ? mark.subtract(step) : mark.add(step);
        java.math.BigDecimal far = mark.multiply(new java.math.BigDecimal(isLong ? "1.5" : "0.5")).setScale(2, java.math.RoundingMode.HALF_UP);
        long unheld = java.util.stream.LongStream.rangeClosed(1, 8).filter(i -> account.positions().stream().noneMatch(p -> p.get("instrument_id").asLong() == i))
                .findFirst().orElseThrow();

        refusedTrigger("triggers " + (isLong ? "above" : "below") + " the mark", trigger(ch, a, iid, !isLong, "tp", near.toPlainString(), "position"));
        refusedTrigger("no open position", trigger(ch, a, unheld, false, "sl", "1", "position"));
        refusedTrigger("must close the position", trigger(ch, a, iid, isLong, "sl", near.toPlainString(), "position"));
        refusedTrigger("not simulated", trigger(ch, a, iid, !isLong, "sl", near.toPlainString(), "order"));
        assertEquals(List.of(), account.triggers(), "nothing armed by a refusal");

        JsonNode tp = trigger(ch, a, iid, !isLong, "tp", far.toPlainString(), "position");
        JsonNode sl = trigger(ch, a, iid, !isLong, "sl", near.toPlainString(), "position");
        assertEquals("ok", tp.path("status").asText(), tp.toString());
        assertEquals("ok", sl.path("status").asText(), sl.toString());
        assertEquals(2, account.triggers().size());
        JsonNode open = ok(send("GET", "/v1/account/open-orders", null, a.headers()));
        JsonNode stop = null;
        for (JsonNode o : open) if (o.path("order_id").asLong() == sl.path("oid").asLong()) stop = o;
        assertNotNull(stop, open.toString());
        assertEquals("sl", stop.path("tpsl").path("kind").asText());
        assertEquals("position", stop.path("tpsl").path("scope").asText());
        assertEquals(near.toPlainString(), stop.path("tpsl").path("trp").asText());
        assertTrue(stop.path("ro").asBoolean());

        java.math.BigDecimal held = account.positionSize(iid);
        int draws = 0;
        boolean reached = false;
        while (!reached && draws++ < 5_000) {
            sandbox.perps().market().tick();
            java.math.BigDecimal m = account.mark(iid);
            reached = isLong ? m.compareTo(near) <= 0 : m.compareTo(near) >= 0;
            if (!reached) assertEquals(0, held.compareTo(account.positionSize(iid)), "draw " + draws + ": the mark " + m + " has not reached " + near + ", the position stays");
        }
        assertTrue(reached, "the mark reached the stop within 5,000 draws");
        assertTrue(draws > 1, "the mark moved away from the stop first (" + draws + " draws)");
        assertEquals(0, account.positionSize(iid).signum(), "the stop fired in the draw that took the mark to it (draw " + draws + ")");
        java.math.BigDecimal closedAt = account.mark(iid);
        assertTrue(isLong ? closedAt.compareTo(near) <= 0 : closedAt.compareTo(near) >= 0, "fired once the mark reached " + near + ": " + closedAt);
        sandbox.perps().market().tick();
        assertEquals(List.of(), account.triggers(), "the take-profit of a closed position is cancelled");

        ch.ask("{\"id\":9,\"req\":\"post\",\"op\":{\"type\":\"ping\"}}");
        List<String> states = new ArrayList<>();
        JsonNode fill = null;
        for (JsonNode f : ch.pushed) {
            if (f.path("ch").asText().equals("tpsl::" + iid)) states.add(f.path("data").path("oid").asLong() == sl.path("oid").asLong() ? "sl " + f.path("data").path("st").asText() : "tp " + f.path("data").path("st").asText());
            if (f.path("ch").asText().equals("fills")) fill = f.path("data").get(0);
        }
        assertEquals(List.of("tp untriggered", "sl untriggered", "sl activated", "tp cancelled"), states);
        assertNotNull(fill, "the stop's fill is pushed");
        assertEquals(sl.path("oid").asLong(), fill.path("oid").asLong());
        assertTrue(fill.path("taker").asBoolean());
        assertEquals(closedAt.toPlainString(), fill.path("p").asText(), "closed at the mark");
        assertEquals(position.get("size").asText().replace("-", ""), fill.path("qty").asText(), "the whole position");
        ch.close();
    }

    /** Waits (up to 10 s) until the channel has {@code n} connections open. */
    private static void awaitOpenConnections(int n) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (sandbox.perps().channel().faults().openConnections() != n && System.nanoTime() < deadline) Thread.sleep(10);
        assertEquals(n, sandbox.perps().channel().faults().openConnections(), "connections open on the channel");
    }

    private static void refusedTrigger(String why, JsonNode ack) {
        assertEquals("err", ack.path("status").asText(), ack.toString());
        assertTrue(ack.path("error").asText().contains(why), ack.toString());
    }

    /** One take-profit or stop-loss (market) of quantity 0 on instrument {@code iid}, signed by the account's proxy: its acknowledgement. */
    private static JsonNode trigger(Channel ch, Registered a, long iid, boolean buy, String kind, String trp, String group) throws Exception {
        ArrayNode op = JSON.createArrayNode().add("createOrders");
        ArrayNode row = op.addArray().addArray();
        row.add(iid).add(buy).addNull().add("0").addNull().add(false).add(true).addNull();
        row.addArray().add(true).add(trp).add(kind);
        op.add(group);
        long ts = System.currentTimeMillis(), salt = 40 + (ts % 1000);
        String body = "{\"type\":\"createOrders\",\"grp\":\"" + group + "\",\"args\":[{\"iid\":" + iid + ",\"buy\":" + buy + ",\"qty\":\"0\",\"po\":false,\"ro\":true,"
                + "\"tr\":{\"market\":true,\"trp\":\"" + trp + "\",\"tpsl\":\"" + kind + "\"}}]}";
        JsonNode reply = ch.ask("{\"id\":5,\"req\":\"post\",\"op\":" + body + ",\"salt\":" + salt + ",\"ts\":" + ts + ",\"sig\":\""
                + a.proxy().sign(opDigest("Polymarket", Signatures.compact(op), salt, ts)) + "\"}");
        return reply.path("data").get(0);
    }

    /**
     * Position snapshots: an open position valued at its mark, its leverage and profit in percent for the owner alone;
     * a fill valued just after it; a selection that matches nothing is {@code not_found}; bad selections are refused
     * with what is allowed.
     */
    @Test
    void positionSnapshotsValueACycleNowOrJustAfterAFill() throws Exception {
        Registered a = register(Key.random(), "Polymarket", 3_600_000);
        PerpsAccount account = sandbox.perps().account(a.owner().address());
        sandbox.perps().market().fillInterval(0).portfolioInterval(0);
        JsonNode fill = sandbox.perps().market().fillNow(a.owner().address());
        JsonNode position = account.positions().get(0);
        long iid = position.get("instrument_id").asLong();
        String selection = "{\"address\":\"" + a.owner().address() + "\",\"active_instrument_ids\":[" + iid + ",4000000]";

        JsonNode anonymous = ok(send("POST", "/v1/info/position-snapshots", selection + "}"));
        JsonNode held = anonymous.path("active").get(0);
        assertEquals("ok", held.path("status").asText(), anonymous.toString());
        JsonNode snap = held.path("snapshot");
        assertEquals(new java.math.BigDecimal(position.get("size").asText()).signum() > 0 ? "long" : "short", snap.path("side").asText());
        assertEquals(position.get("size").asText().replace("-", ""), snap.path("size_after").asText());
        assertEquals(position.get("entry_price").asText(), snap.path("entry_price").asText());
        assertEquals(position.get("mark_price").asText(), snap.path("as_of_price").asText());
        assertEquals(position.get("unrealized_pnl").asText(), snap.path("pnl").asText());
        assertFalse(snap.path("is_closed").asBoolean());
        assertTrue(snap.path("leverage").isNull() && snap.path("pnl_percent").isNull(), "the owner's alone: " + snap);
        assertTrue(snap.path("started_at").asLong() < snap.path("as_of_at").asLong());
        assertEquals(PerpsInfo.instrument(iid) == null ? 0 : 22, snap.path("chart").path("candles").size(), "the public path's candles, where it lists the instrument");
        for (JsonNode c : snap.path("chart").path("candles")) {
            assertTrue(c.path("low").asDouble() <= Math.min(c.path("open").asDouble(), c.path("close").asDouble()));
            assertTrue(c.path("high").asDouble() >= Math.max(c.path("open").asDouble(), c.path("close").asDouble()));
        }
        assertEquals("not_found", anonymous.path("active").get(1).path("status").asText());
        assertFalse(anonymous.path("active").get(1).has("snapshot"));

        JsonNode own = ok(send("POST", "/v1/info/position-snapshots", selection + "}", a.headers())).path("active").get(0).path("snapshot");
        assertEquals(position.get("leverage").asInt(), own.path("leverage").asInt());
        assertEquals(new java.math.BigDecimal(position.get("return_on_equity").asText()).movePointRight(2).compareTo(new java.math.BigDecimal(own.path("pnl_percent").asText())), 0);

        if (fill != null) {
            JsonNode past = ok(send("POST", "/v1/info/position-snapshots", "{\"address\":\"" + a.owner().address() + "\",\"history_fills\":[{\"instrument_id\":"
                    + fill.get("iid").asLong() + ",\"trade_id\":\"" + fill.get("tid").asLong() + "\",\"timestamp\":" + fill.get("ts").asLong() + "}]}")).path("history").get(0);
            assertEquals("ok", past.path("status").asText(), past.toString());
            assertEquals(fill.get("tid").asText(), past.path("trade_id").asText());
            assertEquals(fill.get("p").asText(), past.path("snapshot").path("as_of_price").asText(), "valued at the fill's price");
            assertEquals(fill.get("ts").asLong(), past.path("snapshot").path("as_of_at").asLong());
        }
        refused(400, "at least one selection", send("POST", "/v1/info/position-snapshots", "{\"address\":\"" + a.owner().address() + "\"}"));
        refused(400, "duplicate", send("POST", "/v1/info/position-snapshots", "{\"address\":\"" + a.owner().address() + "\",\"active_instrument_ids\":[1,1]}"));
        refused(400, "address", send("POST", "/v1/info/position-snapshots", "{\"address\":\"nobody\",\"active_instrument_ids\":[1]}"));
        refused(400, "trade_id", send("POST", "/v1/info/position-snapshots", "{\"address\":\"" + a.owner().address()
                + "\",\"history_fills\":[{\"instrument_id\":1,\"trade_id\":\"01\",\"timestamp\":1}]}"));
    }

    /**
     * Builder fees: a demo wallet is a registered builder; a trader approves it with an owner-signed approveBuilder
     * (a proxy's signature, or a version that does not follow, keeps nothing); an order naming the builder above the
     * approved rate is refused, at the rate it is placed, fills, and pays the builder notional x rate beside the
     * exchange's fee; the builder reads the receipt and its totals (nothing before the fill's sequence); once revoked,
     * no new order may carry the builder.
     */
    @Test
    void aBuilderEarnsTheRateTheTraderApproved() throws Exception {
        ECKeyPair demo1 = ECKeyPair.create(new java.math.BigInteger(1, Hash.sha3("marketlab demo account 1".getBytes(StandardCharsets.UTF_8))));
        Key builder = new Key(demo1, "0x" + Keys.getAddress(demo1.getPublicKey()));
        Registered b = register(builder, "Polymarket", 3_600_000);
        Registered a = register(Key.random(), "Polymarket", 3_600_000);
        sandbox.perps().market().fillInterval(0).portfolioInterval(0);
        JsonNode status = ok(send("GET", "/v1/info/builder?address=" + builder.address(), null));
        assertTrue(status.path("registered").asBoolean() && status.path("enabled").asBoolean() && status.path("admission_enabled").asBoolean(), status.toString());
        assertEquals(Builders.CAP, status.path("max_fee_rate").asText());
        assertFalse(ok(send("GET", "/v1/info/builder?address=" + a.owner().address(), null)).path("registered").asBoolean());

        refused(401, "did not sign", send("POST", "/v1/account/builder-approvals", approval(a.proxy(), builder.address(), "0.0003", 1), a.headers()));
        refused(400, "approval_version must be 1", send("POST", "/v1/account/builder-approvals", approval(a.owner(), builder.address(), "0.0003", 2), a.headers()));
        refused(400, "not registered", send("POST", "/v1/account/builder-approvals", approval(a.owner(), a.proxy().address(), "0.0003", 1), a.headers()));
        assertEquals(0, ok(send("GET", "/v1/account/builder-approvals", null, a.headers())).path("data").size(), "nothing kept by a refusal");
        JsonNode approved = ok(send("POST", "/v1/account/builder-approvals", approval(a.owner(), builder.address(), "0.0003", 1), a.headers()));
        assertEquals("0.0003", approved.path("max_fee_rate").asText());
        assertEquals(1, approved.path("approval_version").asInt());
        assertEquals(a.owner().address().toLowerCase(), approved.path("trader").asText());
        long before = ok(send("GET", "/v1/account/builder-earnings", null, b.headers())).path("as_of_sequence").asLong();

        Channel ch = new Channel(sandbox.urls().get("perps_ws").resolve("/v1/ws"));
        ch.ask("{\"id\":1,\"req\":\"post\",\"op\":{\"type\":\"auth\",\"args\":{\"proxy\":\"" + a.proxy().address() + "\",\"secret\":\"" + a.secret() + "\"}}}");
        JsonNode over = ch.ask(builderOrder(a, builder.address(), "0.0004", 2)).path("data").get(0);
        assertEquals("err", over.path("status").asText(), over.toString());
        assertTrue(over.path("error").asText().contains("above the trader's approval 0.0003"), over.toString());
        JsonNode placed = ch.ask(builderOrder(a, builder.address(), "0.0003", 3)).path("data").get(0);
        assertEquals("ok", placed.path("status").asText(), placed.toString());
        long oid = placed.path("oid").asLong();

        JsonNode fill = null;
        for (JsonNode f : ok(send("GET", "/v1/account/fills", null, a.headers())).path("data")) if (f.path("order_id").asLong() == oid) fill = f;
        assertNotNull(fill, "a buy far above the mark fills at once");
        java.math.BigDecimal notional = new java.math.BigDecimal(fill.path("price").asText()).multiply(new java.math.BigDecimal(fill.path("quantity").asText()));
        java.math.BigDecimal builderFee = notional.multiply(new java.math.BigDecimal("0.0003")).setScale(6, java.math.RoundingMode.HALF_UP);
        assertEquals(builderFee.toPlainString(), fill.path("builder_fee").asText());
        assertEquals(builder.address(), fill.path("builder").path("address").asText());
        assertEquals(notional.multiply(new java.math.BigDecimal(PerpsMarket.TAKER_FEE)).setScale(6, java.math.RoundingMode.HALF_UP).toPlainString(), fill.path("fee").asText(),
                "the exchange's fee is unchanged");

        JsonNode earnings = ok(send("GET", "/v1/account/builder-earnings", null, b.headers()));
        assertEquals(1, earnings.path("data").size(), earnings.toString());
        JsonNode receipt = earnings.path("data").get(0);
        assertEquals(fill.path("trade_id").asLong(), receipt.path("trade_id").asLong());
        assertEquals(builderFee.toPlainString(), receipt.path("builder_fee").asText());
        assertEquals("taker", receipt.path("side").asText());
        assertTrue(receipt.path("buy").asBoolean());
        assertFalse(earnings.path("more").asBoolean());
        JsonNode summary = ok(send("GET", "/v1/account/builder-earnings-summary", null, b.headers()));
        assertEquals(1, summary.path("data").get(0).path("fill_count").asInt(), summary.toString());
        assertEquals(builderFee.toPlainString(), summary.path("data").get(0).path("builder_fee").asText());
        assertEquals(1, summary.path("trader_count").asInt());
        assertEquals(1, summary.path("active_approval_count").asInt());
        assertEquals(0, ok(send("GET", "/v1/account/builder-earnings?as_of_sequence=" + before, null, b.headers())).path("data").size(),
                "a snapshot before the fill holds no receipt");
        assertEquals(0, ok(send("GET", "/v1/account/builder-earnings", null, a.headers())).path("data").size(), "the trader earned nothing");

        JsonNode revoked = ok(send("POST", "/v1/account/builder-approvals", approval(a.owner(), builder.address(), "0", 2), a.headers()));
        assertEquals(2, revoked.path("approval_version").asInt());
        JsonNode after = ch.ask(builderOrder(a, builder.address(), "0.0003", 4)).path("data").get(0);
        assertEquals("err", after.path("status").asText(), after.toString());
        assertEquals(0, ok(send("GET", "/v1/account/builder-earnings-summary", null, b.headers())).path("active_approval_count").asInt());
        ch.close();
    }

    /** An owner-signed approveBuilder body, signed by {@code signer}. */
    private static String approval(Key signer, String builder, String rate, long version) {
        ArrayNode op = JSON.createArrayNode().add("approveBuilder");
        op.addArray().add(builder).add(rate).add(version);
        long ts = System.currentTimeMillis(), salt = 70 + version;
        ObjectNode body = JSON.createObjectNode();
        body.putObject("op").put("type", "approveBuilder").putObject("args").put("builder", builder).put("max_fee_rate", rate).put("approval_version", version);
        return body.put("salt", salt).put("ts", ts).put("sig", signer.sign(opDigest("Polymarket", Signatures.compact(op), salt, ts))).toString();
    }

    /** A createOrders frame: a BTC-USD buy far above the mark carrying {@code builder} at {@code rate}, signed by the account's proxy. */
    private static String builderOrder(Registered a, String builder, String rate, int id) {
        ArrayNode op = JSON.createArrayNode().add("createOrders");
        ArrayNode row = op.addArray().addArray();
        row.add(ALGO_INSTRUMENT).add(true).add("1000000.0").add("0.002").add("gtc").add(false).addNull().addNull().addNull().addNull();
        row.addArray().add(builder).add(rate);
        long ts = System.currentTimeMillis(), salt = 90 + id;
        String order = "{\"type\":\"createOrders\",\"args\":[{\"iid\":" + ALGO_INSTRUMENT + ",\"buy\":true,\"po\":false,\"qty\":\"0.002\",\"tif\":\"gtc\","
                + "\"p\":\"1000000.0\",\"builder\":{\"address\":\"" + builder + "\",\"fee_rate\":\"" + rate + "\"}}]}";
        return "{\"id\":" + id + ",\"req\":\"post\",\"op\":" + order + ",\"salt\":" + salt + ",\"ts\":" + ts + ",\"sig\":\""
                + a.proxy().sign(opDigest("Polymarket", Signatures.compact(op), salt, ts)) + "\"}";
    }

    /** The instrument the algorithm tests trade: BTC-USD, one of the world's eight. */
    private static final long ALGO_INSTRUMENT = 6;

    /**
     * TWAP over REST, driven through its slices on the sandbox's algorithm clock: each slice an immediate order that
     * fills at the mark; paused, its slices are skipped and the rest spread over the slices left; at its end the whole
     * quantity has traded and the run leaves the list. Refused commands (bad duration or interval, a signature that does
     * not verify) start nothing.
     */
    @Test
    void aTwapSlicesItsQuantityOverItsDuration() throws Exception {
        Registered a = register(Key.random(), "Polymarket", 3_600_000);
        PerpsAccount account = sandbox.perps().account(a.owner().address());
        sandbox.perps().market().fillInterval(0).portfolioInterval(0);
        java.math.BigDecimal before = account.positionSize(ALGO_INSTRUMENT);
        refused(400, "dur", send("POST", "/v1/trade/twaps", twap(a, 1_000, null, 21)));
        refused(400, "ivl", send("POST", "/v1/trade/twaps", twap(a, 300_000, 45_000L, 22)));
        refused(401, "invalid signature", send("POST", "/v1/trade/twaps", twap(a, 300_000, null, 23).replace("\"salt\":23", "\"salt\":24")));
        assertEquals(0, ok(send("GET", "/v1/account/twaps", null, a.headers())).size(), "nothing started by a refusal");

        long start = System.currentTimeMillis();
        JsonNode created = ok(send("POST", "/v1/trade/twaps", twap(a, 300_000, null, 25)));
        assertEquals("ok", created.path("status").asText(), created.toString());
        long id = created.path("twid").asLong();
        JsonNode run = ok(send("GET", "/v1/account/twaps", null, a.headers())).get(0);
        assertEquals(id, run.path("twid").asLong());
        assertEquals(10, run.path("slice_count").asInt(), "every 30 s over 5 minutes");
        assertEquals(1, run.path("slices").asInt(), "the first slice at once");
        assertEquals(0, new java.math.BigDecimal("0.001").compareTo(new java.math.BigDecimal(run.path("fill").asText())), run.toString());
        assertEquals(0, before.add(new java.math.BigDecimal("0.001")).compareTo(account.positionSize(ALGO_INSTRUMENT)), "the slice bought at the mark");

        assertEquals("ok", ok(send("PATCH", "/v1/trade/twaps", control(a, "controlTwap", id, "pause", 26))).path("status").asText());
        sandbox.perps().runAlgorithms(Instant.ofEpochMilli(start + 95_000));
        run = ok(send("GET", "/v1/account/twaps", null, a.headers())).get(0);
        assertEquals("paused", run.path("st").asText());
        assertEquals(1, run.path("slices").asInt(), "no slice while paused");
        assertEquals("ok", ok(send("PATCH", "/v1/trade/twaps", control(a, "controlTwap", id, "resume", 27))).path("status").asText());
        sandbox.perps().runAlgorithms(Instant.ofEpochMilli(start + 300_000));
        assertEquals(0, ok(send("GET", "/v1/account/twaps", null, a.headers())).size(), "ended after its last slice");
        assertEquals(0, before.add(new java.math.BigDecimal("0.01")).compareTo(account.positionSize(ALGO_INSTRUMENT)), "the whole quantity traded: " + account.positionSize(ALGO_INSTRUMENT));
        JsonNode gone = ok(send("DELETE", "/v1/trade/twaps", control(a, "cancelTwap", id, null, 28)));
        assertEquals("err", gone.path("status").asText());
        assertTrue(gone.path("error").asText().contains("not found"), gone.toString());
    }

    /**
     * A chase rests one cent inside the mark, follows the account's mark, cannot be cancelled by its child's id, and ends
     * when its child has filled; cancelling a chase cancels its child.
     */
    @Test
    void aChaseFollowsTheMarkUntilFilled() throws Exception {
        Registered a = register(Key.random(), "Polymarket", 3_600_000);
        PerpsAccount account = sandbox.perps().account(a.owner().address());
        sandbox.perps().market().fillInterval(0).portfolioInterval(0);
        synchronized (account) {
            for (JsonNode o : account.openOrders()) account.cancel(o.get("oid").asLong());
        }
        JsonNode created = ok(send("POST", "/v1/trade/chases", chase(a, 31)));
        assertEquals("ok", created.path("status").asText(), created.toString());
        long chid = created.path("chid").asLong();
        JsonNode listed = ok(send("GET", "/v1/account/chases", null, a.headers())).get(0);
        long child = listed.path("oid").asLong();
        JsonNode order = account.openOrders().get(0);
        assertEquals(child, order.get("oid").asLong());
        assertEquals(chid, order.get("chid").asLong());
        assertTrue(order.get("po").asBoolean());

        sandbox.perps().runAlgorithms(Instant.now());
        java.math.BigDecimal target = account.mark(ALGO_INSTRUMENT).subtract(new java.math.BigDecimal("0.01"));
        assertEquals(0, target.compareTo(new java.math.BigDecimal(account.openOrders().get(0).get("p").asText())), "a bid one cent below the mark");
        assertEquals(0, target.compareTo(new java.math.BigDecimal(ok(send("GET", "/v1/account/chases", null, a.headers())).get(0).path("reference_price").asText())));

        long ts = System.currentTimeMillis();
        JsonNode direct = ok(send("DELETE", "/v1/trade/orders", "{\"op\":{\"type\":\"cancelOrders\",\"args\":[" + child + "]},\"salt\":32,\"ts\":" + ts + ",\"sig\":\""
                + a.proxy().sign(opDigest("Polymarket", cancelMsgpack(child), 32, ts)) + "\"}"));
        assertTrue(direct.get(0).path("error").asText().contains("cancel the chase"), direct.toString());
        assertEquals(1, account.openOrders().size(), "the child stays");

        for (int i = 0; i < 20 && !account.openOrders().isEmpty(); i++) sandbox.perps().market().fillNow(a.owner().address());
        sandbox.perps().runAlgorithms(Instant.now());
        assertEquals(0, ok(send("GET", "/v1/account/chases", null, a.headers())).size(), "filled, the chase ended");

        long second = ok(send("POST", "/v1/trade/chases", chase(a, 33))).path("chid").asLong();
        assertEquals(1, account.openOrders().size());
        assertEquals("ok", ok(send("DELETE", "/v1/trade/chases", control(a, "cancelChase", second, null, 34))).path("status").asText());
        assertEquals(0, account.openOrders().size(), "cancelling the chase cancels its child");
        assertEquals(0, ok(send("GET", "/v1/account/chases", null, a.headers())).size());
    }

    /** A signed createTwap of 0.01 on {@link #ALGO_INSTRUMENT} (a buy) over {@code dur} ms. The MessagePack is the sandbox's compact form. */
    private static String twap(Registered a, long dur, Long ivl, long salt) {
        ArrayNode op = JSON.createArrayNode().add("createTwap");
        op.addArray().add(ALGO_INSTRUMENT).add(true).add("0.01").add(dur).add(ivl == null ? null : JSON.getNodeFactory().numberNode(ivl)).add(false).add(0).addNull().addNull().add(false).addNull();
        ObjectNode args = JSON.createObjectNode().put("iid", ALGO_INSTRUMENT).put("buy", true).put("qty", "0.01").put("dur", dur).put("rnd", false).put("slip_bps", 0).put("ro", false);
        if (ivl != null) args.put("ivl", ivl);
        return signedBody(a, "createTwap", args, op, salt);
    }

    /** A signed createChase of 0.001 on {@link #ALGO_INSTRUMENT} (a post-only buy). */
    private static String chase(Registered a, long salt) {
        ArrayNode op = JSON.createArrayNode().add("createChase");
        op.addArray().add(ALGO_INSTRUMENT).add(true).add("0.001").addNull().addNull().addNull().add(true).add(false).addNull();
        return signedBody(a, "createChase", JSON.createObjectNode().put("iid", ALGO_INSTRUMENT).put("buy", true).put("qty", "0.001").put("po", true).put("ro", false), op, salt);
    }

    /** controlTwap ({@code act} given), cancelTwap or cancelChase of {@code id}. */
    private static String control(Registered a, String type, long id, String act, long salt) {
        ArrayNode op = JSON.createArrayNode().add(type);
        ArrayNode positional = op.addArray().add(id);
        ObjectNode args = JSON.createObjectNode().put(type.equals("cancelChase") ? "chid" : "twid", id);
        if (act != null) {
            positional.add(act);
            args.put("act", act);
        }
        return signedBody(a, type, args, op, salt);
    }

    private static String signedBody(Registered a, String type, ObjectNode args, ArrayNode op, long salt) {
        long ts = System.currentTimeMillis();
        ObjectNode body = JSON.createObjectNode();
        body.putObject("op").put("type", type).set("args", args);
        return body.put("salt", salt).put("ts", ts).put("sig", a.proxy().sign(opDigest("Polymarket", Signatures.compact(op), salt, ts))).toString();
    }

    /** A WebSocket that answers one frame at a time. */
    private static final class Channel extends TextFrames {

        Channel(URI uri) throws Exception {
            super(uri);
        }

        /** The next frame, whatever it is. */
        JsonNode next() throws Exception {
            return JSON.readTree(nextText());
        }

        final List<JsonNode> pushed = new ArrayList<>();

        /** The reply to {@code frame}; frames pushed meanwhile ({@code ch}) are kept in {@link #pushed}. */
        JsonNode ask(String frame) throws Exception {
            send(frame);
            while (true) {
                JsonNode n = JSON.readTree(nextText());
                if (!n.has("ch")) return n;
                pushed.add(n);
            }
        }
    }
}
