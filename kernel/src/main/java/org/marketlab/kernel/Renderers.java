package org.marketlab.kernel;

import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.kernel.display.Renderer;
import org.dflib.jjava.jupyter.kernel.display.mime.MIMEType;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.marketlab.pacing.PacingStatus;
import tech.tablesaw.api.Table;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;

/** How values show in a notebook: tables as HTML, charts as PNG (SVG on request), toolkit records as HTML. */
final class Renderers {

    private Renderers() {
    }

    static void register(Renderer renderer) {
        renderer.createRegistration(Table.class)
                .preferring(MIMEType.TEXT_HTML)
                .supporting(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
                .register((t, ctx) -> {
                    ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> Html.table(t));
                    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> Html.text(t));
                });
        renderer.createRegistration(PacingStatus.class)
                .preferring(MIMEType.TEXT_HTML)
                .supporting(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
                .register((s, ctx) -> {
                    // The live feeds' connections beside the request pacing: both say how the service is being used.
                    Table feeds = org.marketlab.perps.LiveFeed.statusTable();
                    ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> Html.table(s.table()) + (feeds.rowCount() == 0 ? "" : Html.table(feeds)));
                    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> s + (feeds.rowCount() == 0 ? "" : "\n" + feeds.print()));
                });
        @SuppressWarnings({"unchecked", "rawtypes"})
        Class<Chart<?, ?>> chart = (Class) Chart.class;
        renderer.createRegistration(chart)
                .preferring(MIMEType.IMAGE_PNG)
                .supporting(MIMEType.IMAGE_PNG, MIMEType.IMAGE_SVG, MIMEType.TEXT_PLAIN)
                .register((c, ctx) -> {
                    ctx.renderIfRequested(MIMEType.IMAGE_PNG, () -> png(c));
                    ctx.renderIfRequested(MIMEType.IMAGE_SVG, () -> svg(c));
                    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> c.getClass().getSimpleName() + " \"" + c.getTitle() + "\" "
                            + c.getWidth() + "×" + c.getHeight());
                });
        renderer.createRegistration(Record.class)
                .preferring(MIMEType.TEXT_HTML)
                .supporting(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
                .register((r, ctx) -> {
                    ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> Html.record(r));
                    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, r::toString);
                });
    }

    /** Elements shown of a long array before the rest is elided. */
    static final int ARRAY_ITEMS = 200;

    /** An array as JShell shows one, {@code int[3] { 1, 2, 3 }}, nested arrays too; long ones elided. */
    static String arrayText(Object array) {
        int n = java.lang.reflect.Array.getLength(array);
        String type = array.getClass().getComponentType().getSimpleName();
        StringBuilder b = new StringBuilder(type).append('[').append(n).append("] { ");
        for (int i = 0; i < Math.min(n, ARRAY_ITEMS); i++) {
            if (i > 0) b.append(", ");
            Object e = java.lang.reflect.Array.get(array, i);
            if (e != null && e.getClass().isArray()) b.append(arrayText(e));
            else if (e instanceof String str) b.append('"').append(str).append('"');
            else b.append(e);
        }
        if (n > ARRAY_ITEMS) b.append(", … ").append(n - ARRAY_ITEMS).append(" more");
        return b.append(n == 0 ? "}" : " }").toString();
    }

    static String png(Chart<?, ?> c) {
        try {
            return Base64.getEncoder().encodeToString(BitmapEncoder.getBitmapBytes(c, BitmapEncoder.BitmapFormat.PNG));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String svg(Chart<?, ?> c) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try {
            VectorGraphicsEncoder.saveVectorGraphic(c, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Display data for a chart, with the PNG. */
    static DisplayData chart(Chart<?, ?> c) {
        DisplayData d = new DisplayData();
        d.putData(MIMEType.IMAGE_PNG, png(c));
        d.putText(c.getTitle());
        return d;
    }
}
