package org.marketlab.markets;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.ScopeStatus;
import org.marketlab.sandbox.Sandbox;

import org.marketlab.spi.IpLimit;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A harvest that needs more requests on /events than its window allows is paced, not refused. The window is
 * tightened on both sides (30 per 5 s instead of 500 per 10 s) so that the harvest outruns it on any machine,
 * however loaded: 103 requests need at least 15 s, so the pacer must hold some back.
 */
class PacedHarvestTest {

    private static final List<IpLimit> TIGHT = IpLimit.published().stream()
            .map(l -> l.scope().equals("markets.events")
                    ? new IpLimit(l.scope(), l.service(), l.endpoint(), l.methods(), l.paths(), 30, Duration.ofSeconds(5)) : l)
            .toList();

    @Test
    void harvestOverTheEventsLimitCompletesWithoutA429() {
        try (Sandbox sandbox = Sandbox.builder().seed(3).now(Instant.parse("2026-11-01T00:00:00Z")).limits(TIGHT).build()) {
            var urls = sandbox.start();
            Transport t = Transport.create(Profile.sandbox(3).withIpLimits(TIGHT).withUrl(Service.MARKETS, urls.get("markets").toString()),
                    Clock.system(), RetryPolicy.DEFAULT);
            // 20 events a page: 103 requests to /events/keyset, above the 30 a 5 s window allows.
            List<Event> all = new MarketData(t).events().pageSize(20).list();
            assertEquals(sandbox.world().events().size(), all.size());
            assertEquals(0, sandbox.stats().rateLimitedCount(), "the sandbox refused nothing: " + sandbox.stats().requests());
            assertEquals(0, sandbox.stats().throttledCount(), "the sandbox held nothing over a window: the pacer kept inside them");
            long requests = sandbox.stats().requests("markets", "/events/keyset");
            assertEquals((sandbox.world().events().size() + 19) / 20, requests);
            ScopeStatus events = t.resources().pacer().status().scopes().stream()
                    .filter(s -> s.scope().equals("markets.events")).findFirst().orElseThrow();
            assertTrue(events.waited() >= 1, "the pacer made requests wait: " + events);
            assertEquals(requests, events.admitted());
        }
    }
}
