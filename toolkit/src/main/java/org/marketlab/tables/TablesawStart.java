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

    private TablesawStart() {
    }

    /** Starts initialising Tablesaw's {@code Table} on a daemon thread, the first time only. */
    public static void inBackground() {
        if (!STARTED.compareAndSet(false, true)) return;
        Thread t = new Thread(() -> {
            try {
                Class.forName("tech.tablesaw.api.Table", true, TablesawStart.class.getClassLoader());
            } catch (Throwable ignored) {
                // the same failure then surfaces where Table is used
            }
        }, "tablesaw-start");
        t.setDaemon(true);
        t.start();
    }
}
