package org.marketlab.pacing;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples a signer's order and cancel buckets every {@code period} on a background thread, to watch them drain and
 * refill: {@link #table()} has {@code t_s} (seconds since the start), {@code order tokens} and {@code cancel tokens}
 * ({@code Charts.buckets(table)} draws it).
 *
 * <pre>{@code
 * try (var sampler = BucketSampler.start(session.buckets(), Duration.ofMillis(20))) {
 *     ... place and cancel ...
 *     samples = sampler.table();
 * }
 * }</pre>
 */
public final class BucketSampler implements AutoCloseable {

    private final SignerBuckets buckets;
    private final DoubleColumn t = DoubleColumn.create("t_s");
    private final DoubleColumn orders = DoubleColumn.create("order tokens");
    private final DoubleColumn cancels = DoubleColumn.create("cancel tokens");
    private final long start = System.nanoTime();
    private final ScheduledExecutorService timer;

    private BucketSampler(SignerBuckets buckets, Duration period) {
        this.buckets = Objects.requireNonNull(buckets, "buckets");
        if (period == null || period.isNegative() || period.isZero()) throw new IllegalArgumentException("the sampling period must be positive, was " + period);
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread th = new Thread(r, "bucket-sampler");
            th.setDaemon(true);
            return th;
        });
        sample();
        timer.scheduleAtFixedRate(this::sample, period.toNanos(), period.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Starts sampling now. */
    public static BucketSampler start(SignerBuckets buckets, Duration period) {
        return new BucketSampler(buckets, period);
    }

    private synchronized void sample() {
        t.append((System.nanoTime() - start) / 1e9);
        orders.append(buckets.orders().tokens());
        cancels.append(buckets.cancels().tokens());
    }

    /** The samples so far: t_s, order tokens, cancel tokens; named after the signer. */
    public synchronized Table table() {
        String s = buckets.signer();
        String shortSigner = s.length() > 10 ? s.substring(0, 6) + "…" + s.substring(s.length() - 4) : s;
        return Table.create("buckets of signer " + shortSigner, t.copy(), orders.copy(), cancels.copy());
    }

    /** Stops sampling (the samples stay readable). */
    @Override
    public void close() {
        timer.shutdownNow();
        sample();
    }
}
