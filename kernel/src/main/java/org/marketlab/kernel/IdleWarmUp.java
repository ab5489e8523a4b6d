package org.marketlab.kernel;

import org.marketlab.MarketLab;
import org.marketlab.internal.transport.Document;
import org.marketlab.markets.EventTables;
import org.marketlab.markets.MarketData;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * What the kernel does while it waits for its first cell: reads a shipped events document into tables and
 * renders one, so the first harvest runs on warm code, and then, after a pause with no cell, starts the embedded
 * sandbox. The first cell cancels what has not begun (a step under way finishes: each is short but the last),
 * so a cell that does not use them never waits for them.
 */
final class IdleWarmUp {

    /** Rounds of reading the shipped document: enough for the compiler to take the reader's paths. */
    static final int ROUNDS = 6;
    /** How long the kernel must stay idle before the sandbox is started for it. */
    static final long SANDBOX_AFTER_MS = 1_500;

    private volatile boolean cancelled;
    private final Thread thread;

    private IdleWarmUp(boolean sandbox) {
        thread = new Thread(() -> run(sandbox), "marketlab-idle-warm-up");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
    }

    /** Starts the warm-up in the background. */
    static IdleWarmUp start(boolean sandbox) {
        IdleWarmUp w = new IdleWarmUp(sandbox);
        w.thread.start();
        return w;
    }

    /** Stops before the next step. */
    void cancel() {
        cancelled = true;
    }

    private void run(boolean sandbox) {
        try {
            byte[] doc = document();
            for (int i = 0; i < ROUNDS && !cancelled; i++) readOnce(doc);
            if (!sandbox) return;
            long until = System.currentTimeMillis() + SANDBOX_AFTER_MS;
            while (!cancelled && System.currentTimeMillis() < until) Thread.sleep(50);
            if (!cancelled && MarketLab.profile().embedded()) MarketLab.warmUp();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException ignored) {
            // a warm-up only: whatever failed here fails again, and is reported, in the cell that needs it
        }
    }

    /** One pass over what a first harvest runs: the streamed tables, the records, their tables, the HTML. */
    static void readOnce(byte[] doc) {
        EventTables.All all = MarketData.parseEventTables(Document.file("warm-up-events.json", doc));
        var events = MarketData.parseEvents(Document.file("warm-up-events.json", doc));
        EventTables.events(events);
        EventTables.markets(events);
        Html.table(all.events());
        Html.table(all.markets());
    }

    static byte[] document() {
        try (InputStream in = IdleWarmUp.class.getResourceAsStream("warm-up-events.json")) {
            if (in == null) throw new IllegalStateException("warm-up-events.json is missing from the kernel jar");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
