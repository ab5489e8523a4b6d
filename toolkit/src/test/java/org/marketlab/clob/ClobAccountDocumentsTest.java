package org.marketlab.clob;

import org.junit.jupiter.api.Test;
import org.marketlab.Fixtures;
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
 * The captured order-book account documents (http_api_credentials, http_balance_allowance_*, http_open_order(s_page),
 * http_trade_report, http_trades_page), read field by field through the session's readers.
 */
class ClobAccountDocumentsTest {

    private static Document doc(String name) {
        return Document.file(name, Fixtures.read(name));
    }

    private static void same(String expected, BigDecimal actual) {
        assertEquals(0, new BigDecimal(expected).compareTo(actual), "expected " + expected + ", was " + actual);
    }

    @Test
    void credentialsNeverPrinted() {
        ApiCredentials c = ApiCredentials.read(doc("http_api_credentials.json"));
        assertEquals("test-api-key", c.apiKey());
        assertEquals("test-secret", c.secret());
        assertEquals("test-passphrase", c.passphrase());
        assertFalse(c.toString().contains("test-secret"));
        assertFalse(c.toString().contains("test-passphrase"));
        assertThrows(MalformedResponseException.class, () -> ApiCredentials.read(Document.file("x", "{\"apiKey\":\"k\"}")));
    }

    @Test
    void balanceAllowance() {
        BalanceAllowance c = BalanceAllowance.read(doc("http_balance_allowance_collateral.json"), AssetType.COLLATERAL, null);
        assertEquals(new BigInteger("1000000000"), c.baseUnits());
        same("1000", c.balance());
        assertEquals(new BigInteger("999999999000000"), c.allowance());
        assertTrue(c.allowances().isEmpty());
        BalanceAllowance t = BalanceAllowance.read(doc("http_balance_allowance_conditional.json"), AssetType.CONDITIONAL, "1");
        assertEquals(BigInteger.ZERO, t.baseUnits());
        same("0", t.balance());
        assertNull(t.allowance());
        BigInteger max = BigInteger.TWO.pow(256).subtract(BigInteger.ONE);
        assertEquals(List.of("0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
                "0xcccccccccccccccccccccccccccccccccccccccc"), List.copyOf(t.allowances().keySet()));
        for (BigInteger a : t.allowances().values()) assertEquals(max, a);
    }

    @Test
    void openOrder() {
        OpenOrder o = OpenOrder.read(doc("http_open_order.json"));
        assertEquals(List.of("0xabc001"), o.associateTrades());
        assertEquals("0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef", o.id());
        assertEquals("LIVE", o.status());
        assertEquals("0xdd22472e552920b8438158ea7238bfadfa4f736aa4cee91a6b86c39ead110917", o.market());
        same("100", o.originalSize());
        assertEquals("Yes", o.outcome());
        assertEquals("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", o.makerAddress());
        assertEquals("00000000-0000-0000-0000-000000000001", o.owner());
        same("0.5", o.price());
        assertEquals("BUY", o.side());
        same("25", o.sizeMatched());
        same("75", o.remaining());
        assertEquals("71321045679252212594626385532706912750332728571942532289631379312455583992563", o.assetId());
        assertNull(o.expiration());
        assertEquals("GTC", o.orderType());
        assertEquals(Instant.ofEpochSecond(1703875200L), o.createdAt());
    }

    @Test
    void openOrdersPage() {
        List<OpenOrder> page = OpenOrder.readPage(doc("http_open_orders_page.json"));
        assertEquals(2, page.size());
        OpenOrder first = page.get(0);
        assertEquals("0xaaaa000000000000000000000000000000000000000000000000000000000001", first.id());
        same("200", first.originalSize());
        same("0.6", first.price());
        same("0", first.sizeMatched());
        assertTrue(first.associateTrades().isEmpty());
        for (OpenOrder o : page) {
            assertEquals("LIVE", o.status());
            assertTrue(o.id().startsWith("0x"));
        }
    }

    @Test
    void tradeReport() {
        ClobTrade t = ClobTrade.read(doc("http_trade_report.json"));
        assertEquals("trade-0xabcdef1234", t.id());
        assertEquals("0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef12", t.takerOrderId());
        assertEquals("0xdd22472e552920b8438158ea7238bfadfa4f736aa4cee91a6b86c39ead110917", t.market());
        assertEquals("71321045679252212594626385532706912750332728571942532289631379312455583992563", t.assetId());
        assertEquals("BUY", t.side());
        same("25", t.size());
        same("0", t.feeRateBps());
        same("0.5", t.price());
        assertEquals("CONFIRMED", t.status());
        assertEquals(Instant.parse("2024-01-01T00:00:00Z"), t.matchTime());
        assertEquals(Instant.parse("2024-01-01T00:01:00Z"), t.lastUpdate());
        assertEquals("Yes", t.outcome());
        assertEquals(0, t.bucketIndex());
        assertEquals("00000000-0000-0000-0000-000000000001", t.owner());
        assertEquals("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", t.makerAddress());
        assertEquals("0xabcdef1234567890abcdef1234567890abcdef1234567890abcdef1234567890ab", t.transactionHash());
        assertEquals("TAKER", t.traderSide());
        assertEquals(2, t.makerOrders().size());
        MakerOrder m = t.makerOrders().get(1);
        assertEquals("71321045679252212594626385532706912750332728571942532289631379312455583992563", m.assetId());
        same("10", m.feeRateBps());
        assertEquals("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc", m.makerAddress());
        same("5", m.matchedAmount());
        assertEquals("0xmaker02maker02maker02maker02maker02maker02maker02maker02maker02maker02", m.orderId());
        assertEquals("Yes", m.outcome());
        assertEquals("00000000-0000-0000-0000-000000000003", m.owner());
        same("0.5", m.price());
        assertNull(m.side());
        assertEquals("BUY", t.accountSide("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"));
        same("25", t.accountSize("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"));
    }

    @Test
    void tradesPage() {
        List<ClobTrade> page = ClobTrade.readPage(doc("http_trades_page.json"));
        assertEquals(1, page.size());
        ClobTrade t = page.get(0);
        assertEquals("trade-0x001", t.id());
        assertEquals("MINED", t.status());
        same("10", t.size());
        assertEquals(Instant.parse("2024-01-01T00:00:10Z"), t.lastUpdate());
        assertEquals("0xabc123", t.transactionHash());
        assertTrue(t.makerOrders().isEmpty());
        assertEquals("TAKER", t.traderSide());
    }
}
