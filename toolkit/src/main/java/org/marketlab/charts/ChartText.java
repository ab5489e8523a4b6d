package org.marketlab.charts;

import org.knowm.xchart.internal.chartpart.AxisTickCalculator;
import org.knowm.xchart.internal.chartpart.Chart;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The words a painted chart shows: its title, its axis titles and the tick labels of its axes, so that a check can
 * read what a reader reads (no E-notation, a title, axis titles with units) without looking at pixels. Read after
 * the chart has been painted; XChart keeps the tick labels it drew inside its axes, reached here by reflection
 * (XChart has no public accessor), so an XChart version without them gives empty tick lists, never an error.
 *
 * @param title       the chart's title
 * @param xAxisTitle  the horizontal axis's title
 * @param yAxisTitle  the vertical axis's title
 * @param xTickLabels the horizontal axis's tick labels (categories, dates or numbers)
 * @param yTickLabels the vertical axis's tick labels (of every pane, top first)
 */
public record ChartText(String title, String xAxisTitle, String yAxisTitle, List<String> xTickLabels, List<String> yTickLabels) {

    /** What {@code chart} showed when it was last painted. */
    public static ChartText of(Chart<?, ?> chart) {
        Objects.requireNonNull(chart, "chart");
        if (chart instanceof HorizontalBarChart h) {
            return new ChartText(h.getTitle(), h.getXAxisTitle(), h.getYAxisTitle(), h.tickLabels(), h.labels());
        }
        if (chart instanceof CandleChart c) {
            ChartText p = of(c.price());
            List<String> y = new ArrayList<>(p.yTickLabels());
            List<String> x = p.xTickLabels();
            if (c.volume().isPresent()) {
                ChartText v = of(c.volume().get());
                y.addAll(v.yTickLabels());
                x = v.xTickLabels();
            }
            return new ChartText(c.getTitle(), c.getXAxisTitle(), c.getYAxisTitle(), x, y);
        }
        return new ChartText(nz(chart.getTitle()), nz(chart.getXAxisTitle()), nz(chart.getYAxisTitle()), ticks(chart, "xAxis"), ticks(chart, "yAxis"));
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static List<String> ticks(Chart<?, ?> chart, String axis) {
        try {
            Field pairField = Chart.class.getDeclaredField("axisPair");
            pairField.setAccessible(true);
            Object pair = pairField.get(chart);
            if (pair == null) return List.of();
            Field axisField = pair.getClass().getDeclaredField(axis);
            axisField.setAccessible(true);
            Object a = axisField.get(pair);
            if (a == null) return List.of();
            Method calculator = a.getClass().getMethod("getAxisTickCalculator");
            Object calc = calculator.invoke(a);
            if (!(calc instanceof AxisTickCalculator t) || !(a instanceof org.knowm.xchart.internal.chartpart.ChartPart part)) return List.of();
            // XChart computes ticks beyond both ends and draws those strictly inside the axis's length, as here.
            double length = axis.equals("xAxis") ? part.getBounds().getWidth() : part.getBounds().getHeight();
            List<String> out = new ArrayList<>();
            List<String> labels = t.getTickLabels();
            List<Double> at = t.getTickLocations();
            for (int i = 0; i < labels.size() && i < at.size(); i++) {
                String s = labels.get(i);
                double loc = at.get(i);
                if (s != null && !s.isEmpty() && loc > 0 && loc < length) out.add(s);
            }
            return List.copyOf(out);
        } catch (ReflectiveOperationException | RuntimeException unavailable) {
            return List.of();
        }
    }
}
