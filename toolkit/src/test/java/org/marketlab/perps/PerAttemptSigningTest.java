package org.marketlab.perps;

import org.marketlab.pacing.RetryPolicy;
import io.javalin.Javalin;
import org.junit.jupiter.api.Test;
import org.marketlab.auth.CredentialStore;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.VirtualClock;
import org.marketlab.pacing.WeightBudget;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.perps.PerpsSandbox;
import org.marketlab.signing.Wallet;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The transport's per-attempt hooks, on the perpetuals paths that use them: a signed operation held back by a 429
 * longer than the service's timestamp tolerance is signed again when it is resent, and the weight budget hears the
 * service's rate-limit headers through the production call path.
 */
class PerAttemptSigningTest {

    @Test
    void anOperationHeldPastTheTimestampToleranceIsSignedAgainAndAccepted() {
        VirtualClock clock = new VirtualClock(System.currentTimeMillis());
        try (Sandbox sandbox = Sandbox.builder().seed(21).now(Instant.parse("2026-11-01T00:00:00Z")).clock(clock::currentTimeMillis).build()) {
            sandbox.start();
            Transport t = Transport.create(Profile.sandbox(21).withUrl(Service.PERPS, sandbox.urls().get("perps").toString()), clock,
                    RetryPolicy.DEFAULT);
            PerpsSession s = PerpsSession.open(t, Wallet.random(), PerpsSession.Options.defaults().store(CredentialStore.memory())
                    .budget(new WeightBudget(1_000, Duration.ofSeconds(1), clock)));
            long held = (PerpsSandbox.TIMESTAMP_WINDOW_MS / 1000) + 30;
            sandbox.faults().rateLimits(1, held);
            long before = sandbox.stats().requests("perps", "/v1/trade/orders");
            Instant sent = Instant.ofEpochMilli(clock.currentTimeMillis());

            List<CancelResult> results = s.cancelOrders(List.of(7L, 8L), Duration.ofSeconds(20));

            assertEquals(2, results.size(), "the operation was accepted: one result per order");
            assertEquals(2, sandbox.stats().requests("perps", "/v1/trade/orders") - before, "refused once with 429, then accepted");
            long waited = clock.currentTimeMillis() - sent.toEpochMilli();
            assertTrue(waited >= held * 1000, "the retry waited for Retry-After (" + waited + " ms)");
            assertTrue(waited > PerpsSandbox.TIMESTAMP_WINDOW_MS, "so a timestamp made before the wait would have been refused as stale");
        }
    }

    @Test
    void theWeightBudgetLowersItselfFromTheServersHeaders() {
        Javalin server = Javalin.create(c -> c.showJavalinBanner = false).get("/v1/info/assets", ctx -> {
            ctx.header("Svc-RateLimit-Remaining", "7");
            ctx.header("Svc-RateLimit-Reset", Long.toString(System.currentTimeMillis() / 1000 + 30));
            ctx.contentType("application/json").result("[]");
        }).start("127.0.0.1", 0);
        try {
            // A virtual clock: the budget cannot refill between the answer and the check, however slow the machine.
            VirtualClock clock = new VirtualClock(System.currentTimeMillis());
            Transport t = Transport.create(Profile.sandbox().withUrl(Service.PERPS, "http://127.0.0.1:" + server.port()),
                    clock, RetryPolicy.DEFAULT);
            WeightBudget budget = Weights.publicReads(t);
            assertTrue(budget.available() > 100, "a fresh budget is full: " + budget.available());
            new PerpsPublic(t).assets();
            assertTrue(budget.available() <= 7, "the service said 7 remain; the budget now holds " + budget.available());
        } finally {
            server.stop();
        }
    }
}
