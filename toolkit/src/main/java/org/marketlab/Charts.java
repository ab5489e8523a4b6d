package org.marketlab;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.OHLCChart;
import org.knowm.xchart.OHLCChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.Series;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.marketlab.charts.AxisFormats;
import org.marketlab.charts.BookCharts;
import org.marketlab.charts.CandleChart;
import org.marketlab.charts.ChartTheme;
import org.marketlab.charts.HorizontalBarChart;
import org.marketlab.charts.VolumeBand;
import org.marketlab.charts.ZeroLine;
import org.marketlab.clob.Book;
import org.marketlab.clob.Level;
import org.marketlab.internal.Args;
import org.marketlab.markets.TokenNames;
import org.marketlab.tables.ColumnKind;
import org.marketlab.tables.ColumnLabels;
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
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Charts of the toolkit's tables with XChart, fit to publish: candles with a volume pane, price lines, book depth,
 * bars (horizontal when the labels are long), step curves for cumulative series, scatters, each with a title and
 * axis titles with units, compact tick labels ({@code 28M}, {@code $1.2k}, {@code 45%}), dates by span (UTC) and
 * a zero line on signed values. Every chart takes the current {@link ChartTheme} ({@link #theme()}: white, a light
 * solid grid, normal-weight text, a colour-blind-safe palette); {@link #png} and {@link #svg} write it as shown. In
 * the kernel a returned chart shows as an image, themed even when made with XChart's own builders. Rendering needs
 * no display: the toolkit asks for headless AWT unless told otherwise.
 *
 * <pre>{@code
 * var candles = Clob.ohlc(token).fidelity("1h").since(Instant.now().minus(Duration.ofDays(7))).table();
 * var chart = Charts.candles(candles);
 * Files.write(Path.of("candles.png"), Charts.png(chart, 1200, 600));
 * }</pre>
 */
public final class Charts {

    /** A new chart's width with the standard theme. */
    public static final int WIDTH = 900;
    /** A new chart's height with the standard theme. */
    public static final int HEIGHT = 480;
    /** Share of a candle chart's height the volume pane takes. */
    public static final double VOLUME_SHARE = 0.32;
    /** Categories longer than this (characters), or more than {@link #VERTICAL_BARS} of them, get horizontal bars. */
    static final int SHORT_LABEL = 14;
    /** The most categories drawn as vertical bars. */
    static final int VERTICAL_BARS = 10;

    /** Charts already given a theme (by a method here or by {@link #themed}), so a second display leaves them as set. */
    private static final Map<Chart<?, ?>, Boolean> THEMED = Collections.synchronizedMap(new WeakHashMap<>());

    static {
        // Charts are images for notebooks and files, never windows; a stray DISPLAY must not matter.
        if (System.getProperty("java.awt.headless") == null) System.setProperty("java.awt.headless", "true");
    }

    private Charts() {
    }

    // ---- theme ----------------------------------------------------------------------------------------------------

    /** The theme new charts take. */
    public static ChartTheme theme() {
        return ChartTheme.current();
    }

    /**
     * Sets the theme charts made from now on take (and charts of XChart's own builders the kernel shows from now on);
     * returns it. {@code Charts.theme(ChartTheme.standard())} goes back to the default.
     */
    public static ChartTheme theme(ChartTheme newTheme) {
        Args.notNull(newTheme, "theme");
        ChartTheme.use(newTheme);
        return newTheme;
    }

    /**
     * {@code chart} with the current theme, applied once: a chart made here already has it and is returned as it is;
     * any other XChart chart (made with XChart's builders) takes it now. The kernel calls this for every chart it shows.
     */
    public static <C extends Chart<?, ?>> C themed(C chart) {
        Args.notNull(chart, "chart");
        if (THEMED.putIfAbsent(chart, Boolean.TRUE) == null) theme().apply(chart);
        return ChartTheme.settle(chart);
    }

    private static <C extends Chart<?, ?>> C made(C chart) {
        theme().apply(chart);
        THEMED.put(chart, Boolean.TRUE);
        return chart;
    }

    // ---- prices -----------------------------------------------------------------------------------------------------

    /**
     * Candles of an OHLC table (time, open, high, low, close[, volume]), as {@code Clob.ohlc(...).table()} gives;
     * with a volume column, the volume in a pane of its own underneath ({@link CandleChart}).
     */
    public static CandleChart candles(Table ohlc) {
        need(ohlc, "time", "open", "high", "low", "close");
        List<Date> x = dates(ohlc, "time");
        ChartTheme t = theme();
        boolean withVolume = ohlc.columnNames().contains("volume") && !x.isEmpty();
        OHLCChart price = new OHLCChartBuilder().width(t.width()).height(t.height()).title(titleOf(ohlc, "Candles"))
                .xAxisTitle("time (UTC)").yAxisTitle("price").build();
        List<Double> o = numbers(ohlc, "open"), h = numbers(ohlc, "high"), l = numbers(ohlc, "low"), cl = numbers(ohlc, "close");
        price.addSeries("candles", x, o, h, l, cl);
        t.apply(price);
        price.getStyler().setLegendVisible(false);
        double lo = min(l), hi = max(h);
        price.getStyler().setyAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.PRICE, lo, hi));
        if (hi > lo) { // the data's own range, set: the candle chart lays its panes out with the series hidden
            price.getStyler().setYAxisMin(lo);
            price.getStyler().setYAxisMax(hi);
        }
        String pattern = datePattern(x);
        price.getStyler().setDatePattern(pattern);
        double[] range = timeRange(x);
        if (range != null) {
            price.getStyler().setXAxisMin(range[0]);
            price.getStyler().setXAxisMax(range[1]);
        }
        XYChart volumePane = null;
        if (withVolume) {
            price.getStyler().setXAxisTicksVisible(false);
            price.getStyler().setXAxisTitleVisible(false);
            List<Double> v = numbers(ohlc, "volume");
            double[] volume = new double[v.size()];
            boolean[] up = new boolean[v.size()];
            for (int i = 0; i < volume.length; i++) {
                volume[i] = v.get(i);
                up[i] = !(cl.get(i) < o.get(i));
            }
            ColumnKind kind = ColumnKind.of(ohlc.column("volume"));
            volumePane = new XYChartBuilder().width(t.width()).height((int) (t.height() * VOLUME_SHARE))
                    .xAxisTitle("time (UTC)").yAxisTitle(ColumnLabels.of("volume", kind)).build();
            // The bars are the VolumeBand below; the series only gives the pane its axes: three points across the time
            // and volume ranges, not drawn (XChart would put its ticks on the values of two evenly spaced ones).
            double most = max(v);
            XYSeries s = volumePane.addSeries("volume", List.of(x.get(0), x.get(x.size() / 2), x.get(x.size() - 1)),
                    List.of(0.0, most * 0.371, most));
            s.setMarker(SeriesMarkers.NONE);
            s.setLineColor(new Color(0, 0, 0, 0));
            t.apply(volumePane);
            var vs = volumePane.getStyler();
            vs.setChartTitleVisible(false);
            vs.setLegendVisible(false);
            vs.setDatePattern(pattern);
            vs.setYAxisMin(0.0);
            double top = Math.max(1e-9, max(v) * 1.08);
            vs.setYAxisMax(top);
            vs.setYAxisTickMarkSpacingHint(38);
            vs.setyAxisTickLabelsFormattingFunction(AxisFormats.of(kind, 0, top));
            if (range != null) {
                vs.setXAxisMin(range[0]);
                vs.setXAxisMax(range[1]);
            }
            volumePane.addAnnotation(new VolumeBand(x, volume, up, 1.0).colors(t.up(), t.down()));
        }
        CandleChart c = new CandleChart(price, volumePane, VOLUME_SHARE);
        THEMED.put(c, Boolean.TRUE);
        return c;
    }

    /** A price line of a history table (time, price), as {@code Clob.pricesHistory(...).table()} gives. */
    public static XYChart line(Table history) {
        need(history, "time", "price");
        return line(history, "time", "price", titleOf(history, "Price"), "price");
    }

    /**
     * Several (time, price) histories on one chart, one line each, named in the legend by their tables' names
     * (the question and outcome, as {@code Clob.pricesHistory(token).table()} names them).
     */
    public static XYChart overlay(List<Table> histories) {
        if (histories == null || histories.isEmpty()) throw new IllegalArgumentException("histories must hold at least one (time, price) table");
        XYChart c = xy(histories.size() == 1 ? titleOf(histories.get(0), "Price") : "Prices of " + histories.size() + " outcomes", "time (UTC)", "price");
        java.util.Set<String> names = new java.util.HashSet<>();
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (Table h : histories) {
            need(h, "time", "price");
            String name = h.name().replaceFirst("^prices of ", "");
            for (int i = 2; !names.add(name); i++) name = h.name() + " (" + i + ")";
            addXY(c, h.column("time"), h.numberColumn("price"), name);
            lo = Math.min(lo, h.numberColumn("price").min());
            hi = Math.max(hi, h.numberColumn("price").max());
        }
        made(c);
        c.getStyler().setMarkerSize(0);
        c.getStyler().setLegendVisible(histories.size() > 1);
        c.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
        if (lo <= hi) c.getStyler().setyAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.PRICE, lo, hi));
        return c;
    }

    /** {@link #overlay(List)} of histories given one by one. */
    public static XYChart overlay(Table... histories) {
        return overlay(histories == null ? List.of() : List.of(histories));
    }

    /** A line of {@code y} over {@code x} (a time column gives a date axis); {@code yLabel} titles the y axis. */
    public static XYChart line(Table t, String x, String y, String title, String yLabel) {
        need(t, x, y);
        return line(t.column(x), numeric(t, y), title, yLabel);
    }

    /** A line of one column over another (a time column gives a date axis); titled by the columns' readable names. */
    public static XYChart line(Column<?> x, NumericColumn<?> y) {
        columns(x, y);
        return line(x, y, words(y) + " by " + words(x), label(y, null));
    }

    private static XYChart line(Column<?> x, NumericColumn<?> y, String title, String yLabel) {
        XYChart c = xy(title, label(x, null), yLabel == null || yLabel.isBlank() ? label(y, null) : yLabel);
        addXY(c, x, y, y.name());
        made(c);
        c.getStyler().setLegendVisible(false);
        c.getStyler().setMarkerSize(0); // lines without markers, also for series added later
        kindAxis(c, ColumnKind.of(y), y);
        if (!isTime(x) && x instanceof NumericColumn<?> n) c.getStyler().setxAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.of(x), values(n)));
        zeroLineIfSigned(c, values(y));
        return c;
    }

    /**
     * A cumulative series as steps (it holds its value until the next change, so no diagonal invents values
     * between them): {@code y} over the time or number column {@code x}, with a zero line when it changes sign.
     */
    public static XYChart steps(Table t, String x, String y, String title, String yLabel) {
        XYChart c = line(t, x, y, title, yLabel);
        for (XYSeries s : c.getSeriesMap().values()) s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
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
        XYChart c = xy("Tokens in the " + samples.name() + " over time", "time since the first sample (s)", "tokens in the bucket");
        List<Double> all = new ArrayList<>();
        for (Column<?> col : samples.columns()) {
            if (col.name().equals("t_s") || !(col instanceof NumericColumn<?>)) continue;
            addXY(c, samples.column("t_s"), (NumericColumn<?>) col, ColumnLabels.words(col.name()));
            for (double v : values((NumericColumn<?>) col)) all.add(v);
        }
        made(c);
        c.getStyler().setMarkerSize(0);
        c.getStyler().setLegendVisible(true);
        c.getStyler().setxAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.NUMBER, values(samples.numberColumn("t_s"))));
        c.getStyler().setyAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.NUMBER, all.stream().mapToDouble(Double::doubleValue).toArray()));
        c.addAnnotation(new ZeroLine(theme().mutedText()));
        return c;
    }

    /**
     * Depth of a book: on each side, the size available at that price or better, as steps from the best price
     * outwards (bids falling to zero at the best bid, asks rising from zero at the best ask; the gap between them
     * is the spread).
     */
    public static XYChart depth(Book book) {
        Args.notNull(book, "book");
        XYChart c = BookCharts.depth("Depth of " + TokenNames.of(book.assetId()), BookCharts.priceTitle(book.bestBid(), book.bestAsk()),
                prices(book.bids(), true, true), prices(book.bids(), true, false), prices(book.asks(), false, true), prices(book.asks(), false, false));
        THEMED.put(c, Boolean.TRUE);
        return c;
    }

    /** The prices (or sizes) of one side's levels, best first. */
    private static double[] prices(List<Level> levels, boolean bids, boolean prices) {
        List<Level> best = Book.bestFirst(levels, bids);
        double[] out = new double[best.size()];
        for (int i = 0; i < out.length; i++) out[i] = (prices ? best.get(i).price() : best.get(i).size()).doubleValue();
        return out;
    }

    // ---- bars -------------------------------------------------------------------------------------------------------

    /**
     * Bars of a numeric column by a category column: vertical for a few short categories or for times (a date
     * axis), horizontal ({@link HorizontalBarChart}) for long labels or many categories, so every label shows.
     */
    public static Chart<CategoryStyler, CategorySeries> bar(Table t, String category, String value, String title) {
        need(t, category, value);
        Chart<CategoryStyler, CategorySeries> c = bar(t.column(category), numeric(t, value));
        c.setTitle(title);
        return c;
    }

    /** Bars of {@code values} by {@code categories}; titled by the columns' readable names. */
    public static Chart<CategoryStyler, CategorySeries> bar(Column<?> categories, NumericColumn<?> values) {
        Args.notNull(categories, "categories");
        Args.notNull(values, "values");
        if (categories.size() != values.size()) {
            throw new IllegalArgumentException("columns '" + categories.name() + "' and '" + values.name() + "' differ in length: "
                    + categories.size() + " and " + values.size());
        }
        ColumnKind kind = ColumnKind.of(values);
        String title = words(values) + " by " + words(categories);
        if (!isTime(categories)) {
            List<String> labels = new ArrayList<>(categories.size());
            boolean longLabels = categories.size() > VERTICAL_BARS;
            for (int i = 0; i < categories.size(); i++) {
                String s = categories.isMissing(i) ? "(none)" : String.valueOf(categories.get(i));
                labels.add(s);
                longLabels |= s.length() > SHORT_LABEL;
            }
            if (longLabels) return horizontal(title, words(categories), label(values, null), labels, values(values), kind);
        }
        ChartTheme th = theme();
        CategoryChart c = new CategoryChartBuilder().width(th.width()).height(th.height()).title(title)
                .xAxisTitle(label(categories, null)).yAxisTitle(label(values, null)).build();
        List<Double> y = numbers(values);
        if (isTime(categories)) {
            List<Date> x = dates(categories);
            c.addSeries(values.name(), x, y);
            made(c);
            c.getStyler().setDatePattern(datePattern(x));
            if (categories.size() > 16) c.getStyler().setXAxisLabelRotation(45);
        } else {
            List<String> x = new ArrayList<>(categories.size());
            for (int i = 0; i < categories.size(); i++) x.add(categories.isMissing(i) ? "(none)" : String.valueOf(categories.get(i)));
            c.addSeries(values.name(), x, y);
            made(c);
        }
        c.getStyler().setLegendVisible(false);
        double[] v = values(values);
        c.getStyler().setyAxisTickLabelsFormattingFunction(AxisFormats.of(kind, withZero(v)));
        zeroLineIfSigned(c, v);
        return c;
    }

    private static HorizontalBarChart horizontal(String title, String categoryTitle, String valueTitle, List<String> labels, double[] values, ColumnKind kind) {
        HorizontalBarChart h = new HorizontalBarChart(title, categoryTitle, valueTitle, labels, values, kind, theme());
        THEMED.put(h, Boolean.TRUE);
        return h;
    }

    /**
     * The equity (PnL) curve of an account, {@code Charts.equity(Accounts.of(a).pnl().table())}: steps (the PnL holds
     * between activity rows), a zero line, money on the axis.
     */
    public static XYChart equity(Table pnl) {
        need(pnl, "time", "pnl");
        XYChart c = steps(pnl, "time", "pnl", "How the account's PnL moved (USDC)", "PnL (USDC)");
        return c;
    }

    /**
     * PnL by market: horizontal bars of total PnL per position, the {@code n} largest in size (gains and losses),
     * gains above losses, from {@code AccountAnalytics.pnlByPosition(...)}; each market's question in full beside its
     * bar (wrapped), a zero line between gains and losses.
     */
    public static HorizontalBarChart pnlByMarket(Table pnlByPosition, int n) {
        need(pnlByPosition, "title", "total_pnl");
        Table t = pnlByPosition.copy();
        t.addColumns(t.numberColumn("total_pnl").abs().setName("size_of_pnl"));
        t = t.sortDescendingOn("size_of_pnl").first(Math.max(1, n)).sortDescendingOn("total_pnl");
        List<String> labels = new ArrayList<>();
        boolean outcomes = t.columnNames().contains("outcome");
        for (int i = 0; i < t.rowCount(); i++) {
            String title = t.stringColumn("title").get(i);
            labels.add(outcomes && !t.stringColumn("outcome").isMissing(i) ? title + " · " + t.stringColumn("outcome").get(i) : title);
        }
        String title = pnlByPosition.isEmpty() ? "PnL by market (no positions)"
                : "Where the PnL came from: the " + t.rowCount() + " markets with the largest gains and losses";
        return horizontal(title, "market · outcome", "total PnL (USDC)", labels, values(t.numberColumn("total_pnl")), ColumnKind.USDC);
    }

    /**
     * Exposure: horizontal bars of current value by event or tag (the table's first column), the 20 largest, from
     * {@code account.exposureByEvent(...)} or {@code exposureByTag(...)}; a title column is used when the table has one.
     */
    public static HorizontalBarChart exposure(Table exposure) {
        need(exposure, exposure.column(0).name(), "value");
        Table t = exposure.first(Math.min(20, exposure.rowCount()));
        Column<?> key = t.column(0);
        String what = ColumnLabels.words(key.name()).replace(" slug", "");
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < t.rowCount(); i++) labels.add(key.isMissing(i) ? "(none)" : String.valueOf(key.get(i)));
        String title = exposure.isEmpty() ? "Exposure (no open positions)"
                : "Where the money sits: value held by " + what + (exposure.rowCount() > t.rowCount() ? ", the " + t.rowCount() + " largest of " + exposure.rowCount() : "");
        return horizontal(title, what, "current value (USDC)", labels, values(t.numberColumn("value")), ColumnKind.USDC);
    }

    // ---- points -----------------------------------------------------------------------------------------------------

    /** Points of {@code y} against {@code x}. */
    public static XYChart scatter(Table t, String x, String y, String title) {
        need(t, x, y);
        XYChart c = scatter(t.column(x), numeric(t, y));
        c.setTitle(title);
        return c;
    }

    /** Points of one column against another (a time column gives a date axis); titled by the columns' readable names. */
    public static XYChart scatter(Column<?> x, NumericColumn<?> y) {
        columns(x, y);
        XYChart c = xy(words(y) + " against " + words(x), label(x, null), label(y, null));
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        addXY(c, x, y, y.name());
        made(c);
        c.getStyler().setMarkerSize(5);
        c.getStyler().setLegendVisible(false);
        c.getStyler().setSeriesColors(new Color[]{alpha(theme().color(0), 140)});
        kindAxis(c, ColumnKind.of(y), y);
        if (!isTime(x) && x instanceof NumericColumn<?> n) c.getStyler().setxAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.of(x), values(n)));
        return c;
    }

    /**
     * Logarithmic axes labelled as powers of ten ({@code 10³}, {@code 10⁻²}): the chart's series are replaced by their
     * base-10 logarithms (values at or below zero are dropped) and the axis labels say the power; the axis titles
     * say "log scale". For XY charts with numeric axes ({@code x} and/or {@code y}); returns the chart.
     */
    public static XYChart logAxes(XYChart chart, boolean x, boolean y) {
        Args.notNull(chart, "chart");
        if (!x && !y) return chart;
        double xlo = Double.POSITIVE_INFINITY, xhi = Double.NEGATIVE_INFINITY, ylo = Double.POSITIVE_INFINITY, yhi = Double.NEGATIVE_INFINITY;
        for (XYSeries s : List.copyOf(chart.getSeriesMap().values())) {
            if (x && s.getxAxisDataType() == Series.DataType.Date) throw new IllegalArgumentException("a time axis cannot be logarithmic");
            double[] xs = s.getXData(), ys = s.getYData();
            List<Double> nx = new ArrayList<>(), ny = new ArrayList<>();
            for (int i = 0; i < xs.length; i++) {
                double a = xs[i], b = ys[i];
                if (x && !(a > 0) || y && !(b > 0)) continue;
                double lx = x ? Math.log10(a) : a, ly = y ? Math.log10(b) : b;
                nx.add(lx);
                ny.add(ly);
                if (s.isEnabled()) {
                    xlo = Math.min(xlo, lx);
                    xhi = Math.max(xhi, lx);
                    ylo = Math.min(ylo, ly);
                    yhi = Math.max(yhi, ly);
                }
            }
            if (nx.isEmpty()) {
                nx.add(Double.NaN);
                ny.add(Double.NaN);
            }
            chart.updateXYSeries(s.getName(), nx, ny, null);
        }
        // Whole decades at both ends (as log axes are drawn), so the ends are labelled powers of ten too.
        XYStyler st = chart.getStyler();
        if (x) {
            decades(xlo, xhi, st::setxAxisTickLabelsFormattingFunction, st::setXAxisMin, st::setXAxisMax);
            chart.setXAxisTitle(chart.getXAxisTitle() + ", log scale");
        }
        if (y) {
            decades(ylo, yhi, st::setyAxisTickLabelsFormattingFunction, st::setYAxisMin, st::setYAxisMax);
            chart.setYAxisTitle(chart.getYAxisTitle() + ", log scale");
        }
        return chart;
    }

    /** One log10 axis over [lo, hi]: labelled in powers of ten, and widened to whole decades when it spans one or more. */
    private static void decades(double lo, double hi, Consumer<Function<Double, String>> labels, Consumer<Double> min, Consumer<Double> max) {
        labels.accept(powersOfTen(hi - lo));
        if (hi - lo >= 1) {
            min.accept(Math.floor(lo));
            max.accept(Math.ceil(hi));
        }
    }

    /** Labels of a log10 axis: 10 to the power at whole powers; across two decades or more, nothing between them. */
    private static Function<Double, String> powersOfTen(double decades) {
        return v -> {
            if (v == null || v.isNaN()) return "";
            long k = Math.round(v);
            if (Math.abs(v - k) < 1e-9) return "10" + superscript(k);
            return decades >= 2 ? "" : AxisFormats.value(ColumnKind.NUMBER, Math.pow(10, v));
        };
    }

    private static String superscript(long k) {
        String digits = "⁰¹²³⁴⁵⁶⁷⁸⁹";
        StringBuilder b = new StringBuilder(k < 0 ? "⁻" : "");
        for (char ch : Long.toString(Math.abs(k)).toCharArray()) b.append(digits.charAt(ch - '0'));
        return b.toString();
    }

    // ---- research: calibration and the tape ------------------------------------------------------------------

    /**
     * A reliability diagram of {@code Research.calibration(...)}: each bin's observed frequency of YES against its mean
     * price, with Wilson 95 % intervals and counts, over the diagonal; the title gives Brier, log loss and the slope.
     */
    public static XYChart calibration(org.marketlab.research.Calibration calibration) {
        return themed(ResearchCharts.calibration(calibration));
    }

    /**
     * A market's trade tape ({@code Markets.trades(market).table()}): trades as points at the first outcome's price,
     * sized by notional, buys green and sells red, over hourly notional bars.
     */
    public static XYChart tape(Table tape) {
        return themed(ResearchCharts.tape(tape));
    }

    // ---- event studies -------------------------------------------------------------------------------------------

    /**
     * An event study ({@code Research.eventStudy(...)}'s table): the mean and median price change in cents around the
     * event, the quartiles as thin lines around them, the event's minute marked.
     */
    public static XYChart eventStudy(Table study) {
        return themed(org.marketlab.charts.EventStudyChart.of(study));
    }

    // ---- images -------------------------------------------------------------------------------------------------

    /** The chart as PNG bytes, at its own size, with its theme. */
    public static byte[] png(Chart<?, ?> chart) {
        Args.notNull(chart, "chart");
        return png(chart, chart.getWidth(), chart.getHeight());
    }

    /** The chart as PNG bytes of {@code width} × {@code height} pixels, with its theme; the chart keeps its own size. */
    public static byte[] png(Chart<?, ?> chart, int width, int height) {
        Args.notNull(chart, "chart");
        if (width < 50 || height < 50 || width > 10_000 || height > 10_000) {
            throw new IllegalArgumentException("width and height must be 50 to 10,000 pixels, were " + width + "×" + height);
        }
        themed(chart);
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

    /** The chart as SVG (UTF-8 text), at its own size, with its theme. */
    public static byte[] svg(Chart<?, ?> chart) {
        Args.notNull(chart, "chart");
        themed(chart);
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
        return new XYChartBuilder().width(theme().width()).height(theme().height()).title(title).xAxisTitle(xLabel).yAxisTitle(yLabel).build();
    }

    /** Tick labels of the y axis by what the column holds (money, percent, prices...). */
    private static void kindAxis(XYChart c, ColumnKind kind, NumericColumn<?> y) {
        c.getStyler().setyAxisTickLabelsFormattingFunction(AxisFormats.of(kind, values(y)));
    }

    private static void zeroLineIfSigned(Chart<?, ?> c, double[] v) {
        boolean neg = false, pos = false;
        for (double d : v) {
            neg |= d < 0;
            pos |= d > 0;
        }
        if (neg) c.addAnnotation(new ZeroLine(theme().mutedText()));
    }

    private static double[] withZero(double[] v) {
        double[] out = java.util.Arrays.copyOf(v, v.length + 1);
        out[v.length] = 0;
        return out;
    }

    private static Color alpha(Color c, int a) {
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), a);
    }

    /** The header of a column as tables show it ("volume (USDC)", "time (UTC)"), or {@code fallback}. */
    private static String label(Column<?> c, String fallback) {
        if (c == null) return fallback;
        ColumnKind kind = isTime(c) ? ColumnKind.TIME : ColumnKind.of(c);
        return ColumnLabels.of(c.name(), kind);
    }

    /** A column's name as words, aggregates renamed, without a unit (for titles). */
    private static String words(Column<?> c) {
        return ColumnLabels.of(c.name(), ColumnKind.TEXT);
    }

    /** A table's name as a chart title, or {@code fallback} when it has none. */
    private static String titleOf(Table t, String fallback) {
        String n = t.name();
        if (n == null || n.isBlank()) return fallback;
        return Character.toUpperCase(n.charAt(0)) + n.substring(1);
    }

    private static void addXY(XYChart c, Column<?> x, NumericColumn<?> y, String name) {
        if (x.size() != y.size()) {
            throw new IllegalArgumentException("columns '" + x.name() + "' and '" + y.name() + "' differ in length: " + x.size() + " and " + y.size());
        }
        if (isTime(x)) {
            List<Date> d = dates(x);
            c.getStyler().setDatePattern(datePattern(d));
            c.addSeries(name, d, numbers(y));
        } else if (x instanceof NumericColumn<?> n) {
            c.addSeries(name, numbers(n), numbers(y));
        } else {
            throw new IllegalArgumentException("column '" + x.name() + "' is " + x.type().name().toLowerCase(Locale.ROOT)
                    + "; an x axis needs numbers or times (instant, date, date-time); for categories use Charts.bar");
        }
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

    /** The x range of candles: from half a candle before the first to half after the last. */
    private static double[] timeRange(List<Date> x) {
        if (x.size() < 2) return null;
        double first = x.get(0).getTime(), last = x.get(x.size() - 1).getTime();
        double half = (last - first) / (x.size() - 1) / 2;
        return new double[]{first - half, last + half};
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

    private static double[] values(NumericColumn<?> n) {
        double[] out = new double[n.size()];
        for (int i = 0; i < out.length; i++) out[i] = n.isMissing(i) ? Double.NaN : n.getDouble(i);
        return out;
    }

    private static double min(List<Double> v) {
        return v.stream().filter(d -> !d.isNaN()).mapToDouble(Double::doubleValue).min().orElse(0);
    }

    private static double max(List<Double> v) {
        return v.stream().filter(d -> !d.isNaN()).mapToDouble(Double::doubleValue).max().orElse(0);
    }

    private static String datePattern(List<Date> times) {
        if (times.size() < 2) return "MMM d HH:mm";
        long span = (times.get(times.size() - 1).getTime() - times.get(0).getTime()) / 1000;
        return AxisFormats.datePattern(Math.abs(span));
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
