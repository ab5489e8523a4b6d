package org.marketlab.pacing;

import org.marketlab.spi.IpLimit;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * Paces requests to the published IP-based limits. Each request counts against every limit row that
 * matches it, in exact sliding windows; {@link #acquire} waits until all of them admit one more and records
 * it in all of them at once, so no window is ever exceeded and nothing fails for pacing.
 *
 * <p>Because the server counts arrival times and the client send times, each window is widened by a safety
 * margin on the client side. A {@code 429} (feedback through {@link #onResponse}) holds the request's scopes
 * until the server's {@code Retry-After} has passed.
 */
public final class Pacer {

    private static final int CACHE = 4096;
    private static final long DEFAULT_HOLD_NANOS = 1_000_000_000L;

    private final Clock clock;
    private final List<Window> windows = new ArrayList<>();
    private final Map<String, List<Window>> byRequest = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<Window>> e) {
            return size() > CACHE;
        }
    };
    private final List<PacingListener> listeners = new CopyOnWriteArrayList<>();

    public Pacer(List<IpLimit> limits, Clock clock, Duration safetyMargin) {
        this.clock = Objects.requireNonNull(clock, "clock");
        long margin = safetyMargin.toNanos();
        if (margin < 0) throw new IllegalArgumentException("safety margin must not be negative: " + safetyMargin);
        for (IpLimit l : limits) windows.add(new Window(l, margin));
    }

    /** The published limits on {@code clock}: a 100 ms margin on the system clock, none on a virtual one. */
    public static Pacer published(Clock clock) {
        return new Pacer(IpLimit.published(), clock, clock instanceof VirtualClock ? Duration.ZERO : Duration.ofMillis(100));
    }

    public Clock clock() {
        return clock;
    }

    /**
     * An admitted request. Call {@link #settle()} when its answer (or failure) arrives: the request is counted
     * from its send time until then, and from its answer time after, which bounds the server's arrival time
     * from above whatever the latency was.
     */
    public final class Permit {
        private final Duration waited;
        private final List<Window> windows;
        private final long[] tickets;

        private Permit(Duration waited, List<Window> windows, long[] tickets) {
            this.waited = waited;
            this.windows = windows;
            this.tickets = tickets;
        }

        /** How long the request waited for its windows. */
        public Duration waited() {
            return waited;
        }

        /** Counts the request from now on (call when its answer or failure arrived). */
        public void settle() {
            synchronized (Pacer.this) {
                long now = clock.nanoTime();
                for (int i = 0; i < tickets.length; i++) windows.get(i).settle(tickets[i], now);
            }
        }
    }

    /**
     * Waits until every window matching the request admits one more request, then records it in all of them.
     *
     * @return the permit, which says how long the request waited and settles its time once answered
     */
    public Permit acquire(String service, String method, String path) throws InterruptedException {
        long start = clock.nanoTime();
        boolean slept = false;
        while (true) {
            long sleep;
            synchronized (this) {
                List<Window> ws = matching(service, method, path);
                long now = clock.nanoTime();
                long earliest = now;
                for (Window w : ws) earliest = Math.max(earliest, w.earliest(now));
                if (earliest <= now) {
                    long waitedNanos = slept ? now - start : 0;
                    List<String> scopes = new ArrayList<>(ws.size());
                    long[] tickets = new long[ws.size()];
                    for (int i = 0; i < ws.size(); i++) {
                        Window w = ws.get(i);
                        tickets[i] = w.record(now);
                        if (waitedNanos > 0) {
                            w.waited++;
                            w.waitNanos += waitedNanos;
                        }
                        scopes.add(w.limit.scope());
                    }
                    if (!listeners.isEmpty()) {
                        scopes = tightestFirst(ws);
                        long at = clock.currentTimeMillis();
                        for (PacingListener l : listeners) l.admitted(at, now, service, path, scopes, waitedNanos);
                    }
                    return new Permit(Duration.ofNanos(waitedNanos), ws, tickets);
                }
                sleep = earliest - now;
            }
            clock.sleepNanos(sleep);
            slept = true;
        }
    }

    /**
     * Feeds a response back. On {@code 429} the request's scopes are held until {@code Retry-After} (seconds or
     * an HTTP date) has passed, or for one second when the server gave no hint.
     *
     * @param header looks a response header up by name, case-insensitively
     */
    public void onResponse(String service, String method, String path, int status, Function<String, String> header) {
        if (status != 429) return;
        long hold = retryAfterNanos(header.apply("Retry-After"));
        synchronized (this) {
            long until = clock.nanoTime() + (hold > 0 ? hold : DEFAULT_HOLD_NANOS);
            for (Window w : matching(service, method, path)) w.heldUntil = Math.max(w.heldUntil, until);
        }
    }

    private long retryAfterNanos(String value) {
        if (value == null || value.isBlank()) return -1;
        String v = value.trim();
        try {
            return (long) (Double.parseDouble(v) * 1e9);
        } catch (NumberFormatException notSeconds) {
            try {
                long at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli();
                return Math.max(0, at - clock.currentTimeMillis()) * 1_000_000L;
            } catch (RuntimeException unreadable) {
                return -1;
            }
        }
    }

    /** Every scope that has admitted a request, with its current use and the waiting it caused. */
    public synchronized PacingStatus status() {
        long now = clock.nanoTime();
        List<ScopeStatus> out = new ArrayList<>();
        for (Window w : windows) {
            if (w.admitted == 0) continue;
            out.add(new ScopeStatus(w.limit.scope(), w.limit.endpoint(), w.used(now), w.limit.limit(), w.limit.window(),
                    w.admitted, w.waited, Duration.ofNanos(w.waitNanos)));
        }
        return new PacingStatus(Instant.ofEpochMilli(clock.currentTimeMillis()), out);
    }

    private static List<String> tightestFirst(List<Window> ws) {
        List<Window> sorted = new ArrayList<>(ws);
        sorted.sort(java.util.Comparator.comparingDouble(w -> (double) w.limit.limit() / w.limit.window().toNanos()));
        List<String> out = new ArrayList<>(sorted.size());
        for (Window w : sorted) out.add(w.limit.scope());
        return out;
    }

    public void addListener(PacingListener l) {
        listeners.add(Objects.requireNonNull(l));
    }

    public void removeListener(PacingListener l) {
        listeners.remove(l);
    }

    private List<Window> matching(String service, String method, String path) {
        String key = service + ' ' + method + ' ' + path;
        List<Window> ws = byRequest.get(key);
        if (ws == null) {
            ws = new ArrayList<>();
            for (Window w : windows) if (w.limit.matches(service, method, path)) ws.add(w);
            byRequest.put(key, List.copyOf(ws));
        }
        return ws;
    }
}
