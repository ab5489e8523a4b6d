package org.marketlab.clob;

import org.marketlab.sandbox.route.SocketFaults.Fault;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.charts.ThemeChecks;
import org.marketlab.internal.transport.Transport;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.clob.ClobChannels;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A market feed against the sandbox's market channel: the local book equals {@code /book} after every action of a
 * trading session and after every fault the channel can be told to have; tokens come and go while open; a recording
 * replays to the same book.
 */
class MarketFeedAgainstSandboxTest {

    private static Sandbox sandbox;
    private static Transport transport;
    private static ClobData data;
    private static ClobSession session;
    private static TradingSandbox.Held held;

    static final MarketFeed.Options FAST = MarketFeed.Options.defaults().timing(Duration.ofMillis(500), Duration.ofSeconds(2))
            .backoff(Duration.ofMillis(10), Duration.ofMillis(200));

    @BeforeAll
    static void start() {
        sandbox = TradingSandbox.start();
        sandbox.enforceLimits(false);
        transport = TradingSandbox.transport(sandbox, 3);
        data = new ClobData(transport);
        session = TradingSandbox.session(transport, 1);
        // A book with room for orders a few ticks from its best prices on both sides.
        held = TradingSandbox.held(transport, session, (p, b) -> TradingSandbox.holds(p, b, BigDecimal.ONE, 20)
                && b.bestBid().subtract(b.tickSize().multiply(BigDecimal.valueOf(4))).signum() > 0
                && b.bestAsk().add(b.tickSize().multiply(BigDecimal.valueOf(3))).compareTo(BigDecimal.ONE) < 0);
        sandbox.clobChannels().flowInterval(0);
    }

    @AfterAll
    static void stop() {
        sandbox.clobChannels().flowInterval(0).clear();
        sandbox.close();
    }

