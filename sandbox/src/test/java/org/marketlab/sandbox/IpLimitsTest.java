package org.marketlab.sandbox;

import org.junit.jupiter.api.Test;
import org.marketlab.spi.IpLimit;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The published IP windows, enforced per client address with exact sliding windows, over HTTP. */
class IpLimitsTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static final long SECOND = 1_000_000_000L;

    private static long retryAfter(HttpResponse<byte[]> r) {
        assertEquals(429, r.statusCode());
        assertEquals("Too Many Requests", Wire.read(r.body()).get("error").asText());
        return Long.parseLong(r.headers().firstValue("Retry-After").orElseThrow(() -> new AssertionError("no Retry-After")));
    }

    /**
     * 500 / 10 s on {@code /events}: one request, two seconds later 499 more, then the 501st is refused until
     * the first leaves the window, when exactly one more is admitted (the other 499 still fill it). A fixed
     * window would admit none or all; counting refused requests would admit none. The windows run on a stepped
     * clock, so that each request arrives at the instant the test says, however slowly a loaded machine sends them.
     */
    @Test
    void theEventsWindowRefusesThe501stAndSlides() {
        AtomicLong clock = new AtomicLong();
        try (Sandbox s = Sandbox.builder().seed(3).now(NOW).windowClock(clock::get).build().rejectOverLimit(true)) {
            URI markets = s.start().get("markets");
            Wire wire = new Wire(markets);
            assertEquals(200, wire.get("/events?limit=0").statusCode());
            clock.set(2 * SECOND);
            for (int i = 2; i <= 500; i++) {
                HttpResponse<byte[]> r = wire.get("/events?limit=0");
                assertEquals(200, r.statusCode(), "request " + i + " is within the limit");
            }
            assertEquals(8, retryAfter(wire.get("/events?limit=0")), "the 501st waits for the first to leave, 10 s after it came");
            // Other paths on the same server have their own rows (only the general ones are shared).
            assertEquals(200, wire.get("/ok").statusCode());

            // Still refused the moment before the first leaves (the wait rounded up to a whole second).
            clock.set(10 * SECOND - 1);
            assertEquals(1, retryAfter(wire.get("/events?limit=0")));

            // Once it has left: exactly one more, and the next waits for the second, 10 s after the 499 came.
            clock.set(10 * SECOND);
            assertEquals(200, wire.get("/events?limit=0").statusCode(), "the window slid by one request");
            assertEquals(2, retryAfter(wire.get("/events?limit=0")));

            // Another client address has windows of its own.
            assertEquals(200, Wire.rawStatus("127.0.0.2", markets, "/events?limit=0"));

            assertEquals(3, s.stats().rateLimitedCount());
            assertEquals(505, s.stats().requests("markets", "/events"), "refused requests are counted as requests");
        }
    }

    @Test
    void aRequestCountsAgainstEveryMatchingRowAndWaitsForTheLastToAdmitIt() {
        // Two rows over the same path: 3 per 1 s and 4 per 3 s.
        IpLimit fast = new IpLimit("t.fast", "markets", "fast", Set.of(), List.of("/events/*"), 3, Duration.ofSeconds(1));
        IpLimit slow = new IpLimit("t.slow", "*", "slow", Set.of("GET"), List.of("*"), 4, Duration.ofSeconds(3));
        AtomicLong clock = new AtomicLong();
        try (Sandbox s = Sandbox.builder().seed(3).now(NOW).limits(List.of(fast, slow)).windowClock(clock::get).build().rejectOverLimit(true)) {
            Wire wire = new Wire(s.start().get("markets"));
            for (int i = 0; i < 3; i++) assertEquals(200, wire.get("/events?limit=0").statusCode());
            assertEquals(1, retryAfter(wire.get("/events?limit=0")), "the 1-s row blocks");
            // A second on, the first three have left the 1-s row.
            clock.set(SECOND);
            assertEquals(200, wire.get("/events?limit=0").statusCode());
            // Four in 3 s now: the slow row blocks until the first three leave it, 3 s after they came.
            assertEquals(2, retryAfter(wire.get("/ok")), "the 3-s row blocks a path the 1-s row does not cover");
            // POST is not a method of the slow row; the control path is never limited.
            assertEquals(200, wire.post("/__sandbox/faults", "{}").statusCode());

            // Switched off, nothing is refused or counted; switched on again, the windows are as they were (ten more
            // counted would make the slow row's wait 3 s).
            s.enforceLimits(false);
            for (int i = 0; i < 10; i++) assertEquals(200, wire.get("/events?limit=0").statusCode());
            s.enforceLimits(true);
            assertEquals(2, retryAfter(wire.get("/events?limit=0")));
            assertEquals(3, s.stats().rateLimitedCount());
        }
    }

    @Test
    void everyServerEnforcesItsOwnRows() {
        IpLimit bridge = IpLimit.published().stream().filter(l -> l.scope().equals("bridge.general")).findFirst().orElseThrow();
        AtomicLong clock = new AtomicLong();
        try (Sandbox s = Sandbox.builder().seed(3).now(NOW).windowClock(clock::get).build().rejectOverLimit(true)) {
            Wire wire = new Wire(s.start().get("bridge"));
            for (int i = 0; i < bridge.limit(); i++) assertEquals(200, wire.get("/ok").statusCode());
            assertEquals(bridge.window().toSeconds(), retryAfter(wire.get("/ok")));
            retryAfter(wire.get("/anything")); // every path of the bridge host
            assertEquals(200, new Wire(s.urls().get("clob")).get("/ok").statusCode(), "other hosts have their own rows");
            assertEquals(200, new Wire(s.urls().get("data")).get("/ok").statusCode());
            assertEquals(2, s.stats().rateLimitedCount());
        }
    }

    /**
     * By default a request over a window is held until the window admits it, then served: 5 per 2 s, the 6th
     * answered 200 no sooner than 2 s after the first was sent, counted as held and not as refused, its hold the part
     * of the window left when it was sent. Switched over the control path to reject, the next one over is a 429 again;
     * switched back, held again.
     */
    @Test
    void overALimitTheDefaultHoldsTheRequestUntilTheWindowAdmitsIt() throws Exception {
        IpLimit five = new IpLimit("t.five", "markets", "test", Set.of(), List.of("/events/*"), 5, Duration.ofSeconds(2));
        try (Sandbox s = Sandbox.builder().seed(3).now(NOW).limits(List.of(five)).build()) {
            Wire wire = new Wire(s.start().get("markets"));
            // The world's events are made on first use: made now, so that the five requests are quick and the window
            // still holds the first of them when the sixth comes.
            assertTrue(s.world().events().size() > 0);
            long t0 = System.nanoTime();
            for (int i = 0; i < 5; i++) assertEquals(200, wire.get("/events?limit=0").statusCode());
            long sent6 = System.nanoTime();
            assertEquals(200, wire.get("/events?limit=0").statusCode(), "held, then served");
            long answered6 = System.nanoTime();
            assertTrue(answered6 - t0 >= 2_000_000_000L, "not before the first left the window: " + (answered6 - t0) / 1e6 + " ms");
            assertEquals(1, s.stats().throttledCount(), "the sixth was held (the five took " + (sent6 - t0) / 1e6 + " ms)");
            // The server measured the hold inside the sixth's call, which lasted until the first left the window.
            long held = s.stats().throttledTime().toNanos();
            assertTrue(held > 0 && held <= answered6 - sent6, "held " + held / 1e6 + " ms within a call of " + (answered6 - sent6) / 1e6 + " ms");
            assertEquals(0, s.stats().rateLimitedCount());
            assertEquals(6, s.stats().requests("markets", "/events"));

            assertEquals(200, wire.post("/__sandbox/faults", "{\"rejectOverLimit\": true}").statusCode());
            int refused = 0;
            for (int i = 0; i < 6 && refused == 0; i++) {
                HttpResponse<byte[]> r = wire.get("/events?limit=0");
                if (r.statusCode() == 429) {
                    retryAfter(r);
                    refused++;
                } else {
                    assertEquals(200, r.statusCode());
                }
            }
            assertEquals(1, refused, "six quick requests in a 5-per-2-s window: one refused");
            assertEquals(1, s.stats().rateLimitedCount());
            assertEquals(200, wire.post("/__sandbox/faults", "{\"rejectOverLimit\": false}").statusCode());
            for (int i = 0; i < 6; i++) assertEquals(200, wire.get("/events?limit=0").statusCode());
            assertTrue(s.stats().throttledCount() >= 2, "six more in a 5-per-2-s window: at least one held");
            assertEquals(1, s.stats().rateLimitedCount());
        }
    }
}
