package org.marketlab.markets;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.ScopeStatus;
import org.marketlab.pacing.VirtualClock;
import org.marketlab.sandbox.Sandbox;

import org.marketlab.spi.IpLimit;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A harvest that needs more requests on /events than its window allows is paced, not refused. The window is
 * tightened on both sides (30 per 5 s instead of 500 per 10 s), and the toolkit's pacer and the sandbox's windows run on
 * one virtual clock, which moves only when the pacer waits: 103 requests need at least 15 s of it, so the pacer must hold
 * some back however slowly a loaded machine answers. The sandbox refuses what is over a window (a request held on a
 * clock that does not move would wait for good), so a pacing mistake shows as a 429.
 */
class PacedHarvestTest {

    private static final List<IpLimit> TIGHT = IpLimit.published().stream()
            .map(l -> l.scope().equals("markets.events")
                    ? new IpLimit(l.scope(), l.service(), l.endpoint(), l.methods(), l.paths(), 30, Duration.ofSeconds(5)) : l)
            .toList();

    @Test
    void harvestOverTheEventsLimitCompletesWithoutA429() {
        VirtualClock clock = new VirtualClock();
        try (Sandbox sandbox = Sandbox.builder().seed(3).now(Instant.parse("2026-11-01T00:00:00Z")).limits(TIGHT).windowClock(clock::nanoTime)
                .build().rejectOverLimit(true)) {
            var urls = sandbox.start();
            Transport t = Transport.create(Profile.sandbox(3).withIpLimits(TIGHT).withUrl(Service.MARKETS, urls.get("markets").toString()),
                    clock, RetryPolicy.DEFAULT);
            // 20 events a page: 103 requests to /events/keyset, above the 30 a 5 s window allows.
            List<Event> all = new MarketData(t).events().pageSize(20).list();
            assertEquals(sandbox.world().events().size(), all.size());
            assertEquals(0, sandbox.stats().rateLimitedCount(), "the sandbox refused nothing over a window: the pacer kept inside them: "
                    + sandbox.stats().requests());
            long requests = sandbox.stats().requests("markets", "/events/keyset");
            assertEquals((sandbox.world().events().size() + 19) / 20, requests);
            ScopeStatus events = t.resources().pacer().status().scopes().stream()
                    .filter(s -> s.scope().equals("markets.events")).findFirst().orElseThrow();
            assertTrue(events.waited() >= 1, "the pacer made requests wait: " + events);
            assertEquals(requests, events.admitted());
        }
    }
}
