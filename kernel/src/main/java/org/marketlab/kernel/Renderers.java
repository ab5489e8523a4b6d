package org.marketlab.kernel;

import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.kernel.display.Renderer;
import org.dflib.jjava.jupyter.kernel.display.mime.MIMEType;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.marketlab.Charts;
import org.marketlab.charts.ChartText;
import org.marketlab.pacing.PacingStatus;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import javax.imageio.ImageIO;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** How values show in a notebook: tables as HTML, charts as PNG (SVG on request), toolkit records as HTML. */
final class Renderers {

    /** Rows a SQL query shows when it ends a cell. */
    static final int SQL_PREVIEW_ROWS = 1_000;

    private Renderers() {
    }

    private static Table emptyOf(org.marketlab.datasets.SqlQuery q) {
        Table schema = q.schema();
        Table t = Table.create("sql");
        for (String name : schema.stringColumn("column")) t.addColumns(tech.tablesaw.api.StringColumn.create(name));
        return t;
    }

    static void register(Renderer renderer) {
        renderer.createRegistration(Table.class)
                .preferring(MIMEType.TEXT_HTML)
                .supporting(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
                .register((t, ctx) -> {
                    ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> Html.table(t));
                    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> Html.text(t));
                });
        // A SQL query shows its first rows (its result may be bigger than memory): .table() holds it all.
        renderer.createRegistration(org.marketlab.datasets.SqlQuery.class)
                .preferring(MIMEType.TEXT_HTML)
                .supporting(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
                .register((q, ctx) -> {
                    Table first;
                    try (java.util.stream.Stream<Table> b = q.batches(SQL_PREVIEW_ROWS + 1)) {
                        first = b.findFirst().orElseGet(() -> q.schema().isEmpty() ? Table.create("sql") : emptyOf(q));
                    }
                    boolean more = first.rowCount() > SQL_PREVIEW_ROWS;
                    Table shown = more ? first.first(SQL_PREVIEW_ROWS) : first;
                    String note = more ? "first " + SQL_PREVIEW_ROWS + " rows; .table() holds them all, .stream() walks them" : "";
                    ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> Html.table(shown) + (note.isEmpty() ? "" : "<p><i>" + note + "</i></p>"));
                    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> Html.text(shown) + (note.isEmpty() ? "" : "\n" + note));
                });
        renderer.createRegistration(PacingStatus.class)
                .preferring(MIMEType.TEXT_HTML)
                .supporting(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
                .register((s, ctx) -> {
                    // The live feeds' connections beside the request pacing: both say how the service is being used.
                    Table feeds = org.marketlab.live.LiveFeeds.statusTable();
                    // And the order-book buckets of each signer that has placed or cancelled.
                    ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> Html.table(s.table()) + (s.signers().isEmpty() ? "" : Html.table(s.signersTable()))
                            + (feeds.rowCount() == 0 ? "" : Html.table(feeds)));
                    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> s + (feeds.rowCount() == 0 ? "" : "\n" + feeds.print()));
                });
        @SuppressWarnings({"unchecked", "rawtypes"})
        Class<Chart<?, ?>> chart = (Class) Chart.class;
        renderer.createRegistration(chart)
                .preferring(MIMEType.IMAGE_PNG)
                .supporting(MIMEType.IMAGE_PNG, MIMEType.IMAGE_SVG, MIMEType.TEXT_PLAIN)
                .register((c, ctx) -> {
                    Charts.themed(c); // XChart's own charts too: the toolkit's theme, not XChart's defaults
                    ctx.renderIfRequested(MIMEType.IMAGE_PNG, (type, out) -> {
                        out.putData(type, png(c));
                        out.putMetaData(type, chartMetadata(c));
                    });
                    ctx.renderIfRequested(MIMEType.IMAGE_SVG, () -> svg(c));
                    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> c.getClass().getSimpleName() + " \"" + c.getTitle() + "\" "
                            + c.getWidth() + "×" + c.getHeight());
                });
        @SuppressWarnings({"unchecked", "rawtypes"})
        Class<Column<?>> column = (Class) Column.class;
        asTable(renderer, column, Renderers::columnTable);
        @SuppressWarnings({"unchecked", "rawtypes"})
        Class<Collection<?>> collection = (Class) Collection.class;
        asTable(renderer, collection, Renderers::recordsTable);
        renderer.createRegistration(org.marketlab.perps.PerpsSession.class)
                .preferring(MIMEType.TEXT_HTML)
                .supporting(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
                .register((s, ctx) -> {
                    ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> Html.session(s));
                    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, s::toString);
                });
        renderer.createRegistration(Record.class)
                .preferring(MIMEType.TEXT_HTML)
                .supporting(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
                .register((r, ctx) -> {
                    ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> Html.record(r));
                    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, r::toString);
                });
    }

    /** Values of {@code type} shown as the table {@code view} makes of them (HTML and text), or as their text where it makes none. */
    private static <T> void asTable(Renderer renderer, Class<T> type, java.util.function.Function<T, Table> view) {
        renderer.createRegistration(type)
                .preferring(MIMEType.TEXT_HTML)
                .supporting(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
                .register((v, ctx) -> {
                    Table t = view.apply(v);
                    if (t != null) ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> Html.table(t));
                    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> t != null ? Html.text(t) : String.valueOf(v));
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

    /** Pixels per chart point in the PNG: twice the chart's size, shown at its size, so it is sharp on dense screens. */
    static final int DENSITY = 2;

    /** The chart as a PNG of {@link #DENSITY} times its size, laid out at its own size (text keeps its proportions). */
    static String png(Chart<?, ?> c) {
        int w = c.getWidth(), h = c.getHeight();
        BufferedImage image = new BufferedImage(w * DENSITY, h * DENSITY, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.scale(DENSITY, DENSITY);
            c.paint(g, w, h);
        } finally {
            g.dispose();
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(128 * 1024);
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }

    /** A column as a one-column table named after it. */
    static Table columnTable(Column<?> c) {
        return Table.create(c.name(), c.copy());
    }

    /**
     * A collection of records of one public record type as a table, one row per record and a column per scalar
     * field (credential fields left out), named after the type ("OutcomeTokens"); null for anything else.
     */
    static Table recordsTable(Collection<?> items) {
        if (items.isEmpty()) return null;
        Class<?> type = null;
        for (Object o : items) {
            if (o == null || !(o instanceof Record)) return null;
            if (type == null) type = o.getClass();
            else if (type != o.getClass()) return null;
        }
        if (!java.lang.reflect.Modifier.isPublic(type.getModifiers())) return null;
        try {
            @SuppressWarnings({"unchecked", "rawtypes"})
            Table t = RecordTable.of((Class) type).table(type.getSimpleName() + "s", (Collection) items);
            for (String name : List.copyOf(t.columnNames())) if (Html.isSecret(name)) t.removeColumns(name);
            return t.columnCount() == 0 ? null : t;
        } catch (RuntimeException notTabular) {
            return null;
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
        Charts.themed(c);
        DisplayData d = new DisplayData();
        d.putData(MIMEType.IMAGE_PNG, png(c));
        d.putMetaData(MIMEType.IMAGE_PNG, chartMetadata(c));
        d.putText(c.getTitle());
        return d;
    }

    /**
     * The PNG's metadata: its size as shown, and under "marketlab" the words the chart shows (title, axis titles, tick
     * labels, read after the paint), so a notebook's outputs can be checked for what a reader sees.
     */
    static Map<String, Object> chartMetadata(Chart<?, ?> c) {
        ChartText t = ChartText.of(c);
        Map<String, Object> words = new java.util.LinkedHashMap<>();
        words.put("title", t.title());
        words.put("xAxisTitle", t.xAxisTitle());
        words.put("yAxisTitle", t.yAxisTitle());
        words.put("xTickLabels", t.xTickLabels());
        words.put("yTickLabels", t.yTickLabels());
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("width", c.getWidth());
        m.put("height", c.getHeight());
        m.put("marketlab", words);
        return m;
    }
}
