package org.marketlab.accounts;

import org.junit.jupiter.api.Test;
import org.marketlab.spi.Documents;
import org.marketlab.internal.transport.Document;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The Data API v2 pages in the live shapes (data-v2-*), read field by field through the toolkit's readers. */
class AccountDocumentsTest {

    private static BigDecimal d(String s) {
        return new BigDecimal(s);
    }

    private static void same(String expected, BigDecimal actual) {
        assertEquals(0, d(expected).compareTo(actual), "expected " + expected + ", was " + actual);
    }

    @Test
    void positionsPage() {
        List<Position> rows = Position.readPage(Document.file("data-v2-positions.json", Documents.read("data-v2-positions.json")));
        assertEquals(4, rows.size());
        Position open = rows.get(0);
        assertEquals("0xa153a8570f24a22a23e06400b87a2c81ec3e0535", open.proxyWallet());
        assertEquals("63853821553429016664739817640345313527049497461945121413055169548940941754313", open.tokenId());
        assertEquals("0x90c02e5fe8fc1223e6d8db82f9b31649ba3c62ed89b0c6ef7b57848df15630a9", open.conditionId());
        same("240.5", open.size());
        same("0.42", open.avgPrice());
        same("101.01", open.entryCost());
        same("113.035", open.currentValue());
        same("12.025", open.unrealizedPnl());
        same("11.9", open.percentPnl());
        same("240.5", open.totalSize());
        same("0.0", open.realizedPnl());
        assertNull(open.percentRealizedPnl());
        same("0.47", open.currentPrice());
        assertEquals("OPEN", open.status());
        assertEquals(false, open.redeemable());
        assertEquals(false, open.mergeable());
        assertEquals("Will the Riverside tram line open before July 2027?", open.title());
        assertEquals("riverside-tram-line-open-before-july-2027", open.slug());
        assertEquals("https://example.com/icons/riverside-tram.png", open.icon());
        assertEquals("riverside-tram-line-opening", open.eventSlug());
        assertNull(open.eventId());
        assertEquals("Yes", open.outcome());
        assertEquals(0, open.outcomeIndex());
        assertEquals("No", open.oppositeOutcome());
        assertEquals("48166657108803189695781574240963084789503424858003567112295528548415099253036", open.oppositeTokenId());
        assertEquals("2027-06-30", open.endDate());
        assertEquals(false, open.negativeRisk());
        same("12.025", open.totalPnl());
        // the exact decimals survive (240.5 × 0.42 = 101.01, no binary rounding)
        assertEquals(0, open.size().multiply(open.avgPrice()).compareTo(open.entryCost()));

        Position closed = rows.get(1);
        assertEquals("CLOSED", closed.status());
        same("0", closed.size());
        same("80.0", closed.totalSize());
        same("9.6", closed.realizedPnl());
        same("9.6", closed.totalPnl());
        assertEquals("No", closed.outcome());
        assertEquals(1, closed.outcomeIndex());
        assertEquals("72446171969496241609484543767006865155886872117588181959924950485015909690654", closed.oppositeTokenId());
        assertEquals("2026-09-30", closed.endDate());

        Position redeemable = rows.get(2);
        assertEquals("REDEEMABLE", redeemable.status());
        assertEquals(true, redeemable.redeemable());
        assertEquals(true, redeemable.negativeRisk());
        assertEquals("Ana Ferreira", redeemable.outcome());
        assertEquals(1, redeemable.outcomeIndex());
        assertEquals("Other", redeemable.oppositeOutcome());
        same("64.0", redeemable.size());
        same("22.4", redeemable.currentValue());
        same("40.0", redeemable.percentPnl());

        Position dust = rows.get(3);
        same("0.004", dust.size());
        same("0.0024", dust.entryCost());
        same("0.0006", dust.unrealizedPnl());

        for (Position p : rows) {
            assertEquals("0xa153a8570f24a22a23e06400b87a2c81ec3e0535", p.proxyWallet());
            if (p.entryCost() != null && p.currentValue() != null && p.unrealizedPnl() != null) {
                assertEquals(0, p.currentValue().subtract(p.entryCost()).compareTo(p.unrealizedPnl()), "unrealised = value - cost: " + p);
            }
        }
    }

    @Test
    void positionsPageWholeRowsMatchTheDocument() throws Exception {
        String json = Documents.read("data-v2-positions.json");
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
        List<Trade> rows = Trade.readPage(Document.file("data-v2-trades.json", Documents.read("data-v2-trades.json")));
        assertEquals(3, rows.size());
        Trade t = rows.get(0);
        assertEquals("0xf00c1c9140e9b30d417aca1cc2a9c8fc2fe31cd1", t.proxyWallet());
        assertEquals("63853821553429016664739817640345313527049497461945121413055169548940941754313", t.tokenId());
        assertEquals("0x90c02e5fe8fc1223e6d8db82f9b31649ba3c62ed89b0c6ef7b57848df15630a9", t.conditionId());
        assertEquals("BUY", t.side());
        same("0.42", t.price());
        same("120.0", t.size());
        assertEquals(Instant.ofEpochSecond(1762004113L), t.timestamp());
        assertEquals("0x5e9e063c8e0c4f0d8ce2e19d55760cffc94bd531bcce169242147061822d1382", t.transactionHash());
        assertEquals("Will the Riverside tram line open before July 2027?", t.title());
        assertEquals("riverside-tram-line-open-before-july-2027", t.slug());
        same("50.4", t.notional());
        same("120", t.signedSize());
        Trade sell = rows.get(1);
        assertEquals("SELL", sell.side());
        same("-35", sell.signedSize());
        same("0.44", sell.price());
        same("15.4", sell.notional());
        assertEquals(Instant.ofEpochSecond(1762003987L), sell.timestamp());
        Trade bare = rows.get(2);
        assertNull(bare.title());
        assertNull(bare.slug());
        assertEquals("0x86b4446849993a4992fdda94ffe83f93513e7d64", bare.proxyWallet());
        assertEquals("48166657108803189695781574240963084789503424858003567112295528548415099253036", bare.tokenId());
        same("60.0", bare.size());
        same("18.6", bare.notional());
    }
}
