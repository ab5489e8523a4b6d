package org.marketlab.pacing;

import java.util.function.BooleanSupplier;

/**
 * A test clock that moves only when the test says so; sleepers block until then. Lets a test put threads in a
 * known order (who is asleep until when) before time moves, where a {@link VirtualClock} would let the first
 * sleeper jump ahead.
 */
final class SteppedClock implements Clock {

    private long now;
    private int sleepers;

    @Override
    public synchronized long nanoTime() {
        return now;
    }

    @Override
    public synchronized long currentTimeMillis() {
        return 1_767_225_600_000L + now / 1_000_000L;
    }

    @Override
    public void sleepNanos(long nanos) throws InterruptedException {
        sleepUntil(nanoTime() + nanos);
    }

    @Override
    public synchronized void sleepUntil(long deadline) throws InterruptedException {
        sleepers++;
        notifyAll();
        try {
            while (now < deadline) wait();
        } finally {
            sleepers--;
            notifyAll();
        }
    }

    synchronized void set(long nanos) {
        now = nanos;
        notifyAll();
    }

    synchronized int sleepers() {
        return sleepers;
    }

    /** Waits (real time, bounded) until {@code condition} holds; fails the test if it never does. */
    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("timed out waiting for: " + what);
            Thread.sleep(1);
        }
    }
}
