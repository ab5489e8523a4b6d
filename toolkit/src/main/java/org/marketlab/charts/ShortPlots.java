package org.marketlab.charts;

import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;

import java.util.function.DoubleSupplier;

/**
 * Reading y positions in a plot shorter than the x axis's tick spacing hint. XChart (3.8) maps a y value to the
 * screen by comparing the y axis's length with the <em>x</em> axis's tick spacing hint, and when the axis is the
 * shorter it answers the middle of the axis for every value: every volume bar in the candles' volume pane would be
 * the same height. Annotations read their y positions through {@link #y}, which lowers that hint for the reading
 * (the axes are painted by then, so nothing else sees it).
 */
final class ShortPlots {

    private ShortPlots() {
    }

    /** What {@code read} answers with XChart's y mapping in force whatever the plot's height. */
    static double y(Chart<?, ?> chart, DoubleSupplier read) {
        if (chart == null || !(chart.getStyler() instanceof AxesChartStyler s)) return read.getAsDouble();
        int hint = s.getXAxisTickMarkSpacingHint();
        s.setXAxisTickMarkSpacingHint(0);
        try {
            return read.getAsDouble();
        } finally {
            s.setXAxisTickMarkSpacingHint(hint);
        }
    }
}
