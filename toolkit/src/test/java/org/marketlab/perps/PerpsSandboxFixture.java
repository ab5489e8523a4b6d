package org.marketlab.perps;

import org.marketlab.pacing.RetryPolicy;
import org.marketlab.auth.CredentialStore;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.WeightBudget;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.perps.PerpsSandbox;
import org.marketlab.signing.Wallet;

import java.time.Duration;
import java.time.Instant;

/** One sandbox for the perpetuals tests (started once per test JVM), and a transport to its perps server. */
final class PerpsSandboxFixture {

    static final long SEED = 9;
    static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");

    private static Sandbox sandbox;
    private static Transport transport;

    private PerpsSandboxFixture() {
    }

    static synchronized Sandbox sandbox() {
        if (sandbox == null) {
            sandbox = Sandbox.builder().seed(SEED).now(NOW).build();
            sandbox.start();
        }
        return sandbox;
    }

    static PerpsSandbox perps() {
        return sandbox().perps();
    }

    /** A transport of the sandbox profile (sandbox names) to the perps server. */
    static synchronized Transport transport() {
        if (transport == null) transport = transportWith(Profile.sandbox(SEED));
        return transport;
    }

    /** A transport of {@code profile}'s names, to the sandbox's perps server. */
    static Transport transportWith(Profile profile) {
        return Transport.create(profile.withUrl(Service.PERPS, sandbox().urls().get("perps").toString())
                        .withUrl(Service.PERPS_WS, sandbox().urls().get("perps_ws").toString()), Clock.system(),
                new RetryPolicy(2, 3, Duration.ofMillis(10), Duration.ofMillis(50)));
    }

    /** Options with an in-memory store and a budget large enough for reading whole histories many times over. */
    static PerpsSession.Options roomy() {
        return PerpsSession.Options.defaults().store(CredentialStore.memory())
                .budget(new WeightBudget(100_000, Duration.ofSeconds(1), Clock.system()));
    }

    static PerpsSession session(Wallet owner) {
        return PerpsSession.open(transport(), owner, roomy());
    }

    /**
     * A proxy's lifetime for tests of its expiry: long enough that the session opens and makes its first calls inside it
     * on a loaded machine, short of the minute within which stored credentials are not resumed.
     */
    static final Duration SHORT_LIFETIME = Duration.ofSeconds(5);

    /** Waits until the sandbox's clock (the machine's) has passed {@code expiry}. */
    static void sleepPast(Instant expiry) throws InterruptedException {
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), expiry).toMillis()) + 100);
    }
}
