package org.marketlab.research;

import org.marketlab.pacing.RetryPolicy;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.clob.Book;
import org.marketlab.clob.ClobData;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Transport;
import org.marketlab.markets.Event;
import org.marketlab.markets.Market;
import org.marketlab.markets.MarketData;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The neg-risk scan and parity against the sandbox: every Σ is the sum of the books the order book serves one by one
 * ({@code GET /book}), every event scanned is an open neg-risk event with all its open outcomes, and the books are
 * read in batches.
 */
class NegRiskScanTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static Sandbox sandbox;
    private static Transport transport;
    private static BookScans scans;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(11).now(NOW).build();
        var urls = sandbox.start();
        transport = Transport.create(Profile.sandbox(11).withUrl(Service.CLOB, urls.get("clob").toString())
                .withUrl(Service.MARKETS, urls.get("markets").toString()), Clock.system(), RetryPolicy.DEFAULT);
        scans = new BookScans(transport);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    /** The book as {@code GET /book} serves it, read raw: best ask, best bid, midpoint. */
    private static BigDecimal[] touch(String token) {
        JsonNode b = transport.send(Call.get(Service.CLOB, "/book", Query.empty().with("token_id", token))).tree();
        BigDecimal ask = null, bid = null;
        for (JsonNode l : b.get("asks")) {
            BigDecimal p = new BigDecimal(l.get("price").asText());
            if (ask == null || p.compareTo(ask) < 0) ask = p;
        }
        for (JsonNode l : b.get("bids")) {
            BigDecimal p = new BigDecimal(l.get("price").asText());
            if (bid == null || p.compareTo(bid) > 0) bid = p;
        }
        return new BigDecimal[]{ask, bid, ask == null || bid == null ? null : ask.add(bid).divide(BigDecimal.valueOf(2))};
    }

    @Test
    void eachSumIsTheSumOfTheBooksServedOneByOne() {
        List<Basket> baskets = scans.negRiskScan().limit(25).list();
        assertEquals(25, baskets.size(), "25 open neg-risk events with two or more open outcomes");
        var events = new MarketData(transport).events().ids(baskets.stream().map(Basket::eventId).toList()).list();
        assertEquals(25, events.size());
        int checked = 0;
        for (Basket b : baskets) {
            Event e = events.stream().filter(x -> x.id().equals(b.eventId())).findFirst().orElseThrow();
            assertTrue(e.negRisk() && !e.closed(), "an open neg-risk event: " + e.title());
            List<Market> open = e.markets().stream().filter(m -> !m.closed()).toList();
            assertEquals(open.size(), b.markets(), "every open outcome of " + e.title());
            BigDecimal ask = BigDecimal.ZERO, bid = BigDecimal.ZERO, mid = BigDecimal.ZERO;
            for (Market m : open) {
                BigDecimal[] t = touch(m.clobTokenIds().get(0));
                ask = ask.add(t[0]);
                bid = bid.add(t[1]);
                mid = mid.add(t[2]);
            }
            assertEquals(0, ask.compareTo(b.sumAsk()), e.title() + ": Σ ask");
            assertEquals(0, bid.compareTo(b.sumBid()), e.title() + ": Σ bid");
            assertEquals(0, mid.compareTo(b.sumMid()), e.title() + ": Σ mid");
            assertEquals(0, mid.subtract(BigDecimal.ONE).compareTo(b.deviation()), e.title() + ": deviation");
            BigDecimal buy = BigDecimal.ONE.subtract(ask), sell = bid.subtract(BigDecimal.ONE);
            assertEquals(0, buy.max(sell).compareTo(b.edge()), e.title() + ": edge is the better side's");
            assertEquals(buy.compareTo(sell) >= 0 ? "buy all" : "sell all", b.side());
            // the world's groups sum to one within its documented band (docs/sandbox-world.md): 0.03 plus a tick per market
            BigDecimal band = new BigDecimal("0.03").add(new BigDecimal("0.01").multiply(BigDecimal.valueOf(b.markets())));
            assertTrue(b.deviation().abs().compareTo(band) <= 0, e.title() + ": Σ mid " + b.sumMid() + " within " + band);
            if (b.edge().signum() <= 0) assertEquals(0, b.sizeWithEdge().signum(), "no edge at the touch, no baskets with one");
            checked++;
        }
        assertEquals(25, checked);
        for (int i = 1; i < baskets.size(); i++) assertTrue(baskets.get(i - 1).edge().compareTo(baskets.get(i).edge()) >= 0, "best edge first");
    }

    /**
     * The scan stops reading events once it has found enough, pages unread: every task it reports (the events read,
     * the books) still ends finished, so that no bar is left part-filled above the scan's.
     */
    @Test
    void everyTaskOfAScanThatStopsEarlyEndsFinished() {
        List<org.marketlab.config.Progress> seen = new ArrayList<>();
        org.marketlab.config.Progress.setDefaultListener(seen::add);
        try {
            assertEquals(120, scans.negRiskScan().limit(120).list().size());
        } finally {
            org.marketlab.config.Progress.setDefaultListener(null);
        }
        Map<String, org.marketlab.config.Progress> lastOfTask = new java.util.LinkedHashMap<>();
        for (var p : seen) lastOfTask.put(p.task(), p);
        assertTrue(lastOfTask.containsKey("events") && lastOfTask.size() >= 2, "the events read and the books: " + lastOfTask.keySet());
        var events = lastOfTask.get("events");
        assertTrue(events.requests() >= 2, "the neg-risk events of several pages: " + events);
        for (var p : lastOfTask.values()) {
            assertTrue(p.finished(), "ended: " + p);
            assertEquals(p.total(), p.done(), "whole: " + p);
        }
        long read = seen.stream().filter(p -> p.task().equals("events")).mapToLong(org.marketlab.config.Progress::done).max().orElseThrow();
        assertTrue(events.done() >= 120 && events.done() <= read, "the events looked at before it stopped, of " + read + " read: " + events);
        assertEquals(1, seen.stream().filter(p -> p.task().equals("events") && p.finished()).count());
    }

    @Test
    void theTableHasOneRowPerBasketWithItsColumns() {
        Table t = scans.negRiskScan().limit(5).takerFee(0.02).table();
        assertEquals(5, t.rowCount());
        assertEquals(List.of("eventId", "title", "markets", "sumAsk", "sumBid", "sumMid", "deviation", "side", "edge", "chargeAtTouch", "sizeAtTouch",
                "sizeWithEdge", "profit"), t.columnNames());
        assertTrue(t.name().contains("after a 0.02 taker fee rate"), t.name());
    }

    @Test
    void namedEventsAreScannedAndOthersRefused() {
        var all = new MarketData(transport).events().active().closed(false).limit(200).list();
        Event neg = all.stream().filter(e -> Boolean.TRUE.equals(e.negRisk())).findFirst().orElseThrow();
        Event plain = all.stream().filter(e -> !Boolean.TRUE.equals(e.negRisk())).findFirst().orElseThrow();
        List<Basket> byRecord = scans.negRiskScan().events(List.of(neg)).list();
        List<Basket> byId = scans.negRiskScan().events(neg.id()).list();
        assertEquals(1, byRecord.size());
        assertEquals(byRecord, byId, "the same basket by record and by id");
        var e = assertThrows(IllegalArgumentException.class, () -> scans.negRiskScan().events(List.of(plain)));
        assertTrue(e.getMessage().contains("is not neg-risk") && e.getMessage().contains(plain.id()), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> scans.negRiskScan().events("12x"));
        assertTrue(e.getMessage().contains("event id"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> scans.negRiskScan().events("999999999").list());
        assertTrue(e.getMessage().contains("no event with id 999999999"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> scans.negRiskScan().limit(0));
        assertThrows(IllegalArgumentException.class, () -> scans.negRiskScan().takerFee(-0.01));
        assertThrows(IllegalArgumentException.class, () -> scans.negRiskScan().takerFee(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> scans.negRiskScan().events(List.of()));
    }

    @Test
    void aTakerFeeOnlyTakesBasketsAway() {
        List<Basket> free = scans.negRiskScan().limit(40).list();
        List<Basket> charged = scans.negRiskScan().limit(40).takerFee(0.05).list();
        for (Basket f : free) {
            Basket c = charged.stream().filter(x -> x.eventId().equals(f.eventId())).findFirst().orElseThrow();
            assertEquals(0, f.sumAsk().compareTo(c.sumAsk()), "the books are the same");
            assertTrue(c.sizeWithEdge().compareTo(f.sizeWithEdge()) <= 0, f.title());
            assertTrue(c.profit().compareTo(f.profit()) <= 0, f.title());
        }
    }

    @Test
    void parityIsTheTwoBooksOfEachBinaryMarket() {
        var markets = new ArrayList<>(new MarketData(transport).markets().closed(false).limit(30).list());
        Market closed = new MarketData(transport).markets().closed(true).limit(1).list().get(0);
        markets.add(closed);
        Table t = scans.parity(markets);
        assertTrue(t.name().contains("1 closed or not binary left out"), t.name());
        assertEquals(30, t.rowCount(), t.name());
        for (int i = 0; i < t.rowCount(); i++) {
            String id = t.stringColumn("marketId").get(i);
            Market m = markets.stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
            BigDecimal[] yes = touch(m.clobTokenIds().get(0)), no = touch(m.clobTokenIds().get(1));
            assertEquals(yes[0].add(no[0]).doubleValue(), t.doubleColumn("askSum").get(i), 1e-9, m.question());
            assertEquals(yes[1].add(no[1]).doubleValue(), t.doubleColumn("bidSum").get(i), 1e-9, m.question());
            // YES and NO pay 1 together: the two asks never sum below 1 in a fair book, the bids never above
            assertTrue(t.doubleColumn("askGap").get(i) >= 0 && t.doubleColumn("bidGap").get(i) >= 0, m.question());
        }
        var e = assertThrows(IllegalArgumentException.class, () -> scans.parity(List.of()));
        assertTrue(e.getMessage().contains("markets is empty"), e.getMessage());
    }

    @Test
    void aBatchRefusedForABooklessTokenIsSplitAndTheOthersKept() {
        var open = new MarketData(transport).markets().closed(false).limit(6).list();
        Market closed = new MarketData(transport).markets().closed(true).limit(1).list().get(0);
        List<String> tokens = new ArrayList<>();
        for (Market m : open) tokens.add(m.clobTokenIds().get(0));
        tokens.add(3, closed.clobTokenIds().get(0));
        assertThrows(org.marketlab.http.NotFoundException.class, () -> new ClobData(transport).books(tokens), "the service refuses the batch");
        Map<String, Book> books = scans.books(tokens, "test");
        assertEquals(6, books.size());
        assertFalse(books.containsKey(closed.clobTokenIds().get(0)));
        for (Market m : open) assertNotNull(books.get(m.clobTokenIds().get(0)));
    }
}
