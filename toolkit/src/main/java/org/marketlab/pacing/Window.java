package org.marketlab.pacing;

import org.marketlab.spi.IpLimit;

/**
 * An exact sliding window for one limit scope: the send times of the last {@code limit} requests in a ring.
 * A new request is admitted when fewer than {@code limit} requests lie within the window, i.e. when the
 * oldest of the last {@code limit} has left it. Not thread-safe: the pacer guards it.
 */
final class Window {

    final IpLimit limit;
    private final long windowNanos;
    private final long[] times;
    private int head;   // index of the oldest entry
    private int size;
    long heldUntil = Long.MIN_VALUE;
    long admitted;
    long waited;
    long waitNanos;

    Window(IpLimit limit, long marginNanos) {
        this.limit = limit;
        this.windowNanos = limit.window().toNanos() + marginNanos;
        this.times = new long[limit.limit()];
    }

    /** The earliest time at or after {@code now} at which one more request fits. */
    long earliest(long now) {
        long t = now;
        if (size == times.length) t = Math.max(t, times[head] + windowNanos);
        return Math.max(t, heldUntil);
    }

    void record(long now) {
        if (size == times.length) {
            times[head] = now;
            head = (head + 1) % times.length;
        } else {
            times[(head + size) % times.length] = now;
            size++;
        }
        admitted++;
    }

    /** Requests within the window ending at {@code now}. */
    int used(long now) {
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (times[(head + i) % times.length] > now - windowNanos) n++;
        }
        return n;
    }
}
