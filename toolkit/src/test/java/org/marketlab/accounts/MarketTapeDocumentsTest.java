package org.marketlab.accounts;

import org.marketlab.Research;
import org.marketlab.internal.transport.Document;
import org.marketlab.spi.Documents;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A market's tape in the live service's v1 shape ({@code GET /trades?market=}): read whole, as a tape table. */
class MarketTapeDocumentsTest {

    private static List<Trade> trades() {
        return Trade.readPage(Document.file("data-v1-trades-market.json", Documents.read("data-v1-trades-market.json")));
    }

    @Test
    void everyFieldOfTheV1TapeIsRead() {
        List<Trade> t = trades();
        assertEquals(3, t.size());
        Trade no = t.get(1);
        assertEquals("0x91d0c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6", no.proxyWallet());
        assertEquals("24785137006427183913519530468329745815128651766893018421470734286522213486520", no.tokenId());
        assertEquals("0x5f65177b394277fd294cd75650044e32ba009a95022d88a0c1d565897d72f8f1", no.conditionId());
        assertEquals("BUY", no.side());
        assertEquals(new BigDecimal("40.5"), no.size());
        assertEquals(new BigDecimal("0.39"), no.price());
        assertEquals(Instant.ofEpochSecond(1762009987), no.timestamp());
        assertEquals("No", no.outcome());
        assertEquals(1, no.outcomeIndex());
        assertEquals("Amber-Lantern", no.pseudonym());
        assertEquals("0x1f2e3d4c5b6a79880f1e2d3c4b5a69788f9e0d1c2b3a4958677e8d9c0b1a2f3e", no.transactionHash());
        assertEquals(new BigDecimal("15.795"), no.notional());
    }

    @Test
    void theTapeTableIsOldestFirstWithTheColumnsANotebookReads() {
        Table tape = MarketTradesQuery.table(trades());
        assertEquals(MarketTradesQuery.COLUMNS, tape.columnNames());
        assertEquals("trades of Will the Harbour Bridge toll rise before 2027?", tape.name());
        assertEquals(Instant.ofEpochSecond(1762006402), tape.instantColumn("time").get(0));
        assertEquals(Instant.ofEpochSecond(1762010113), tape.instantColumn("time").get(2));
        assertEquals(1200 * 0.605, tape.doubleColumn("notional").getDouble(0), 1e-9);
        assertEquals("0x3c1e0f2a9b8d7c6e5f4a3b2c1d0e9f8a7b6c5d4e", tape.stringColumn("wallet").get(0));
        assertEquals("SELL", tape.stringColumn("side").get(0));
    }

    /** The hour's VWAP and imbalance seen from the first outcome: a buy of No at 0.39 is a sell of Yes at 0.61. */
    @Test
    void byHourSeesTheSecondOutcomeFromTheFirst() {
        Table hours = Research.tapeByHour(MarketTradesQuery.table(trades()));
        // 1762006402 is 14:13:22 UTC; the other two fall in the 15:00 hour.
        assertEquals(2, hours.rowCount());
        assertEquals(1, hours.intColumn("trades").get(0));
        assertEquals(2, hours.intColumn("trades").get(1));
        double vwap = (250 * 0.62 + 40.5 * 0.61) / (250 + 40.5);
        assertEquals(vwap, hours.doubleColumn("vwap").getDouble(1), 1e-12);
        double buy = 250 * 0.62, sell = 40.5 * 0.39;
        assertEquals(buy, hours.doubleColumn("buy_notional").getDouble(1), 1e-9);
        assertEquals(sell, hours.doubleColumn("sell_notional").getDouble(1), 1e-9);
        assertEquals((buy - sell) / (buy + sell), hours.doubleColumn("imbalance").getDouble(1), 1e-12);
        assertEquals(-1.0, hours.doubleColumn("imbalance").getDouble(0), 0);
        assertEquals(250 + 40.5, hours.doubleColumn("shares").getDouble(1), 1e-9);
    }

    /** Wallets by notional: the first wallet took two trades, one each way; the second bought No, a sell of Yes. */
    @Test
    void byWalletSumsTheTakers() {
        Table w = Research.tapeByWallet(MarketTradesQuery.table(trades()));
        assertEquals(List.of("wallet", "trades", "shares", "notional", "share", "net_yes", "first", "last"), w.columnNames());
        assertEquals("0x3c1e0f2a9b8d7c6e5f4a3b2c1d0e9f8a7b6c5d4e", w.stringColumn("wallet").get(0));
        assertEquals(2, w.intColumn("trades").get(0));
        assertEquals(250 - 1200, w.doubleColumn("net_yes").getDouble(0), 1e-9);
        assertEquals(-40.5, w.doubleColumn("net_yes").getDouble(1), 1e-9);
        double total = 250 * 0.62 + 1200 * 0.605 + 40.5 * 0.39;
        assertEquals((250 * 0.62 + 1200 * 0.605) / total, w.doubleColumn("share").getDouble(0), 1e-12);
        assertEquals(Instant.ofEpochSecond(1762006402), w.instantColumn("first").get(0));
    }
}