    /** Waits until the feed's book of the token is the one {@code /book} serves (levels, stamp and hash); the book. */
    static Book converged(MarketFeed feed, String token) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos(); // bounded against a hang, not a speed
        Book local = null, rest = null;
        while (System.nanoTime() < until) {
            rest = data.book(token);
            local = feed.book(token);
            if (local != null && same(local, rest)) return local;
            Thread.sleep(20);
        }
        throw new AssertionError("the local book never equalled /book\n local " + local + "\n /book " + rest + "\n " + feed.status());
    }

    /** Waits (up to 30 s) until the feed's status meets {@code met}. */
    static void awaitStatus(MarketFeed feed, java.util.function.Predicate<MarketFeed.Status> met, String what) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!met.test(feed.status()) && System.nanoTime() < until) Thread.sleep(20);
        assertTrue(met.test(feed.status()), what + ": " + feed.status());
    }

    static boolean same(Book a, Book b) {
        return a.hash() != null && a.hash().equals(b.hash()) && a.bids().equals(b.bids()) && a.asks().equals(b.asks())
                && a.timestamp().equals(b.timestamp());
    }

    @Test
    void theLocalBookIsBookAfterEveryActionOfATradingSession() throws Exception {
        String token = held.token();
        try (MarketFeed feed = MarketFeed.open(data, List.of(token), FAST)) {
            converged(feed, token);
            Book b = data.book(token);
            BigDecimal tick = b.tickSize(), min = b.minOrderSize();
            // Resting orders on both sides, away from the best prices.
            OrderResult bid = session.place(session.limitOrder(token, Side.BUY, b.bestBid().subtract(tick.multiply(BigDecimal.valueOf(3))), min));
            converged(feed, token);
            OrderResult ask = session.place(session.limitOrder(token, Side.SELL, b.bestAsk().add(tick.multiply(BigDecimal.valueOf(2))), min));
            converged(feed, token);
            // A sell that takes the best bid: a trade, pushed as last_trade_price and the book.
            BigDecimal bestBid = data.book(token).bestBid();
            session.place(session.limitOrder(token, Side.SELL, bestBid, min));
            Book afterTrade = converged(feed, token);
            assertEquals(0, bestBid.compareTo(afterTrade.lastTradePrice()), "the book's last trade is the fill's price");
            assertTrue(feed.trades().stream().anyMatch(t -> t.assetId().equals(token) && t.price().compareTo(bestBid) == 0), "the trade is on the tape");
            session.cancel(bid.orderId());
            converged(feed, token);
            session.cancel(ask.orderId());
            converged(feed, token);
            MarketFeed.Status s = feed.status();
            assertEquals(0, s.hashMismatches() + s.bestPriceMismatches(), "a quiet channel needs no resync: " + s);
            assertEquals(0, s.unverifiedTokens(), "the sandbox's hashes are checked: " + s);
            // The views wear the toolkit's theme as they come, in a kernel or not.
            ThemeChecks.assertThemed(feed.depthChart(token).now());
            ThemeChecks.assertThemed(feed.spreadChart(token).now());
            ThemeChecks.assertReadable(feed.bookTable(token).now());
            ThemeChecks.assertReadable(feed.tradesTable().now());
        }
    }

    @Test
    void faultsOfEveryKindAreHealedToTheBookBookServes() throws Exception {
        String token = TradingSandbox.held(transport, session, (p, b) -> !p.tokenId().equals(held.token())).token();
        ClobChannels channels = sandbox.clobChannels();
        try (MarketFeed feed = MarketFeed.open(data, List.of(token), FAST)) {
            converged(feed, token);
            channels.flowInterval(15);
            channels.wrongHashes(3);
            awaitStatus(feed, st -> st.hashMismatches() >= 1, "a wrong hash is found");
            converged(feed, token);
            channels.faults().next(Fault.DROP, 3);
            Thread.sleep(600); // a few flows, the drops among them
            converged(feed, token);
            channels.faults().next(Fault.DUPLICATE, 5).next(Fault.REORDER, 3);
            Thread.sleep(600);
            converged(feed, token);
            long reconnects = feed.status().reconnects();
            channels.faults().closeConnections();
            awaitStatus(feed, st -> st.reconnects() >= reconnects + 1, "a closed connection is replaced");
            converged(feed, token);
            // The replacement must be open on the server before it can be silenced (a reconnect is counted as it begins).
            long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (channels.faults().openConnections() != 1 && System.nanoTime() < until) Thread.sleep(20);
            assertEquals(1, channels.faults().silence(), "the feed's one connection is silenced");
            awaitStatus(feed, st -> st.reconnects() >= reconnects + 2, "a silent connection is replaced (stale after 2 s)");
            converged(feed, token);
            channels.flowInterval(0).clear();
            Thread.sleep(200);
            converged(feed, token);
            MarketFeed.Status s = feed.status();
            assertTrue(s.reconnects() >= reconnects + 2, "a closed and a silent connection are replaced: " + s);
            assertTrue(s.resyncs() >= 3, "resyncs are counted: " + s);
        } finally {
            channels.flowInterval(0).clear();
        }
    }

    @Test
    void tokensComeAndGoWhileOpenAndARecordingReplaysToTheSameBook(@TempDir Path dir) throws Exception {
        String a = held.token();
        String b = TradingSandbox.held(transport, session, (p, book) -> !p.tokenId().equals(a)).token();
        ClobChannels channels = sandbox.clobChannels();
        Path recording = dir.resolve("feed.jsonl");
        Book lastA, lastB;
        try (MarketFeed feed = MarketFeed.open(data, List.of(a), FAST)) {
            feed.record(recording);
            converged(feed, a);
            feed.subscribe(b);
            converged(feed, b);
            assertEquals(List.of(a, b), feed.tokens());
            channels.flowInterval(10);
            Thread.sleep(1_500);
            channels.flowInterval(0);
            lastA = converged(feed, a);
            lastB = converged(feed, b);
            feed.unsubscribe(a);
            assertNull(feed.book(a), "an unsubscribed token's book is dropped");
            assertEquals(List.of(b), feed.tokens());
            assertEquals(recording, feed.stopRecording());
        } finally {
            channels.flowInterval(0);
        }
        assertTrue(Files.size(recording) > 0);
        try (MarketFeed replay = MarketFeed.replay(recording)) {
            List<Book> books = new CopyOnWriteArrayList<>();
            replay.onBook(books::add);
            assertEquals(MarketFeed.State.PAUSED, replay.state());
            replay.playToEnd();
            assertEquals(MarketFeed.State.DONE, replay.state());
            assertTrue(same(replay.book(a), lastA), "the replay ends on the live book of " + a);
            assertTrue(same(replay.book(b), lastB), "and of " + b);
            assertTrue(books.size() >= 2, "the books went to the replay's listener");
            MarketFeed.Status s = replay.status();
            assertEquals(0, s.hashMismatches() + s.bestPriceMismatches(), s.toString());
            Table snapshots = replay.bookSnapshots(a, Duration.ofMillis(100), 3);
            assertTrue(snapshots.rowCount() >= 5, snapshots.print());
            assertTrue(snapshots.name().endsWith(" every 100 ms, depth within 3 ticks"), "the step in words: " + snapshots.name());
            assertEquals(List.of("time", "best_bid", "best_ask", "mid", "spread", "bid_depth", "ask_depth", "imbalance", "updates"), snapshots.columnNames());
            double lastBid = snapshots.doubleColumn("best_bid").get(snapshots.rowCount() - 1);
            assertTrue(lastBid > 0 && lastBid < 1, snapshots.print());
            assertEquals(snapshots.print(), org.marketlab.Research.bookSnapshots(recording, a, Duration.ofMillis(100), 3).print(),
                    "Research reads the recorded book as the replay does");
        }
        assertThrows(IllegalArgumentException.class, () -> MarketFeed.replay(dir.resolve("none.jsonl")));
    }

    @Test
    void aParquetRecordingReadsWhileItGrowsReplaysToTheSameBookAndQueriesWithDatasets(@TempDir Path dir) throws Exception {
        String token = TradingSandbox.held(transport, session, (p, b) -> !p.tokenId().equals(held.token())).token();
        ClobChannels channels = sandbox.clobChannels();
        Path parquet = dir.resolve("book.parquet");
        Book last;
        long frames;
        try (MarketFeed feed = MarketFeed.open(data, List.of(token), FAST)) {
            feed.record(parquet);
            channels.flowInterval(10);
            long until = System.nanoTime() + Duration.ofSeconds(30).toNanos(); // bounded against a hang, not a speed
            while (feed.bookSnapshots(token, Duration.ofMillis(100), 3).rowCount() < 3 && System.nanoTime() < until) Thread.sleep(50);
            assertTrue(feed.bookSnapshots(token, Duration.ofMillis(100), 3).rowCount() >= 3, "a recording under way reads");
            assertTrue(Files.notExists(parquet), "the Parquet file is written when the recording ends");
            channels.flowInterval(0);
            last = converged(feed, token);
            frames = feed.status().frames();
            assertEquals(parquet, feed.stopRecording());
        } finally {
            channels.flowInterval(0);
        }
        try (var files = Files.list(dir)) {
            assertEquals(List.of(parquet), files.toList(), "the lines beside it are gone once it is written");
        }
        Table rows = org.marketlab.Datasets.sql("SELECT count(*) AS n, min(received) < max(received) AS spans FROM '" + parquet + "'").table();
        long n = rows.column("n").get(0) instanceof Number x ? x.longValue() : -1;
        assertTrue(n >= frames, "every frame is a row (and the books it opened with): " + rows.print() + " frames " + frames);
        assertEquals(List.of("received", "frame"), org.marketlab.Datasets.schema(parquet.toString()).stringColumn(0).asList(),
                "the columns a reader queries");
        Path copy = dir.resolve("copy.jsonl");
        try (MarketFeed replay = MarketFeed.replay(parquet)) {
            replay.record(copy);
            replay.playToEnd();
            assertTrue(same(replay.book(token), last), "the Parquet recording replays to the live book");
            assertEquals(0, replay.status().hashMismatches() + replay.status().bestPriceMismatches(), replay.status().toString());
            replay.stopRecording();
        }
        assertEquals(n, Files.readAllLines(copy).size(), "a replay that records gives back every row as a line");
        Files.writeString(dir.resolve("not-frames.parquet"), "not parquet");
        MarketFeed bad = MarketFeed.replay(dir.resolve("not-frames.parquet"));
        bad.playToEnd();
        assertTrue(bad.status().lastError().contains("not a recording"), bad.status().toString());
        bad.close();
    }
}
