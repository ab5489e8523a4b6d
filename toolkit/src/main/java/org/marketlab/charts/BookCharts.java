package org.marketlab.charts;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.marketlab.tables.ColumnKind;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

/**
 * The order book's charts, drawn from plain numbers (on a live feed's thread, or from a {@code Book}) in the current
 * {@link ChartTheme}, as every chart of the toolkit: the depth of both sides ({@code feed.depthChart(token)},
 * {@code Charts.depth(book)}), and best prices over time ({@code feed.spreadChart(token)}). Bids take the theme's
 * "up" colour, asks its "down" colour; prices are labelled as prices, sizes as counts of shares.
 */
public final class BookCharts {

    private BookCharts() {
    }

    /**
     * Depth of a book: on each side, the size available at that price or better, as steps from the best price outwards
     * (bids falling to zero at the best bid, asks rising from zero at the best ask; the gap between them is the spread).
     * Prices and sizes best first on each side.
     */
    public static XYChart depth(String title, String priceTitle, double[] bidPrices, double[] bidSizes, double[] askPrices, double[] askSizes) {
        ChartTheme t = ChartTheme.current();
        XYChart c = new XYChartBuilder().width(t.width()).height(t.height()).title(title).xAxisTitle(priceTitle)
                .yAxisTitle("cumulative size (shares)").build();
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
        XYSeries bids = depthSide(c, "bids", bidPrices, bidSizes, true), asks = depthSide(c, "asks", askPrices, askSizes, false);
        if (c.getSeriesMap().isEmpty()) c.addSeries("empty book", new double[]{0, 1}, new double[]{0, 0});
        t.apply(c);
        for (XYSeries s : new XYSeries[]{bids, asks}) {
            if (s == null) continue;
            Color side = s == bids ? t.up() : t.down();
            s.setFillColor(alpha(side, 150));
            s.setLineColor(side);
            s.setMarker(SeriesMarkers.NONE);
        }
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY, top = 0;
        for (XYSeries s : c.getSeriesMap().values()) {
            for (double x : s.getXData()) {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
            for (double y : s.getYData()) top = Math.max(top, y);
        }
        c.getStyler().setYAxisMin(0.0);
        if (lo <= hi) c.getStyler().setxAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.PRICE, lo, hi));
        c.getStyler().setyAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.NUMBER, 0, top));
        return c;
    }

    /** The price axis' title with the best prices: "price (bid 0.63, ask 0.65)". */
    public static String priceTitle(java.math.BigDecimal bestBid, java.math.BigDecimal bestAsk) {
        return "price (bid " + plain(bestBid) + ", ask " + plain(bestAsk) + ")";
    }

    private static String plain(java.math.BigDecimal d) {
        return d == null ? "none" : d.stripTrailingZeros().toPlainString();
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
        ChartTheme t = ChartTheme.current();
        XYChart c = new XYChartBuilder().width(t.width()).height(t.height()).title(title).xAxisTitle("time (UTC)").yAxisTitle("price").build();
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
        XYSeries best = c.addSeries("best bid", x, b), worst = c.addSeries("best ask", x, a);
        XYSeries spread = c.addSeries("spread (right)", x, s);
        spread.setYAxisGroup(1);
        c.setYAxisGroupTitle(1, "spread");
        t.apply(c);
        best.setLineColor(t.up());
        worst.setLineColor(t.down());
        spread.setLineColor(t.color(0));
        spread.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[]{6f, 4f}, 0f));
        c.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        if (x.size() < 2) c.getStyler().setDatePattern("HH:mm:ss");
        double widest = s.stream().filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (List<Double> side : List.of(b, a)) {
            for (double v : side) {
                if (Double.isNaN(v)) continue;
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        // XChart has one tick format for both y axes: prices, to the decimals the narrower of the two ranges needs.
        if (widest > 0 && (lo > hi || 3 * widest < hi - lo)) {
            lo = 0;
            hi = 3 * widest;
        }
        if (lo > hi) { // no prices yet: the whole price range
            lo = 0;
            hi = 1;
        }
        c.getStyler().setyAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.PRICE, lo, hi));
        // The spread's axis from zero to three times its widest, so that its line keeps to the lower part of the plot
        // instead of lying on the best prices' lines.
        if (widest > 0) {
            c.getStyler().setYAxisMin(1, 0.0);
            c.getStyler().setYAxisMax(1, 3 * widest);
        }
        return c;
    }

    private static Color alpha(Color c, int a) {
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), a);
    }
}
