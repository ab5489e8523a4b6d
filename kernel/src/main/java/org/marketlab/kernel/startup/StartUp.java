package org.marketlab.kernel.startup;

import org.marketlab.MarketLab;
import tech.tablesaw.api.Table;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The kernel's start-up tuning, in one place, beside the message loop rather than in it: what runs while the kernel
 * waits for its first cell ({@link IdleWarmUp}), and what a first cell sets going before JShell compiles it (the
 * embedded sandbox for a cell that calls a facade; a first table's path walked once for a cell that most likely makes
 * a table). The kernel tells it when JShell is ready ({@link #warmUpWhileIdle}), when a cell arrives
 * ({@link #cellArrived}) and when any other request is about to use JShell ({@link #quiet}).
 */
public final class StartUp {

    /** A cell that calls a facade, and so (on the sandbox profile) needs the embedded sandbox. */
    private static final Pattern USES_SERVICE = Pattern.compile("\\b(Markets|Clob|Perps|MarketLab)\\s*\\.");
    /** A cell that (most likely) makes a table. */
    private static final Pattern USES_TABLES = Pattern.compile("\\b(Markets|Clob|Perps|MarketLab|Charts|Table)\\s*\\.");

    private final CompletableFuture<? extends WarmShell> shell;
    private final Function<Table, String> render;
    private final java.util.concurrent.atomic.AtomicBoolean serviceAsked = new java.util.concurrent.atomic.AtomicBoolean();
    /** Set once a cell has come: background work then stops. */
    private volatile boolean cellSeen;
    /** Set while a cell that does not call a facade runs: the sandbox's start, begun ahead of need, waits meanwhile. */
    private volatile boolean givingWay;
    private volatile IdleWarmUp idle;

    /** For the kernel whose JShell is {@code shell} (perhaps still starting) and whose tables render by {@code render}. */
    public StartUp(CompletableFuture<? extends WarmShell> shell, Function<Table, String> render) {
        this.shell = shell;
        this.render = render;
        ScanlessTablesaw.after(shell);
    }

    /**
     * Once JShell is ready, and unless a cell has come already: starts the embedded sandbox (and the transport) at
     * once, and after a short pause with no cell warms Tablesaw, the readers and the compiler in the background
     * ({@link IdleWarmUp}); the first cell cancels the latter.
     * <p>
     * Why the sandbox starts then: a client that has its kernel_info answer waits for a moment of quiet before it sends
     * the first cell (jupyter_client waits 0.2 s), and JShell is ready within that moment on a quiet machine, so the
     * kernel would otherwise sit idle just before a first table whose longest part is the sandbox's start. Not earlier:
     * the start would then share the cores with JShell's, which every first cell waits for. Not when a cell has come
     * before JShell was ready: that cell says whether it needs the sandbox ({@link #cellArrived}), and one that does
     * not ({@code 1+1}) then has the cores to itself. A cell that does not call a facade and comes while the start is
     * under way has them too, but for the step under way: the start waits between its steps until the cell has run
     * ({@link #cellDone}).
     */
    public void warmUpWhileIdle() {
        shell.whenComplete((e, failed) -> {
            if (failed == null) ready();
        });
    }

    private synchronized void ready() {
        if (cellSeen || idle != null) return;
        startService();
        idle = IdleWarmUp.start(shell, render);
    }

    /**
     * The embedded sandbox and the transport, started in the background, once, in steps that wait while a cell that
     * does not call a facade runs (a call that needs the service lets them go on at once).
     */
    private void startService() {
        if (serviceAsked.compareAndSet(false, true)) MarketLab.warmUp(() -> givingWay);
    }

    /** A request is about to use JShell: the idle warm-up stops before its next step (a user's request comes first). */
    public void quiet() {
        IdleWarmUp w = idle;
        if (w != null) w.cancel();
    }

    /**
     * A cell has arrived: the idle warm-up stops; the embedded sandbox, and Tablesaw (whose first use scans the class
     * path), start while JShell compiles the first cell that uses them; and a first table's reading and rendering is
     * walked once on a few shipped events, so that the cell's own reading finds its classes loaded.
     */
    public void cellArrived(String cell) {
        StartTrace.mark("cell received");
        synchronized (this) {
            cellSeen = true;
        }
        quiet();
        boolean usesService = USES_SERVICE.matcher(cell).find();
        givingWay = !usesService;
        if (usesService) startService();
        if (USES_TABLES.matcher(cell).find()) IdleWarmUp.firstTableInBackground(render);
    }

    /** The cell that last arrived has been run: a start begun ahead of need goes on. */
    public void cellDone() {
        givingWay = false;
    }
}
