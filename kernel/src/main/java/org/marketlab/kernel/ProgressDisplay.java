package org.marketlab.kernel;

import org.dflib.jjava.jupyter.kernel.JupyterIO;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.marketlab.config.Progress;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Draws the toolkit's progress reports as one output that updates in place ({@code update_display_data}),
 * at most a few times a second, for work of more than one step: a task's bar appears with its second step (a
 * harvest's second page), so a call answered by one request (a first 10-event table) draws none. Such a call has no
 * progress to show between its request and its result, and a bar reading "10 of 10, done" above the table would only
 * push it down; not drawing it also keeps two display messages, their HTML and a number format off a quick cell.
 */
final class ProgressDisplay implements Progress.Listener {

    private static final long MIN_INTERVAL_NANOS = 200_000_000L;
    private final JupyterIO io;
    /**
     * The tasks under way in the running cell, by name: each has its own display, so that two tasks reporting in turn
     * (a research read and the pages it reads) each update their own.
     */
    private final Map<String, Task> tasks = new HashMap<>();

    /**
     * A task's steps so far (reports before its end), its display once drawn (else null), when it was last drawn and its
     * last report.
     */
    private static final class Task {
        int steps;
        String displayId;
        long lastDraw;
        Progress last;
    }

    ProgressDisplay(JupyterIO io) {
        this.io = io;
    }

    @Override
    public synchronized void onProgress(Progress p) {
        if (!io.display.isAttached()) return;
        Task t = p.finished() ? tasks.remove(p.task()) : tasks.computeIfAbsent(p.task(), k -> new Task());
        if (t != null) t.last = p;
        // Ended within one step (one page), or its first step: nothing drawn yet, nothing drawn now.
        if (t == null || t.displayId == null && (p.finished() || ++t.steps < 2)) return;
        long now = System.nanoTime();
        if (t.displayId != null && !p.finished() && now - t.lastDraw < MIN_INTERVAL_NANOS) return;
        t.lastDraw = now;
        draw(t, p);
    }

    /**
     * The cell's code has returned: every read it made is over. A task drawn and never ended (a stream the cell stopped
     * reading, with a {@code limit} or a {@code findFirst}, and did not close) is drawn ended at what it read, so that no
     * bar is left part-filled. A cell that failed keeps its bars as they stood, above the error.
     */
    synchronized void cellReturned() {
        if (io.display.isAttached()) {
            for (Task t : tasks.values()) {
                if (t.displayId == null) continue;
                Progress p = t.last;
                draw(t, new Progress(p.task(), p.done(), p.done(), p.unit(), p.requests(), true));
            }
        }
        tasks.clear();
    }

    private void draw(Task t, Progress p) {
        DisplayData d = new DisplayData();
        d.putText(p.toString());
        d.putHTML(html(p));
        if (t.displayId == null) {
            t.displayId = UUID.randomUUID().toString();
            d.setDisplayId(t.displayId);
            io.display.display(d);
        } else {
            io.display.updateDisplay(t.displayId, d);
        }
    }

    static String html(Progress p) {
        double share = p.total() > 0 ? Math.min(1.0, (double) p.done() / p.total()) : (p.finished() ? 1.0 : -1);
        String bar = share >= 0
                ? "<progress max=\"1\" value=\"" + String.format(Locale.ROOT, "%.3f", share) + "\" style=\"width:240px\"></progress> "
                : "<progress style=\"width:240px\"></progress> ";
        return "<div class=\"marketlab-progress\">" + bar + Html.escape(p.toString()) + "</div>";
    }

    synchronized void reset() {
        tasks.clear();
    }
}
