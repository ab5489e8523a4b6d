package org.marketlab.clob;

import org.junit.jupiter.api.Test;
import org.marketlab.spi.Documents;
import org.marketlab.http.MalformedResponseException;
import org.marketlab.internal.transport.Document;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The order-book account documents in the live shapes (clob-api-credentials, clob-balance-allowance-*,
 * clob-open-order(s-page), clob-trade, clob-trades-page), read field by field through the session's readers.
 */
class ClobAccountDocumentsTest {

    private static Document doc(String name) {
        return Document.file(name, Documents.read(name));
    }

    private static void same(String expected, BigDecimal actual) {
        assertEquals(0, new BigDecimal(expected).compareTo(actual), "expected " + expected + ", was " + actual);
    }

    @Test
    void credentialsNeverPrinted() {
        ApiCredentials c = ApiCredentials.read(doc("clob-api-credentials.json"));
        assertEquals("91e63862-9e3f-466e-8867-2a8727e845e6", c.apiKey());
        assertEquals("c2FuZGJveC1vbmx5LXNlY3JldC1ub3QtYS1yZWFsLWtleQ==", c.secret());
        assertEquals("4f1d7c2a9e3b8065d1a7c4e92f0b6d38a5e17c9b2d4f6a8c0e1b3d5f7a9c2e4b", c.passphrase());
        assertFalse(c.toString().contains(c.secret()));
        assertFalse(c.toString().contains(c.passphrase()));
        assertThrows(MalformedResponseException.class, () -> ApiCredentials.read(Document.file("x", "{\"apiKey\":\"k\"}")));
    }

    @Test
    void balanceAllowance() {
        BalanceAllowance c = BalanceAllowance.read(doc("clob-balance-allowance-collateral.json"), AssetType.COLLATERAL, null);
        assertEquals(new BigInteger("2504750000"), c.baseUnits());
        same("2504.75", c.balance());
        assertEquals(new BigInteger("5000000000000"), c.allowance());
        assertTrue(c.allowances().isEmpty());
        BalanceAllowance t = BalanceAllowance.read(doc("clob-balance-allowance-conditional.json"), AssetType.CONDITIONAL, "1");
        assertEquals(new BigInteger("15250000"), t.baseUnits());
        same("15.25", t.balance());
        assertNull(t.allowance());
        BigInteger max = BigInteger.TWO.pow(256).subtract(BigInteger.ONE);
        assertEquals(List.of("0xe111180000d2663c0091e4f400237545b87b996b", "0xe2222d279d744050d28e00520010520000310f59",
                "0x4bfb41d5b3570defd03c39a9a4d8de6bd8b8982e"), List.copyOf(t.allowances().keySet()));
        for (BigInteger a : t.allowances().values()) assertEquals(max, a);
    }

    @Test
    void openOrder() {
        OpenOrder o = OpenOrder.read(doc("clob-open-order.json"));
        assertEquals(List.of("25999f67-7081-47ed-8795-be21b90d9dcf"), o.associateTrades());
        assertEquals("0x3c9f0971576fde171e25763b89616ba5dc9ca60fb7e61e33a12058a7c1df9b53", o.id());
        assertEquals("LIVE", o.status());
        assertEquals("0x5fa61cf629832af21ff477c5e7020c3b4562b82b84e6b07c1529aea8c84c9cd5", o.market());
        same("120", o.originalSize());
        assertEquals("No", o.outcome());
        assertEquals("0x7d6cc440415286ffa5af6996a464ad9ff7884c72", o.makerAddress());
        assertEquals("91e63862-9e3f-466e-8867-2a8727e845e6", o.owner());
        same("0.37", o.price());
        assertEquals("SELL", o.side());
        same("45.5", o.sizeMatched());
        same("74.5", o.remaining());
        assertEquals("21454302604681785998054098255172735845899437598172815599488082339266353321992", o.assetId());
        assertNull(o.expiration());
        assertEquals("GTC", o.orderType());
        assertEquals(Instant.ofEpochSecond(1762351207L), o.createdAt());
    }

