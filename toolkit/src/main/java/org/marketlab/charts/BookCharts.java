package org.marketlab.charts;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;

/**
 * A live feed's two order-book charts ({@code feed.depthChart(token)}, {@code feed.spreadChart(token)}), drawn from plain
 * numbers on the feed's thread: the depth of both sides, and best prices over time.
 */
public final class BookCharts {

    /** The size of the charts, in points. */
    public static final int WIDTH = 900, HEIGHT = 480;
    private static final String PRICE_PATTERN = "0.00#";
    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

    private BookCharts() {
    }

    /**
     * Depth of a book: on each side, the size available at that price or better, as steps from the best price outwards
     * (bids falling to zero at the best bid, asks rising from zero at the best ask; the gap between them is the spread).
     * Prices and sizes best first on each side.
     */
    public static XYChart depth(String title, double[] bidPrices, double[] bidSizes, double[] askPrices, double[] askSizes) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("price").yAxisTitle("cumulative size").build();
        c.getStyler().setTimezone(UTC);
        c.getStyler().setLocale(Locale.ROOT);
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
        c.getStyler().setMarkerSize(0);
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setXAxisDecimalPattern(PRICE_PATTERN);
        c.getStyler().setLegendPosition(Styler.LegendPosition.InsideN);
        c.getStyler().setSeriesColors(new Color[]{new Color(19, 179, 70, 160), new Color(242, 39, 42, 160)});
        depthSide(c, "bids", bidPrices, bidSizes, true);
        depthSide(c, "asks", askPrices, askSizes, false);
        if (c.getSeriesMap().isEmpty()) c.addSeries("empty book", new double[]{0, 1}, new double[]{0, 0});
        return c;
    }

    /**
     * Adds the step outline of one side of a book to {@code c}: levels best first, x ascending (XChart needs that),
     * the outermost level given a width too. Returns the series, or null for a side with no levels.
     */
    public static XYSeries depthSide(XYChart c, String name, double[] price, double[] size, boolean bids) {
        int n = price.length;
        if (n == 0) return null;
        double[] cum = new double[n];
        double total = 0;
        for (int i = 0; i < n; i++) {
            total += size[i];
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
        return c.addSeries(name, x, y);
    }

    /**
     * Best bid, best ask and the spread over time (the spread on its own axis, right): one point per change of either
     * best price, drawn as steps. Times in ms; a missing price is NaN.
     */
    public static XYChart bestPrices(String title, long[] times, double[] bid, double[] ask) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("time (UTC)").yAxisTitle("price").build();
        c.getStyler().setTimezone(UTC);
        c.getStyler().setLocale(Locale.ROOT);
        c.getStyler().setDatePattern("HH:mm:ss");
        c.getStyler().setMarkerSize(0);
        c.getStyler().setYAxisDecimalPattern(PRICE_PATTERN);
        c.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        c.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        int n = times.length;
        List<Date> x = new ArrayList<>(2 * n);
        List<Double> b = new ArrayList<>(2 * n), a = new ArrayList<>(2 * n), s = new ArrayList<>(2 * n);
        for (int i = 0; i < n; i++) {
            if (i > 0) { // a step: the previous value up to this change
                x.add(new Date(times[i]));
                b.add(bid[i - 1]);
                a.add(ask[i - 1]);
                s.add(ask[i - 1] - bid[i - 1]);
            }
            x.add(new Date(times[i]));
            b.add(bid[i]);
            a.add(ask[i]);
            s.add(ask[i] - bid[i]);
        }
        if (x.isEmpty()) {
            x.add(new Date());
            b.add(Double.NaN);
            a.add(Double.NaN);
            s.add(Double.NaN);
        }
        c.addSeries("best bid", x, b).setLineColor(new Color(19, 179, 70));
        c.addSeries("best ask", x, a).setLineColor(new Color(242, 39, 42));
        XYSeries spread = c.addSeries("spread (right)", x, s);
        spread.setYAxisGroup(1);
        spread.setLineColor(new Color(90, 90, 200));
        spread.setLineStyle(org.knowm.xchart.style.lines.SeriesLines.DASH_DASH);
        c.setYAxisGroupTitle(1, "spread");
        // The spread's axis from zero to three times its widest, so that its line keeps to the lower part of the plot
        // instead of lying on the best prices' lines.
        double widest = s.stream().filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        if (widest > 0) {
            c.getStyler().setYAxisMin(1, 0.0);
            c.getStyler().setYAxisMax(1, 3 * widest);
        }
        return c;
    }
}
