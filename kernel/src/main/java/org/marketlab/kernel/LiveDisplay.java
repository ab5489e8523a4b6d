package org.marketlab.kernel;

import org.dflib.jjava.jupyter.channels.ShellReplyEnvironment;
import org.dflib.jjava.jupyter.kernel.JupyterIO;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.kernel.display.Renderer;
import org.dflib.jjava.jupyter.kernel.display.mime.MIMEType;
import org.dflib.jjava.jupyter.messages.publish.PublishUpdateDisplayData;
import org.marketlab.live.LiveView;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Shows a {@link LiveView} as one output and redraws it in place ({@code update_display_data}) as it changes, at most
 * a few times a second, also after the cell that showed it has ended. Updates travel with the newest request's
 * context (Jupyter frontends and nbclient match them to the output by display id, whichever cell is running).
 */
final class LiveDisplay {

    private static final long MIN_INTERVAL_MS = 250;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private final JupyterIO io;
    private final Renderer renderer;
    private final Supplier<ShellReplyEnvironment> env;
    private final ScheduledExecutorService redraws = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "marketlab-live-display");
        t.setDaemon(true);
        return t;
    });

    LiveDisplay(JupyterIO io, Renderer renderer, Supplier<ShellReplyEnvironment> env) {
        this.io = io;
        this.renderer = renderer;
        this.env = env;
    }

    /** Shows {@code view} in the running cell and keeps it current. */
    void show(LiveView<?> view) {
        String id = UUID.randomUUID().toString();
        DisplayData first = render(view, 0);
        first.setDisplayId(id);
        io.display.display(first);
        int[] updates = {0};
        AtomicBoolean pending = new AtomicBoolean();
        try {
            view.subscribe(() -> {
                if (!pending.compareAndSet(false, true)) return;
                redraws.schedule(() -> {
                    pending.set(false);
                    ShellReplyEnvironment e = env.get();
                    if (e == null) return;
                    try {
                        DisplayData d = render(view, ++updates[0]);
                        d.setDisplayId(id);
                        e.publish(new PublishUpdateDisplayData(d));
                    } catch (RuntimeException ignored) {
                        // a view that cannot be drawn now is drawn at its next change
                    }
                }, MIN_INTERVAL_MS, TimeUnit.MILLISECONDS);
            });
        } catch (Exception e) {
            throw new IllegalStateException("cannot follow " + view.title() + ": " + e.getMessage(), e);
        }
    }

    /** The view's value as the renderer draws it, with a line saying it is live (HTML tables and records only). */
    private DisplayData render(LiveView<?> view, int updates) {
        Object now = view.now();
        DisplayData d = now == null ? new DisplayData(view.title() + ": nothing yet") : renderer.render(now);
        String note = "live " + view.title() + (updates == 0 ? "" : ", updated " + updates + (updates == 1 ? " time" : " times"))
                + ", " + TIME.format(Instant.now()) + " UTC";
        Object html = d.getData(MIMEType.TEXT_HTML);
        if (html != null) {
            d.putHTML(html + "<div class=\"marketlab-live\" style=\"color:#666;font-size:smaller\">" + Html.escape(note) + "</div>");
        }
        Object text = d.getData(MIMEType.TEXT_PLAIN);
        d.putText((text == null ? "" : text + "\n") + note);
        return d;
    }
}
