package org.marketlab.charts;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.series.Series;
import org.knowm.xchart.style.AxesChartStyler;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Round ticks on axes whose data are equally spaced. XChart puts the ticks of an axis on data values whenever the
 * axis's minimum, the distinct values of its series and its maximum, in that order, step evenly (counts 1, 2, 3, ...
 * up to 500 gave ticks at 1, 15, 29, ..., 36 of them). Such an axis is given a maximum a little above the data
 * (1.3% of the span, as a plot's margin would be), which breaks the even steps, so XChart picks round steps
 * (0, 100, 200, ...) as for any other data. An axis whose maximum is already set is left as it is.
 */
final class TickSpacing {

    private TickSpacing() {
    }

    static void unevenXY(XYChart c) {
        if (c.getSeriesMap().isEmpty()) return;
        AxesChartStyler s = c.getStyler();
        Set<Double> xs = new LinkedHashSet<>(), ys = new LinkedHashSet<>();
        boolean dates = false;
        for (XYSeries series : c.getSeriesMap().values()) {
            dates |= series.getxAxisDataType() == Series.DataType.Date;
            for (double v : series.getXData()) xs.add(v);
            for (double v : series.getYData()) ys.add(v);
        }
        if (s.getYAxisMax() == null && !s.isYAxisLogarithmic() && evenlySpaced(ys)) s.setYAxisMax(above(ys));
        if (!dates && s.getXAxisMax() == null && !s.isXAxisLogarithmic() && evenlySpaced(xs)) s.setXAxisMax(above(xs));
    }

    static void unevenCategory(CategoryChart c) {
        if (c.getSeriesMap().isEmpty()) return;
        Set<Double> ys = new LinkedHashSet<>();
        for (CategorySeries s : c.getSeriesMap().values()) for (Number v : s.getYData()) if (v != null) ys.add(v.doubleValue());
        if (c.getStyler().getYAxisMax() == null && !c.getStyler().isYAxisLogarithmic() && evenlySpaced(ys)) c.getStyler().setYAxisMax(above(ys));
    }

    /** Whether the distinct values, in the order first seen, step by the same amount (XChart's own test, near enough). */
    static boolean evenlySpaced(Set<Double> values) {
        List<Double> v = new ArrayList<>();
        for (Double d : values) if (d != null && !d.isNaN() && !d.isInfinite()) v.add(d);
        if (v.size() < 3) return false;
        double step = v.get(1) - v.get(0);
        for (int i = 2; i < v.size(); i++) if (Math.abs(v.get(i) - v.get(i - 1) - step) >= 1e-4) return false;
        return true;
    }

    /** A maximum a little above the values. */
    private static double above(Set<Double> values) {
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (Double d : values) {
            if (d == null || d.isNaN() || d.isInfinite()) continue;
            lo = Math.min(lo, d);
            hi = Math.max(hi, d);
        }
        return hi + Math.max(hi - lo, Math.abs(hi) * 1e-3 + 1e-9) * 0.013;
    }
}
