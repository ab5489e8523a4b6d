package org.marketlab.sandbox;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Faults the sandbox can be told to show, for tests of the client's handling of a bad day: null random
 * nullable fields, malformed bodies, error statuses, added latency and dropped connections. Each countdown
 * applies to the next N requests (of any path, on any of the sandbox's servers, except the control paths).
 */
public final class Faults {

    /** The kinds of fault {@link #random} draws from. */
    public enum Kind {
        /** The connection closes before any answer. */
        DROP_BEFORE_ANSWER,
        /** Headers and part of the body arrive, then the connection closes. */
        DROP_MID_BODY,
        /** {@code 500 Internal server error}. */
        ERROR_500,
        /** {@code 503 service unavailable}. */
        ERROR_503,
        /** {@code 425} (the engine restarting), no body. */
        TOO_EARLY_425,
        /** {@code 429} with {@code Retry-After: 1}. */
        RATE_LIMITED_RETRY_AFTER,
        /** {@code 429} with no header saying how long. */
        RATE_LIMITED_NO_HEADERS,
        /** {@code 200} with a body cut off mid-document. */
        TRUNCATED_BODY,
        /** {@code 200} with well-formed JSON of the wrong shape. */
        WRONG_SHAPE_BODY,
        /** The answer waits {@code delayMillis} first (past a short client deadline). */
        DELAY
    }

    private volatile double rate;
    private volatile Set<Kind> kinds = EnumSet.noneOf(Kind.class);
    private volatile long delayMillis;
    private Random random = new Random(0);
    private final AtomicLongArray injected = new AtomicLongArray(Kind.values().length);

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

    /**
     * Each request (of any server, except the control paths) meets one fault with probability {@code rate}, its kind
     * drawn evenly from {@code kinds}; seeded, so one sequence of requests meets the same faults every run.
     * {@code delayMillis} is how long a {@link Kind#DELAY} waits.
     */
    public Faults random(double rate, long seed, long delayMillis, Set<Kind> kinds) {
        if (!(rate >= 0 && rate <= 1)) throw new IllegalArgumentException("rate must be in [0, 1], was " + rate);
        if (delayMillis < 0) throw new IllegalArgumentException("delayMillis must be 0 or more, was " + delayMillis);
        if (kinds == null || (rate > 0 && kinds.isEmpty())) throw new IllegalArgumentException("give the kinds of fault to draw from");
        synchronized (this) {
            this.random = new Random(seed);
        }
        this.kinds = kinds.isEmpty() ? EnumSet.noneOf(Kind.class) : EnumSet.copyOf(kinds);
        this.delayMillis = delayMillis;
        this.rate = rate;
        return this;
    }

    /** Faults of each kind that {@link #random} has injected since the sandbox started (or {@link #clear}). */
    public Map<Kind, Long> injected() {
        Map<Kind, Long> out = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) out.put(k, injected.get(k.ordinal()));
        return out;
    }

    /** The fault the next request meets, or null: drawn by {@link #random}'s rate and seed. */
    Kind draw() {
        double r = rate;
        if (r <= 0) return null;
        Kind[] ks = kinds.toArray(new Kind[0]);
        Kind k;
        synchronized (this) {
            if (random.nextDouble() >= r) return null;
            k = ks[random.nextInt(ks.length)];
        }
        injected.incrementAndGet(k.ordinal());
        return k;
    }

    long delayMillis() {
        return delayMillis;
    }

    /** Back to a good day. */
    public Faults clear() {
        rate = 0;
        kinds = EnumSet.noneOf(Kind.class);
        for (int i = 0; i < injected.length(); i++) injected.set(i, 0);
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
