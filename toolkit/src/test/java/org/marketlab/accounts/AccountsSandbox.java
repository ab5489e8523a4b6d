package org.marketlab.accounts;

import org.marketlab.pacing.RetryPolicy;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/** One sandbox for the account tests (started once per test JVM), and transports to its servers. */
public final class AccountsSandbox {

    public static final long SEED = 7;
    public static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");

    private static Sandbox sandbox;
    private static Transport transport;

    private AccountsSandbox() {
    }

    public static synchronized Sandbox sandbox() {
        if (sandbox == null) {
            sandbox = Sandbox.builder().seed(SEED).now(NOW).build();
            sandbox.start();
        }
        return sandbox;
    }

    /** The sandbox profile with every server's URL. */
    public static Profile profile() {
        Profile p = Profile.sandbox(SEED);
        for (Map.Entry<String, java.net.URI> e : sandbox().urls().entrySet()) {
            for (Service s : Service.values()) if (s.id().equals(e.getKey())) p = p.withUrl(s, e.getValue().toString());
        }
        return p;
    }

    public static synchronized Transport transport() {
        if (transport == null) transport = transport(Clock.system());
        return transport;
    }

    /** A private transport on {@code clock} (a shifted clock makes stale signatures). */
    public static Transport transport(Clock clock) {
        return Transport.create(profile(), clock, new RetryPolicy(2, 3, Duration.ofMillis(10), Duration.ofMillis(50)));
    }
}
