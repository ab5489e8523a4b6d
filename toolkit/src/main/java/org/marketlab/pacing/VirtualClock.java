package org.marketlab.pacing;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock for tests and benchmarks: time moves only when someone sleeps or calls {@link #advance}, so paced
 * work that would take minutes runs in microseconds, exactly and repeatably. Thread-safe; a relative sleep
 * advances time by its length, {@link #sleepUntil} only as far as its deadline.
 */
public final class VirtualClock implements Clock {

    private final long startMillis;
    private final AtomicLong nanos = new AtomicLong();

    /** Starts at 2026-01-01T00:00:00Z. */
    public VirtualClock() {
        this(1_767_225_600_000L);
    }

    public VirtualClock(long startEpochMillis) {
        this.startMillis = startEpochMillis;
    }

    @Override
    public long nanoTime() {
        return nanos.get();
    }

    @Override
    public long currentTimeMillis() {
        return startMillis + nanos.get() / 1_000_000L;
    }

    @Override
    public void sleepNanos(long n) throws InterruptedException {
        if (Thread.interrupted()) throw new InterruptedException();
        if (n > 0) nanos.addAndGet(n);
    }

    /** Moves time to {@code deadlineNanos} unless it is already past it. */
    @Override
    public void sleepUntil(long deadlineNanos) throws InterruptedException {
        if (Thread.interrupted()) throw new InterruptedException();
        nanos.accumulateAndGet(deadlineNanos, Math::max);
    }

    /** No margin: nothing travels on a virtual clock. */
    @Override
    public Duration safetyMargin() {
        return Duration.ZERO;
    }

    public void advance(Duration d) {
        if (d.isNegative()) throw new IllegalArgumentException("a clock does not go back: " + d);
        nanos.addAndGet(d.toNanos());
    }
}
