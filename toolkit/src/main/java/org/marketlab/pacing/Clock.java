package org.marketlab.pacing;

/**
 * Time as the pacer sees it. The system clock for real use; {@link VirtualClock} for tests and benchmarks,
 * where sleeping advances time instantly.
 */
public interface Clock {

    /** Monotonic nanoseconds, for measuring windows and waits. */
    long nanoTime();

    /** Wall-clock milliseconds since the epoch, for reading server timestamps such as rate-limit resets. */
    long currentTimeMillis();

    /** Waits the given nanoseconds (a virtual clock advances instead). */
    void sleepNanos(long nanos) throws InterruptedException;

    /**
     * Waits until {@link #nanoTime()} reaches {@code deadlineNanos}. Several threads sleeping on a virtual clock
     * to the same deadline move it there once, where relative sleeps would add up.
     */
    default void sleepUntil(long deadlineNanos) throws InterruptedException {
        long left = deadlineNanos - nanoTime();
        if (left > 0) sleepNanos(left);
        else if (Thread.interrupted()) throw new InterruptedException();
    }

    /**
     * How much later than its send a limiter on this clock must assume the server counts a request: the toolkit's
     * one margin rule. On the system clock 100 ms (the delays between a send and the server's count of it); on a
     * {@link VirtualClock} none, as nothing travels. The pacer's windows apply it to requests still in flight only:
     * an answered request counts from its answer, by which the server had counted it.
     */
    default java.time.Duration safetyMargin() {
        return java.time.Duration.ofMillis(100);
    }

    static Clock system() {
        return SystemClock.INSTANCE;
    }
}
