package org.marketlab.pacing;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.TokensInheritanceStrategy;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A token bucket on Bucket4j, driven by a pacing {@link Clock} (so a {@link VirtualClock} drives it too):
 * {@code burst} tokens at most, refilled continuously at {@code refill} per {@code period}; a request costs
 * tokens and {@link #acquire} waits until the bucket holds them. Used for the order-book's per-signer order
 * and cancel buckets ({@link SignerBuckets}) and the perpetuals weight budget ({@link WeightBudget}).
 *
 * <p><b>Waiting is a reservation</b> (Bucket4j's blocking consume): a caller takes its tokens at once, driving
 * the balance below zero if need be, and sleeps until the refill has paid that back. Callers are therefore
 * served in arrival order, and a large batch cannot be starved by a stream of small requests.
 *
 * <p><b>Debt.</b> Some costs are only known after the answer (cancel-all debits one token per order
 * canceled). {@link #debit} takes them with Bucket4j's {@code consumeIgnoringRateLimits}, which lets the
 * balance go negative: later requests then wait until the refill has paid the debt and their own cost, as the
 * specification describes for tiers with a negative cancel balance. Bucket4j expresses that directly; for the
 * other tiers {@code tryConsumeAsMuchAsPossible} floors the balance at zero. One caveat: the local balance is
 * also negative while reservations are outstanding, and a floored debit then takes nothing, where the server,
 * which has not seen those reserved requests yet, may take some. {@link #reconcile} corrects that from the
 * server's {@code Remaining} header.
 *
 * <p><b>Margin.</b> The server counts arrivals, and a request delayed on the way can arrive bunched with the
 * next. A margin withholds {@code refill × margin / period} tokens of headroom from the local capacity, which
 * absorbs delays up to the margin for every request that fits in the reduced capacity; costs between that and
 * the burst are still admitted (by reservation), without that guarantee.
 */
public final class TokenBucket {

    private final String name;
    private final Clock clock;
    private final Bucket bucket;
    private volatile Shape shape;
    private final AtomicLong heldUntil = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong acquired = new AtomicLong();
    private final AtomicLong waited = new AtomicLong();
    private final AtomicLong waitNanos = new AtomicLong();

    private record Shape(long burst, long refill, Duration period, boolean debt, long capacity) {
        static Shape of(long burst, long refill, Duration period, boolean debt, Duration margin) {
            if (burst <= 0) throw new IllegalArgumentException("burst must be positive, was " + burst);
            if (refill <= 0) throw new IllegalArgumentException("refill must be positive, was " + refill);
            if (period.isNegative() || period.isZero()) throw new IllegalArgumentException("period must be positive, was " + period);
            if (margin.isNegative()) throw new IllegalArgumentException("margin must not be negative, was " + margin);
            long headroom = (long) Math.ceil((double) refill * margin.toNanos() / period.toNanos());
            return new Shape(burst, refill, period, debt, Math.max(1, burst - headroom));
        }

        BucketConfiguration configuration() {
            return BucketConfiguration.builder()
                    .addLimit(l -> l.capacity(capacity).refillGreedy(refill, period).initialTokens(capacity))
                    .build();
        }
    }

    /**
     * @param name   what the bucket paces, for messages and status (e.g. {@code order})
     * @param burst  the most tokens the bucket holds, and the largest cost it can ever admit
     * @param refill tokens added per {@code period}, continuously
     * @param debt   whether {@link #debit} may take the balance below zero
     * @param margin delay on the way to the server to absorb (see the class note); zero on a virtual clock
     */
    public TokenBucket(String name, long burst, long refill, Duration period, boolean debt, Clock clock, Duration margin) {
        this.name = Objects.requireNonNull(name, "name");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.shape = Shape.of(burst, refill, period, debt, margin);
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
                .addLimit(shape.configuration().getBandwidths()[0])
                .withCustomTimePrecision(meter)
                .build();
    }

    public String name() {
        return name;
    }

    /** The largest cost the bucket can admit. */
    public long burst() {
        return shape.burst();
    }

    /** Tokens refilled per second. */
    public double ratePerSecond() {
        Shape s = shape;
        return s.refill() * 1e9 / s.period().toNanos();
    }

    public boolean allowsDebt() {
        return shape.debt();
    }

    /**
     * Waits until the bucket holds {@code cost} tokens (and any hold from the server has passed), then takes them.
     *
     * @return the time waited
     * @throws IllegalArgumentException if {@code cost} exceeds the burst: such a request can never be admitted,
     *                                  and must be split
     */
    public Duration acquire(long cost) throws InterruptedException {
        if (cost < 0) throw new IllegalArgumentException(name + ": a cost cannot be negative, was " + cost);
        long burst = shape.burst();
        if (cost > burst) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: a request costing %d tokens exceeds the bucket's burst of %d and can never be admitted; "
                            + "split it into requests of at most %d", name, cost, burst, burst));
        }
        if (cost == 0) return Duration.ZERO;
        long start = clock.nanoTime();
        long hold;
        while ((hold = heldUntil.get()) > clock.nanoTime()) clock.sleepUntil(hold);
        try {
            bucket.asBlocking().consume(cost, nanos -> clock.sleepUntil(clock.nanoTime() + nanos));
        } catch (InterruptedException e) {
            bucket.addTokens(cost);   // never sent: give the reservation back (capped at capacity by Bucket4j)
            throw e;
        }
        long w = clock.nanoTime() - start;
        acquired.incrementAndGet();
        if (w > 0) {
            waited.incrementAndGet();
            waitNanos.addAndGet(w);
        }
        return Duration.ofNanos(w);
    }

    /**
     * Takes tokens whose cost became known after the answer: into debt if the bucket allows it, otherwise at
     * most down to zero.
     */
    public void debit(long tokens) {
        if (tokens < 0) throw new IllegalArgumentException(name + ": cannot debit a negative amount, was " + tokens);
        if (tokens == 0) return;
        if (shape.debt()) bucket.consumeIgnoringRateLimits(tokens);
        else bucket.tryConsumeAsMuchAsPossible(tokens);
    }

    /**
     * Brings the bucket in line with what the server reported. The balance only moves down to {@code remaining}
     * (floored at zero unless debt is allowed): the server's figure predates requests this client has sent or
     * reserved since, so a higher figure is not taken. A {@code reset} in the future holds the bucket until then.
     */
    public void reconcile(long remaining, Instant reset) {
        long target = shape.debt() ? remaining : Math.max(0, remaining);
        long local = bucket.getAvailableTokens();
        if (target < local) bucket.consumeIgnoringRateLimits(local - target);
        if (reset != null) {
            long ahead = reset.toEpochMilli() - clock.currentTimeMillis();
            if (ahead > 0) holdFor(ahead * 1_000_000L);
        }
    }

    /**
     * Reads a response's rate-limit headers ({@code Svc-} or {@code Poly-RateLimit-Remaining} and
     * {@code -Reset}) into {@link #reconcile}, and on {@code 429} holds the bucket for {@code Retry-After}.
     */
    public void onResponse(int status, Function<String, String> header) {
        Double remaining = RateLimitHeaders.number(header, "Remaining");
        long resetMillis = RateLimitHeaders.resetEpochMillis(RateLimitHeaders.get(header, "Reset"));
        Instant reset = resetMillis > 0 ? Instant.ofEpochMilli(resetMillis) : null;
        if (remaining != null) reconcile((long) Math.floor(remaining), reset);
        else if (reset != null && status == 429) reconcile(Long.MAX_VALUE, reset);
        if (status == 429) {
            long retry = RateLimitHeaders.retryAfterNanos(header.apply("Retry-After"), clock.currentTimeMillis());
            if (retry > 0) holdFor(retry);
        }
    }

    private void holdFor(long nanos) {
        long until = clock.nanoTime() + nanos;
        heldUntil.accumulateAndGet(until, Math::max);
    }

    /** Changes the bucket's shape (a new tier), keeping the balance (capped at the new capacity). */
    public void reshape(long burst, long refill, Duration period, boolean debt, Duration margin) {
        Shape s = Shape.of(burst, refill, period, debt, margin);
        synchronized (this) {
            shape = s;
            bucket.replaceConfiguration(s.configuration(), TokensInheritanceStrategy.AS_IS);
        }
    }

    /** Tokens in the bucket now; negative while in debt or while reservations wait. */
    public long available() {
        return bucket.getAvailableTokens();
    }

    /** The bucket now: balance, burst, rate, and the waiting it caused. */
    public Status status() {
        return new Status(name, available(), shape.burst(), ratePerSecond(), shape.debt(), acquired.get(), waited.get(),
                Duration.ofNanos(waitNanos.get()));
    }

    /**
     * @param available tokens now (negative in debt)
     * @param acquired  requests admitted
     * @param waited    requests that had to wait
     * @param totalWait time they spent waiting
     */
    public record Status(String name, long available, long burst, double ratePerSecond, boolean debt, long acquired,
                         long waited, Duration totalWait) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s: %d / %d tokens, %.0f per s%s; %d admitted, %d waited (%.3f s)",
                    name, available, burst, ratePerSecond, debt ? ", debt allowed" : "", acquired, waited,
                    totalWait.toNanos() / 1e9);
        }
    }

    @Override
    public String toString() {
        return status().toString();
    }
}
