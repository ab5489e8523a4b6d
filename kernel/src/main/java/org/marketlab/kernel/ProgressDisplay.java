package org.marketlab.kernel;

import org.dflib.jjava.jupyter.kernel.JupyterIO;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.marketlab.config.Progress;

import java.util.Locale;
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
    private String displayId;
    /** The task reported last (its display may not be drawn yet), and how many of its steps (reports before its end) came. */
    private String task;
    private int reports;
    private long lastDraw;

    ProgressDisplay(JupyterIO io) {
        this.io = io;
    }

    @Override
    public synchronized void onProgress(Progress p) {
        if (!io.display.isAttached()) return;
        if (!p.task().equals(task)) { // another task: its own count, and its own display once it has one
            task = p.task();
            reports = 0;
            displayId = null;
        }
        if (!p.finished() && ++reports < 2) return; // a task's first step: drawn only once a second one follows
        if (p.finished() && displayId == null) { // ended within one step (one page): nothing was drawn, nothing is
            task = null;
            return;
        }
        boolean fresh = displayId == null;
        long now = System.nanoTime();
        if (!fresh && !p.finished() && now - lastDraw < MIN_INTERVAL_NANOS) return;
        lastDraw = now;
        DisplayData d = new DisplayData();
        d.putText(p.toString());
        d.putHTML(html(p));
        if (fresh) {
            displayId = UUID.randomUUID().toString();
            d.setDisplayId(displayId);
            io.display.display(d);
        } else {
            io.display.updateDisplay(displayId, d);
        }
        if (p.finished()) { // the next report, even of a task of the same name, starts a new count
            displayId = null;
            task = null;
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
        displayId = null;
        task = null;
        reports = 0;
    }
}
