package org.marketlab.kernel.startup;

import org.marketlab.Markets;
import org.marketlab.markets.EventTables;
import tech.tablesaw.api.Table;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * What the kernel does while it waits for its first cell, once JShell is ready and the kernel has been idle a moment:
 * initialises Tablesaw (whose first use scans the class path), reads a shipped events document into tables and
 * renders one, so the first harvest runs on warm code; gives the compiler the whole class path
 * ({@link WarmShell#joinFullClassPath()}), compiles a typical first cell (and forgets it) and lets JShell index
 * the class path for completion. (The embedded sandbox starts beside it as JShell becomes ready, see
 * {@link StartUp#warmUpWhileIdle}.) The first cell cancels what has not begun (a step under way finishes; each is short but the last), so a cell that comes at once,
 * or does not use them, does not share the cores with them. Nothing of this starts before JShell is ready: the
 * class-path scan's four threads would take both cores from JShell's start and delay a {@code 1+1} sent at once.
 */
public final class IdleWarmUp {

    /** Rounds of reading the shipped document: enough for the compiler to take the reader's paths. */
    static final int ROUNDS = 6;
    /** How long the kernel must stay idle, once JShell is ready, before the compiler's warm-up begins. */
    static final long BEGIN_AFTER_MS = 300;

    private volatile boolean cancelled;
    private final Thread thread;

    private final Function<Table, String> render;

    private IdleWarmUp(CompletableFuture<? extends WarmShell> shell, Function<Table, String> render) {
        this.render = render;
        thread = new Thread(() -> run(shell), "marketlab-idle-warm-up");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
    }

    /**
     * Starts the warm-up in the background, JShell being {@code shell} (perhaps still starting), tables rendered as
     * the kernel renders them ({@code render}).
     */
    static IdleWarmUp start(CompletableFuture<? extends WarmShell> shell, Function<Table, String> render) {
        IdleWarmUp w = new IdleWarmUp(shell, render);
        w.thread.start();
        return w;
    }

    /** Stops before the next step. */
    void cancel() {
        cancelled = true;
    }

    private void run(CompletableFuture<? extends WarmShell> starting) {
        try {
            WarmShell shell = starting.join();
            idleUntil(System.currentTimeMillis() + BEGIN_AFTER_MS);
            if (!cancelled) org.marketlab.tables.TablesawStart.now();
            byte[] doc = document();
            for (int i = 0; i < ROUNDS && !cancelled; i++) readOnce(doc, render);
            synchronized (shell) { // checked under the evaluator's lock: a request that cancelled first runs alone
                if (!cancelled) shell.joinFullClassPath();
            }
            synchronized (shell) {
                if (!cancelled) shell.compileTypicalCell();
            }
            if (!cancelled) shell.resumeIndexing(); // JShell's class-path index for completion, on its own thread
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException ignored) {
            // a warm-up only: whatever failed here fails again, and is reported, in the cell that needs it
        }
    }

    private void idleUntil(long millis) throws InterruptedException {
        while (!cancelled && System.currentTimeMillis() < millis) Thread.sleep(20);
    }

    /** One pass over what a first harvest runs: the streamed tables, the records, their tables, the HTML. */
    public static void readOnce(byte[] doc, Function<Table, String> render) {
        String text = new String(doc, java.nio.charset.StandardCharsets.UTF_8);
        EventTables.All all = Markets.parseEventTables(text);
        var events = Markets.parseEvents(text);
        EventTables.events(events);
        EventTables.markets(events);
        render.apply(all.events());
        render.apply(all.markets());
    }

    /**
     * A first table's path once, on a few events (a shipped document): the reader, the records, the events table and
     * its HTML, begun when a cell that uses the facades arrives, so that its own reading, cold otherwise, finds them
     * loaded. Tablesaw's class-path scan runs beside it on a thread of its own (the table waits for it).
     */
    static void firstTableInBackground(Function<Table, String> render) {
        if (!FIRST_TABLE.compareAndSet(false, true)) return;
        org.marketlab.tables.TablesawStart.inBackground();
        Thread t = new Thread(() -> {
            try {
                firstTableOnce(resource(FIRST_TABLE_DOCUMENT), render);
                StartTrace.mark("first-table warm-up done");
            } catch (RuntimeException ignored) {
                // a warm-up only
            }
        }, "marketlab-first-table");
        t.setDaemon(true);
        t.start();
    }

    private static final java.util.concurrent.atomic.AtomicBoolean FIRST_TABLE = new java.util.concurrent.atomic.AtomicBoolean();
    /** Four one-market events of the idle warm-up's document. */
    public static final String FIRST_TABLE_DOCUMENT = "warm-up-first-table.json";

    /** What a first {@code Markets.events()...table()} runs after its answer comes: records, table, HTML. */
    public static String firstTableOnce(byte[] doc, Function<Table, String> render) {
        var events = Markets.parseEvents(new String(doc, java.nio.charset.StandardCharsets.UTF_8));
        org.marketlab.tables.TablesawStart.now(); // waits for a scan under way
        return render.apply(Markets.table(events));
    }

    public static byte[] document() {
        return resource("warm-up-events.json");
    }

    public static byte[] resource(String name) {
        try (InputStream in = IdleWarmUp.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException(name + " is missing from the kernel jar");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
