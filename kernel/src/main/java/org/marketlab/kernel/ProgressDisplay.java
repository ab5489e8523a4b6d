package org.marketlab.kernel;

import org.dflib.jjava.jupyter.kernel.JupyterIO;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.marketlab.config.Progress;

import java.util.Locale;
import java.util.UUID;

/**
 * Draws the toolkit's progress reports as one output that updates in place ({@code update_display_data}),
 * at most a few times a second.
 */
final class ProgressDisplay implements Progress.Listener {

    private static final long MIN_INTERVAL_NANOS = 200_000_000L;
    private final JupyterIO io;
    private String displayId;
    private String task;
    private long lastDraw;

    ProgressDisplay(JupyterIO io) {
        this.io = io;
    }

    @Override
    public synchronized void onProgress(Progress p) {
        if (!io.display.isAttached()) return;
        boolean fresh = displayId == null || !p.task().equals(task);
        long now = System.nanoTime();
        if (!fresh && !p.finished() && now - lastDraw < MIN_INTERVAL_NANOS) return;
        lastDraw = now;
        DisplayData d = new DisplayData();
        d.putText(p.toString());
        d.putHTML(html(p));
        if (fresh) {
            displayId = UUID.randomUUID().toString();
            task = p.task();
            d.setDisplayId(displayId);
            io.display.display(d);
        } else {
            io.display.updateDisplay(displayId, d);
        }
        if (p.finished()) displayId = null;
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
    }
}
