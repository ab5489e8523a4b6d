package org.marketlab.clob;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * The order book's dead-man switch for one session, kept alive from a background thread
 * ({@link ClobSession#heartbeat(Duration)}): every interval it sends {@code POST /v1/heartbeats} with the id the last
 * answer gave. The first send arms the switch; if the service hears nothing for 10 seconds it cancels every open order
 * of the account. So if this process dies, hangs or loses its connection, the account's orders go with it.
 *
 * <p>{@link #close()} stops sending; the switch stays armed, and the orders are cancelled 10 seconds after the last
 * beat. A failed beat (a dropped connection, a refusal) is counted and kept in {@link #lastError()}; the next one is
 * tried on time.
 */
public final class Heartbeat implements AutoCloseable {

    /** How long the service waits for the next beat before it cancels the account's orders. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final ScheduledExecutorService thread;
    private final Duration every;
    private volatile String id = "";
    private volatile long beats;
    private volatile long failures;
    private volatile Instant last;
    private volatile RuntimeException lastError;

    Heartbeat(String address, Duration every, UnaryOperator<String> send) {
        this.every = every;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "marketlab-heartbeat-" + address);
            t.setDaemon(true);
            return t;
        });
        thread.scheduleAtFixedRate(() -> {
            try {
                id = send.apply(id);
                beats++;
                last = Instant.now();
            } catch (RuntimeException e) {
                failures++;
                lastError = e;
            }
        }, 0, every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Beats answered so far. */
    public long beats() {
        return beats;
    }

    /** Beats that failed so far. */
    public long failures() {
        return failures;
    }

    /** When the last beat was answered (null before the first). */
    public Instant lastBeat() {
        return last;
    }

    /** The last failure, or null. */
    public RuntimeException lastError() {
        return lastError;
    }

    /** Whether beats are still being sent. */
    public boolean running() {
        return !thread.isShutdown();
    }

    /** Stops sending. The switch stays armed: the account's open orders are cancelled {@link #TIMEOUT} after the last beat. */
    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "Heartbeat[every " + every + ", " + beats + " beats, " + failures + " failed" + (running() ? "" : ", stopped") + "]";
    }
}
