package org.marketlab.markets;

import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.ScopeStatus;
import org.marketlab.sandbox.Sandbox;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A harvest that needs more than 500 requests on /events in 10 s is paced, not refused. */
class PacedHarvestTest {

    @Test
    void harvestOverTheEventsLimitCompletesWithoutA429() {
        try (Sandbox sandbox = Sandbox.builder().seed(3).now(Instant.parse("2026-11-01T00:00:00Z")).build()) {
            var urls = sandbox.start();
            Transport t = Transport.create(Profile.sandbox(3).withUrl(Service.MARKETS, urls.get("markets").toString()),
                    Clock.system(), Transport.RetryPolicy.DEFAULT);
            // 4 events a page: 512 requests to /events/keyset, above the 500 a 10 s window allows.
            List<Event> all = MarketData.events(t).pageSize(4).list();
            assertEquals(sandbox.world().events().size(), all.size());
            assertEquals(0, sandbox.stats().rateLimitedCount(), "the sandbox refused nothing: " + sandbox.stats().requests());
            assertEquals(512, sandbox.stats().requests("markets", "/events/keyset"));
            assertEquals(0, sandbox.stats().rateLimitedCount(), "the sandbox refused nothing");
            assertEquals(0, sandbox.stats().throttledCount(), "the sandbox held nothing over a window: the pacer kept inside them");
            ScopeStatus events = t.pacer().status().scopes().stream()
                    .filter(s -> s.scope().equals("markets.events")).findFirst().orElseThrow();
            assertTrue(events.waited() >= 1, "the pacer made requests wait: " + events);
            assertEquals(512, events.admitted());
        }
    }
}
