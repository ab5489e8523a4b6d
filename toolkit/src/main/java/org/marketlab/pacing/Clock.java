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

    static Clock system() {
        return SystemClock.INSTANCE;
    }
}
