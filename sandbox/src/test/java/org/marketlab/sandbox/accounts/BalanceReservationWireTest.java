package org.marketlab.sandbox.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.clob.TypedData;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.Creds;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.address;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.demo;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.l1;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.now;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.ok;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.signed;

/**
 * Open orders hold balance, on the wire with orders signed here (EIP-712 from the facts): an order may use the wallet's
 * collateral less what its open orders already hold. Two resting bids each worth 60 % of the balance: the first rests,
 * the second meets the specification's row {@code not enough balance / allowance} and changes nothing (no order, the
 * same balance); {@code /balance-allowance} nets out the resting bid; once it is cancelled the second is accepted.
 */
class BalanceReservationWireTest {

    @Test
    void anOrderUsesTheBalanceLessWhatOpenOrdersHold() throws Exception {
        try (Sandbox sandbox = Sandbox.builder().seed(7).now(DataApiWireTest.NOW).build().enforceLimits(false)) {
            Http clob = new Http(sandbox.start().get("clob"));
            Http data = new Http(sandbox.urls().get("data"));
            ECKeyPair k = demo(1);
            String a = address(k);
            Creds c = Creds.of(ok(clob.send("GET", "/auth/derive-api-key", null, l1(k, now(), 0))));
            // A token with a book, bid well below the best bid so that nothing fills.
            String token = null;
            JsonNode book = null;
            for (JsonNode p : data.ok("/v2/positions?user=" + a.toLowerCase(Locale.ROOT) + "&limit=500").get("data")) {
                Http.Answer b = clob.send("GET", "/book?token_id=" + p.get("token_id").asText(), null, java.util.Map.of());
                if (b.status() == 200 && b.body().get("bids").size() > 0) {
                    token = p.get("token_id").asText();
                    book = b.body();
                    break;
                }
            }
            assertTrue(token != null, "a held token with a book");
            BigDecimal tick = new BigDecimal(book.get("tick_size").asText());
            BigDecimal bid = new BigDecimal(book.get("bids").get(book.get("bids").size() - 1).get("price").asText());
            BigDecimal price = bid.subtract(tick.multiply(BigDecimal.valueOf(5))).max(tick);
            BigDecimal available = collateral(clob, a, c);
            BigDecimal size = available.multiply(new BigDecimal("0.6")).divide(price, 2, RoundingMode.DOWN);
            int ordersBefore = ok(signed(clob, "GET", "/data/orders", null, a, c)).get("data").size();

            JsonNode first = ok(signed(clob, "POST", "/order", order(k, c, token, book.get("neg_risk").asBoolean(), price, size, 1), a, c));
            assertEquals("live", first.get("status").asText(), first.toString());
            BigDecimal held = price.multiply(size);
            assertEquals(available.subtract(held).setScale(6, RoundingMode.DOWN), collateral(clob, a, c), "the resting bid's collateral is held");

            Http.Answer second = signed(clob, "POST", "/order", order(k, c, token, book.get("neg_risk").asBoolean(), price, size, 2), a, c);
            assertEquals(400, second.status(), second.text());
            assertEquals("not enough balance / allowance", second.body().get("error").asText());
            assertEquals(ordersBefore + 1, ok(signed(clob, "GET", "/data/orders", null, a, c)).get("data").size(), "the refused order is nowhere");
            assertEquals(available.subtract(held).setScale(6, RoundingMode.DOWN), collateral(clob, a, c), "and holds nothing");

            JsonNode cancelled = ok(signed(clob, "DELETE", "/order", "{\"orderID\":\"" + first.get("orderID").asText() + "\"}", a, c));
            assertEquals(first.get("orderID").asText(), cancelled.get("canceled").get(0).asText());
            assertEquals(available.setScale(6, RoundingMode.DOWN), collateral(clob, a, c), "the cancelled bid's collateral is free again");
            assertEquals("live", ok(signed(clob, "POST", "/order", order(k, c, token, book.get("neg_risk").asBoolean(), price, size, 3), a, c)).get("status").asText());
        }
    }

