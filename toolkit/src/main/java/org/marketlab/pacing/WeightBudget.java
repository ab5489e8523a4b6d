package org.marketlab.pacing;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;

import java.time.Duration;

/**
 * A budget of request weight (the perpetuals interface's cost model), as a Bucket4j token bucket driven by the
 * pacer's {@link Clock}: a request of weight w waits until w tokens are there. The service does not publish the
 * budget's size or window; the default ({@link #DEFAULT_CAPACITY} per {@link #DEFAULT_PERIOD}) is a conservative
 * guess, to be changed with {@code new WeightBudget(...)} when the real figure is known.
 */
public final class WeightBudget {

    public static final long DEFAULT_CAPACITY = 120;
    public static final Duration DEFAULT_PERIOD = Duration.ofSeconds(10);

    private final Bucket bucket;
    private final Clock clock;
    private final long capacity;

    public WeightBudget(long capacity, Duration period, Clock clock) {
        if (capacity <= 0) throw new IllegalArgumentException("capacity must be positive, was " + capacity);
        this.clock = clock;
        this.capacity = capacity;
        TimeMeter meter = new TimeMeter() {
            @Override
            public long currentTimeNanos() {
                return clock.nanoTime();
            }

            @Override
            public boolean isWallClockBased() {
                return false;
            }
        };
        this.bucket = Bucket.builder()
                .addLimit(limit -> limit.capacity(capacity).refillGreedy(capacity, period))
                .withCustomTimePrecision(meter)
                .build();
    }

    public static WeightBudget conservative(Clock clock) {
        return new WeightBudget(DEFAULT_CAPACITY, DEFAULT_PERIOD, clock);
    }

    /** Waits until {@code weight} is available, then spends it; returns the time waited. */
    public Duration acquire(long weight) throws InterruptedException {
        if (weight <= 0) return Duration.ZERO;
        if (weight > capacity) {
            throw new IllegalArgumentException("a request of weight " + weight + " exceeds the whole budget of " + capacity + "; split it");
        }
        long waited = 0;
        while (true) {
            ConsumptionProbe p = bucket.tryConsumeAndReturnRemaining(weight);
            if (p.isConsumed()) return Duration.ofNanos(waited);
            long nanos = p.getNanosToWaitForRefill();
            clock.sleepNanos(nanos);
            waited += nanos;
        }
    }

    /** Weight available now. */
    public long available() {
        return bucket.getAvailableTokens();
    }
}
