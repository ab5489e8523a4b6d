package org.marketlab.clob;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The market channel's messages in the shapes the live service sends (field order, a book's sides best last, an empty
 * best price, a message type this version does not know, lower-case sides, a price written {@code .48}), read field by
 * field through {@link MarketFeed#parse}. The documents are the project's own, in the captured shapes.
 */
class MarketChannelDocumentsTest {

    private static final String ASSET = "48152342091771264310032415890036128476221954110638270094176501234567890123456";
    private static final String MARKET = "0x4e1f0c2a9b7d3e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7";

    static String doc(String name) throws IOException {
        try (InputStream in = MarketChannelDocumentsTest.class.getResourceAsStream("channel/" + name)) {
            if (in == null) throw new IOException("no document " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static MarketMessage only(String name) throws IOException {
        List<MarketMessage> m = MarketFeed.parse(doc(name));
        assertEquals(1, m.size(), name);
        return m.get(0);
    }

    @Test
    void book() throws IOException {
        var m = assertInstanceOf(MarketMessage.BookSnapshot.class, only("book.json"));
        Book b = m.book();
        assertEquals("book", m.eventType());
        assertEquals(MARKET, b.market());
        assertEquals(ASSET, b.assetId());
        assertEquals(Instant.ofEpochMilli(1795000000123L), b.timestamp());
        assertEquals("3b9f1e0d2c4a6b8e0f1d3c5b7a9e1f3d5c7b9a1e", b.hash());
        assertEquals(List.of(new Level(new BigDecimal("0.02"), new BigDecimal("4100250.5")), new Level(new BigDecimal("0.31"), new BigDecimal("812.4")),
                new Level(new BigDecimal("0.33"), new BigDecimal("96"))), b.bids());
        assertEquals(new Level(new BigDecimal("0.35"), new BigDecimal("40.1")), b.asks().get(2), "asks best last");
        assertEquals(0, new BigDecimal("0.33").compareTo(b.bestBid()));
        assertEquals(0, new BigDecimal("0.35").compareTo(b.bestAsk()));
        assertEquals(new BigDecimal("0.01"), b.tickSize());
        assertEquals(0, new BigDecimal("0.34").compareTo(b.lastTradePrice()), "0.340 as written");
        assertNull(b.minOrderSize(), "absent from the frame");
        assertNull(b.negRisk(), "absent from the frame");
    }

    @Test
    void priceChange() throws IOException {
        var m = assertInstanceOf(MarketMessage.PriceChange.class, only("price_change.json"));
        assertEquals(MARKET, m.market());
        assertEquals(Instant.ofEpochMilli(1795000004567L), m.timestamp());
        assertEquals(2, m.changes().size());
        MarketMessage.LevelChange first = m.changes().get(0), second = m.changes().get(1);
        assertEquals(ASSET, first.assetId());
        assertEquals(new BigDecimal("0.34"), first.price());
        assertEquals(new BigDecimal("275.5"), first.size());
        assertEquals(Side.BUY, first.side());
        assertEquals("aa01bb02cc03dd04ee05ff06a1b2c3d4e5f60718", first.hash());
        assertEquals(new BigDecimal("0.34"), first.bestBid());
        assertEquals(new BigDecimal("0.35"), first.bestAsk());
        assertEquals(Side.SELL, second.side());
        assertEquals(0, second.size().signum(), "size 0: the level is gone");
        assertNull(second.bestAsk(), "an empty best price is none");
    }

    @Test
    void lastTradePrice() throws IOException {
        var m = assertInstanceOf(MarketMessage.LastTrade.class, only("last_trade_price.json"));
        assertEquals(ASSET, m.assetId());
        assertEquals(new BigDecimal("0.35"), m.price());
        assertEquals(new BigDecimal("12.5"), m.size());
        assertEquals(Side.SELL, m.side());
        assertEquals(0, m.feeRateBps().signum());
        assertEquals(Instant.ofEpochMilli(1795000005000L), m.timestamp());
        assertTrue(m.transactionHash().startsWith("0x9c8b"));
    }

    @Test
    void tickSizeChangeAndBestBidAsk() throws IOException {
        var t = assertInstanceOf(MarketMessage.TickSizeChange.class, only("tick_size_change.json"));
        assertEquals(new BigDecimal("0.01"), t.oldTickSize());
        assertEquals(new BigDecimal("0.001"), t.newTickSize());
        assertEquals(ASSET, t.assetId());
        var b = assertInstanceOf(MarketMessage.BestBidAsk.class, only("best_bid_ask.json"));
        assertEquals(new BigDecimal("0.34"), b.bestBid());
        assertEquals(new BigDecimal("0.35"), b.bestAsk());
        assertEquals(new BigDecimal("0.01"), b.spread());
        assertEquals(Instant.ofEpochMilli(1795000004570L), b.timestamp());
    }

    @Test
    void newMarketAndResolution() throws IOException {
        var n = assertInstanceOf(MarketMessage.NewMarket.class, only("new_market.json"));
        assertEquals("2204417", n.id());
        assertTrue(n.question().startsWith("Will the lighthouse"));
        assertEquals("skerry-point-lighthouse-relit", n.slug());
        assertEquals(List.of("Yes", "No"), n.outcomes());
        assertEquals(2, n.assetIds().size());
        assertEquals(new BigDecimal("0.01"), n.tickSize());
        assertEquals(List.of("local", "maritime"), n.tags());
        assertEquals(Boolean.TRUE, n.active());
        var r = assertInstanceOf(MarketMessage.MarketResolved.class, only("market_resolved.json"));
        assertEquals(n.market(), r.market());
        assertEquals(n.assetIds(), r.assetIds());
        assertEquals(n.assetIds().get(1), r.winningAssetId());
        assertEquals("No", r.winningOutcome());
        assertEquals(Instant.ofEpochMilli(1795000900000L), r.timestamp());
    }

    @Test
    void anArrayFrameKeepsItsOrderAndAnUnknownType() throws IOException {
        List<MarketMessage> m = MarketFeed.parse(doc("mixed.json"));
        assertEquals(3, m.size());
        var pc = assertInstanceOf(MarketMessage.PriceChange.class, m.get(0));
        assertEquals(new BigDecimal("0.48"), pc.changes().get(0).price(), ".48 as written");
        assertEquals(Side.BUY, pc.changes().get(0).side(), "buy in lower case");
        var unknown = assertInstanceOf(MarketMessage.Unknown.class, m.get(1));
        assertEquals("queue_position", unknown.eventType());
        assertTrue(unknown.json().contains("\"sequence\": 9"), unknown.json());
        assertEquals(Instant.ofEpochMilli(1795000000002L), unknown.timestamp(), "an unknown type keeps the service's time");
        var trade = assertInstanceOf(MarketMessage.LastTrade.class, m.get(2));
        assertEquals(new BigDecimal("25"), trade.feeRateBps());
        assertNull(trade.transactionHash());
    }

    @Test
    void aFrameThatIsNotOneSaysSo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MarketFeed.parse("PONG"));
        assertTrue(e.getMessage().startsWith("not a market channel frame"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MarketFeed.parse("{\"event_type\":\"price_change\",\"price_changes\":[{\"price\":\"0.5\"}]}"));
        assertTrue(e.getMessage().contains("price, a size and a side"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MarketFeed.parse("{\"event_type\":\"book\",\"bids\":[{\"price\":\"0.1234567\",\"size\":\"1\"}]}"));
        assertTrue(e.getMessage().contains("more than 6 decimal places"), e.getMessage());
        assertFalse(MarketFeed.parse("[]").iterator().hasNext());
    }
}