    @Test
    void openOrdersPage() {
        List<OpenOrder> page = OpenOrder.readPage(doc("clob-open-orders-page.json"));
        assertEquals(2, page.size());
        OpenOrder first = page.get(0);
        assertEquals("0xeada5bd148ad7cc4da2efa9f5662f9e69e5a5d10caa1ceca8eaa00bde06d5591", first.id());
        same("80", first.originalSize());
        same("0.61", first.price());
        same("0", first.sizeMatched());
        assertTrue(first.associateTrades().isEmpty());
        OpenOrder second = page.get(1);
        assertTrue(second.associateTrades().isEmpty(), "a null list reads as an empty one");
        assertEquals("GTD", second.orderType());
        same("42.5", second.remaining());
        for (OpenOrder o : page) {
            assertEquals("LIVE", o.status());
            assertTrue(o.id().startsWith("0x"));
        }
    }

    @Test
    void tradeReport() {
        ClobTrade t = ClobTrade.read(doc("clob-trade.json"));
        assertEquals("25999f67-7081-47ed-8795-be21b90d9dcf", t.id());
        assertEquals("0x2c3402f1b9920e9bbb3ee5607f1240c9695e578cad69f7d51fe6b83cf80a4e5f", t.takerOrderId());
        assertEquals("0x5fa61cf629832af21ff477c5e7020c3b4562b82b84e6b07c1529aea8c84c9cd5", t.market());
        assertEquals("21454302604681785998054098255172735845899437598172815599488082339266353321992", t.assetId());
        assertEquals("SELL", t.side());
        same("45.5", t.size());
        same("0", t.feeRateBps());
        same("0.37", t.price());
        assertEquals("CONFIRMED", t.status());
        assertEquals(Instant.parse("2025-11-05T14:02:31Z"), t.matchTime());
        assertEquals(Instant.parse("2025-11-05T14:03:07Z"), t.lastUpdate());
        assertEquals("No", t.outcome());
        assertEquals(0, t.bucketIndex());
        assertEquals("91e63862-9e3f-466e-8867-2a8727e845e6", t.owner());
        assertEquals("0x7d6cc440415286ffa5af6996a464ad9ff7884c72", t.makerAddress());
        assertEquals("0x8e5df0cf284a0ac52b4ec184ccfa766a73bf8c320f83d86a5177939bb8132e6c", t.transactionHash());
        assertEquals("TAKER", t.traderSide());
        assertEquals(2, t.makerOrders().size());
        MakerOrder m = t.makerOrders().get(1);
        assertEquals("21454302604681785998054098255172735845899437598172815599488082339266353321992", m.assetId());
        same("20", m.feeRateBps());
        assertEquals("0x8adda5ea101baac0cf2316e571b82b637bb612e6", m.makerAddress());
        same("15.5", m.matchedAmount());
        assertEquals("0xc8980bd1fa1cc2947774ff05a773f31d8eaf9149f294fbaf6aa76337b36512e9", m.orderId());
        assertEquals("No", m.outcome());
        assertEquals("613b3a47-57eb-463d-ab02-0f1ca69fcf2a", m.owner());
        same("0.37", m.price());
        assertNull(m.side());
        assertEquals("SELL", t.accountSide("0x7d6cc440415286ffa5af6996a464ad9ff7884c72"));
        same("45.5", t.accountSize("0x7d6cc440415286ffa5af6996a464ad9ff7884c72"));
    }

    @Test
    void tradesPage() {
        List<ClobTrade> page = ClobTrade.readPage(doc("clob-trades-page.json"));
        assertEquals(1, page.size());
        ClobTrade t = page.get(0);
        assertEquals("d1e049aa-c10e-42e8-8e3f-bd241f75fa4d", t.id());
        assertEquals("MINED", t.status());
        same("12", t.size());
        assertEquals(Instant.parse("2025-11-05T13:48:14Z"), t.lastUpdate());
        assertEquals("0x99e7ee37e3ed52c61293bb009f4bac21f17a620af29d1a5f8953e2aaefdb12de", t.transactionHash());
        assertTrue(t.makerOrders().isEmpty());
        assertEquals("TAKER", t.traderSide());
    }
}
