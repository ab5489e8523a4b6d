package org.marketlab;

import org.marketlab.internal.Args;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.OHLCChart;
import org.knowm.xchart.OHLCChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.marketlab.charts.VolumeBand;
import org.marketlab.clob.Book;
import org.marketlab.clob.Level;
import org.marketlab.markets.TokenNames;
import tech.tablesaw.api.DateColumn;
import tech.tablesaw.api.DateTimeColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;

/**
 * Charts of the toolkit's tables with XChart: candles (with volume), price lines, book depth, bars and
 * scatters, with titles, axis labels and date axes (UTC); {@link #png} and {@link #svg} give their bytes. In the
 * kernel a returned chart shows as an image. Rendering needs no display: the toolkit asks for headless AWT
 * unless told otherwise.
 *
 * <pre>{@code
 * var candles = Clob.ohlc(token).fidelity("1h").since(Instant.now().minus(Duration.ofDays(7))).table();
 * var chart = Charts.candles(candles);
 * Files.write(Path.of("candles.png"), Charts.png(chart, 1200, 600));
 * }</pre>
 */
public final class Charts {

    public static final int WIDTH = 900;
    public static final int HEIGHT = 480;
    /** Share of a candle chart's plot height the volume band takes. */
    public static final double VOLUME_SHARE = 0.2;

    private static final String PRICE_PATTERN = "0.00#";
    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

    static {
        // Charts are images for notebooks and files, never windows; a stray DISPLAY must not matter.
        if (System.getProperty("java.awt.headless") == null) System.setProperty("java.awt.headless", "true");
    }

    private Charts() {
    }

    /**
     * Candles of an OHLC table (time, open, high, low, close[, volume]), as {@code Clob.ohlc(...).table()} gives;
     * with a volume column, volume bars along the bottom ({@link VolumeBand}).
     */
    public static OHLCChart candles(Table ohlc) {
        need(ohlc, "time", "open", "high", "low", "close");
        List<Date> x = dates(ohlc, "time");
        OHLCChart c = new OHLCChartBuilder().width(WIDTH).height(HEIGHT).title(ohlc.name())
                .xAxisTitle("time (UTC)").yAxisTitle("price").build();
        c.getStyler().setLegendVisible(false);
        c.getStyler().setYAxisDecimalPattern(PRICE_PATTERN);
        dateAxis(c.getStyler(), x);
        List<Double> o = numbers(ohlc, "open"), h = numbers(ohlc, "high"), l = numbers(ohlc, "low"), cl = numbers(ohlc, "close");
        c.addSeries("candles", x, o, h, l, cl);
        if (ohlc.columnNames().contains("volume")) {
            List<Double> v = numbers(ohlc, "volume");
            double[] volume = new double[v.size()];
            boolean[] up = new boolean[v.size()];
            for (int i = 0; i < volume.length; i++) {
                volume[i] = v.get(i);
                up[i] = !(cl.get(i) < o.get(i));
            }
            c.addAnnotation(new VolumeBand(x, volume, up, VOLUME_SHARE));
        }
        return c;
    }

    /** A price line of a history table (time, price), as {@code Clob.pricesHistory(...).table()} gives. */
    public static XYChart line(Table history) {
        need(history, "time", "price");
        XYChart c = line(history, "time", "price", history.name(), "price");
        c.getStyler().setYAxisDecimalPattern(PRICE_PATTERN);
        return c;
    }

