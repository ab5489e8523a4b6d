package org.marketlab.bench;

import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Faults;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 10,000 requests through the toolkit against the sandbox with 10 % injected faults of every kind: every pass holds
 * every event exactly once, every failure is typed. Bounded: 10,000 requests, five minutes.
 */
class ChaosTest {

    @Test
    void aLongHarvestUnderFaultsLosesAndRepeatsNothing() {
        Chaos.Result r = assertTimeoutPreemptively(Duration.ofMinutes(5), () -> Chaos.run(10_000, 0.10, 7, 5));
        System.out.print(r);
        assertTrue(r.requests() >= 10_000, "requests: " + r.requests());
        assertEquals(0, r.lost(), "lost");
        assertEquals(0, r.duplicated(), "duplicated");
        assertTrue(r.untyped().isEmpty(), "untyped: " + r.untyped());
        assertEquals(0, r.abandonedPasses(), "no pass gave up: " + r.abandonedBy());
        assertTrue(r.passes() >= 2, "passes: " + r.passes());
        double share = (double) r.injected() / r.requests();
        assertTrue(share > 0.08 && share < 0.12, "about 10 % faults: " + share);
        for (Faults.Kind k : Faults.Kind.values()) assertTrue(r.faults().get(k) > 20, "every kind injected: " + r.faults());
        assertTrue(r.retries() >= r.injected() / 2, "faults cost retries: " + r.retries());
    }
}
