package org.marketlab;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.OHLCChart;
import org.knowm.xchart.OHLCChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.marketlab.clob.Book;
import org.marketlab.clob.Level;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

/**
 * Charts of the toolkit's tables with XChart: candles, price lines, book depth, bars and scatters, with titles,
 * axis labels and date axes; {@link #png} and {@link #svg} give their bytes. In the kernel a returned chart
 * shows as an image.
 */
public final class Charts {

    public static final int WIDTH = 900;
    public static final int HEIGHT = 480;

    private Charts() {
    }

    /** Candles of an OHLC table (time, open, high, low, close[, volume]), with volume bars when there is volume. */
    public static OHLCChart candles(Table ohlc) {
        need(ohlc, "time", "open", "high", "low", "close");
        OHLCChart c = new OHLCChartBuilder().width(WIDTH).height(HEIGHT).title(ohlc.name())
                .xAxisTitle("time (UTC)").yAxisTitle("price").build();
        c.getStyler().setLegendVisible(false);
        c.getStyler().setDatePattern(datePattern(ohlc.instantColumn("time").asList()));
        List<Date> x = dates(ohlc.instantColumn("time").asList());
        List<Double> o = ohlc.doubleColumn("open").asList(), h = ohlc.doubleColumn("high").asList(),
                l = ohlc.doubleColumn("low").asList(), cl = ohlc.doubleColumn("close").asList();
        if (ohlc.columnNames().contains("volume")) {
            c.addSeries("candles", x, o, h, l, cl, ohlc.doubleColumn("volume").asList());
        } else {
            c.addSeries("candles", x, o, h, l, cl);
        }
        return c;
    }

    /** A price line of a history table (time, price). */
    public static XYChart line(Table history) {
        need(history, "time", "price");
        return line(history, "time", "price", history.name(), "price");
    }

    /** A line of {@code y} over {@code x} (an instant column gives a date axis). */
    public static XYChart line(Table t, String x, String y, String title, String yLabel) {
        need(t, x, y);
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(x).yAxisTitle(yLabel).build();
        c.getStyler().setMarkerSize(0);
        c.getStyler().setLegendVisible(false);
        addXY(c, t, x, y, y);
        return c;
    }

    /** Cumulative size against price on each side of a book, as steps. */
    public static XYChart depth(Book book) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title("Depth " + book)
                .xAxisTitle("price").yAxisTitle("cumulative size").build();
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.StepArea);
        c.getStyler().setMarkerSize(0);
        c.getStyler().setLegendPosition(Styler.LegendPosition.InsideN);
        side(c, "bids", book.bids());
        side(c, "asks", book.asks());
        return c;
    }

    private static void side(XYChart c, String name, List<Level> levels) {
        if (levels.isEmpty()) return;
        List<Double> price = new ArrayList<>(), cum = new ArrayList<>();
        double total = 0;
        for (Level l : Book.bestFirst(levels, name.equals("bids"))) {
            total += l.size().doubleValue();
            price.add(l.price().doubleValue());
            cum.add(total);
        }
        if (name.equals("bids")) { // XChart wants x ascending
            java.util.Collections.reverse(price);
            java.util.Collections.reverse(cum);
        }
        c.addSeries(name, price, cum);
    }

    /** Bars of a numeric column by a category column. */
    public static CategoryChart bar(Table t, String category, String value, String title) {
        need(t, category, value);
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(category).yAxisTitle(value).build();
        c.getStyler().setLegendVisible(false);
        List<String> cats = new ArrayList<>();
        Column<?> col = t.column(category);
        for (int i = 0; i < t.rowCount(); i++) cats.add(String.valueOf(col.get(i)));
        c.addSeries(value, cats, numbers(t, value));
        return c;
    }

    /** Points of {@code y} against {@code x}. */
    public static XYChart scatter(Table t, String x, String y, String title) {
        need(t, x, y);
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(x).yAxisTitle(y).build();
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        c.getStyler().setMarkerSize(4);
        c.getStyler().setLegendVisible(false);
        addXY(c, t, x, y, title);
        return c;
    }

    /** The chart as PNG bytes, at its own size. */
    public static byte[] png(Chart<?, ?> chart) {
        try {
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The chart as PNG bytes at another size. */
    public static byte[] png(Chart<?, ?> chart, int width, int height) {
        if (width < 50 || height < 50 || width > 10_000 || height > 10_000) {
            throw new IllegalArgumentException("width and height must be 50 to 10,000 pixels, were " + width + "×" + height);
        }
        int w = chart.getWidth(), h = chart.getHeight();
        try {
            setSize(chart, width, height);
            return png(chart);
        } finally {
            setSize(chart, w, h);
        }
    }

    /** The chart as SVG. */
    public static byte[] svg(Chart<?, ?> chart) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void setSize(Chart<?, ?> chart, int w, int h) {
        try {
            var fw = Chart.class.getDeclaredField("width");
            var fh = Chart.class.getDeclaredField("height");
            fw.setAccessible(true);
            fh.setAccessible(true);
            fw.setInt(chart, w);
            fh.setInt(chart, h);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot resize this chart; build it at the size you need", e);
        }
    }

    private static void addXY(XYChart c, Table t, String x, String y, String name) {
        Column<?> xc = t.column(x);
        if (xc instanceof tech.tablesaw.api.InstantColumn) {
            List<Instant> times = t.instantColumn(x).asList();
            c.getStyler().setDatePattern(datePattern(times));
            c.addSeries(name, dates(times), numbers(t, y));
        } else {
            c.addSeries(name, numbers(t, x), numbers(t, y));
        }
    }

    private static List<Double> numbers(Table t, String name) {
        Column<?> col = t.column(name);
        if (!(col instanceof tech.tablesaw.api.NumericColumn<?> n)) {
            throw new IllegalArgumentException("column '" + name + "' is " + col.type().name().toLowerCase() + ", not numeric");
        }
        List<Double> out = new ArrayList<>(t.rowCount());
        for (int i = 0; i < t.rowCount(); i++) out.add(n.isMissing(i) ? Double.NaN : n.getDouble(i));
        return out;
    }

    private static List<Date> dates(List<Instant> times) {
        List<Date> out = new ArrayList<>(times.size());
        for (Instant i : times) out.add(Date.from(i));
        return out;
    }

    private static String datePattern(List<Instant> times) {
        if (times.size() < 2) return "yyyy-MM-dd HH:mm";
        long span = times.get(times.size() - 1).getEpochSecond() - times.get(0).getEpochSecond();
        return span > 180L * 86_400 ? "yyyy-MM" : span > 3L * 86_400 ? "MM-dd" : "MM-dd HH:mm";
    }

    private static void need(Table t, String... columns) {
        if (t == null) throw new IllegalArgumentException("no table given");
        for (String c : columns) {
            if (!t.columnNames().contains(c)) {
                throw new IllegalArgumentException("table '" + t.name() + "' has no column '" + c + "'; it has " + t.columnNames());
            }
        }
    }
}
