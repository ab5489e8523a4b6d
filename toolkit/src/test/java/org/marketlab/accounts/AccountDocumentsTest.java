package org.marketlab.accounts;

import org.junit.jupiter.api.Test;
import org.marketlab.Fixtures;
import org.marketlab.internal.transport.Document;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The captured Data API v2 pages (data_api_*), read field by field through the toolkit's readers. */
class AccountDocumentsTest {

    private static BigDecimal d(String s) {
        return new BigDecimal(s);
    }

    private static void same(String expected, BigDecimal actual) {
        assertEquals(0, d(expected).compareTo(actual), "expected " + expected + ", was " + actual);
    }

    @Test
    void positionsPage() {
        List<Position> rows = Position.readPage(Document.file("data_api_positions_response.json", Fixtures.read("data_api_positions_response.json")));
        assertEquals(4, rows.size());
        Position open = rows.get(0);
        assertEquals("0x56687bf447db6ffa42ffe2204a05edaa20f55839", open.proxyWallet());
        assertEquals("71321045863084981365469005770620412523470745398083994982746259498689308907982", open.tokenId());
        assertEquals("0xc8f1cf5d4f26e0fd9c8fe89f2a7b3263b902cf14fde7bfccef525753bb492e47", open.conditionId());
        same("150.5", open.size());
        same("0.55", open.avgPrice());
        same("82.775", open.entryCost());
        same("90.3", open.currentValue());
        same("7.525", open.unrealizedPnl());
        same("9.09", open.percentPnl());
        same("150.5", open.totalSize());
        same("0.0", open.realizedPnl());
        assertNull(open.percentRealizedPnl());
        same("0.6", open.currentPrice());
        assertEquals("OPEN", open.status());
        assertEquals(false, open.redeemable());
        assertEquals(false, open.mergeable());
        assertEquals("Will BTC hit $100k?", open.title());
        assertEquals("btc-100k", open.slug());
        assertEquals("https://polymarket.com/icons/btc.png", open.icon());
        assertEquals("btc-100k-event", open.eventSlug());
        assertNull(open.eventId());
        assertEquals("Yes", open.outcome());
        assertEquals(0, open.outcomeIndex());
        assertEquals("No", open.oppositeOutcome());
        assertEquals("1234567890123456789", open.oppositeTokenId());
        assertEquals("2026-12-31", open.endDate());
        assertEquals(false, open.negativeRisk());
        same("7.525", open.totalPnl());
        // the exact decimals survive (150.5 × 0.55 = 82.775, no binary rounding)
        assertEquals(0, open.size().multiply(open.avgPrice()).compareTo(open.entryCost()));

        Position closed = rows.get(1);
        assertEquals("CLOSED", closed.status());
        same("0", closed.size());
        same("100.0", closed.totalSize());
        same("5.0", closed.realizedPnl());
        same("5", closed.totalPnl());
        assertEquals("8888888888888888888", closed.oppositeTokenId());
        assertEquals("2026-06-30", closed.endDate());

        Position redeemable = rows.get(2);
        assertEquals("REDEEMABLE", redeemable.status());
        assertEquals(true, redeemable.redeemable());
        assertEquals("Kamala Harris", redeemable.outcome());
        assertEquals(1, redeemable.outcomeIndex());
        assertEquals("Other", redeemable.oppositeOutcome());
        same("42.0", redeemable.size());
        same("16.8", redeemable.currentValue());
        same("33.33", redeemable.percentPnl());

        for (Position p : rows) {
            assertEquals("0x56687bf447db6ffa42ffe2204a05edaa20f55839", p.proxyWallet());
            if (p.entryCost() != null && p.currentValue() != null && p.unrealizedPnl() != null) {
                assertEquals(0, p.currentValue().subtract(p.entryCost()).compareTo(p.unrealizedPnl()), "unrealised = value - cost: " + p);
            }
        }
    }

    @Test
    void positionsPageWholeRowsMatchTheDocument() throws Exception {
        String json = Fixtures.read("data_api_positions_response.json");
        Document doc = Document.file("positions", json);
        var tree = doc.tree().get("data");
        List<Position> rows = Position.readPage(doc);
        for (int i = 0; i < rows.size(); i++) {
            var n = tree.get(i);
            Position p = rows.get(i);
            assertEquals(n.get("token_id").asText(), p.tokenId());
            assertEquals(n.get("status").asText(), p.status());
            assertEquals(0, n.get("current_size").decimalValue().compareTo(p.size()));
            assertEquals(0, n.get("realized_pnl").decimalValue().compareTo(p.realizedPnl()));
            assertEquals(n.get("title").asText(), p.title());
            assertEquals(n.path("end_date").isMissingNode() || n.path("end_date").isNull() ? null : n.get("end_date").asText(), p.endDate());
        }
    }

    @Test
    void tradesPage() {
        List<Trade> rows = Trade.readPage(Document.file("data_api_trades_response.json", Fixtures.read("data_api_trades_response.json")));
        assertEquals(3, rows.size());
        Trade t = rows.get(0);
        assertEquals("0x1111111111111111111111111111111111111111", t.proxyWallet());
        assertEquals("71321045863084981365469005770620412523470745398083994982746259498689308907982", t.tokenId());
        assertEquals("0xc8f1cf5d4f26e0fd9c8fe89f2a7b3263b902cf14fde7bfccef525753bb492e47", t.conditionId());
        assertEquals("BUY", t.side());
        same("0.55", t.price());
        same("100.0", t.size());
        assertEquals(Instant.ofEpochSecond(1710000000L), t.timestamp());
        assertEquals("0xabc123def456789012345678901234567890abcdef1234567890abcdef123456", t.transactionHash());
        assertEquals("Some Market Title", t.title());
        assertEquals("some-market", t.slug());
        same("55", t.notional());
        same("100", t.signedSize());
        Trade sell = rows.get(1);
        assertEquals("SELL", sell.side());
        same("-50", sell.signedSize());
        same("0.53", sell.price());
        assertEquals(Instant.ofEpochSecond(1709999900L), sell.timestamp());
        Trade bare = rows.get(2);
        assertNull(bare.title());
        assertNull(bare.slug());
        assertEquals("0x3333333333333333333333333333333333333333", bare.proxyWallet());
        same("75.0", bare.size());
        same("33.75", bare.notional());
    }
}