    /**
     * Several (time, price) histories on one chart, one line each, named in the legend by their tables' names
     * (the question and outcome, as {@code Clob.pricesHistory(token).table()} names them).
     */
    public static XYChart overlay(List<Table> histories) {
        if (histories == null || histories.isEmpty()) throw new IllegalArgumentException("histories must hold at least one (time, price) table");
        XYChart c = xy(histories.size() == 1 ? histories.get(0).name() : "Prices of " + histories.size() + " outcomes", "time (UTC)", "price");
        c.getStyler().setMarkerSize(0);
        c.getStyler().setYAxisDecimalPattern(PRICE_PATTERN);
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Table h : histories) {
            need(h, "time", "price");
            String name = h.name().replaceFirst("^prices of ", "");
            for (int i = 2; !names.add(name); i++) name = h.name() + " (" + i + ")";
            addXY(c, h.column("time"), h.numberColumn("price"), name);
        }
        return c;
    }

    /** {@link #overlay(List)} of histories given one by one. */
    public static XYChart overlay(Table... histories) {
        return overlay(histories == null ? List.of() : List.of(histories));
    }

    /** A line of {@code y} over {@code x} (a time column gives a date axis). */
    public static XYChart line(Table t, String x, String y, String title, String yLabel) {
        need(t, x, y);
        return line(t.column(x), t.numberColumn(y), title, yLabel);
    }

    /** A line of one column over another (a time column gives a date axis); titled by the columns' names. */
    public static XYChart line(Column<?> x, NumericColumn<?> y) {
        columns(x, y);
        return line(x, y, y.name() + " by " + x.name(), y.name());
    }

    private static XYChart line(Column<?> x, NumericColumn<?> y, String title, String yLabel) {
        XYChart c = xy(title, isTime(x) ? x.name() + " (UTC)" : x.name(), yLabel);
        c.getStyler().setMarkerSize(0);
        c.getStyler().setLegendVisible(false);
        addXY(c, x, y, y.name());
        return c;
    }

    /**
     * A signer's order-book buckets over time ({@code BucketSampler}'s table: {@code t_s} and one column of tokens per
     * bucket): each bucket's balance as a line, with zero marked, so the drain of a burst, the refill at the tier's
     * rate and a cancel-all's debt below zero show as they happened. Titled with the table's name.
     */
    public static XYChart buckets(Table samples) {
        if (samples == null) throw new IllegalArgumentException("samples is null; give BucketSampler's table()");
        need(samples, "t_s");
        XYChart c = xy("Tokens in the " + samples.name() + " over time", "seconds", "tokens");
        c.getStyler().setMarkerSize(0);
        c.getStyler().setLegendVisible(true);
        double end = 0;
        for (int i = 0; i < samples.rowCount(); i++) end = Math.max(end, samples.doubleColumn("t_s").getDouble(i));
        for (Column<?> col : samples.columns()) {
            if (col.name().equals("t_s") || !(col instanceof NumericColumn<?>)) continue;
            addXY(c, samples.column("t_s"), (NumericColumn<?>) col, col.name());
        }
        c.addSeries("zero", new double[]{0, Math.max(end, 1e-9)}, new double[]{0, 0}).setLineStyle(org.knowm.xchart.style.lines.SeriesLines.DASH_DASH);
        return c;
    }

    /**
     * Depth of a book: on each side, the size available at that price or better, as steps from the best price
     * outwards (bids falling to zero at the best bid, asks rising from zero at the best ask; the gap between them
     * is the spread).
     */
    public static XYChart depth(Book book) {
        Args.notNull(book, "book");
        XYChart c = xy("Depth of " + TokenNames.of(book.assetId()) + "  (bid " + book.bestBid() + " / ask " + book.bestAsk() + ")",
                "price", "cumulative size");
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
        c.getStyler().setMarkerSize(0);
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setXAxisDecimalPattern(PRICE_PATTERN);
        c.getStyler().setLegendPosition(Styler.LegendPosition.InsideN);
        c.getStyler().setSeriesColors(new Color[]{new Color(19, 179, 70, 160), new Color(242, 39, 42, 160)});
        side(c, "bids", book.bids(), true);
        side(c, "asks", book.asks(), false);
        return c;
    }

    /** The step outline of one side, x ascending (XChart needs that), the outermost level given a width too. */
    private static void side(XYChart c, String name, List<Level> levels, boolean bids) {
        if (levels.isEmpty()) return;
        List<Level> best = Book.bestFirst(levels, bids);
        int n = best.size();
        double[] price = new double[n], cum = new double[n];
        double total = 0;
        for (int i = 0; i < n; i++) {
            total += best.get(i).size().doubleValue();
            price[i] = best.get(i).price().doubleValue();
            cum[i] = total;
        }
        double width = n > 1 ? Math.abs(price[n - 1] - price[n - 2]) : Math.max(price[0] * 0.01, 1e-4);
        List<Double> x = new ArrayList<>(2 * n + 2), y = new ArrayList<>(2 * n + 2);
        if (bids) { // from the lowest bid up to the best, where the depth ends
            x.add(price[n - 1] - width);
            y.add(cum[n - 1]);
            for (int i = n - 1; i >= 0; i--) {
                x.add(price[i]);
                y.add(cum[i]);
                x.add(price[i]);
                y.add(i > 0 ? cum[i - 1] : 0.0);
            }
        } else { // from the best ask, where the depth starts, up to the highest
            for (int i = 0; i < n; i++) {
                x.add(price[i]);
                y.add(i > 0 ? cum[i - 1] : 0.0);
                x.add(price[i]);
                y.add(cum[i]);
            }
            x.add(price[n - 1] + width);
            y.add(cum[n - 1]);
        }
        c.addSeries(name, x, y);
    }

    /** Bars of a numeric column by a category column (a time column gives a date axis). */
    public static CategoryChart bar(Table t, String category, String value, String title) {
        need(t, category, value);
        CategoryChart c = bar(t.column(category), numeric(t, value));
        c.setTitle(title);
        return c;
    }

    /** Bars of {@code values} by {@code categories}; titled by the columns' names. */
    public static CategoryChart bar(Column<?> categories, NumericColumn<?> values) {
        Args.notNull(categories, "categories");
        Args.notNull(values, "values");
        if (categories.size() != values.size()) {
            throw new IllegalArgumentException("columns '" + categories.name() + "' and '" + values.name() + "' differ in length: "
                    + categories.size() + " and " + values.size());
        }
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(values.name() + " by " + categories.name())
                .xAxisTitle(isTime(categories) ? categories.name() + " (UTC)" : categories.name()).yAxisTitle(values.name()).build();
        style(c.getStyler());
        c.getStyler().setLegendVisible(false);
        List<Double> y = numbers(values);
        if (isTime(categories)) {
            List<Date> x = dates(categories);
            dateAxis(c.getStyler(), x);
            c.addSeries(values.name(), x, y);
        } else {
            List<String> x = new ArrayList<>(categories.size());
            for (int i = 0; i < categories.size(); i++) x.add(String.valueOf(categories.get(i)));
            c.addSeries(values.name(), x, y);
        }
        if (categories.size() > 20) c.getStyler().setXAxisLabelRotation(45);
        return c;
    }

    /** The equity (PnL) curve of an account: {@code Charts.equity(Accounts.of(a).pnl().table())}. */
    public static XYChart equity(Table pnl) {
        need(pnl, "time", "pnl");
        XYChart c = line(pnl, "time", "pnl", "Equity curve (PnL, USDC)", "PnL");
        return c;
    }

    /**
     * PnL by market: bars of total PnL per position, the {@code n} largest in size (gains and losses), from
     * {@code AccountAnalytics.pnlByPosition(...)}.
     */
    public static CategoryChart pnlByMarket(Table pnlByPosition, int n) {
        need(pnlByPosition, "title", "total_pnl");
        if (pnlByPosition.isEmpty()) return emptyBars("PnL by market (no positions)");
        Table t = pnlByPosition.copy();
        t.addColumns(t.numberColumn("total_pnl").abs().setName("size_of_pnl"));
        t = t.sortDescendingOn("size_of_pnl").first(Math.max(1, n)).sortDescendingOn("total_pnl");
        tech.tablesaw.api.StringColumn label = t.stringColumn("title").map(s -> s.length() > 40 ? s.substring(0, 39) + "…" : s);
        CategoryChart c = bar(label.setName("market"), t.numberColumn("total_pnl"));
        c.setTitle("PnL by market (USDC)");
        c.getStyler().setXAxisLabelRotation(45);
        return c;
    }

    /** Exposure: bars of current value by event or tag, from {@code AccountAnalytics.exposureByEvent/ByTag(...)}. */
    public static CategoryChart exposure(Table exposure) {
        need(exposure, exposure.column(0).name(), "value");
        if (exposure.isEmpty()) return emptyBars("Exposure (no open positions)");
        Table t = exposure.first(Math.min(20, exposure.rowCount()));
        CategoryChart c = bar(t, t.column(0).name(), "value", "Exposure by " + t.column(0).name().replace("_slug", "") + " (current value, USDC)");
        c.getStyler().setXAxisLabelRotation(45);
        return c;
    }

    /** A bar chart with one empty bar, for a table with no rows. */
    private static CategoryChart emptyBars(String title) {
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).build();
        style(c.getStyler());
        c.getStyler().setLegendVisible(false);
        c.addSeries("none", List.of("(none)"), List.of(0.0));
        return c;
    }

    /** Points of {@code y} against {@code x}. */
    public static XYChart scatter(Table t, String x, String y, String title) {
        need(t, x, y);
        XYChart c = scatter(t.column(x), numeric(t, y));
        c.setTitle(title);
        return c;
    }

    /** Points of one column against another (a time column gives a date axis); titled by the columns' names. */
    public static XYChart scatter(Column<?> x, NumericColumn<?> y) {
        columns(x, y);
        XYChart c = xy(y.name() + " against " + x.name(), isTime(x) ? x.name() + " (UTC)" : x.name(), y.name());
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        c.getStyler().setMarkerSize(4);
        c.getStyler().setLegendVisible(false);
        addXY(c, x, y, y.name());
        return c;
    }

    // ---- images -------------------------------------------------------------------------------------------------

    /** The chart as PNG bytes, at its own size. */
    public static byte[] png(Chart<?, ?> chart) {
        Args.notNull(chart, "chart");
        return png(chart, chart.getWidth(), chart.getHeight());
    }

    /** The chart as PNG bytes of {@code width} × {@code height} pixels; the chart keeps its own size. */
    public static byte[] png(Chart<?, ?> chart, int width, int height) {
        Args.notNull(chart, "chart");
        if (width < 50 || height < 50 || width > 10_000 || height > 10_000) {
            throw new IllegalArgumentException("width and height must be 50 to 10,000 pixels, were " + width + "×" + height);
        }
        int w = chart.getWidth(), h = chart.getHeight();
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            chart.paint(g, width, height); // XChart keeps the size it last painted at...
        } finally {
            g.dispose();
            if (width != w || height != h) restoreSize(chart, w, h); // ...so give the chart its own back
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The chart as SVG (UTF-8 text), at its own size. */
    public static byte[] svg(Chart<?, ?> chart) {
        Args.notNull(chart, "chart");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** XChart has no public size setter; its private fields are set directly, else a throwaway paint restores them. */
    private static void restoreSize(Chart<?, ?> chart, int w, int h) {
        try {
            Field fw = Chart.class.getDeclaredField("width"), fh = Chart.class.getDeclaredField("height");
            fw.setAccessible(true);
            fh.setAccessible(true);
            fw.setInt(chart, w);
            fh.setInt(chart, h);
        } catch (ReflectiveOperationException | RuntimeException e) {
            Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
            try {
                chart.paint(g, w, h);
            } finally {
                g.dispose();
            }
        }
    }

    // ---- columns --------------------------------------------------------------------------------------------------

    private static XYChart xy(String title, String xLabel, String yLabel) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        style(c.getStyler());
        return c;
    }

    private static void style(AxesChartStyler s) {
        s.setTimezone(UTC);
        s.setLocale(Locale.ROOT);
    }

    private static void addXY(XYChart c, Column<?> x, NumericColumn<?> y, String name) {
        if (x.size() != y.size()) {
            throw new IllegalArgumentException("columns '" + x.name() + "' and '" + y.name() + "' differ in length: " + x.size() + " and " + y.size());
        }
        if (isTime(x)) {
            List<Date> d = dates(x);
            dateAxis(c.getStyler(), d);
            c.addSeries(name, d, numbers(y));
        } else if (x instanceof NumericColumn<?> n) {
            c.addSeries(name, numbers(n), numbers(y));
        } else {
            throw new IllegalArgumentException("column '" + x.name() + "' is " + x.type().name().toLowerCase(Locale.ROOT)
                    + "; an x axis needs numbers or times (instant, date, date-time); for categories use Charts.bar");
        }
    }

    private static void dateAxis(AxesChartStyler s, List<Date> times) {
        style(s);
        s.setDatePattern(datePattern(times));
    }

    private static boolean isTime(Column<?> c) {
        return c instanceof InstantColumn || c instanceof DateColumn || c instanceof DateTimeColumn;
    }

    private static List<Date> dates(Table t, String name) {
        Column<?> c = t.column(name);
        if (!isTime(c)) {
            throw new IllegalArgumentException("column '" + name + "' is " + c.type().name().toLowerCase(Locale.ROOT) + ", not a time (instant, date, date-time)");
        }
        return dates(c);
    }

    /** Dates of a time column; dates and local date-times are read as UTC. */
    private static List<Date> dates(Column<?> c) {
        List<Date> out = new ArrayList<>(c.size());
        for (int i = 0; i < c.size(); i++) {
            Object v = c.isMissing(i) ? null : c.get(i);
            Instant at;
            if (v instanceof Instant in) at = in;
            else if (v instanceof LocalDate d) at = d.atStartOfDay(ZoneOffset.UTC).toInstant();
            else if (v instanceof LocalDateTime dt) at = dt.toInstant(ZoneOffset.UTC);
            else throw new IllegalArgumentException("column '" + c.name() + "' has no time in row " + i);
            out.add(Date.from(at));
        }
        return out;
    }

    private static NumericColumn<?> numeric(Table t, String name) {
        Column<?> col = t.column(name);
        if (!(col instanceof NumericColumn<?> n)) {
            throw new IllegalArgumentException("column '" + name + "' is " + col.type().name().toLowerCase(Locale.ROOT) + ", not numeric");
        }
        return n;
    }

    private static List<Double> numbers(Table t, String name) {
        return numbers(numeric(t, name));
    }

    private static List<Double> numbers(NumericColumn<?> n) {
        List<Double> out = new ArrayList<>(n.size());
        for (int i = 0; i < n.size(); i++) out.add(n.isMissing(i) ? Double.NaN : n.getDouble(i));
        return out;
    }

    private static String datePattern(List<Date> times) {
        if (times.size() < 2) return "yyyy-MM-dd HH:mm";
        long span = (times.get(times.size() - 1).getTime() - times.get(0).getTime()) / 1000;
        return span > 180L * 86_400 ? "yyyy-MM" : span > 3L * 86_400 ? "MM-dd" : "MM-dd HH:mm";
    }

    private static void columns(Column<?> x, NumericColumn<?> y) {
        Args.notNull(x, "x");
        Args.notNull(y, "y");
    }

    private static void need(Table t, String... columns) {
        Args.notNull(t, "table");
        for (String c : columns) {
            Args.notNull(c, "column name");
            if (!t.columnNames().contains(c)) {
                throw new IllegalArgumentException("table '" + t.name() + "' has no column '" + c + "'; it has " + t.columnNames());
            }
        }
    }
}
