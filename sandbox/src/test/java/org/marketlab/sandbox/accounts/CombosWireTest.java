package org.marketlab.sandbox.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.contracts.ComboIds;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.crypto.StructuredDataEncoder;
import org.web3j.utils.Numeric;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Combinations on the wire, against a sandbox on loopback: the catalogue's ids, the seeded combo positions and their
 * activity (v2 and v1 shapes), and the builder RFQ flow (a quote priced from the legs, an acceptance whose order this test
 * signs with web3j's own EIP-712 encoder in the protocol-3 exchange domain, the fill moving collateral and shares), with
 * every refusal leaving the balance and the positions as they were.
 */
class CombosWireTest {

    private static final String EXCHANGE_V3 = "0xe3333700cA9d93003F00f0F71f8515005F6c00Aa";
    private static Sandbox sandbox;
    private static Http clob, data;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(7).now(DataApiWireTest.NOW).build().enforceLimits(false);
        clob = new Http(sandbox.start().get("clob"));
        data = new Http(sandbox.urls().get("data"));
    }

    /** Closing the sandbox ends the crowd's timer that a quoter's session started. */
    @AfterAll
    static void stop() throws InterruptedException {
        sandbox.close();
        long until = System.nanoTime() + 5_000_000_000L;
        while (crowdTimerAlive() && System.nanoTime() < until) Thread.sleep(50);
        org.junit.jupiter.api.Assertions.assertFalse(crowdTimerAlive(), "the RFQ crowd's timer outlives its sandbox");
    }

    private static boolean crowdTimerAlive() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("rfq-crowd") && t.isAlive());
    }

    private static JsonNode get(Http h, String path) {
        Http.Answer a = h.send("GET", path, null, Map.of());
        assertEquals(200, a.status(), a.text());
        return a.body();
    }

    @Test
    void theCatalogueListsOpenMarketsWithProtocolV2Ids() {
        JsonNode page = get(clob, "/v1/rfq/combo-markets");
        assertEquals(100, page.get("markets").size());
        JsonNode next = get(clob, "/v1/rfq/combo-markets?cursor=" + page.get("next_cursor").asText());
        assertNotEquals(page.get("markets").get(0).get("id"), next.get("markets").get(0).get("id"), "the cursor moves on");
        boolean negRisk = false;
        for (JsonNode m : page.get("markets")) {
            BigInteger condition = Numeric.toBigInt(m.get("condition_id").asText());
            assertEquals(62, m.get("condition_id").asText().length() - 2, "a protocol-v2 condition id is 31 bytes: " + m);
            assertEquals(condition.shiftLeft(8), new BigInteger(m.get("position_ids").get(0).asText()));
            assertEquals(condition.shiftLeft(8).or(BigInteger.ONE), new BigInteger(m.get("position_ids").get(1).asText()));
            assertEquals(ComboIds.positionId(m.get("condition_id").asText(), 1).toString(), m.get("position_ids").get(1).asText());
            BigDecimal yes = new BigDecimal(m.get("outcome_prices").get(0).asText());
            assertTrue(yes.signum() > 0 && yes.compareTo(BigDecimal.ONE) < 0, m.toString());
            negRisk |= m.get("condition_id").asText().startsWith("0x02");
        }
        assertTrue(negRisk, "neg-risk markets carry module 2");
        Http.Answer bad = clob.send("GET", "/v1/rfq/combo-markets?cursor=nope", null, Map.of());
        assertEquals(400, bad.status(), bad.text());
    }

    @Test
    void demoWalletsHoldSeededCombosWithTheirSplits() {
        String me = ClobAccountsWireTest.address(ClobAccountsWireTest.demo(1)).toLowerCase(Locale.ROOT);
        JsonNode positions = get(data, "/v2/positions/combos?user=" + me).get("data");
        assertEquals(2, positions.size(), positions.toString());
        JsonNode activity = get(data, "/v2/activity/combos?user=" + me).get("data");
        for (JsonNode p : positions) {
            assertTrue(p.get("combo_condition_id").asText().startsWith("0x03"));
            assertEquals("OPEN", p.get("status").asText());
            assertTrue(p.get("legs").size() >= 2 && p.get("legs_total").asInt() == p.get("legs").size(), p.toString());
            List<BigInteger> legs = new ArrayList<>();
            for (JsonNode l : p.get("legs")) legs.add(new BigInteger(l.get("leg_position_id").asText()));
            assertEquals(ComboIds.comboConditionId(legs), p.get("combo_condition_id").asText(), "the id is the legs' (ComboIds)");
            assertTrue(p.get("current_size").decimalValue().signum() > 0);
            boolean split = false;
            for (JsonNode a : activity) split |= a.get("type").asText().equals("SPLIT") && a.get("combo_condition_id").equals(p.get("combo_condition_id"));
            assertTrue(split, "every held combo has its split: " + activity);
        }
        // The v1 routes list the same under their own names.
        assertEquals(2, get(data, "/v1/positions/combos?user=" + me).get("combos").size());
        assertEquals(activity.size(), get(data, "/v1/activity/combos?user=" + me).get("activity").size());
        // One combo by its condition id; bad input named.
        String one = positions.get(0).get("combo_condition_id").asText();
        assertEquals(1, get(data, "/v2/positions/combos?user=" + me + "&condition_id=" + one).get("data").size());
        assertEquals(400, data.send("GET", "/v2/positions/combos", null, Map.of()).status());
        assertEquals(400, data.send("GET", "/v2/positions/combos?user=" + me + "&condition_id=0x01" + "0".repeat(60), null, Map.of()).status());
        assertEquals(400, data.send("GET", "/v2/positions/combos?user=" + me + "&status=WON", null, Map.of()).status());
    }

    @Test
    void aComboBoughtAndSoldByRfq() throws Exception {
        ECKeyPair key = ClobAccountsWireTest.demo(2);
        String me = ClobAccountsWireTest.address(key);
        ClobAccountsWireTest.Creds c = ClobAccountsWireTest.Creds.of(ok(clob.send("GET", "/auth/derive-api-key", null,
                ClobAccountsWireTest.l1(key, ClobAccountsWireTest.now(), 0))));
        JsonNode b = ok(ClobAccountsWireTest.signed(clob, "POST", "/auth/builder-api-key", null, me, c));
        ClobAccountsWireTest.Creds builder = new ClobAccountsWireTest.Creds(b.get("key").asText(), b.get("secret").asText(), b.get("passphrase").asText());

        // Two legs of different events (their events' images differ): the first market's YES, another's NO.
        JsonNode markets = get(clob, "/v1/rfq/combo-markets").get("markets");
        JsonNode a = markets.get(0), other = null;
        for (JsonNode m : markets) if (!m.get("image").equals(a.get("image"))) other = m;
        List<String> legs = List.of(a.get("position_ids").get(0).asText(), other.get("position_ids").get(1).asText());
        BigDecimal fair = new BigDecimal(a.get("outcome_prices").get(0).asText()).multiply(new BigDecimal(other.get("outcome_prices").get(1).asText()));
        BigInteger cashBefore = cash(me, c);

        // Refused before anything: no builder headers, contradictory legs, a wrong size unit.
        String body = request(me, legs, "BUY", "notional", 5_000_000);
        rfqError(send("POST", "/v1/builder/rfq/requests", body, me, c, null), 401, "UNAUTHENTICATED");
        rfqError(send("POST", "/v1/builder/rfq/requests", request(me, List.of(a.get("position_ids").get(0).asText(), a.get("position_ids").get(1).asText()),
                "BUY", "notional", 5_000_000), me, c, builder), 400, "CONTRADICTORY_LEGS");
        rfqError(send("POST", "/v1/builder/rfq/requests", request(me, legs, "BUY", "shares", 5_000_000), me, c, builder), 400, "INVALID_RFQ");

        JsonNode quoted = ok(send("POST", "/v1/builder/rfq/requests", body, me, c, builder));
        assertEquals("AWAITING_REQUESTER_ACCEPTANCE", quoted.get("status").asText(), quoted.toString());
        JsonNode quote = quoted.get("quote"), req = quoted.get("request");
        BigDecimal price = new BigDecimal(quote.get("blended_price_e6").asText()).movePointLeft(6);
        assertTrue(price.compareTo(fair) > 0 && price.compareTo(fair.multiply(new BigDecimal("1.04")).add(new BigDecimal("0.0001"))) <= 0,
                "a buyer pays the legs' joint price " + fair + " plus the maker's spread: " + price);
        assertEquals("5000000", quote.get("maker_amount_e6").asText());
        assertEquals(BigInteger.valueOf(5_000_000L).multiply(BigInteger.valueOf(1_000_000)).divide(new BigInteger(quote.get("blended_price_e6").asText())).toString(),
                quote.get("taker_amount_e6").asText());
        List<BigInteger> sorted = legs.stream().map(BigInteger::new).sorted().toList();
        assertEquals(ComboIds.comboConditionId(sorted), req.get("condition_id").asText());
        String yes = req.get("yes_position_id").asText();
        assertEquals(ComboIds.positionId(req.get("condition_id").asText(), 0).toString(), yes);

        String rfq = quoted.get("rfq_id").asText();
        String path = "/v1/builder/rfq/requests/" + rfq;
        // A signature by another key, and amounts other than the quote's, are refused; nothing moves.
        ECKeyPair stranger = Keys.createEcKeyPair();
        ObjectNode forged = accept(quote, order(stranger, me, yes, 0, quote, quoted.get("builder_code").asText(), 1));
        rfqError(send("POST", path + "/accept", forged.toString(), me, c, builder), 400, "INVALID_SIGNATURE");
        ObjectNode cheap = accept(quote, order(key, me, yes, 0, quote, quoted.get("builder_code").asText(), 2));
        ((ObjectNode) cheap.get("signed_order")).put("makerAmount", "4000000");
        rfqError(send("POST", path + "/accept", cheap.toString(), me, c, builder), 400, "SIGNED_ORDER_PRICE_WORSE_THAN_QUOTE");
        assertEquals(cashBefore, cash(me, c), "a refused acceptance moves nothing");
        assertEquals(2, get(data, "/v2/positions/combos?user=" + me.toLowerCase(Locale.ROOT)).get("data").size());

        ObjectNode good = accept(quote, order(key, me, yes, 0, quote, quoted.get("builder_code").asText(), 3));
        JsonNode accepted = ok(send("POST", path + "/accept", good.toString(), me, c, builder));
        assertEquals("AWAITING_MAKER_CONFIRMATION", accepted.get("status").asText(), accepted.toString());
        assertTrue(accepted.get("taker_order_hash").asText().startsWith("0x"));
        JsonNode filled = waitFilled(path, me, c);
        assertTrue(filled.get("tx_hash").asText().matches("0x[0-9a-f]{64}"), filled.toString());
        assertEquals(cashBefore.subtract(BigInteger.valueOf(5_000_000)), cash(me, c), "the buyer paid the quote's 5 USDC");
        // The same signed order again answers where it stands, and takes nothing more.
        assertEquals("FILLED", ok(send("POST", path + "/accept", good.toString(), me, c, builder)).get("status").asText());
        assertEquals(cashBefore.subtract(BigInteger.valueOf(5_000_000)), cash(me, c));
        JsonNode held = position(me, yes);
        BigDecimal shares = new BigDecimal(quote.get("taker_amount_e6").asText()).movePointLeft(6);
        assertEquals(0, shares.compareTo(held.get("current_size").decimalValue()), held.toString());
        JsonNode split = get(data, "/v2/activity/combos?user=" + me.toLowerCase(Locale.ROOT)).get("data").get(0);
        assertEquals("SPLIT", split.get("type").asText());
        assertEquals(filled.get("tx_hash").asText(), split.get("transaction_hash").asText());

        // Half of it sold back: the seller receives the quote's net proceeds, below the legs' price.
        BigInteger half = new BigInteger(quote.get("taker_amount_e6").asText()).divide(BigInteger.TWO);
        JsonNode sellQuoted = ok(send("POST", "/v1/builder/rfq/requests", request(me, legs, "SELL", "shares", half.longValue()), me, c, builder));
        JsonNode sq = sellQuoted.get("quote");
        assertEquals(half.toString(), sq.get("maker_amount_e6").asText());
        assertEquals(sq.get("taker_amount_e6").asText(), sq.get("net_receive_e6").asText());
        assertTrue(new BigDecimal(sq.get("blended_price_e6").asText()).movePointLeft(6).compareTo(price) < 0, "the maker's bid is below its offer");
        String sellPath = "/v1/builder/rfq/requests/" + sellQuoted.get("rfq_id").asText();
        ok(send("POST", sellPath + "/accept", accept(sq, order(key, me, yes, 1, sq, sellQuoted.get("builder_code").asText(), 4)).toString(), me, c, builder));
        waitFilled(sellPath, me, c);
        assertEquals(cashBefore.subtract(BigInteger.valueOf(5_000_000)).add(new BigInteger(sq.get("taker_amount_e6").asText())), cash(me, c));
        assertEquals(0, shares.subtract(new BigDecimal(half).movePointLeft(6)).compareTo(position(me, yes).get("current_size").decimalValue()));

        // Another account reads no such RFQ.
        ECKeyPair k3 = ClobAccountsWireTest.demo(4);
        ClobAccountsWireTest.Creds c3 = ClobAccountsWireTest.Creds.of(ok(clob.send("GET", "/auth/derive-api-key", null,
                ClobAccountsWireTest.l1(k3, ClobAccountsWireTest.now(), 0))));
        rfqError(send("GET", path, null, ClobAccountsWireTest.address(k3), c3, null), 404, "UNKNOWN_RFQ");
    }

    /**
     * The quoter's WebSocket: a maker authenticates with its API key and identity, receives the crowd's request, has a
     * quote signed by another key refused (nothing moves), quotes with its own signature, confirms the last look, and
     * the fill moves its collateral to the crowd's seller and the seller's combo shares to it.
     */
    @Test
    void aQuoterAnswersTheCrowdsRequestAndTheFillMovesBothAccounts() throws Exception {
        ECKeyPair key = ClobAccountsWireTest.demo(5);
        String me = ClobAccountsWireTest.address(key).toLowerCase(Locale.ROOT);
        ClobAccountsWireTest.Creds c = ClobAccountsWireTest.Creds.of(ok(clob.send("GET", "/auth/derive-api-key", null,
                ClobAccountsWireTest.l1(key, ClobAccountsWireTest.now(), 0))));
        BigInteger cashBefore = cash(me, c);
        java.net.URI uri = java.net.URI.create(sandbox.urls().get("clob").toString().replaceFirst("^http", "ws") + "/ws/rfq");
        try (org.marketlab.sandbox.TextFrames ws = new org.marketlab.sandbox.TextFrames(uri)) {
            ws.send("{\"type\": \"RFQ_QUOTE\", \"rfq_id\": \"x\"}");
            assertEquals("UNAUTHENTICATED", frame(ws, "RFQ_ERROR").get("code").asText());
            ws.send(quoterAuth(c.key(), "not-the-secret", c.passphrase(), me));
            JsonNode refused = frame(ws, "auth");
            assertTrue(!refused.get("success").asBoolean() && refused.get("error").asText().contains("secret"), refused.toString());
            ws.send(quoterAuth(c.key(), c.secret(), c.passphrase(), me));
            JsonNode auth = frame(ws, "auth");
            assertTrue(auth.get("success").asBoolean(), auth.toString());
            assertEquals(me, auth.get("address").asText());

            JsonNode req = frame(ws, "RFQ_REQUEST");
            assertEquals("SELL", req.get("direction").asText());
            assertEquals("shares", req.get("requested_size").get("unit").asText());
            assertTrue(req.get("submission_deadline").asLong() > System.currentTimeMillis(), req.toString());
            List<BigInteger> legs = new ArrayList<>();
            for (JsonNode l : req.get("leg_position_ids")) legs.add(new BigInteger(l.asText()));
            assertEquals(ComboIds.comboConditionId(legs), req.get("condition_id").asText(), "the request's combo id is its legs'");
            String yes = req.get("yes_position_id").asText(), rfq = req.get("rfq_id").asText();
            String seller = null;
            BigDecimal sellerBefore = null;
            for (String w : sandbox.wallets().seeded().subList(0, 5)) {
                for (JsonNode p : get(data, "/v2/positions/combos?user=" + w).get("data")) {
                    if (p.get("combo_position_id").asText().equals(yes)) {
                        seller = w;
                        sellerBefore = p.get("current_size").decimalValue();
                    }
                }
            }
            assertTrue(seller != null && !seller.equals(me), "a seeded wallet other than the quoter holds the combo it sells");
            long size = req.get("requested_size").get("value_e6").asLong(), price = 990_000;
            long makerAmount = (price * size + 999_999) / 1_000_000;
            ObjectNode amounts = Http.JSON.createObjectNode().put("maker_amount_e6", Long.toString(makerAmount)).put("taker_amount_e6", Long.toString(size));
            String zero = "0x" + "0".repeat(64);

            // Signed by another key: refused, nothing moves.
            ws.send(quote(rfq, price, size, order(ClobAccountsWireTest.demo(4), me, yes, 0, amounts, zero, 11)));
            JsonNode bad = frame(ws, "RFQ_ERROR");
            assertEquals("INVALID_SIGNATURE", bad.get("code").asText(), bad.toString());
            assertEquals("RFQ_QUOTE", bad.get("request_type").asText());
            assertEquals(rfq, bad.get("rfq_id").asText());
            // Amounts that are not the quoted price's: refused.
            ObjectNode cheap = Http.JSON.createObjectNode().put("maker_amount_e6", "1").put("taker_amount_e6", Long.toString(size));
            ws.send(quote(rfq, price, size, order(key, me, yes, 0, cheap, zero, 12)));
            assertEquals("INVALID_QUOTE", frame(ws, "RFQ_ERROR").get("code").asText());
            assertEquals(cashBefore, cash(me, c));

            ws.send(quote(rfq, price, size, order(key, me, yes, 0, amounts, zero, 13)));
            JsonNode ack = frame(ws, "ACK_RFQ_QUOTE");
            assertEquals(rfq, ack.get("rfq_id").asText());
            JsonNode last = frame(ws, "RFQ_CONFIRMATION_REQUEST");
            assertEquals(ack.get("quote_id").asText(), last.get("quote_id").asText());
            assertEquals(Long.toString(size), last.get("fill_size_e6").asText());
            assertEquals(Long.toString(price), last.get("price_e6").asText());
            assertEquals(cashBefore, cash(me, c), "nothing moves before the maker confirms");
            ObjectNode confirm = Http.JSON.createObjectNode().put("type", "RFQ_CONFIRMATION_RESPONSE").put("rfq_id", rfq)
                    .put("quote_id", ack.get("quote_id").asText()).put("decision", "CONFIRM");
            ws.send(confirm.toString());
            assertEquals("CONFIRM", frame(ws, "ACK_RFQ_CONFIRMATION_RESPONSE").get("decision").asText());
            assertEquals("MATCHED", frame(ws, "RFQ_EXECUTION_UPDATE").get("status").asText());
            assertEquals("MINED", frame(ws, "RFQ_EXECUTION_UPDATE").get("status").asText());
            JsonNode done = frame(ws, "RFQ_EXECUTION_UPDATE");
            assertEquals("CONFIRMED", done.get("status").asText());
            assertTrue(done.get("tx_hash").asText().startsWith("0x"));
            JsonNode trade = frame(ws, "RFQ_TRADE");
            assertEquals(Long.toString(size), trade.get("size_e6").asText());

            assertEquals(cashBefore.subtract(BigInteger.valueOf(makerAmount)), cash(me, c), "the quoter paid the quote");
            BigDecimal shares = BigDecimal.valueOf(size).movePointLeft(6);
            assertEquals(0, shares.compareTo(position(me, yes).get("current_size").decimalValue()), "the quoter holds the combo's YES");
            assertEquals(0, sellerBefore.subtract(shares).compareTo(position(seller, yes).get("current_size").decimalValue()), "the seller gave them");
            // A second confirmation finds the RFQ filled.
            ws.send(confirm.toString());
            assertEquals("INVALID_RFQ_STATE", frame(ws, "RFQ_ERROR").get("code").asText());
        }
    }

    private static String quoterAuth(String key, String secret, String passphrase, String me) {
        ObjectNode o = Http.JSON.createObjectNode().put("type", "auth");
        o.putObject("auth").put("apiKey", key).put("secret", secret).put("passphrase", passphrase);
        o.putObject("identity").put("signer_address", me).put("maker_address", me).put("signature_type", 0);
        return o.toString();
    }

    private static String quote(String rfq, long price, long size, ObjectNode order) {
        ObjectNode o = Http.JSON.createObjectNode().put("type", "RFQ_QUOTE").put("rfq_id", rfq)
                .put("price_e6", Long.toString(price)).put("size_e6", Long.toString(size));
        o.set("signed_order", order);
        return o.toString();
    }

    /** The next frame of {@code type} (the crowd's later requests may come between). */
    private static JsonNode frame(org.marketlab.sandbox.TextFrames ws, String type) throws Exception {
        while (true) {
            JsonNode f = Http.JSON.readTree(ws.nextText());
            if (f.get("type").asText().equals(type)) return f;
            assertEquals("RFQ_REQUEST", f.get("type").asText(), "expected " + type + ", got " + f);
        }
    }

    /** On a sandbox whose clock the test moves: a quote accepted after its window is refused as expired; an outsized request finds no quote. */
    @Test
    void anExpiredQuoteAndAnOutsizedRequest() throws Exception {
        java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong(System.currentTimeMillis());
        try (Sandbox own = Sandbox.builder().seed(7).now(DataApiWireTest.NOW).clock(clock::get).build().enforceLimits(false)) {
            Http book = new Http(own.start().get("clob"));
            ECKeyPair key = ClobAccountsWireTest.demo(5);
            String me = ClobAccountsWireTest.address(key);
            ClobAccountsWireTest.Creds c = ClobAccountsWireTest.Creds.of(ok(book.send("GET", "/auth/derive-api-key", null,
                    ClobAccountsWireTest.l1(key, clock.get() / 1000, 0))));
            JsonNode b = ok(book.send("POST", "/auth/builder-api-key", null, ClobAccountsWireTest.l2(me, c, "POST", "/auth/builder-api-key", null, clock.get() / 1000)));
            ClobAccountsWireTest.Creds builder = new ClobAccountsWireTest.Creds(b.get("key").asText(), b.get("secret").asText(), b.get("passphrase").asText());
            JsonNode markets = get(book, "/v1/rfq/combo-markets").get("markets");
            JsonNode a = markets.get(0), other = null;
            for (JsonNode m : markets) if (!m.get("image").equals(a.get("image"))) other = m;
            List<String> legs = List.of(a.get("position_ids").get(0).asText(), other.get("position_ids").get(0).asText());

            JsonNode outsized = ok(send(book, clock.get() / 1000, "POST", "/v1/builder/rfq/requests", request(me, legs, "BUY", "notional", 50_000_000_000_000L), me, c, builder));
            assertEquals("FAILED", outsized.get("status").asText(), outsized.toString());
            assertEquals("SIZE_TOO_LARGE", outsized.get("error").get("code").asText());
            assertTrue(outsized.get("quote") == null, "no quote: " + outsized);

            JsonNode quoted = ok(send(book, clock.get() / 1000, "POST", "/v1/builder/rfq/requests", request(me, legs, "BUY", "notional", 2_000_000), me, c, builder));
            assertTrue(quoted.get("expires_at").asLong() > clock.get(), "expires_at is Unix milliseconds ahead: " + quoted);
            clock.addAndGet(16_000);
            String path = "/v1/builder/rfq/requests/" + quoted.get("rfq_id").asText();
            ObjectNode order = order(key, me, quoted.get("request").get("yes_position_id").asText(), 0, quoted.get("quote"),
                    quoted.get("builder_code").asText(), 5);
            rfqError(send(book, clock.get() / 1000, "POST", path + "/accept", accept(quoted.get("quote"), order).toString(), me, c, builder), 400, "EXPIRED_RFQ");
            JsonNode status = ok(send(book, clock.get() / 1000, "GET", path, null, me, c, null));
            assertEquals("EXPIRED", status.get("status").asText());
            assertEquals("EXPIRED_RFQ", status.get("error").get("code").asText());
        }
    }

    /**
     * A deposit wallet's acceptance (signature type 3, POLY_1271): the owner's ERC-7739 nested signature, built here from
     * web3j's encoder, verifies, and the new wallet, which holds nothing, meets the balance rule; another key's is refused.
     */
    @Test
    void aDepositWalletsAcceptanceIsVerifiedThenHeldToItsBalance() throws Exception {
        ECKeyPair owner = Keys.createEcKeyPair();
        String address = ClobAccountsWireTest.address(owner);
        ClobAccountsWireTest.Creds c = ClobAccountsWireTest.Creds.of(ok(clob.send("POST", "/auth/api-key", null,
                ClobAccountsWireTest.l1(owner, ClobAccountsWireTest.now(), 0))));
        JsonNode b = ok(ClobAccountsWireTest.signed(clob, "POST", "/auth/builder-api-key", null, address, c));
        ClobAccountsWireTest.Creds builder = new ClobAccountsWireTest.Creds(b.get("key").asText(), b.get("secret").asText(), b.get("passphrase").asText());
        String wallet = "0x" + Keys.getAddress(Keys.createEcKeyPair());
        JsonNode markets = get(clob, "/v1/rfq/combo-markets").get("markets");
        JsonNode a = markets.get(1), other = null;
        for (JsonNode m : markets) if (!m.get("image").equals(a.get("image"))) other = m;
        ObjectNode body = (ObjectNode) Http.JSON.readTree(request(wallet, List.of(a.get("position_ids").get(1).asText(),
                other.get("position_ids").get(1).asText()), "BUY", "notional", 3_000_000));
        body.put("signature_type", 3);
        JsonNode quoted = ok(send("POST", "/v1/builder/rfq/requests", body.toString(), address, c, builder));
        String path = "/v1/builder/rfq/requests/" + quoted.get("rfq_id").asText();
        String yes = quoted.get("request").get("yes_position_id").asText();
        ObjectNode stranger = order(Keys.createEcKeyPair(), wallet, yes, 0, quoted.get("quote"), quoted.get("builder_code").asText(), 6);
        nest(stranger, Keys.createEcKeyPair());
        rfqError(send("POST", path + "/accept", accept(quoted.get("quote"), stranger).toString(), address, c, builder), 400, "INVALID_SIGNATURE");
        ObjectNode own = order(owner, wallet, yes, 0, quoted.get("quote"), quoted.get("builder_code").asText(), 7);
        nest(own, owner);
        rfqError(send("POST", path + "/accept", accept(quoted.get("quote"), own).toString(), address, c, builder), 400, "BALANCE_VALIDATION_FAILED");
        assertEquals("AWAITING_REQUESTER_ACCEPTANCE", ok(send("GET", path, null, address, c, null)).get("status").asText());
    }

    /**
     * Turns an order into a POLY_1271 one signed by {@code owner} for its maker (a deposit wallet): the owner signs
     * {@code TypedDataSign(Order contents, ...)} in the deposit wallet's domain, and the signature carries the exchange's
     * domain separator, the order's struct hash, the type string and its length after it.
     */
    private static void nest(ObjectNode order, ECKeyPair owner) throws Exception {
        order.put("signatureType", 3);
        String orderType = "Order(uint256 salt,address maker,address signer,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,"
                + "uint8 side,uint8 signatureType,uint256 timestamp,bytes32 metadata,bytes32 builder)";
        String fields = """
                [{"name": "salt", "type": "uint256"}, {"name": "maker", "type": "address"}, {"name": "signer", "type": "address"},
                   {"name": "tokenId", "type": "uint256"}, {"name": "makerAmount", "type": "uint256"}, {"name": "takerAmount", "type": "uint256"},
                   {"name": "side", "type": "uint8"}, {"name": "signatureType", "type": "uint8"}, {"name": "timestamp", "type": "uint256"},
                   {"name": "metadata", "type": "bytes32"}, {"name": "builder", "type": "bytes32"}]""";
        String domainTypes = """
                [{"name": "name", "type": "string"}, {"name": "version", "type": "string"},
                   {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}]""";
        String domain = "{\"name\": \"Polymarket CTF Exchange\", \"version\": \"3\", \"chainId\": 137, \"verifyingContract\": \"" + EXCHANGE_V3 + "\"}";
        String contents = """
                {"salt": "%s", "maker": "%s", "signer": "%s", "tokenId": "%s", "makerAmount": "%s", "takerAmount": "%s", "side": %d,
                 "signatureType": 3, "timestamp": "%s", "metadata": "%s", "builder": "%s"}""".formatted(order.get("salt").asText(),
                order.get("maker").asText(), order.get("signer").asText(), order.get("tokenId").asText(), order.get("makerAmount").asText(),
                order.get("takerAmount").asText(), order.get("side").asInt(), order.get("timestamp").asText(), order.get("metadata").asText(),
                order.get("builder").asText());
        StructuredDataEncoder plain = new StructuredDataEncoder("""
                {"types": {"EIP712Domain": %s, "Order": %s}, "primaryType": "Order", "domain": %s, "message": %s}"""
                .formatted(domainTypes, fields, domain, contents));
        @SuppressWarnings("unchecked")
        byte[] contentsHash = plain.hashMessage("Order", (java.util.HashMap<String, Object>) plain.jsonMessageObject.getMessage());
        StructuredDataEncoder nested = new StructuredDataEncoder("""
                {"types": {"EIP712Domain": %s, "Order": %s, "TypedDataSign": [{"name": "contents", "type": "Order"}, {"name": "name", "type": "string"},
                   {"name": "version", "type": "string"}, {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"},
                   {"name": "salt", "type": "bytes32"}]},
                 "primaryType": "TypedDataSign", "domain": %s,
                 "message": {"contents": %s, "name": "DepositWallet", "version": "1", "chainId": 137, "verifyingContract": "%s", "salt": "%s"}}"""
                .formatted(domainTypes, fields, domain, contents, order.get("maker").asText(), "0x" + "0".repeat(64)));
        Sign.SignatureData s = Sign.signMessage(nested.hashStructuredData(), owner, false);
        byte[] type = orderType.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        String sig = Numeric.toHexString(s.getR()) + Numeric.toHexStringNoPrefix(s.getS()) + Numeric.toHexStringNoPrefix(s.getV())
                + Numeric.toHexStringNoPrefix(plain.hashDomain()) + Numeric.toHexStringNoPrefix(contentsHash)
                + Numeric.toHexStringNoPrefix(type) + String.format("%04x", type.length);
        order.put("signature", sig);
    }

    private static JsonNode ok(Http.Answer a) {
        assertEquals(200, a.status(), a.text());
        return a.body();
    }

    private static void rfqError(Http.Answer a, int status, String code) {
        assertEquals(status, a.status(), a.text());
        assertEquals(code, a.body().get("code").asText(), a.text());
        assertTrue(!a.body().get("error").asText().isEmpty());
    }

    private static Http.Answer send(String method, String path, String body, String address, ClobAccountsWireTest.Creds c,
                                    ClobAccountsWireTest.Creds builder) throws Exception {
        return send(clob, ClobAccountsWireTest.now(), method, path, body, address, c, builder);
    }

    private static Http.Answer send(Http clob, long t, String method, String path, String body, String address, ClobAccountsWireTest.Creds c,
                                    ClobAccountsWireTest.Creds builder) throws Exception {
        Map<String, String> h = new LinkedHashMap<>(ClobAccountsWireTest.l2(address, c, method, path, body, t));
        if (builder != null) h.putAll(ClobAccountsWireTest.builderHeaders(builder, method, path, body, t));
        h.put("Content-Type", "application/json");
        return clob.send(method, path, body, h);
    }

    private static BigInteger cash(String me, ClobAccountsWireTest.Creds c) throws Exception {
        return new BigInteger(ok(ClobAccountsWireTest.signed(clob, "GET", "/balance-allowance?asset_type=COLLATERAL", null, me, c)).get("balance").asText());
    }

    private static JsonNode position(String me, String yes) {
        for (JsonNode p : get(data, "/v2/positions/combos?user=" + me.toLowerCase(Locale.ROOT)).get("data")) {
            if (p.get("combo_position_id").asText().equals(yes)) return p;
        }
        throw new AssertionError("no combo position " + yes);
    }

    private static JsonNode waitFilled(String path, String me, ClobAccountsWireTest.Creds c) throws Exception {
        long until = System.nanoTime() + 30_000_000_000L; // the last look is 300 ms: a bound against a hang, not a speed
        while (true) {
            JsonNode s = ok(send("GET", path, null, me, c, null));
            if (s.get("status").asText().equals("FILLED")) return s;
            assertEquals("AWAITING_MAKER_CONFIRMATION", s.get("status").asText(), s.toString());
            assertTrue(System.nanoTime() < until, "filled within 30 s: " + s);
            Thread.sleep(100);
        }
    }

    private static String request(String me, List<String> legs, String direction, String unit, long value) {
        ObjectNode o = Http.JSON.createObjectNode();
        o.put("signer_address", me);
        o.put("maker_address", me);
        o.put("signature_type", 0);
        ArrayNode l = o.putArray("leg_position_ids");
        legs.forEach(l::add);
        o.put("direction", direction);
        o.put("side", "YES");
        o.putObject("requested_size").put("unit", unit).put("value_e6", Long.toString(value));
        return o.toString();
    }

    private static ObjectNode accept(JsonNode quote, ObjectNode order) {
        ObjectNode o = Http.JSON.createObjectNode();
        o.put("quote_id", quote.get("quote_id").asText());
        o.set("signed_order", order);
        return o;
    }

    /** The acceptance order, EIP-712 in the protocol-3 exchange domain, signed by {@code key} with web3j's encoder. */
    private static ObjectNode order(ECKeyPair key, String maker, String tokenId, int side, JsonNode quote, String builderCode, long salt) throws Exception {
        String makerAmount = quote.get("maker_amount_e6").asText(), takerAmount = quote.get("taker_amount_e6").asText();
        long ts = ClobAccountsWireTest.now();
        String zero = "0x" + "0".repeat(64);
        String typed = """
                {"types": {"EIP712Domain": [{"name": "name", "type": "string"}, {"name": "version", "type": "string"},
                   {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}],
                 "Order": [{"name": "salt", "type": "uint256"}, {"name": "maker", "type": "address"}, {"name": "signer", "type": "address"},
                   {"name": "tokenId", "type": "uint256"}, {"name": "makerAmount", "type": "uint256"}, {"name": "takerAmount", "type": "uint256"},
                   {"name": "side", "type": "uint8"}, {"name": "signatureType", "type": "uint8"}, {"name": "timestamp", "type": "uint256"},
                   {"name": "metadata", "type": "bytes32"}, {"name": "builder", "type": "bytes32"}]},
                 "primaryType": "Order",
                 "domain": {"name": "Polymarket CTF Exchange", "version": "3", "chainId": 137, "verifyingContract": "%s"},
                 "message": {"salt": %d, "maker": "%s", "signer": "%s", "tokenId": "%s", "makerAmount": "%s", "takerAmount": "%s",
                   "side": %d, "signatureType": 0, "timestamp": %d, "metadata": "%s", "builder": "%s"}}
                """.formatted(EXCHANGE_V3, salt, maker, maker, tokenId, makerAmount, takerAmount, side, ts, zero, builderCode);
        Sign.SignatureData s = Sign.signMessage(new StructuredDataEncoder(typed).hashStructuredData(), key, false);
        ObjectNode o = Http.JSON.createObjectNode();
        o.put("salt", Long.toString(salt));
        o.put("maker", maker);
        o.put("signer", maker);
        o.put("tokenId", tokenId);
        o.put("makerAmount", makerAmount);
        o.put("takerAmount", takerAmount);
        o.put("side", side);
        o.put("signatureType", 0);
        o.put("timestamp", Long.toString(ts));
        o.put("builder", builderCode);
        o.put("metadata", zero);
        o.put("signature", Numeric.toHexString(s.getR()) + Numeric.toHexStringNoPrefix(s.getS()) + Numeric.toHexStringNoPrefix(s.getV()));
        return o;
    }
}
