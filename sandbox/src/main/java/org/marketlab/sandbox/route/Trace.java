package org.marketlab.sandbox.route;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;

/**
 * Milestones of a start on standard error, in milliseconds since the JVM started, when {@code MARKETLAB_TRACE_START=1}
 * (the kernel prints its own the same way): how a first page's time divides between the servers' start and the
 * routes.
 */
public final class Trace {

    private static final boolean ON = "1".equals(System.getenv("MARKETLAB_TRACE_START"));
    private static final PrintStream RAW_ERR = ON ? new PrintStream(new FileOutputStream(FileDescriptor.err), true) : null;

    private Trace() {
    }

    public static void mark(String what) {
        if (!ON) return;
        long now = System.currentTimeMillis();
        RAW_ERR.printf("[start +%5d ms, at %d] %s (%s)%n", now - ManagementFactory.getRuntimeMXBean().getStartTime(), now, what,
                Thread.currentThread().getName());
    }
}
