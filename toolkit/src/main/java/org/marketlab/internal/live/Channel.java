package org.marketlab.internal.live;

import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import org.marketlab.config.Service;
import org.marketlab.http.AuthenticationException;
import org.marketlab.http.ConnectionException;
import org.marketlab.internal.transport.Resources;
import org.marketlab.pacing.Clock;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One WebSocket channel kept open: on the profile's shared OkHttp client, a ping (a text {@code PING} unless the
 * handler says otherwise) every
 * {@link Timing#ping()} (the {@code PONG} is swallowed), a connection silent for {@link Timing#staleAfter()} is stale and
 * replaced, as is a closed or failed one, after a jittered exponential backoff (equal jitter: half the delay, plus a
 * random part of the other half). A close with 1008 (policy: a refused credential), or an
 * {@link AuthenticationException} from the handler's subscription, ends it for good.
 *
 * <p>Everything a feed does with the channel runs on the channel's own thread, in order: {@link Handler#opened} on each
 * new connection (to subscribe), each text frame, each state change; {@link #read} runs a task there and waits, so a
 * feed's state is only ever touched by that thread.
 */
public final class Channel implements AutoCloseable {

    /** The connection's states. */
    public enum State { CONNECTING, OPEN, STALE, RECONNECTING, CLOSED }

    /**
     * The timing of a channel.
     *
     * @param ping        how often to send {@code PING}
     * @param staleAfter  silence after which a connection is stale
     * @param backoffBase the first reconnect delay before jitter, doubling per failed attempt
     * @param backoffCap  the longest reconnect delay
     * @param openTimeout how long a connection may take to open
     * @param clock       the clock of pings, staleness and backoff
     */
    public record Timing(Duration ping, Duration staleAfter, Duration backoffBase, Duration backoffCap, Duration openTimeout, Clock clock) {
        public Timing {
            for (Duration d : List.of(ping, staleAfter, backoffBase, backoffCap, openTimeout)) {
                if (d == null || d.isNegative() || d.isZero()) throw new IllegalArgumentException("durations must be positive, was " + d);
            }
            Objects.requireNonNull(clock, "clock");
        }
    }

    /** What a feed does with its channel; every call on the channel's thread. */
    public interface Handler {
        /** A new connection is open: send the subscription (a throw fails this connection, and another is tried). */
        void opened(Channel channel) throws Exception;

        /** One text frame of the current connection, with its arrival time (wall clock, ms). */
        void text(String text, long receivedMillis);

        /** The state changed. */
        default void state(State state) {
        }

        /**
         * A frame that is answered at once, on the socket's thread, before it would queue behind the channel's
         * thread: the reply to a request that thread waits for, a ping from the service. True when nothing more is to
         * be done with it (it is then not counted as a frame).
         */
        default boolean answer(String text) {
            return false;
        }

        /** The frame that keeps a quiet connection alive, sent every {@link Timing#ping()}. */
        default String ping() {
            return "PING";
        }

        /** The connection was lost (on whichever thread noticed): wake whatever waits on it. */
        default void lost(String why) {
        }
    }

    private static final AtomicInteger IDS = new AtomicInteger();

    private final Resources resources;
    private final Service service;
    private final String path;
    private final Timing timing;
    private final Handler handler;
    private final Lane lane;
    private final Thread watchdog;

    private final AtomicLong generation = new AtomicLong();
    private volatile WebSocket socket;
    private volatile State state = State.CONNECTING;
    private volatile long lastMessageNanos;
    private volatile long lastPingNanos;
    private volatile boolean closed;
    private volatile String lastError;
    private int failedAttempts;
    private final AtomicLong frames = new AtomicLong();
    private final AtomicLong reconnects = new AtomicLong();

    private Channel(Resources resources, Service service, String path, Timing timing, Handler handler, String name) {
        this.resources = resources;
        this.service = service;
        this.path = path;
        this.timing = timing;
        this.handler = handler;
        int id = IDS.incrementAndGet();
        this.lane = new Lane("marketlab-" + name + "-" + id, e -> lastError = String.valueOf(e.getMessage()));
        this.watchdog = new Thread(this::watch, "marketlab-" + name + "-watchdog-" + id);
        this.watchdog.setDaemon(true);
    }

    /** Connects (and lets the handler subscribe) before returning; a connection that cannot open throws. */
    public static Channel open(Resources resources, Service service, String path, Timing timing, Handler handler, String name) {
        Channel c = new Channel(resources, service, path, timing, handler, name);
        try {
            c.lane.call(() -> {
                c.connect();
                return null;
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            c.close();
            throw new ConnectionException(0, null, c.where(), null, "interrupted while connecting", e);
        } catch (RuntimeException e) {
            c.close();
            throw e;
        } catch (Exception e) {
            c.close();
            throw new ConnectionException(0, null, c.where(), null, "could not connect: " + e, e);
        }
        c.watchdog.start();
        return c;
    }

    /** Where the channel connects, for messages. */
    public String where() {
        try {
            return resources.baseUrl(service) + path;
        } catch (RuntimeException e) {
            return service.id() + path;
        }
    }

    /** Sends a text frame on the current connection; false when none is open. */
    public boolean send(String text) {
        WebSocket ws = socket;
        return ws != null && ws.send(text);
    }

    /** Runs {@code task} on the channel's thread, after what is queued there. */
    public void submit(Runnable task) {
        lane.submit(task);
    }

    /** Runs {@code task} on the channel's thread and waits for its value (at once when closed or already there). */
    public <T> T read(Callable<T> task) {
        return lane.read(task);
    }

    /** The connection's state and counters, read together: what a feed's status shows of its connection. */
    public record Counters(State state, long frames, long reconnects, Duration lastMessageAge, String lastError) {
    }

    public Counters counters() {
        return new Counters(state, frames.get(), reconnects.get(), lastMessageAge(), lastError);
    }

    /** Records a trouble of the feed's own (a failed resync) for its status. */
    public void error(String message) {
        lastError = message;
    }

    /** Time since the last message on the connection (zero once closed). */
    private Duration lastMessageAge() {
        return state == State.CLOSED ? Duration.ZERO : Duration.ofNanos(Math.max(0, timing.clock().nanoTime() - lastMessageNanos));
    }

    /** Whether the calling thread is the channel's. */
    public boolean onChannelThread() {
        return lane.onLane();
    }

    // ---- the connection --------------------------------------------------------------------------------------------

    /** On the channel's thread: a new socket, then the handler's subscription. */
    private void connect() throws Exception {
        long gen = generation.incrementAndGet();
        setState(State.CONNECTING);
        CompletableFuture<Void> opened = new CompletableFuture<>();
        WebSocket ws = resources.openSocket(service, path, 0, new Listener(gen, opened));
        socket = ws;
        try {
            opened.get(timing.openTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            ws.cancel();
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new ConnectionException(0, null, where(), null, "the channel did not open: " + cause, cause);
        }
        lastMessageNanos = timing.clock().nanoTime();
        lastPingNanos = lastMessageNanos;
        try {
            handler.opened(this);
        } catch (Exception e) {
            generation.incrementAndGet(); // this socket is given up: what it says next is ignored
            ws.cancel();
            throw e;
        }
        setState(State.OPEN);
        failedAttempts = 0;
    }

    private final class Listener extends WebSocketListener {
        private final long gen;
        private final CompletableFuture<Void> opened;

        Listener(long gen, CompletableFuture<Void> opened) {
            this.gen = gen;
            this.opened = opened;
        }

        @Override
        public void onOpen(WebSocket webSocket, okhttp3.Response response) {
            opened.complete(null);
        }

        @Override
        public void onMessage(WebSocket webSocket, String text) {
            if (gen != generation.get() || closed) return;
            lastMessageNanos = timing.clock().nanoTime();
            if (text.equals("PONG") || text.equals("PING")) return;
            if (handler.answer(text)) return;
            frames.incrementAndGet();
            long received = System.currentTimeMillis();
            submit(() -> {
                if (gen == generation.get()) handler.text(text, received);
            });
        }

        @Override
        public void onClosing(WebSocket webSocket, int code, String reason) {
            webSocket.close(1000, null);
            if (code == 1008) {
                refused(gen, "the service refused the subscription: " + (reason.isEmpty() ? "policy violation (1008)" : reason));
                return;
            }
            lost(gen, "closed by the service (" + code + (reason.isEmpty() ? "" : " " + reason) + ")");
        }

        @Override
        public void onClosed(WebSocket webSocket, int code, String reason) {
            lost(gen, "closed (" + code + ")");
        }

        @Override
        public void onFailure(WebSocket webSocket, Throwable t, okhttp3.Response response) {
            opened.completeExceptionally(t);
            lost(gen, "connection failed: " + t);
        }
    }

    private void refused(long gen, String why) {
        if (gen != generation.get() || closed) return;
        lastError = why;
        close();
    }

    private void lost(long gen, String why) {
        if (gen != generation.get() || closed) return;
        generation.incrementAndGet(); // whatever else this socket says is ignored
        lastError = why;
        try {
            handler.lost(why);
        } catch (RuntimeException e) {
            lastError = why + "; " + e.getMessage();
        }
        submit(this::reconnect);
    }

    /** On the channel's thread: new connections until one opens and subscribes. */
    private void reconnect() {
        if (closed) return;
        reconnects.incrementAndGet();
        WebSocket old = socket;
        if (old != null) old.cancel();
        setState(State.RECONNECTING);
        while (!closed) {
            try {
                long cap = timing.backoffCap().toNanos();
                long delay = Math.min(cap, timing.backoffBase().toNanos() << Math.min(failedAttempts, 20));
                timing.clock().sleepNanos(delay / 2 + ThreadLocalRandom.current().nextLong(delay / 2 + 1)); // equal jitter
                failedAttempts++;
                connect();
                return;
            } catch (AuthenticationException e) {
                lastError = e.getMessage();
                close(); // the credential is no longer good: retrying cannot help
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                lastError = String.valueOf(e.getMessage());
                if (!closed) setState(State.RECONNECTING);
            }
        }
    }

    /** Pings and staleness, on the channel's clock; its own loop runs on real time. */
    private void watch() {
        while (!closed) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
            if (state != State.OPEN) continue;
            long now = timing.clock().nanoTime();
            if (now - lastMessageNanos >= timing.staleAfter().toNanos()) {
                setState(State.STALE);
                lost(generation.get(), "no message for " + Duration.ofNanos(now - lastMessageNanos).toSeconds() + " s: stale");
            } else if (now - lastPingNanos >= timing.ping().toNanos()) {
                lastPingNanos = now;
                send(handler.ping());
            }
        }
    }

    private void setState(State s) {
        if (state == s || (state == State.CLOSED)) return;
        state = s;
        if (onChannelThread()) handler.state(s);
        else submit(() -> handler.state(s));
    }

    /** Ends the connection; the handler hears {@code CLOSED}. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        generation.incrementAndGet();
        WebSocket ws = socket;
        if (ws != null) ws.close(1000, "closed by the client");
        watchdog.interrupt();
        state = State.CLOSED;
        lane.submit(() -> handler.state(State.CLOSED));
        lane.shut();
    }
}
