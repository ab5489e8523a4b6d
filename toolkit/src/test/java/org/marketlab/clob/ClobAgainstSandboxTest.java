package org.marketlab.clob;

import org.marketlab.pacing.RetryPolicy;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.spi.Documents;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Call;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.http.NotFoundException;
import org.marketlab.internal.transport.Query;
import org.marketlab.http.ServiceException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.world.World;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClobAgainstSandboxTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static Sandbox sandbox;
    private static Transport transport;
    private static ClobData clob;
    private static World.Token open, openNo, closed;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(11).now(NOW).build();
        var urls = sandbox.start();
        transport = Transport.create(Profile.sandbox(11).withUrl(Service.CLOB, urls.get("clob").toString()),
                Clock.system(), new RetryPolicy(2, 3, Duration.ofMillis(10), Duration.ofMillis(50)));
        clob = new ClobData(transport);
        World w = sandbox.world();
        open = w.tokens().stream().filter(t -> !t.closed() && t.index() == 0 && t.tickSize() == 0.01).findFirst().orElseThrow();
        openNo = w.tokens().stream().filter(t -> t.marketId().equals(open.marketId()) && t.index() == 1).findFirst().orElseThrow();
        closed = w.tokens().stream().filter(World.Token::closed).findFirst().orElseThrow();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void bookIsConsistentAndOrderedBestLast() throws Exception {
        Book b = clob.book(open.tokenId());
        assertEquals(open.tokenId(), b.assetId());
        assertEquals(open.conditionId(), b.market());
        assertEquals(0, new BigDecimal("0.01").compareTo(b.tickSize()));
        for (int i = 1; i < b.bids().size(); i++) assertTrue(b.bids().get(i - 1).price().compareTo(b.bids().get(i).price()) < 0, "bids ascending");
        for (int i = 1; i < b.asks().size(); i++) assertTrue(b.asks().get(i - 1).price().compareTo(b.asks().get(i).price()) > 0, "asks descending");
        assertEquals(b.bids().get(b.bids().size() - 1).price(), b.bestBid(), "best bid last");
        assertTrue(b.bestBid().compareTo(b.bestAsk()) < 0, "bids below asks");
        for (Level l : b.bids()) assertEquals(0, l.price().remainder(b.tickSize()).signum(), "on the tick");
        Table t = b.table();
        assertEquals(b.bids().size() + b.asks().size(), t.rowCount());
        assertEquals(b.bestBid().doubleValue(), t.doubleColumn("price").get(0), "table: best bid first");
        assertEquals(b.bids().get(b.bids().size() - 1).size().doubleValue(), t.doubleColumn("cumulative").get(0));

        // The hash is SHA-1 over the compact JSON with hash "" (public facts), recomputed here from the raw body.
        var raw = (ObjectNode) transport.resources().json().readTree(transport.send(Call.get(Service.CLOB, "/book", Query.empty().with("token_id", open.tokenId()))).body());
        String sent = raw.get("hash").asText();
        raw.put("hash", "");
        byte[] digest = MessageDigest.getInstance("SHA-1").digest(transport.resources().json().writeValueAsString(raw).getBytes(StandardCharsets.UTF_8));
        assertEquals(HexFormat.of().formatHex(digest), sent);
    }

    @Test
    void priceMidpointSpreadLastTradeTickAndNegRiskAgreeWithTheBook() {
        Book b = clob.book(open.tokenId());
        assertEquals(b.bestBid(), clob.price(open.tokenId(), Side.BUY));
        assertEquals(b.bestAsk(), clob.price(open.tokenId(), Side.SELL));
        assertEquals(0, b.midpoint().compareTo(clob.midpoint(open.tokenId())));
        assertEquals(0, b.spread().compareTo(clob.spread(open.tokenId())));
        assertEquals(0, b.lastTradePrice().compareTo(clob.lastTradePrice(open.tokenId()).price()));
        assertEquals(0, b.tickSize().compareTo(clob.tickSize(open.tokenId())));
        assertEquals(open.negRisk(), clob.negRisk(open.tokenId()));
        // A binary market's two outcomes are priced as complements.
        BigDecimal sum = clob.midpoint(open.tokenId()).add(clob.midpoint(openNo.tokenId()));
        assertTrue(sum.subtract(BigDecimal.ONE).abs().compareTo(new BigDecimal("0.03")) <= 0, "midpoints sum to about 1: " + sum);
    }

    @Test
    void batchesSplitAboveTheMaximumAndAgreeWithSingleReads() {
        List<String> ids = sandbox.world().tokens().stream().filter(t -> !t.closed()).map(World.Token::tokenId).limit(ClobData.MAX_BATCH + 100).toList();
        long before = sandbox.stats().requests("clob", "/books");
        List<Book> books = clob.books(ids);
        assertEquals(ids.size(), books.size());
        assertEquals(2, sandbox.stats().requests("clob", "/books") - before, "600 ids in two requests");
        List<String> few = ids.subList(0, 5);
        Map<String, BigDecimal> mids = clob.midpoints(few);
        Map<String, BigDecimal> spreads = clob.spreads(few);
        Map<String, Map<Side, BigDecimal>> prices = clob.prices(few);
        Map<String, LastTrade> last = clob.lastTradePrices(few);
        for (String id : few) {
            assertEquals(0, clob.midpoint(id).compareTo(mids.get(id)));
            assertEquals(0, clob.spread(id).compareTo(spreads.get(id)));
            assertEquals(clob.price(id, Side.BUY), prices.get(id).get(Side.BUY));
            assertEquals(clob.price(id, Side.SELL), prices.get(id).get(Side.SELL));
            assertEquals(clob.lastTradePrice(id), last.get(id));
        }
    }

    @Test
    void documentedErrorsAreReproducedAndMapped() {
        var none = assertThrows(NotFoundException.class, () -> clob.book(closed.tokenId()));
        assertEquals("No orderbook exists for the requested token id", none.serverMessage());
        assertThrows(NotFoundException.class, () -> clob.midpoint(closed.tokenId()));
        var market = assertThrows(NotFoundException.class, () -> clob.tickSize("123456789"));
        assertEquals("market not found", market.serverMessage());
        assertThrows(NotFoundException.class, () -> clob.negRisk("123456789"));
        assertEquals("Invalid side", raw("/price", Query.empty().with("token_id", open.tokenId()).with("side", "buy")).serverMessage());
        assertEquals("Invalid token id", raw("/book", Query.empty().with("token_id", "0xabc")).serverMessage());
        assertEquals("Invalid token id", raw("/midpoint", Query.empty()).serverMessage());
        Query ohlc = Query.empty().with("asset_id", open.tokenId());
        assertEquals("startTs is required", raw("/ohlc", ohlc).serverMessage());
        assertEquals("asset_id is required", raw("/ohlc", Query.empty().with("startTs", 1)).serverMessage());
        assertEquals("invalid fidelity: 2h", raw("/ohlc", ohlc.with("startTs", 1).with("fidelity", "2h")).serverMessage());
        assertEquals("limit cannot exceed 1000", raw("/ohlc", ohlc.with("startTs", 1).with("limit", 1001)).serverMessage());
        assertTrue(raw("/prices-history", Query.empty().with("market", open.tokenId()).with("startTs", "yesterday")).serverMessage().contains("startTs"));
        StringBuilder big = new StringBuilder("[");
        for (int i = 0; i <= ClobData.MAX_BATCH; i++) big.append(i == 0 ? "" : ",").append("{\"token_id\":\"").append(open.tokenId()).append("\"}");
        assertEquals("Payload exceeds the limit", post("/books", big.append("]").toString()).serverMessage());
        assertEquals("Invalid payload", post("/midpoints", "{not json").serverMessage());
    }

    private static ServiceException raw(String path, Query q) {
        ServiceException e = assertThrows(ServiceException.class, () -> transport.send(Call.get(Service.CLOB, path, q)));
        assertInstanceOf(InvalidRequestException.class, e, e.getMessage());
        return e;
    }

    private static ServiceException post(String path, String body) {
        Call c = new Call(Service.CLOB, "POST", path, Query.empty(), Map.of(), body.getBytes(StandardCharsets.UTF_8), Call.Safety.IDEMPOTENT);
        return assertThrows(InvalidRequestException.class, () -> transport.send(c));
    }

    @Test
    void clientSideChecksSayWhatIsAllowedBeforeSending() {
        long before = sandbox.stats().total();
        var e = assertThrows(IllegalArgumentException.class, () -> clob.book(""));
        assertTrue(e.getMessage().contains("clobTokenIds"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> clob.book("0x" + "a".repeat(64)));
        var side = assertThrows(IllegalArgumentException.class, () -> clob.price(open.tokenId(), null));
        assertTrue(side.getMessage().contains("BUY") && side.getMessage().contains("SELL"), side.getMessage());
        var bid = assertThrows(IllegalArgumentException.class, () -> Side.of("bid"));
        assertTrue(bid.getMessage().contains("BUY") && bid.getMessage().contains("SELL"), bid.getMessage());
        assertEquals(Side.SELL, Side.of(" sell "));
        var end = assertThrows(IllegalArgumentException.class, () -> clob.history(open.tokenId()).end(NOW).table());
        assertTrue(end.getMessage().contains("start") && end.getMessage().contains("interval"), end.getMessage());
        assertThrows(IllegalArgumentException.class, () -> clob.history(open.tokenId()).start(NOW).end(NOW.minusSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> clob.ohlc(open.tokenId()).since(NOW).until(NOW.minusSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> clob.ohlc(open.tokenId()).limit(0));
        assertThrows(IllegalArgumentException.class, () -> clob.midpoints(List.of()));
        assertThrows(IllegalArgumentException.class, () -> clob.books(List.of(open.tokenId(), " ")));
        var f = assertThrows(IllegalArgumentException.class, () -> clob.ohlc(open.tokenId()).fidelity("2h"));
        assertTrue(f.getMessage().contains("1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w"), f.getMessage());
        assertThrows(IllegalArgumentException.class, () -> clob.ohlc(open.tokenId()).limit(1001));
        var s = assertThrows(IllegalArgumentException.class, () -> clob.ohlc(open.tokenId()).list());
        assertTrue(s.getMessage().contains("since"), s.getMessage());
        assertThrows(IllegalArgumentException.class, () -> clob.ohlc(""));
        assertThrows(IllegalArgumentException.class, () -> clob.history(open.tokenId()).interval("2d"));
        assertThrows(IllegalArgumentException.class, () -> clob.history(open.tokenId()).interval("1d").start(NOW));
        assertThrows(IllegalArgumentException.class, () -> clob.history(open.tokenId()).fidelity(0));
        assertEquals(before, sandbox.stats().total(), "nothing was sent");
    }

    @Test
    void pricesHistoryByIntervalAndWindow() {
        Table day = clob.history(open.tokenId()).interval("1d").fidelity(60).table();
        assertEquals(25, day.rowCount(), "a day at hourly fidelity, both ends included");
        assertEquals(NOW, day.instantColumn("time").get(24));
        for (double p : day.doubleColumn("price").asDoubleArray()) assertTrue(p > 0 && p < 1, "price in (0,1): " + p);
        Instant from = NOW.minus(Duration.ofDays(3));
        List<PricePoint> window = clob.history(open.tokenId()).start(from).end(NOW.minus(Duration.ofDays(2))).fidelity(30).list();
        assertEquals(49, window.size());
        assertEquals(from, window.get(0).time());
        // The same instant has the same price at any fidelity.
        assertEquals(day.doubleColumn("price").get(0),
                clob.history(open.tokenId()).interval("1d").fidelity(5).table().doubleColumn("price").get(0));
        // A window longer than the service answers at once (15 days) is read in 15-day parts, joined without a gap or a
        // repeat: up to 40 days of hours (from the market's start, if later), both ends included, ending as the last day's read.
        Table long40 = clob.history(open.tokenId()).start(NOW.minus(Duration.ofDays(40))).end(NOW).fidelity(60).table();
        Instant first = long40.instantColumn("time").get(0);
        assertTrue(!first.isAfter(NOW.minus(Duration.ofDays(16))), "more than one part was read: " + first);
        assertEquals(Duration.between(first, NOW).toHours() + 1, long40.rowCount());
        for (int i = 1; i < long40.rowCount(); i++) {
            assertEquals(Duration.ofHours(1), Duration.between(long40.instantColumn("time").get(i - 1), long40.instantColumn("time").get(i)));
        }
        assertEquals(day.doubleColumn("price").get(24), long40.doubleColumn("price").get(long40.rowCount() - 1));
        // The records read the same parts into the same points, with no table in between.
        List<PricePoint> long40Points = clob.history(open.tokenId()).start(NOW.minus(Duration.ofDays(40))).end(NOW).fidelity(60).list();
        assertEquals(long40.rowCount(), long40Points.size());
        for (int i = 0; i < long40.rowCount(); i++) {
            assertEquals(long40.instantColumn("time").get(i), long40Points.get(i).time());
            assertEquals(long40.doubleColumn("price").getDouble(i), long40Points.get(i).price());
        }
    }

    @Test
    void candlesAreConsistentAlignedAndPagedWithoutRepeats() {
        Instant since = NOW.minus(Duration.ofDays(30));
        long before = sandbox.stats().requests("clob", "/ohlc");
        List<Candle> paged = clob.ohlc(open.tokenId()).since(since).until(NOW).fidelity("1h").limit(100).list();
        long requests = sandbox.stats().requests("clob", "/ohlc") - before;
        List<Candle> whole = clob.ohlc(open.tokenId()).since(since).until(NOW).fidelity("1h").list();
        assertEquals(721, whole.size(), "30 days of hourly candles, both ends included");
        assertEquals(whole, paged, "paging returns each candle once, the same candles");
        assertEquals(8, requests, "721 candles in pages of 100");
        for (Candle c : whole) {
            assertTrue(c.low().compareTo(c.open()) <= 0 && c.low().compareTo(c.close()) <= 0, "low is lowest: " + c);
            assertTrue(c.high().compareTo(c.open()) >= 0 && c.high().compareTo(c.close()) >= 0, "high is highest: " + c);
            assertEquals(0, c.time().getEpochSecond() % 3600, "aligned to the hour");
            assertTrue(c.volume().signum() >= 0);
        }
        Table t = clob.ohlc(open.tokenId()).since(NOW.minus(Duration.ofDays(60))).fidelity("1d").until(NOW).table();
        assertEquals(List.of("time", "open", "high", "low", "close", "volume"), t.columnNames());
        for (int i = 0; i < t.rowCount(); i++) assertEquals(0, t.instantColumn("time").get(i).getEpochSecond() % 86_400);
    }

    @Test
    void marketTokensComeFromTheMarketRecord() {
        var market = org.marketlab.Markets.parseEvents(
                sandbox.world().event(Long.parseLong(sandbox.world().events().get(0).document().get("id").asText())).document().toString()).get(0).markets().get(0);
        List<OutcomeToken> tokens = ClobData.tokens(market);
        assertEquals(market.clobTokenIds(), tokens.stream().map(OutcomeToken::tokenId).toList());
        assertEquals(market.outcomes().get(0), tokens.get(0).outcome());
    }

    @Test
    void aBookDocumentReads() {
        Book b = ClobData.parseBook(org.marketlab.internal.transport.Document.file("clob-book.json", Documents.read("clob-book.json")));
        assertEquals("44052127076054174695173559235733170212420075037244492572200692849916921080846", b.assetId());
        assertEquals(Instant.ofEpochMilli(1762356015123L), b.timestamp());
        assertEquals(new BigDecimal("0.63"), b.bestBid());
        assertEquals(new BigDecimal("0.65"), b.bestAsk());
        assertEquals(0, new BigDecimal("0.64").compareTo(b.midpoint()));
        Table t = b.table();
        assertEquals(6, t.rowCount());
        assertEquals(210.0, t.doubleColumn("cumulative").get(0));
        assertEquals(410.25, t.doubleColumn("cumulative").get(2), "cumulative from the best bid outwards");
        assertFalse(b.toString().isEmpty());
    }

    @Test
    void serverTimeAndHealth() {
        long now = System.currentTimeMillis() / 1000;
        assertTrue(Math.abs(clob.serverTime().getEpochSecond() - now) <= 5, "GET /time is the server's clock");
        assertTrue(clob.ok());
    }

    @Test
    void everyReadMapsItsServerErrorsToTypedExceptions() {
        for (org.junit.jupiter.api.function.Executable read : List.<org.junit.jupiter.api.function.Executable>of(
                () -> clob.book(closed.tokenId()),
                () -> clob.price(closed.tokenId(), Side.BUY),
                () -> clob.midpoint(closed.tokenId()),
                () -> clob.spread(closed.tokenId()),
                () -> clob.books(List.of(open.tokenId(), closed.tokenId())),
                () -> clob.prices(List.of(closed.tokenId())),
                () -> clob.midpoints(List.of(closed.tokenId())),
                () -> clob.spreads(List.of(closed.tokenId())))) {
            assertEquals("No orderbook exists for the requested token id", assertThrows(NotFoundException.class, read).serverMessage());
        }
        for (org.junit.jupiter.api.function.Executable read : List.<org.junit.jupiter.api.function.Executable>of(
                () -> clob.tickSize("123456789"),
                () -> clob.negRisk("123456789"),
                () -> clob.ohlc("123456789").since(NOW.minus(Duration.ofDays(1))).list(),
                () -> clob.history("123456789").interval("1d").table())) {
            assertEquals("market not found", assertThrows(NotFoundException.class, read).serverMessage());
        }
        assertThrows(NotFoundException.class, () -> clob.lastTradePrice("123456789"));
        // A closed market still has its last trade, tick size and history.
        assertTrue(clob.lastTradePrice(closed.tokenId()).price().signum() >= 0);
        assertTrue(clob.tickSize(closed.tokenId()).signum() > 0);

        // 500 "Internal server error" (last-trade-price's documented failure) after the read's retries.
        sandbox.faults().errors(500, 2);
        try {
            var e = assertThrows(org.marketlab.http.ServerException.class, () -> clob.lastTradePrice(open.tokenId()));
            assertEquals(500, e.status());
            assertEquals("Internal server error", e.serverMessage());
        } finally {
            sandbox.faults().clear();
        }
    }

    @Test
    void aTooSmallWindowIsRefusedAs429AndTheMatchingWindowIsPacedInstead() {
        var book = org.marketlab.spi.IpLimit.published().stream().filter(l -> l.scope().equals("clob.book")).findFirst().orElseThrow();
        var tight = new org.marketlab.spi.IpLimit(book.scope(), book.service(), book.endpoint(), book.methods(), book.paths(), 3, Duration.ofSeconds(1));
        // The toolkit and the sandbox's windows run on one virtual clock: the burst comes at one instant however slowly a
        // loaded machine sends it, and time moves only when the pacer waits or the test says.
        var clock = new org.marketlab.pacing.VirtualClock();
        try (Sandbox small = Sandbox.builder().seed(11).now(NOW).limits(List.of(tight)).windowClock(clock::nanoTime).build().rejectOverLimit(true)) {
            String url = small.start().get("clob").toString();
            // The toolkit knows only the published 1,500 / 10 s, and gives up at the first 429.
            Transport unaware = Transport.create(Profile.sandbox(11).withUrl(Service.CLOB, url), clock,
                    new RetryPolicy(2, 1, Duration.ofMillis(10), Duration.ofMillis(50)));
            ClobData c = new ClobData(unaware);
            var e = assertThrows(org.marketlab.http.RateLimitedException.class, () -> {
                for (int i = 0; i < 10; i++) c.book(open.tokenId());
            });
            assertEquals(429, e.status());
            assertEquals("Too Many Requests", e.serverMessage());
            assertTrue(e.retryAfter().isPresent(), "Retry-After read");

            // Knowing the window, the pacer spaces the same burst out and nothing is refused.
            long refusedBefore = small.stats().rateLimitedCount();
            Transport aware = Transport.create(Profile.sandbox(11).withUrl(Service.CLOB, url).withIpLimits(List.of(tight)), clock,
                    RetryPolicy.DEFAULT);
            clock.advance(Duration.ofMillis(1100)); // the refused burst leaves the window
            ClobData paced = new ClobData(aware);
            for (int i = 0; i < 8; i++) assertEquals(open.tokenId(), paced.book(open.tokenId()).assetId());
            assertEquals(refusedBefore, small.stats().rateLimitedCount(), "paced: no 429");
            assertEquals(0, small.stats().throttledCount(), "paced: nothing held over the window");
        }
    }

    @Test
    void candlesFromAnUnalignedStartAndPagesThatEndExactlyFull() {
        Instant since = NOW.minus(Duration.ofDays(30)).plusSeconds(123);
        List<Candle> fourHours = clob.ohlc(open.tokenId()).since(since).until(NOW).fidelity("4h").list();
        assertEquals(since.minusSeconds(123), fourHours.get(0).time(), "the bucket holding since");
        for (Candle c : fourHours) assertEquals(0, c.time().getEpochSecond() % 14_400);
        List<Candle> weeks = clob.ohlc(open.tokenId()).since(NOW.minus(Duration.ofDays(120))).until(NOW).fidelity("1w").list();
        for (Candle c : weeks) assertEquals(java.time.DayOfWeek.MONDAY, c.time().atZone(java.time.ZoneOffset.UTC).getDayOfWeek());

        // 200 hourly candles in pages of 100: two full pages, and the window is done without asking again.
        long before = sandbox.stats().requests("clob", "/ohlc");
        List<Candle> paged = clob.ohlc(open.tokenId()).since(NOW.minus(Duration.ofHours(199))).until(NOW).limit(100).list();
        assertEquals(200, paged.size());
        assertEquals(200, paged.stream().map(Candle::time).distinct().count(), "each candle once");
        assertEquals(2, sandbox.stats().requests("clob", "/ohlc") - before);
        assertEquals(NOW, paged.get(199).time());
    }

    @Test
    void historyWindowsDefaultTheirEndAndTheServiceItsFidelity() {
        Table fromYesterday = clob.history(open.tokenId()).start(NOW.minus(Duration.ofDays(1))).fidelity(60).table();
        assertEquals(25, fromYesterday.rowCount(), "start alone runs to now");
        assertEquals(NOW, fromYesterday.instantColumn("time").get(24));
        Table whole = clob.history(open.tokenId()).table();
        assertTrue(whole.rowCount() > 10 && whole.rowCount() <= 1000, "interval max at the service's fidelity: " + whole.rowCount());
        assertEquals(List.of("time", "price"), whole.columnNames());
        List<PricePoint> points = clob.history(open.tokenId()).list();
        assertEquals(whole.rowCount(), points.size());
        assertEquals(whole.doubleColumn("price").get(0), points.get(0).price());
    }

    @Test
    void booksOfAMarket() {
        var doc = sandbox.world().events().stream().filter(e -> Boolean.FALSE.equals(e.closed())).findFirst().orElseThrow().document().toString();
        var market = org.marketlab.Markets.parseEvents(doc).get(0).markets().stream()
                .filter(m -> !Boolean.TRUE.equals(m.closed())).findFirst().orElseThrow();
        List<Book> books = clob.books(market);
        assertEquals(market.clobTokenIds(), books.stream().map(Book::assetId).toList());
        BigDecimal sum = books.get(0).midpoint().add(books.get(1).midpoint());
        assertTrue(sum.subtract(BigDecimal.ONE).abs().compareTo(new BigDecimal("0.02")) <= 0, "complements: " + sum);
    }
}
