package org.marketlab.internal.transport;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.hostile.HostileServer;
import org.marketlab.http.RateLimitedException;
import org.marketlab.markets.MarketData;
import org.marketlab.pacing.VirtualClock;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server on loopback that answers every request {@code 429} with no headers: a read of events ends within the
 * two-minute budget for rate-limit waits (on a virtual clock, so the waits take no real time), saying which scope is
 * held and until when, and the pager does not ask the page again.
 */
class RateLimitStormTest {

    private HostileServer server;

    @AfterEach
    void close() throws IOException {
        if (server != null) server.close();
    }

    private Transport storm(RetryPolicy retry, VirtualClock clock) throws IOException {
        server = new HostileServer((r, out) -> HostileServer.answer(out, 429, "{\"error\":\"Too Many Requests\"}"));
        Profile p = Profile.sandbox(5).withUrl(Service.MARKETS, server.url());
        return Transport.create(p, clock, retry);
    }

    @Test
    void anEventsReadEndsWithinTheBudgetWithTheHeldScope() throws IOException {
        VirtualClock clock = new VirtualClock();
        Transport t = storm(RetryPolicy.DEFAULT, clock);
        var e = assertThrows(RateLimitedException.class, () -> new MarketData(t).events().limit(5).list());
        Duration took = Duration.ofNanos(clock.nanoTime());
        assertTrue(took.compareTo(Duration.ofMinutes(2)) <= 0, "ended within two minutes, waits included: " + took);
        assertEquals(RetryPolicy.DEFAULT.maxRateLimitedAttempts(), server.received().size(), "the page was not asked again");
        assertTrue(e.getMessage().contains("the pacer holds markets"), e.getMessage());
        Instant until = t.resources().pacer().hold("markets", "GET", "/events/keyset").orElseThrow().until();
        assertTrue(e.getMessage().contains("until " + until), e.getMessage());
    }

    @Test
    void theBudgetEndsACallThatWouldWaitLonger() throws IOException {
        VirtualClock clock = new VirtualClock();
        // As many 429s as it takes: only the budget ends the call (the pacer's holds double to 32 s).
        Transport t = storm(new RetryPolicy(4, 1000, Duration.ofMillis(250), Duration.ofSeconds(8)), clock);
        var e = assertThrows(RateLimitedException.class, () -> new MarketData(t).events().limit(5).list());
        Duration took = Duration.ofNanos(clock.nanoTime());
        assertTrue(took.compareTo(Duration.ofMinutes(2)) <= 0, "ended within the budget: " + took);
        assertTrue(took.compareTo(Duration.ofSeconds(60)) > 0, "waited most of it: " + took);
        assertTrue(e.getMessage().contains("budget for rate limits (120 s from its first 429"), e.getMessage());
        assertTrue(e.getMessage().contains("the pacer holds markets"), e.getMessage());
    }

    @Test
    void aRetryAfterLongerThanWhatIsLeftEndsTheCallAtOnce() throws IOException {
        VirtualClock clock = new VirtualClock();
        server = new HostileServer((r, out) -> HostileServer.answer(out, 429, "{}", "Retry-After: 121"));
        Transport t = Transport.create(Profile.sandbox(5).withUrl(Service.MARKETS, server.url()), clock, RetryPolicy.DEFAULT);
        var e = assertThrows(RateLimitedException.class, () -> t.send(Call.get(Service.MARKETS, "/events", Query.empty())));
        assertEquals(0, clock.nanoTime(), "no wait at all");
        assertEquals(1, server.received().size());
        assertEquals(Duration.ofSeconds(121), e.retryAfter().orElseThrow());
    }
}
