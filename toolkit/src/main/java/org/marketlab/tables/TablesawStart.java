package org.marketlab.tables;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Tablesaw's {@code Table} class, when first used, scans the class path for its readers and writers (ClassGraph
 * reads every jar's directory: a few hundred milliseconds in a fresh JVM, more with a large class path). This
 * starts that once, in the background, so it overlaps other work (reading a response, JShell's start) instead of
 * coming after it; whoever needs the class meanwhile waits for the same initialisation, never a second one.
 */
public final class TablesawStart {

    private static final AtomicBoolean STARTED = new AtomicBoolean();
    /** How the first initialisation runs: by default, loading {@code Table} as any first use would. */
    private static volatile Runnable initialiser = TablesawStart::load;

    private TablesawStart() {
    }

    /**
     * Initialises Tablesaw's {@code Table} on this thread (the first caller; a later one waits for it, or returns at
     * once if it is done), for a thread that has nothing better to do.
     */
    public static void now() {
        STARTED.set(true);
        init();
    }

    /**
     * Replaces how this class initialises {@code Table} (a process that can initialise it more cheaply, as the kernel
     * does without the class-path scan, says so here before any table is made); it must leave {@code Table}
     * initialised, and Tablesaw's readers and writers registered, as the first use would.
     */
    public static void initialiseWith(Runnable how) {
        initialiser = java.util.Objects.requireNonNull(how, "how");
    }

    private static void init() {
        try {
            initialiser.run();
        } catch (Throwable ignored) {
            // the same failure then surfaces where Table is used
        }
    }

    private static void load() {
        try {
            Class.forName("tech.tablesaw.api.Table", true, TablesawStart.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Starts initialising Tablesaw's {@code Table} on a daemon thread, the first time only. */
    public static void inBackground() {
        if (!STARTED.compareAndSet(false, true)) return;
        Thread t = new Thread(TablesawStart::init, "tablesaw-start");
        t.setDaemon(true);
        t.start();
    }
}
