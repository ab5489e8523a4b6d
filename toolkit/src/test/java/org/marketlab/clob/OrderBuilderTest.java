package org.marketlab.clob;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.accounts.AccountsSandbox;
import org.marketlab.auth.CredentialStore;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Order builders: immutable, checked before anything is sent, rounded as the official clients round, signed per order. */
class OrderBuilderTest {

    static final String TOKEN = "44052127076054174695173559235733170212420075037244492572200692849916921080846";
    static ClobSession s;

    @BeforeAll
    static void open() {
        s = ClobSession.open(AccountsSandbox.transport(), Wallet.demo(1), ClobSession.Options.defaults().store(CredentialStore.memory()));
    }

    private static LimitOrder limit(String price, String size) {
        return s.limitOrder(TOKEN, Side.BUY, new BigDecimal(price), new BigDecimal(size)).tickSize(new BigDecimal("0.01"))
                .minSize(new BigDecimal("5")).negRisk(false);
    }

    @Test
    void amountsAsTheOfficialClientsRound() {
        assertEquals(new OrderAmounts(BigInteger.valueOf(11_782_400), BigInteger.valueOf(21_040_000)),
                OrderAmounts.limit(Side.BUY, new BigDecimal("0.56"), new BigDecimal("21.04"), new BigDecimal("0.01")));
        assertEquals(new OrderAmounts(BigInteger.valueOf(21_040_000), BigInteger.valueOf(11_782_400)),
                OrderAmounts.limit(Side.SELL, new BigDecimal("0.56"), new BigDecimal("21.049"), new BigDecimal("0.01")), "size down to 2 decimals");
        assertEquals(new OrderAmounts(BigInteger.valueOf(100_000_000), BigInteger.valueOf(175_438_500)),
                OrderAmounts.market(Side.BUY, new BigDecimal("100"), new BigDecimal("0.57"), new BigDecimal("0.01")), "up at 8 then down at 4");
        assertThrows(IllegalArgumentException.class, () -> OrderAmounts.rounding(new BigDecimal("0.02")));
    }

    @Test
    void refusedBeforeSending() {
        IllegalArgumentException grid = assertThrows(IllegalArgumentException.class, () -> limit("0.555", "10").sign());
        assertTrue(grid.getMessage().contains("tick grid of 0.01") && grid.getMessage().contains("use 0.55 or 0.56"), grid.getMessage());
        assertThrows(IllegalArgumentException.class, () -> limit("0.995", "10").sign());
        IllegalArgumentException min = assertThrows(IllegalArgumentException.class, () -> limit("0.5", "4.999").sign());
        assertTrue(min.getMessage().contains("minimum order size of 5"), min.getMessage());
        assertThrows(IllegalArgumentException.class, () -> limit("1.2", "10"));
        assertThrows(IllegalArgumentException.class, () -> limit("0.5", "-1"));
        assertThrows(IllegalArgumentException.class, () -> limit("0.5", "10").postOnly().fok());
        assertThrows(IllegalArgumentException.class, () -> limit("0.5", "10").fak().postOnly());
        assertThrows(IllegalArgumentException.class, () -> limit("0.5", "10").gtd(Instant.now().plusSeconds(10)).sign());
        assertThrows(IllegalArgumentException.class, () -> s.limitOrder("0xabc", Side.BUY, BigDecimal.ONE, BigDecimal.ONE));
        assertThrows(IllegalArgumentException.class, () -> s.marketOrder(TOKEN, Side.BUY, BigDecimal.ZERO));
    }

    @Test
    void immutableAndSignedFreshEachTime() {
        LimitOrder base = limit("0.5", "10");
        LimitOrder post = base.postOnly();
        assertEquals(OrderType.GTC, base.type());
        assertTrue(post.isPostOnly() && !base.isPostOnly());
        Instant until = Instant.now().plusSeconds(3600);
        LimitOrder gtd = base.gtd(until);
        assertEquals(OrderType.GTD, gtd.type());
        SignedOrder a = gtd.sign();
        SignedOrder b = gtd.sign();
        assertNotEquals(a.salt(), b.salt(), "a fresh salt per signature");
        assertEquals(BigInteger.valueOf(until.getEpochSecond()), a.expiration());
        assertEquals(s.address().toLowerCase(), a.recoverSigner());
        assertEquals(ExchangeDomain.V2_EXCHANGE.toLowerCase(), a.domain().verifyingContract());
        assertTrue(base.negRisk(true).sign().domain().negRisk());
        var body = a.body("key", OrderType.GTD, false);
        assertEquals("GTD", body.get("orderType").asText());
        assertTrue(body.get("order").get("salt").isNumber());
        assertEquals(List.of("deferExec", "postOnly", "order", "owner", "orderType"), iterator(body));
    }

    @Test
    void marketPriceFromTheBookAsTheOfficialClients() {
        List<Level> asks = List.of(new Level(new BigDecimal("0.6"), new BigDecimal("100")), new Level(new BigDecimal("0.55"), new BigDecimal("100")),
                new Level(new BigDecimal("0.5"), new BigDecimal("100")));
        assertEquals(new BigDecimal("0.5"), MarketOrder.marketPrice(asks, Side.BUY, new BigDecimal("50"), OrderType.FOK));
        assertEquals(new BigDecimal("0.55"), MarketOrder.marketPrice(asks, Side.BUY, new BigDecimal("100"), OrderType.FOK));
        assertEquals(new BigDecimal("0.6"), MarketOrder.marketPrice(asks, Side.BUY, new BigDecimal("1000"), OrderType.FAK));
        assertThrows(IllegalArgumentException.class, () -> MarketOrder.marketPrice(asks, Side.BUY, new BigDecimal("1000"), OrderType.FOK));
        assertEquals(new BigDecimal("0.55"), MarketOrder.marketPrice(asks, Side.SELL, new BigDecimal("150"), OrderType.FOK));
    }

    private static List<String> iterator(com.fasterxml.jackson.databind.JsonNode n) {
        List<String> out = new java.util.ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
