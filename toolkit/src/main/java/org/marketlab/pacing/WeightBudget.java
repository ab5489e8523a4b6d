package org.marketlab.pacing;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Function;

/**
 * The perpetuals interface's budget of request weight: a request of weight w waits until w is available (a
 * {@link TokenBucket}, so callers are served in arrival order and a {@link VirtualClock} drives it).
 *
 * <p><b>Assumption.</b> The specification lists the weights (1, 1, 1 + floor(n/20), 10, 10, 10, 5, 2) but not
 * the size of the budget or its window. The default, {@value #DEFAULT_CAPACITY} per 10 s refilled
 * continuously, is a conservative guess (below the figures comparable venues publish); pass the real figure to
 * the constructor when it is known, and {@link #onResponse} takes in what the server reports meanwhile.
 */
public final class WeightBudget {

    public static final long DEFAULT_CAPACITY = 120;
    public static final Duration DEFAULT_PERIOD = Duration.ofSeconds(10);

    private final TokenBucket bucket;

    /** {@code capacity} weight at most, refilled at {@code capacity} per {@code period}; no margin. */
    public WeightBudget(long capacity, Duration period, Clock clock) {
        this(capacity, period, clock, Duration.ZERO);
    }

    /** As above, withholding {@code capacity × margin / period} of headroom for delays on the way (see {@link TokenBucket}). */
    public WeightBudget(long capacity, Duration period, Clock clock, Duration margin) {
        if (capacity <= 0) throw new IllegalArgumentException("capacity must be positive, was " + capacity);
        this.bucket = new TokenBucket("weight", capacity, capacity, period, false, clock, margin);
    }

    /** The default budget (an assumption, see the class note): with the clock's {@link Clock#safetyMargin()}. */
    public static WeightBudget conservative(Clock clock) {
        return new WeightBudget(DEFAULT_CAPACITY, DEFAULT_PERIOD, clock, clock.safetyMargin());
    }

    /**
     * Waits until {@code weight} is available, then spends it; returns the time waited.
     *
     * @throws IllegalArgumentException if {@code weight} exceeds the whole budget: split the request
     */
    public Duration acquire(long weight) throws InterruptedException {
        if (weight <= 0) return Duration.ZERO;
        return bucket.acquire(weight);
    }

    /** Brings the budget down to the server's {@code remaining} weight and holds it until {@code reset}, if ahead. */
    public void reconcile(long remaining, Instant reset) {
        bucket.reconcile(remaining, reset);
    }

    /** Reads {@code Svc-}/{@code Poly-RateLimit-Remaining} and {@code -Reset}, and {@code Retry-After} on 429. */
    public void onResponse(int status, Function<String, String> header) {
        bucket.onResponse(status, header);
    }

    /** Weight available now (negative while reservations wait). */
    public long available() {
        return bucket.available();
    }

    public long capacity() {
        return bucket.burst();
    }

    public TokenBucket.Status status() {
        return bucket.status();
    }

    @Override
    public String toString() {
        return bucket.toString();
    }
}
