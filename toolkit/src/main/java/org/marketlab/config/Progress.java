package org.marketlab.config;

/**
 * Progress of a long task such as a harvest of every event. {@code total} is -1 when unknown.
 *
 * @param task     what is running, e.g. {@code events}
 * @param done     units done so far
 * @param total    units in all, or -1
 * @param unit     what is counted, e.g. {@code events}
 * @param requests requests sent so far
 * @param finished whether this is the last report of the task
 */
public record Progress(String task, long done, long total, String unit, int requests, boolean finished) {

    /** Receives progress reports; called on the thread doing the work. */
    @FunctionalInterface
    public interface Listener {
        void onProgress(Progress progress);
    }

    private static volatile Listener defaultListener = p -> { };

    /** The listener every task reports to unless given its own (the kernel sets one that draws a bar). */
    public static Listener defaultListener() {
        return defaultListener;
    }

    public static void setDefaultListener(Listener listener) {
        defaultListener = listener == null ? p -> { } : listener;
    }

    @Override
    public String toString() {
        String of = total >= 0 ? " of " + total : "";
        return task + ": " + done + of + " " + unit + " in " + requests + " request(s)" + (finished ? ", done" : "");
    }
}
