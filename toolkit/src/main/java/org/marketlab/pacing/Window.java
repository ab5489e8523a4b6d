package org.marketlab.pacing;

import org.marketlab.spi.IpLimit;

/**
 * An exact sliding window for one limit scope: the times of the last {@code limit} requests in a ring.
 * A new request is admitted when fewer than {@code limit} requests lie within the window, i.e. when the
 * oldest of the last {@code limit} has left it. Not thread-safe: the pacer guards it.
 *
 * <p>Each request is counted from the latest moment the server can have counted it. While it is in flight that is
 * its send time plus the safety margin (the delays between a send and the server's count); once its answer came it
 * is the answer's time, a hard bound whatever the latency was, so a settled request needs no margin. A new request
 * reaches the server after its own send, so the window itself is never widened: a request answered in 3 ms frees its
 * slot 10 s after its answer, not 10.1 s.
 */
final class Window {

    final IpLimit limit;
    private final long windowNanos;
    private final long marginNanos;
    private final long[] times;
    private final long[] seqs;  // which admission holds each slot, so a late settle cannot touch a reused slot
    private long nextSeq;
    private int head;   // index of the oldest admission
    private int size;
    long heldUntil = Long.MIN_VALUE;
    int strikes;        // 429s in a row, for the backoff when the server gives no hint
    long admitted;
    long waited;
    long waitNanos;

    Window(IpLimit limit, long marginNanos) {
        this.limit = limit;
        this.windowNanos = limit.window().toNanos();
        this.marginNanos = marginNanos;
        this.times = new long[limit.limit()];
        this.seqs = new long[limit.limit()];
    }

    /**
     * The earliest time at or after {@code now} at which one more request fits: when the oldest of the last
     * {@code limit} admissions has left the window. Settled times may lie later than younger entries'; waiting
     * on the oldest admission is then conservative, never short.
     */
    long earliest(long now) {
        long t = now;
        if (size == times.length) t = Math.max(t, times[head] + windowNanos);
        return Math.max(t, heldUntil);
    }

    /**
     * When this window would have room for one more request behind {@code ahead} requests that are waiting
     * for it and will be admitted first: when the ({@code limit - ahead})-th most recent admission has left it
     * (admitting those ahead does not move that moment). {@link Long#MAX_VALUE} when {@code ahead} fills the
     * window by itself, so the time depends on when they go. Used for fairness only; {@link #earliest} stays
     * the gate, so a stale estimate (after a settle reordered times) can cost fairness but never the limit.
     */
    long earliestBehind(long now, int ahead) {
        if (ahead == 0) return earliest(now);
        int keep = times.length - ahead;
        if (keep <= 0) return Long.MAX_VALUE;
        long t = Math.max(now, heldUntil);
        if (size >= keep) t = Math.max(t, times[(head + size - keep) % times.length] + windowNanos);
        return t;
    }

    /**
     * Records an admission sent at {@code now}, counted from {@code now} plus the margin until settled; returns its
     * ticket (slot and sequence) for {@link #settle}.
     */
    long record(long now) {
        int slot;
        if (size == times.length) {
            slot = head;
            head = (head + 1) % times.length;
        } else {
            slot = (head + size) % times.length;
            size++;
        }
        times[slot] = now + marginNanos;
        long seq = ++nextSeq;
        seqs[slot] = seq;
        admitted++;
        return seq * times.length + slot;
    }

    /**
     * Moves an admission's time to {@code at} (when its answer came), earlier or later than its send time plus the
     * margin: the server received it no later than that, so counting it from then keeps the client's window a
     * superset of the server's.
     */
    void settle(long ticket, long at) {
        int slot = (int) (ticket % times.length);
        long seq = ticket / times.length;
        if (seqs[slot] == seq) times[slot] = at;
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
