package org.marketlab.pacing;

import org.marketlab.spi.IpLimit;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
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
 * <p>Each window is a ring of the last {@code limit} admission times, so the check is exact and O(1): one
 * more request fits when the oldest of those has left the window. Because the server counts arrival times and
 * the client send times, a request in flight counts from its send time plus a safety margin, and from its answer
 * time once settled ({@link Permit#settle}): the server counted it by then, so a settled request needs no margin. Concurrent callers are served in arrival
 * order wherever they compete (see {@link #acquire}). A {@code 429} (feedback through {@link #onResponse})
 * holds the request's scopes until the server's {@code Retry-After} has passed.
 */
public final class Pacer {

    private static final int CACHE = 4096;
    private static final long BACKOFF_NANOS = 1_000_000_000L;
    private static final int MAX_BACKOFF_DOUBLINGS = 5;

    private final Clock clock;
    private final List<Window> windows = new ArrayList<>();
    private final Map<String, List<Window>> byRequest = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<Window>> e) {
            return size() > CACHE;
        }
    };
    private final List<PacingListener> listeners = new CopyOnWriteArrayList<>();
    private final ArrayDeque<Waiter> queue = new ArrayDeque<>();   // callers inside acquire, in arrival order
    private final Duration margin;
    private final Map<String, SignerBuckets> signers = new java.util.concurrent.ConcurrentHashMap<>();

    public Pacer(List<IpLimit> limits, Clock clock, Duration safetyMargin) {
        this.clock = Objects.requireNonNull(clock, "clock");
        long margin = safetyMargin.toNanos();
        if (margin < 0) throw new IllegalArgumentException("safety margin must not be negative: " + safetyMargin);
        this.margin = safetyMargin;
        for (IpLimit l : limits) windows.add(new Window(l, margin));
    }

    /** The published limits on {@code clock}: with the clock's {@link Clock#safetyMargin()}. */
    public static Pacer published(Clock clock) {
        return new Pacer(IpLimit.published(), clock, clock.safetyMargin());
    }

    public Clock clock() {
        return clock;
    }

    /**
     * An admitted request. Call {@link #settle()} when its answer (or failure) arrives: the request is counted
     * from its send time plus the safety margin until then, and from its answer time after, which bounds the
     * server's arrival time from above whatever the latency was.
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
     * Waits until every window matching the request admits one more request, then records it in all of them
     * at once. Never fails for pacing.
     *
     * <p>Fair: callers are served in arrival order wherever they compete. A caller that shares a window with
     * earlier waiters goes only when that window has room for them as well, so it can neither overtake them
     * there nor be held up by an earlier waiter that is blocked on a window it does not use itself.
     *
     * @return the permit, which says how long the request waited and settles its time once answered
     */
    public Permit acquire(String service, String method, String path) throws InterruptedException {
        long start = clock.nanoTime();
        boolean waited = false;
        Waiter me;
        synchronized (this) {
            me = new Waiter(matching(service, method, path));
            queue.addLast(me);
        }
        try {
            while (true) {
                long wake;
                synchronized (this) {
                    long now = clock.nanoTime();
                    wake = wakeTime(me, now);
                    if (wake <= now) return admit(me, service, path, now, waited ? now - start : 0);
                    if (wake == Long.MAX_VALUE || earlierCanGoNow(me, now)) {
                        // Enough earlier waiters to fill a window, or one that may go now: wait for them to go.
                        // (On a virtual clock, sleeping now would move time past them before they ran.)
                        wait();
                        waited = true;
                        continue;
                    }
                }
                clock.sleepUntil(wake);
                waited = true;
            }
        } finally {
            synchronized (this) {
                if (queue.remove(me)) notifyAll();   // still queued: interrupted; let those behind recompute
            }
        }
    }

    private static final class Waiter {
        final List<Window> windows;

        Waiter(List<Window> windows) {
            this.windows = windows;
        }
    }

    /** When {@code me} may go: every window admits it and has room for the waiters ahead of it there. */
    private long wakeTime(Waiter me, long now) {
        long wake = now;
        for (Window w : me.windows) {
            int ahead = 0;
            for (Waiter o : queue) {
                if (o == me) break;
                if (o.windows.contains(w)) ahead++;
            }
            wake = Math.max(wake, Math.max(w.earliest(now), w.earliestBehind(now, ahead)));
        }
        return wake;
    }

    /** Whether a waiter ahead of {@code me}, sharing a window with it, may go now and has yet to. */
    private boolean earlierCanGoNow(Waiter me, long now) {
        for (Waiter o : queue) {
            if (o == me) return false;
            boolean shares = false;
            for (Window w : o.windows) {
                if (me.windows.contains(w)) {
                    shares = true;
                    break;
                }
            }
            if (shares && wakeTime(o, now) <= now) return true;
        }
        return false;
    }

    private Permit admit(Waiter me, String service, String path, long now, long waitedNanos) {
        queue.remove(me);
        notifyAll();
        List<Window> ws = me.windows;
        long[] tickets = new long[ws.size()];
        for (int i = 0; i < ws.size(); i++) {
            Window w = ws.get(i);
            tickets[i] = w.record(now);
            if (waitedNanos > 0) {
                w.waited++;
                w.waitNanos += waitedNanos;
            }
        }
        if (!listeners.isEmpty()) {
            List<String> scopes = tightestFirst(ws);
            long at = clock.currentTimeMillis();
            for (PacingListener l : listeners) l.admitted(at, now, service, path, scopes, waitedNanos);
        }
        return new Permit(Duration.ofNanos(waitedNanos), ws, tickets);
    }

    /**
     * Feeds a response back. On {@code 429} the request's scopes (its own service's; see {@link #held}) are held
     * until {@code Retry-After} (seconds or an HTTP date) has passed; failing that until the rate-limit reset
     * header's time; failing that for a backoff of 1 s, doubling with each further 429 in a row on those scopes
     * up to 32 s. Any other status
     * ends such a run; if it says no tokens remain ({@code Svc-RateLimit-Remaining} or
     * {@code Poly-RateLimit-Remaining} at or below zero) and the reset lies ahead, the scopes are held until then.
     *
     * @param header looks a response header up by name, case-insensitively
     */
    public void onResponse(String service, String method, String path, int status, Function<String, String> header) {
        Double remaining = RateLimitHeaders.number(header, "Remaining");
        if (status != 429 && remaining == null) {
            synchronized (this) {
                for (Window w : matching(service, method, path)) w.strikes = 0;
            }
            return;
        }
        long nowMillis = clock.currentTimeMillis();
        long retryAfter = status == 429 ? RateLimitHeaders.retryAfterNanos(header.apply("Retry-After"), nowMillis) : -1;
        long untilReset = RateLimitHeaders.untilReset(header, nowMillis);
        synchronized (this) {
            List<Window> ws = matching(service, method, path);
            long hold;
            if (status == 429) {
                rateLimited++;
                int strikes = 0;
                for (Window w : ws) strikes = Math.max(strikes, w.strikes);
                for (Window w : ws) w.strikes = strikes + 1;
                hold = retryAfter >= 0 ? retryAfter
                        : untilReset > 0 ? untilReset
                        : BACKOFF_NANOS << Math.min(strikes, MAX_BACKOFF_DOUBLINGS);
            } else {
                for (Window w : ws) w.strikes = 0;
                hold = exhausted(remaining) ? untilReset : 0;
            }
            if (hold <= 0) return;
            long until = clock.nanoTime() + hold;
            for (Window w : held(ws)) w.heldUntil = Math.max(w.heldUntil, until);
        }
    }

    /**
     * The scopes a hold applies to: the request's own service's scopes, not the IP-wide ones it shares with every
     * service, so that a {@code 429} on {@code /events} does not stall the order book. Should the IP-wide window be
     * the cause, every service meets it and holds its own scopes in turn. A service with no scope of its own
     * (only the IP-wide ones match) holds those.
     */
    private static List<Window> held(List<Window> ws) {
        List<Window> own = new ArrayList<>(ws.size());
        for (Window w : ws) if (!w.limit.service().equals("*")) own.add(w);
        return own.isEmpty() ? ws : own;
    }

    private static boolean exhausted(Double remaining) {
        return remaining != null && remaining <= 0;
    }

    private long rateLimited;

    /** How many {@code 429 Too Many Requests} answers were fed back since the pacer was made. */
    public synchronized long rateLimitedResponses() {
        return rateLimited;
    }

    /**
     * The order-book buckets of {@code signer} (an address, any case): one pair per signer and pacer, whichever
     * session uses them, so two sessions of one wallet share them as the order book does. Standard tier until the
     * order book's headers name another.
     */
    public SignerBuckets signer(String signer) {
        Objects.requireNonNull(signer, "signer");
        String address = signer.trim();
        return signers.computeIfAbsent(address.toLowerCase(java.util.Locale.ROOT), a -> new SignerBuckets(address, ClobTier.STANDARD, clock, margin));
    }

    /** Every scope that has admitted a request, with its current use, the waiting it caused, and any hold; and the signers' buckets. */
    public synchronized PacingStatus status() {
        long now = clock.nanoTime();
        List<ScopeStatus> out = new ArrayList<>();
        for (Window w : windows) {
            if (w.admitted == 0 && w.heldUntil <= now) continue;
            out.add(new ScopeStatus(w.limit.scope(), w.limit.endpoint(), w.used(now), w.limit.limit(), w.limit.window(),
                    w.admitted, w.waited, Duration.ofNanos(w.waitNanos), wallClock(w.heldUntil, now)));
        }
        List<SignerStatus> buckets = new ArrayList<>();
        signers.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(Map.Entry::getValue).forEach(b -> buckets.addAll(b.status()));
        return new PacingStatus(Instant.ofEpochMilli(clock.currentTimeMillis()), out, buckets);
    }

    /** Scopes held after a {@code 429} (or an exhausted budget), and until when. */
    public record Hold(List<String> scopes, Instant until) {
    }

    /** The hold that a request now meets, if any of its scopes is held. */
    public synchronized java.util.Optional<Hold> hold(String service, String method, String path) {
        long now = clock.nanoTime();
        long until = Long.MIN_VALUE;
        List<String> scopes = new ArrayList<>();
        for (Window w : matching(service, method, path)) {
            if (w.heldUntil > now) {
                scopes.add(w.limit.scope());
                until = Math.max(until, w.heldUntil);
            }
        }
        return scopes.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(new Hold(scopes, wallClock(until, now)));
    }

    private Instant wallClock(long nanos, long now) {
        if (nanos <= now) return null;
        return Instant.ofEpochMilli(clock.currentTimeMillis()).plusNanos(nanos - now);
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