    /**
     * The order heartbeat as a dead-man switch: armed by a first send, renewed only with the id last answered (a wrong
     * id is refused with the expected one and moves nothing); 10 s without a renewal cancel every open order of the
     * account, each with its notification.
     */
    @Test
    void aHeartbeatNotRenewedCancelsTheOpenOrders() throws Exception {
        java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong(System.currentTimeMillis());
        try (Sandbox sandbox = Sandbox.builder().seed(7).now(DataApiWireTest.NOW).clock(clock::get).build().enforceLimits(false)) {
            Http clob = new Http(sandbox.start().get("clob"));
            ECKeyPair k = demo(1);
            String a = address(k);
            Creds c = Creds.of(ok(clob.send("GET", "/auth/derive-api-key", null, l1(k, now(), 0))));
            int open = ok(signed(clob, "GET", "/data/orders", null, a, c)).get("data").size();
            assertTrue(open > 0, "the demo wallet has seeded open orders");
            String first = ok(signed(clob, "POST", "/v1/heartbeats", "{\"heartbeat_id\":\"\"}", a, c)).get("heartbeat_id").asText();
            Http.Answer wrong = signed(clob, "POST", "/v1/heartbeats", "{\"heartbeat_id\":\"not-it\"}", a, c);
            assertEquals(400, wrong.status(), wrong.text());
            assertEquals("Invalid Heartbeat ID", wrong.body().get("error_msg").asText());
            assertEquals(first, wrong.body().get("heartbeat_id").asText(), "the id the next send must carry");
            clock.addAndGet(6_000);
            String second = ok(signed(clob, "POST", "/v1/heartbeats", "{\"heartbeat_id\":\"" + first + "\"}", a, c)).get("heartbeat_id").asText();
            clock.addAndGet(6_000);
            assertEquals(open, ok(signed(clob, "GET", "/data/orders", null, a, c)).get("data").size(), "renewed 6 s ago: the orders stand");
            clock.addAndGet(5_000);
            assertEquals(0, ok(signed(clob, "GET", "/data/orders", null, a, c)).get("data").size(), "11 s without a renewal: every order cancelled");
            long cancellations = 0;
            for (JsonNode n : ok(signed(clob, "GET", "/notifications", null, a, c))) if (n.get("type").asInt() == 1) cancellations++;
            assertEquals(open, cancellations, "one cancellation notification per order");
            assertEquals(second.length(), first.length());
        }
    }

    /** The collateral an order may use, in units ({@code /balance-allowance} answers base units). */
    private static BigDecimal collateral(Http clob, String a, Creds c) throws Exception {
        JsonNode b = ok(signed(clob, "GET", "/balance-allowance?asset_type=COLLATERAL&signature_type=0", null, a, c));
        return new BigDecimal(b.get("balance").asText()).movePointLeft(6);
    }

    /** A GTC bid as the official clients post it: the V2 order signed by the wallet, owned by its API key. */
    static String order(ECKeyPair k, Creds c, String token, boolean negRisk, BigDecimal price, BigDecimal size, long salt) {
        String maker = "0x" + org.web3j.crypto.Keys.getAddress(k.getPublicKey());
        BigInteger taker = size.movePointRight(6).toBigIntegerExact();
        BigInteger makerAmount = size.multiply(price).movePointRight(6).setScale(0, RoundingMode.DOWN).toBigIntegerExact();
        BigInteger timestamp = BigInteger.valueOf(System.currentTimeMillis());
        String zero = "0x" + "0".repeat(64);
        byte[] digest = TypedData.order(negRisk ? TypedData.NEG_RISK_EXCHANGE : TypedData.EXCHANGE, BigInteger.valueOf(salt), maker, maker, new BigInteger(token), makerAmount, taker,
                0, 0, timestamp, zero, zero);
        Sign.SignatureData s = Sign.signMessage(digest, k, false);
        String signature = Numeric.toHexString(s.getR()) + Numeric.toHexStringNoPrefix(s.getS()) + Numeric.toHexStringNoPrefix(s.getV());
        ObjectNode body = Http.JSON.createObjectNode();
        ObjectNode o = body.putObject("order");
        o.put("salt", salt).put("maker", maker).put("signer", maker).put("tokenId", token).put("makerAmount", makerAmount.toString())
                .put("takerAmount", taker.toString()).put("side", "BUY").put("signatureType", 0).put("timestamp", timestamp.toString())
                .put("metadata", zero).put("builder", zero).put("expiration", "0").put("signature", signature);
        body.put("owner", c.key()).put("orderType", "GTC");
        return body.toString();
    }
}
