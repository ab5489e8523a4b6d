package org.marketlab.pacing;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A token bucket driven by a pacing {@link Clock} (so a {@link VirtualClock} drives it too): {@code burst} tokens
 * at most, refilled continuously at {@code refill} per {@code period}; a request costs tokens and
 * {@link #acquire} waits until the bucket holds them. Used for the order-book's per-signer order and cancel
 * buckets ({@link SignerBuckets}) and the perpetuals weight budget ({@link WeightBudget}).
 *
 * <p><b>Exact.</b> The balance is kept in integer units of {@code 1 / period-in-nanoseconds} of a token, so a
 * nanosecond of refill adds exactly {@code refill} units: no rounding anywhere, fractions of a token included.
 * That matters when the server's balance is taken in ({@link #reconcile}): the bucket is set to the server's
 * figure with its fraction. (A bucket whose balance can be set only in whole tokens from outside, as Bucket4j's,
 * keeps its own fraction, refilled over the request's round trip, under the server's whole figure; after a
 * cancel-all it can stand most of a token above the server, and the next cancel is then refused with 429.)
 *
 * <p><b>Waiting is a reservation</b>: a caller takes its tokens at once, driving the balance below zero if need
 * be, and sleeps until the refill has paid that back. Callers are therefore served in arrival order, and a
 * large batch cannot be starved by a stream of small requests.
 *
 * <p><b>Debt.</b> Some costs are only known after the answer (cancel-all debits one token per order
 * canceled). {@link #debit} takes them into debt when the bucket allows it: later requests then wait until the
 * refill has paid the debt and their own cost, as the specification describes for tiers with a negative cancel
 * balance. Other buckets floor the debit at zero (a debit takes at most what the bucket holds).
 *
 * <p><b>Margin.</b> The server counts arrivals, and a request delayed on the way can arrive bunched with the
 * next. A margin withholds {@code refill × margin / period} tokens of headroom from the local capacity, which
 * absorbs delays up to the margin for every request that fits in the reduced capacity; costs between that and
 * the burst are still admitted (by reservation), without that guarantee. The same headroom is kept below the
 * server's figure when the bucket is brought down to it ({@link #reconcile}).
 */
public final class TokenBucket {

    private final String name;
    private final Clock clock;
    private volatile Shape shape;
    /** The balance in units: one token is {@code shape.unit()} units; one nanosecond of refill adds {@code shape.refill()}. */
    private long units;
    private long at;
    private final AtomicLong heldUntil = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong acquired = new AtomicLong();
    private final AtomicLong waited = new AtomicLong();
    private final AtomicLong waitNanos = new AtomicLong();
    private final AtomicLong rateLimited = new AtomicLong();
    private final AtomicLong warnings = new AtomicLong();
    private volatile boolean warning;

    private record Shape(long burst, long refill, Duration period, boolean debt, long capacity, long headroom) {
        static Shape of(long burst, long refill, Duration period, boolean debt, Duration margin) {
            if (burst <= 0) throw new IllegalArgumentException("burst must be positive, was " + burst);
            if (refill <= 0) throw new IllegalArgumentException("refill must be positive, was " + refill);
            if (period.isNegative() || period.isZero()) throw new IllegalArgumentException("period must be positive, was " + period);
            if (margin.isNegative()) throw new IllegalArgumentException("margin must not be negative, was " + margin);
            long headroom = (long) Math.ceil((double) refill * margin.toNanos() / period.toNanos());
            long capacity = Math.max(1, burst - headroom);
            return new Shape(burst, refill, period, debt, capacity, burst - capacity);
        }

        /** Units per token: the period in nanoseconds. */
        long unit() {
            return period.toNanos();
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
        this.units = Math.multiplyExact(shape.capacity(), shape.unit());
        this.at = clock.nanoTime();
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

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /** Brings the balance to {@code now}: {@code refill} units per nanosecond, up to the capacity. Under the lock. */
    private void refill(long now) {
        long elapsed = now - at;
        if (elapsed <= 0) return;
        at = now;
        Shape s = shape;
        long cap = s.capacity() * s.unit();
        if (units >= cap) return;
        long missing = cap - units;
        // elapsed * refill < missing cannot overflow; past it the bucket is full.
        units = elapsed >= ceilDiv(missing, s.refill()) ? cap : units + elapsed * s.refill();
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
        long deadline;
        synchronized (this) {
            long now = clock.nanoTime();
            refill(now);
            Shape s = shape;
            units -= cost * s.unit();
            deadline = units >= 0 ? now : now + ceilDiv(-units, s.refill());
        }
        try {
            clock.sleepUntil(deadline);
        } catch (InterruptedException e) {
            synchronized (this) {   // never sent: give the reservation back, up to the capacity
                refill(clock.nanoTime());
                Shape s = shape;
                units = Math.min(s.capacity() * s.unit(), units + cost * s.unit());
            }
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
    public synchronized void debit(long tokens) {
        if (tokens < 0) throw new IllegalArgumentException(name + ": cannot debit a negative amount, was " + tokens);
        if (tokens == 0) return;
        refill(clock.nanoTime());
        long take = tokens * shape.unit();
        if (shape.debt()) units -= take;
        else if (units > 0) units -= Math.min(units, take);
    }

    /**
     * Brings the bucket in line with what the server reported. The balance only moves down, to {@code remaining}
     * less the margin's headroom (floored at zero unless debt is allowed): the server's figure predates requests
     * this client has sent or reserved since, so a higher figure is not taken. A {@code reset} in the future holds
     * the bucket until then.
     */
    public void reconcile(long remaining, Instant reset) {
        reconcile((double) remaining, reset);
    }

    /** As {@link #reconcile(long, Instant)}, with a fractional balance as the server reports it: taken exactly. */
    public void reconcile(double remaining, Instant reset) {
        if (Double.isNaN(remaining)) throw new IllegalArgumentException(name + ": remaining is not a number");
        synchronized (this) {
            refill(clock.nanoTime());
            Shape s = shape;
            double r = s.debt() ? remaining : Math.max(0, remaining);
            double target = (r - s.headroom()) * s.unit();
            // Floored to the unit (a nanosecond of refill): never above the server.
            if (target < units) units = (long) Math.floor(Math.max(target, Long.MIN_VALUE / 4.0));
        }
        if (reset != null) {
            long ahead = reset.toEpochMilli() - clock.currentTimeMillis();
            if (ahead > 0) holdFor(ahead * 1_000_000L);
        }
    }

    /**
     * Reads a response's rate-limit headers ({@code Svc-} or {@code Poly-RateLimit-Remaining}, {@code -Reset} and
     * {@code -Warning}) into {@link #reconcile}, and on {@code 429} holds the bucket for {@code Retry-After}.
     */
    public void onResponse(int status, Function<String, String> header) {
        Double remaining = RateLimitHeaders.number(header, "Remaining");
        long resetMillis = RateLimitHeaders.resetEpochMillis(RateLimitHeaders.get(header, "Reset"));
        Instant reset = resetMillis > 0 ? Instant.ofEpochMilli(resetMillis) : null;
        String warn = RateLimitHeaders.get(header, "Warning");
        if (warn != null || remaining != null) {
            warning = warn != null && warn.equalsIgnoreCase("true");
            if (warning) warnings.incrementAndGet();
        }
        if (remaining != null) reconcile(remaining.doubleValue(), reset);
        else if (reset != null && status == 429) reconcile(Double.POSITIVE_INFINITY, reset);
        if (status == 429) {
            rateLimited.incrementAndGet();
            long retry = RateLimitHeaders.retryAfterNanos(header.apply("Retry-After"), clock.currentTimeMillis());
            if (retry > 0) holdFor(retry);
        }
    }

    private void holdFor(long nanos) {
        long until = clock.nanoTime() + nanos;
        heldUntil.accumulateAndGet(until, Math::max);
    }

    /** Changes the bucket's shape (a new tier), keeping the balance (capped at the new capacity). */
    public synchronized void reshape(long burst, long refill, Duration period, boolean debt, Duration margin) {
        Shape s = Shape.of(burst, refill, period, debt, margin);
        refill(clock.nanoTime());
        double tokens = (double) units / shape.unit();
        shape = s;
        units = Math.min(s.capacity() * s.unit(), (long) Math.floor(tokens * s.unit()));
    }

    /** Whole tokens in the bucket now (rounded down); negative while in debt or while reservations wait. */
    public synchronized long available() {
        refill(clock.nanoTime());
        return Math.floorDiv(units, shape.unit());
    }

    /** Tokens in the bucket now, with their fraction. */
    public synchronized double tokens() {
        refill(clock.nanoTime());
        return (double) units / shape.unit();
    }

    /** The bucket now: balance, burst, rate, the server's warnings and refusals, and the waiting it caused. */
    public Status status() {
        Shape s = shape;
        return new Status(name, tokens(), s.burst(), ratePerSecond(), s.debt(), warning, warnings.get(), rateLimited.get(), acquired.get(),
                waited.get(), Duration.ofNanos(waitNanos.get()));
    }

    /**
     * @param tokens      tokens now, with their fraction (negative in debt, or while reservations wait)
     * @param debtAllowed whether the balance may go into debt (cancel buckets of the tiers allowing it)
     * @param warning     whether the last answer with rate-limit headers carried {@code RateLimit-Warning: true}
     *                    (warning mode: the request would have been refused under live enforcement)
     * @param warnings    answers that carried the warning
     * @param rateLimited {@code 429} answers met
     * @param acquired    requests admitted
     * @param waited      requests that had to wait
     * @param totalWait   time they spent waiting
     */
    public record Status(String name, double tokens, long burst, double ratePerSecond, boolean debtAllowed, boolean warning, long warnings,
                         long rateLimited, long acquired, long waited, Duration totalWait) {

        /** Whole tokens (rounded down). */
        public long available() {
            return (long) Math.floor(tokens);
        }

        /** Tokens owed: how far the balance is below zero (zero when it is not). */
        public double debt() {
            return Math.max(0, -tokens);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s: %.2f / %d tokens, %.0f per s%s%s; %d admitted, %d waited (%.3f s)%s", name, tokens, burst,
                    ratePerSecond, debtAllowed ? ", debt allowed" : "", warning ? ", WARNING (would be refused)" : "", acquired, waited,
                    totalWait.toNanos() / 1e9, rateLimited > 0 ? ", " + rateLimited + " refused with 429" : "");
        }
    }

    @Override
    public String toString() {
        return status().toString();
    }
}
