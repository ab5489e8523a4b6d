package org.marketlab.kernel.startup;

import java.lang.management.ManagementFactory;

/**
 * Milestones of the kernel's start, printed to the kernel's standard error with the milliseconds since the JVM
 * started, when the environment sets {@code MARKETLAB_TRACE_START=1}: where a first cell's time goes, for whoever
 * works on the kernel's start, with the CPU time of the whole process and of the marking thread so far. Off, a mark
 * costs one field read.
 */
public final class StartTrace {

    private static final boolean ON = "1".equals(System.getenv("MARKETLAB_TRACE_START"));
    private static final long START = ON ? ManagementFactory.getRuntimeMXBean().getStartTime() : 0;

    private StartTrace() {
    }

    /** The standard error the kernel started with (a cell's output goes to the notebook instead). */
    private static final java.io.PrintStream ERR = System.err;

    public static void mark(String what) {
        if (ON) {
            long now = System.currentTimeMillis();
            long thread = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1_000_000;
            long process = ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class).getProcessCpuTime() / 1_000_000;
            ERR.printf("[start +%5d ms, at %d; CPU ms: process %d, thread %d] %s (%s)%n", now - START, now, process, thread, what,
                    Thread.currentThread().getName());
        }
    }
}
