package org.marketlab.sandbox.route;

import io.javalin.Javalin;
import io.javalin.websocket.WsContext;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The WebSocket connections of one host, and the faults they show on request. A host's channel routes its paths here
 * ({@link #route}), keeps what it knows of each connection in a {@link Socket} of its own kind, and pushes through
 * {@link Socket#push}, which applies the faults: the next messages {@link #next dropped} (counted, never sent),
 * sent twice, held back behind the one that follows, every send
 * {@link #delayMessages delayed}; the connections {@link #closeConnections closed} without a close frame or
 * {@link #silence silenced} (open, sending and answering nothing).
 *
 * @param <S> the host's kind of connection
 */
public final class Sockets<S extends Sockets.Socket> implements SocketFaults {

    private final String threadPrefix;
    private final Map<String, S> open = new ConcurrentHashMap<>();
    private final AtomicInteger drops = new AtomicInteger();
    private final AtomicInteger duplicates = new AtomicInteger();
    private final AtomicInteger reorders = new AtomicInteger();
    private volatile long delayMillis;
    private final AtomicLong pushed = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    /** Connections whose sending threads are named {@code threadPrefix} and the session id. */
    public Sockets(String threadPrefix) {
        this.threadPrefix = threadPrefix;
    }

    /**
     * Routes {@code path} here: a connection becomes {@code connect}'s socket, each text frame of a connection that is
     * not silenced goes to {@code frame}, a close or an error forgets the connection.
     */
    public void route(Javalin app, String path, Function<WsContext, S> connect, BiConsumer<S, String> frame) {
        app.ws(path, ws -> {
            ws.onConnect(ctx -> open.put(ctx.sessionId(), connect.apply(ctx)));
            ws.onMessage(ctx -> {
                S s = open.get(ctx.sessionId());
                if (s != null && !((Socket) s).silent) frame.accept(s, ctx.message());
            });
            ws.onClose(ctx -> gone(ctx.sessionId()));
            ws.onError(ctx -> gone(ctx.sessionId()));
        });
    }

    /** The connections open now. */
    public Collection<S> all() {
        return open.values();
    }

    /** Connections open now. */
    @Override
    public int openConnections() {
        return open.size();
    }

    // ---- faults -------------------------------------------------------------------------------------------------------

    /** Closes every open connection abruptly (no close frame, no reason). Returns how many. */
    @Override
    public int closeConnections() {
        int n = 0;
        for (S s : List.copyOf(open.values())) {
            s.abort();
            n++;
        }
        return n;
    }

    /** The connections open now send and answer nothing more, pongs included, and stay open. Returns how many. */
    @Override
    public int silence() {
        int n = 0;
        for (Socket s : open.values()) {
            s.silent = true;
            n++;
        }
        return n;
    }

    @Override
    public Sockets<S> next(Fault fault, int n) {
        AtomicInteger left = switch (fault) {
            case DROP -> drops;
            case DUPLICATE -> duplicates;
            case REORDER -> reorders;
        };
        left.set(Math.max(0, n));
        return this;
    }

    /** Every message and reply waits this long before it is sent (in order). */
    @Override
    public Sockets<S> delayMessages(long millis) {
        if (millis < 0) throw new IllegalArgumentException("delay must be 0 or more ms, was " + millis);
        delayMillis = millis;
        return this;
    }

    /** No faults. */
    @Override
    public Sockets<S> clear() {
        drops.set(0);
        duplicates.set(0);
        reorders.set(0);
        delayMillis = 0;
        return this;
    }

    /** Messages pushed (dropped ones included, duplicates once). */
    @Override
    public long pushed() {
        return pushed.get();
    }

    /** Messages dropped by the fault. */
    @Override
    public long dropped() {
        return dropped.get();
    }

    /** Takes one from a fault's count: true while some are left. */
    public static boolean take(AtomicInteger n) {
        while (true) {
            int v = n.get();
            if (v <= 0) return false;
            if (n.compareAndSet(v, v - 1)) return true;
        }
    }

    private void gone(String sessionId) {
        Socket s = open.remove(sessionId);
        if (s != null) s.outbox.shutdown();
    }

    /**
     * One connection: its context, its own sending thread (so that a delay keeps the order and never holds the
     * server's), and whether it is silenced. A host extends it with what it knows of the connection.
     */
    public abstract static class Socket {
        private final Sockets<?> host;
        private final WsContext ctx;
        private final ExecutorService outbox;
        private volatile boolean silent;
        /** A message held back by the reorder fault, sent after the next one. */
        private String held;

        protected Socket(Sockets<?> host, WsContext ctx) {
            this.host = host;
            this.ctx = ctx;
            this.outbox = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, host.threadPrefix + ctx.sessionId());
                t.setDaemon(true);
                return t;
            });
        }

        /**
         * One pushed message through the faults: counted, maybe dropped (then {@code text} is never made), held back
         * behind the next, or sent twice. False when dropped.
         */
        public synchronized boolean push(Supplier<String> text) {
            host.pushed.incrementAndGet();
            if (take(host.drops)) {
                host.dropped.incrementAndGet();
                return false;
            }
            String t = text.get();
            if (held == null && take(host.reorders)) {
                held = t;
                return true;
            }
            send(t);
            if (take(host.duplicates)) send(t);
            if (held != null) {
                String h = held;
                held = null;
                send(h);
            }
            return true;
        }

        /** Sends {@code text} as it is (a reply, a pong), after the delay and unless silenced. */
        public synchronized void send(String text) {
            try {
                outbox.execute(() -> {
                    if (silent) return;
                    long d = host.delayMillis;
                    try {
                        if (d > 0) Thread.sleep(d);
                        if (ctx.session.isOpen()) ctx.send(text);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } catch (Exception closing) { // Javalin rethrows Jetty's IOException unchecked
                        // the client went away; its close event forgets the connection
                    }
                });
            } catch (RejectedExecutionException closed) {
                // closed meanwhile
            }
        }

        /** Closes the connection with {@code code} and {@code reason} (1008 for a refused credential). */
        public void refuse(int code, String reason) {
            try {
                ctx.closeSession(code, reason);
            } catch (Exception ignored) {
                // already gone
            }
            host.gone(ctx.sessionId());
        }

        /** Ends the connection without a close frame. */
        public void abort() {
            silent = true;
            try {
                ctx.session.disconnect();
            } catch (Exception ignored) {
                // already gone
            }
            host.gone(ctx.sessionId());
        }
    }
}
