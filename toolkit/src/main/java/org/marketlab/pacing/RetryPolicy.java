package org.marketlab.pacing;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How a connection retries: what it may ask again after a dropped connection or a server error, how many
 * {@code 429}s a call takes, and the bounded exponential backoff between attempts (jittered between half and all of
 * each step). A {@code Retry-After} the service sends is followed instead of the backoff. Only what is safe to repeat
 * is ever retried, whatever the policy allows.
 *
 * <pre>{@code
 * RetryPolicy patient = new RetryPolicy(6, 10, Duration.ofMillis(500), Duration.ofSeconds(20));
 * Connection own = MarketLab.connect(Profile.sandbox(), Clock.system(), patient);
 * }</pre>
 *
 * @param maxAttempts            attempts in all for connection failures and server errors (1 or more)
 * @param maxRateLimitedAttempts {@code 429} answers a call takes before it ends (1 or more)
 * @param base                   the first backoff's ceiling
 * @param cap                    the largest backoff's ceiling
 * @param rateLimitBudget        how long after its first {@code 429} a call may still wait for its rate limits
 */
public record RetryPolicy(int maxAttempts, int maxRateLimitedAttempts, Duration base, Duration cap, Duration rateLimitBudget) {
    /** The default budget for a call's rate-limit waits. */
    public static final Duration RATE_LIMIT_BUDGET = Duration.ofMinutes(2);
    /** Four attempts, six 429s, backoff from 250 ms up to 8 s, and two minutes for a call's rate-limit waits. */
    public static final RetryPolicy DEFAULT = new RetryPolicy(4, 6, Duration.ofMillis(250), Duration.ofSeconds(8));

    public RetryPolicy {
        if (maxAttempts < 1 || maxRateLimitedAttempts < 1) {
            throw new IllegalArgumentException("attempts must be 1 or more, were maxAttempts " + maxAttempts
                    + " and maxRateLimitedAttempts " + maxRateLimitedAttempts);
        }
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(cap, "cap");
        Objects.requireNonNull(rateLimitBudget, "rateLimitBudget");
        if (base.isNegative() || cap.isNegative() || rateLimitBudget.isNegative()) {
            throw new IllegalArgumentException("base, cap and rateLimitBudget must be zero or more");
        }
    }

    /** With the default budget for rate-limit waits ({@link #RATE_LIMIT_BUDGET}). */
    public RetryPolicy(int maxAttempts, int maxRateLimitedAttempts, Duration base, Duration cap) {
        this(maxAttempts, maxRateLimitedAttempts, base, cap, RATE_LIMIT_BUDGET);
    }

    /** The wait before the retry that follows attempt {@code attempt} (1 for the first): jittered, at most {@link #cap}. */
    public Duration backoff(int attempt) {
        long ceiling = Math.min(cap.toMillis(), base.toMillis() << Math.min(Math.max(attempt, 1) - 1, 20));
        return Duration.ofMillis(ThreadLocalRandom.current().nextLong(ceiling / 2, ceiling + 1));
    }
}
