package org.marketlab.sandbox;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Faults the sandbox can be told to show, for tests of the client's handling of a bad day: null random
 * nullable fields, malformed bodies, error statuses, added latency and dropped connections. Each countdown
 * applies to the next N requests (of any path, on any of the sandbox's servers, except the control paths).
 */
public final class Faults {

    private volatile double nullProbability;
    private final AtomicInteger malformed = new AtomicInteger();
    private final AtomicInteger errors = new AtomicInteger();
    private volatile int errorStatus = 500;
    private final AtomicInteger drops = new AtomicInteger();
    private volatile long latencyMillis;
    private final AtomicInteger rateLimits = new AtomicInteger();
    private volatile long retryAfterSeconds = -1;

    /** Each nullable field of each served record becomes null with this probability (seeded, repeatable). */
    public Faults nullFields(double probability) {
        if (probability < 0 || probability > 1) throw new IllegalArgumentException("probability must be in [0, 1], was " + probability);
        nullProbability = probability;
        return this;
    }

    /** The next {@code n} answers carry a truncated, unparseable body with status 200. */
    public Faults malformedBodies(int n) {
        malformed.set(n);
        return this;
    }

    /** The next {@code n} answers are {@code status} (500, 502, 503 or 425). */
    public Faults errors(int status, int n) {
        if (status != 425 && (status < 500 || status > 599)) throw new IllegalArgumentException("error status must be 425 or 5xx, was " + status);
        errorStatus = status;
        errors.set(n);
        return this;
    }

    /**
     * The next {@code n} answers are 429 {@code Too Many Requests}, with {@code Retry-After: seconds} (none when
     * {@code retryAfterSeconds} is negative), whatever the IP windows say.
     */
    public Faults rateLimits(int n, long retryAfterSeconds) {
        this.retryAfterSeconds = retryAfterSeconds;
        rateLimits.set(n);
        return this;
    }

    /** The next {@code n} connections are closed without an answer. */
    public Faults drops(int n) {
        drops.set(n);
        return this;
    }

    /** Every answer waits this long first. */
    public Faults latency(long millis) {
        if (millis < 0) throw new IllegalArgumentException("latency must be 0 or more, was " + millis);
        latencyMillis = millis;
        return this;
    }

    /** Back to a good day. */
    public Faults clear() {
        nullProbability = 0;
        malformed.set(0);
        errors.set(0);
        drops.set(0);
        latencyMillis = 0;
        rateLimits.set(0);
        return this;
    }

    double nullProbability() {
        return nullProbability;
    }

    long latencyMillis() {
        return latencyMillis;
    }

    boolean takeMalformed() {
        return take(malformed);
    }

    int takeError() {
        return take(errors) ? errorStatus : 0;
    }

    /** The {@code Retry-After} seconds of a forced 429 (negative: none), or {@code null} when none is due. */
    Long takeRateLimit() {
        return take(rateLimits) ? retryAfterSeconds : null;
    }

    boolean takeDrop() {
        return take(drops);
    }

    private static boolean take(AtomicInteger n) {
        while (true) {
            int v = n.get();
            if (v <= 0) return false;
            if (n.compareAndSet(v, v - 1)) return true;
        }
    }
}
