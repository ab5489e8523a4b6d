package org.marketlab.pacing;

import org.junit.jupiter.api.Test;
import org.marketlab.spi.IpLimit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SlidingWindowPacerTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void theLimitThRequestPassesAndTheNextWaitsExactlyUntilTheOldestLeaves() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        for (int i = 0; i < 500; i++) {
            clock.advance(Duration.ofMillis(1));
            assertEquals(Duration.ZERO, p.acquire("markets", "GET", "/events").waited(), "request " + i);
        }
        long before = clock.nanoTime();
        Duration waited = p.acquire("markets", "GET", "/events").waited();
        // The first request went at 1 ms; it leaves the 10 s window at 10.001 s.
        assertEquals(10 * SECOND + 1_000_000L, clock.nanoTime());
        assertEquals(clock.nanoTime() - before, waited.toNanos());
        ScopeStatus events = scope(p, "markets.events");
        assertEquals(500, events.used());
        assertEquals(1, events.waited());
    }

    @Test
    void aSettledRequestCountsFromItsAnswerTime() throws Exception {
        VirtualClock clock = new VirtualClock();
        IpLimit two = new IpLimit("two", "markets", "two", java.util.Set.of(), List.of("*"), 2, Duration.ofSeconds(10));
        Pacer p = new Pacer(List.of(two), clock, Duration.ZERO);
        Pacer.Permit first = p.acquire("markets", "GET", "/a");
        clock.advance(Duration.ofMillis(700));   // the first answer takes 700 ms: the server got it by then
        first.settle();
        p.acquire("markets", "GET", "/a").settle();
        p.acquire("markets", "GET", "/a");
        // Counted from 0.7 s, the first request leaves the window at 10.7 s, not 10 s.
        assertEquals(10 * SECOND + 700_000_000L, clock.nanoTime());
        // A permit whose slot was reused since does not move the new occupant.
        first.settle();
    }

    @Test
    void nestedScopesAreAcquiredTogether() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        // 900 listing requests: /markets (300/10 s) and /events (500/10 s) each below their own limit...
        for (int i = 0; i < 300; i++) p.acquire("markets", "GET", "/markets");
        for (int i = 0; i < 500; i++) p.acquire("markets", "GET", "/events");
        assertEquals(0, clock.nanoTime(), "800 listing requests fit at once");
        // ...but the /events tags path counts against /events (full) though not the listing row.
        p.acquire("markets", "GET", "/events/1/tags");
        assertEquals(10 * SECOND, clock.nanoTime());
        // The window is (now - 10 s, now]: at 10 s the first 800 have left it.
        assertEquals(0, scope(p, "markets.listing").used());
        assertEquals(1, scope(p, "markets.events").used());
        assertEquals(801, scope(p, "markets.general").admitted());
    }

    @Test
    void manyThreadsNeverExceedAnyWindow() throws Exception {
        VirtualClock clock = new VirtualClock();
        IpLimit tight = new IpLimit("t", "markets", "t", java.util.Set.of(), List.of("*"), 50, Duration.ofSeconds(1));
        Pacer p = new Pacer(List.of(tight), clock, Duration.ZERO);
        List<Long> sent = Collections.synchronizedList(new ArrayList<>());
        p.addListener((at, nanos, s, path, scopes, w) -> sent.add(nanos));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        for (int t = 0; t < 8; t++) {
            pool.submit(() -> {
                for (int i = 0; i < 100; i++) p.acquire("markets", "GET", "/x");
                return null;
            });
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
        assertEquals(800, sent.size());
        List<Long> times = new ArrayList<>(sent);
        Collections.sort(times);
        for (int i = 50; i < times.size(); i++) {
            assertTrue(times.get(i) - times.get(i - 50) >= SECOND,
                    "51 requests within one second ending at request " + i);
        }
    }

    @Test
    void statusShowsOnlyScopesWithTrafficAndRendersAsTable() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        assertTrue(p.status().scopes().isEmpty());
        for (int i = 0; i < 3; i++) p.acquire("markets", "GET", "/events");
        var status = p.status();
        assertEquals(List.of("general.all", "markets.general", "markets.events", "markets.listing"),
                status.scopes().stream().map(ScopeStatus::scope).toList());
        var table = status.table();
        assertEquals(4, table.rowCount());
        assertEquals(3, table.intColumn("used").get(2));
        assertEquals(0, table.longColumn("waited").get(2), "nobody had to wait");
        assertEquals(500, table.intColumn("limit").get(2));
        assertTrue(status.toString().contains("markets.events"));
    }

    @Test
    void requestLogShowsTheWindowNeverAboveTheLimit() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        try (RequestLog log = RequestLog.of(p)) {
            for (int i = 0; i < 1200; i++) p.acquire("markets", "GET", "/events");
            var t = log.table();
            assertEquals(1200, t.rowCount());
            assertEquals(500, (int) t.intColumn("in_window").max());
            assertEquals("markets.events", t.stringColumn("scope").get(0));
            assertEquals(20.0, t.doubleColumn("t_s").get(1199), 1e-9, "1,200 requests at 500 per 10 s take 20 s");
            assertTrue(t.doubleColumn("waited_ms").max() > 0);
        }
        p.acquire("markets", "GET", "/events");
    }

    @Test
    void theSafetyMarginWidensEveryWindow() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = new Pacer(IpLimit.published(), clock, Duration.ofMillis(100));
        for (int i = 0; i < 500; i++) assertEquals(Duration.ZERO, p.acquire("markets", "GET", "/events").waited());
        assertEquals(Duration.ofMillis(10_100), p.acquire("markets", "GET", "/events").waited());
    }

    @Test
    void theMarginCoversRequestsInFlightOnlyAnAnsweredOneCountsFromItsAnswer() throws Exception {
        VirtualClock clock = new VirtualClock();
        IpLimit two = new IpLimit("two", "markets", "two", java.util.Set.of(), List.of("*"), 2, Duration.ofSeconds(10));
        Pacer p = new Pacer(List.of(two), clock, Duration.ofMillis(100));
        Pacer.Permit answered = p.acquire("markets", "GET", "/a");
        clock.advance(Duration.ofMillis(3));     // answered in 3 ms: the server counted it by then
        answered.settle();
        p.acquire("markets", "GET", "/a");       // still in flight: the server may count it up to 100 ms after its send
        p.acquire("markets", "GET", "/a");
        assertEquals(10 * SECOND + 3_000_000L, clock.nanoTime(), "the answered request leaves 10 s after its answer, no margin");
        long sentSecond = 3_000_000L;
        p.acquire("markets", "GET", "/a");
        assertEquals(sentSecond + 10 * SECOND + 100_000_000L, clock.nanoTime(), "the unanswered one leaves 10 s after its send plus the margin");
    }

    @Test
    void statusCountsWaitsAndTheirTotal() throws Exception {
        VirtualClock clock = new VirtualClock();
        IpLimit two = new IpLimit("two", "markets", "two", java.util.Set.of(), List.of("*"), 2, Duration.ofSeconds(10));
        Pacer p = new Pacer(List.of(two), clock, Duration.ZERO);
        p.acquire("markets", "GET", "/a");
        clock.advance(Duration.ofSeconds(4));
        p.acquire("markets", "GET", "/a");
        p.acquire("markets", "GET", "/a");   // waits 6 s, for the first to leave at 10 s
        p.acquire("markets", "GET", "/a");   // waits 4 s more, for the second to leave at 14 s
        ScopeStatus s = scope(p, "two");
        assertEquals(2, s.used());
        assertEquals(4, s.admitted());
        assertEquals(2, s.waited());
        assertEquals(Duration.ofSeconds(10), s.totalWait());
        assertEquals(14 * SECOND, clock.nanoTime());
    }

    /** Threads mixing nested scopes on the published limits; every sliding window of every scope checked. */
    @Test
    void concurrentMixedTrafficNeverExceedsAnyPublishedWindow() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        record Sent(long nanos, List<String> scopes) {
        }
        List<Sent> sent = Collections.synchronizedList(new ArrayList<>());
        p.addListener((at, nanos, s, path, scopes, w) -> sent.add(new Sent(nanos, scopes)));
        String[][] requests = {
                {"markets", "GET", "/events"}, {"markets", "GET", "/markets"}, {"markets", "GET", "/events/7/tags"},
                {"markets", "GET", "/public-search"}, {"clob", "GET", "/tick-size"}, {"data", "GET", "/trades"},
        };
        int threads = 6;
        int each = 700;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (int t = 0; t < threads; t++) {
            int first = t;
            pool.submit(() -> {
                for (int i = 0; i < each; i++) {
                    String[] r = requests[(first + i) % requests.length];
                    p.acquire(r[0], r[1], r[2]);
                }
                return null;
            });
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        assertEquals(threads * each, sent.size());
        int checked = 0;
        for (IpLimit limit : IpLimit.published()) {
            List<Long> times = new ArrayList<>();
            for (Sent s : sent) if (s.scopes().contains(limit.scope())) times.add(s.nanos());
            Collections.sort(times);
            long window = limit.window().toNanos();
            for (int i = limit.limit(); i < times.size(); i++) {
                assertTrue(times.get(i) - times.get(i - limit.limit()) >= window,
                        limit.scope() + ": " + (limit.limit() + 1) + " sends within " + limit.window() + " ending at send " + i);
            }
            if (times.size() > limit.limit()) checked++;
        }
        assertTrue(checked >= 4, "the run must have filled several windows, filled " + checked);
    }

    /** Concurrency costs nothing in exactness: 8 threads take exactly the theoretical minimum, no window over. */
    @Test
    void concurrentCallersReachTheTheoreticalMinimum() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        List<Long> sent = Collections.synchronizedList(new ArrayList<>());
        p.addListener((at, nanos, s, path, scopes, w) -> sent.add(nanos));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        for (int t = 0; t < 8; t++) {
            pool.submit(() -> {
                for (int i = 0; i < 625; i++) p.acquire("markets", "GET", "/events");
                return null;
            });
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
        List<Long> times = new ArrayList<>(sent);
        Collections.sort(times);
        assertEquals(5000, times.size());
        assertEquals(90 * SECOND, times.get(4999), "(ceil(5000 / 500) - 1) x 10 s");
        for (int i = 500; i < times.size(); i++) assertTrue(times.get(i) - times.get(i - 500) >= 10 * SECOND);
    }

    @Test
    void aVirtualClockSleepingUntilADeadlineMovesThereOnce() throws Exception {
        VirtualClock clock = new VirtualClock();
        clock.sleepUntil(5 * SECOND);
        clock.sleepUntil(5 * SECOND);
        clock.sleepUntil(3 * SECOND);
        assertEquals(5 * SECOND, clock.nanoTime());
        clock.sleepNanos(SECOND);
        assertEquals(6 * SECOND, clock.nanoTime());
    }

    private static ScopeStatus scope(Pacer p, String id) {
        return p.status().scopes().stream().filter(s -> s.scope().equals(id)).findFirst().orElseThrow();
    }
}
