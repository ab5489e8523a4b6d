package org.marketlab.charts;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The chart of an event study's table ({@code minute}, {@code events}, {@code mean}, {@code q25}, {@code median},
 * {@code q75}): the mean and the median as lines, in cents, the quartiles as thin lines around them, and the event's
 * minute marked by a vertical line.
 */
public final class EventStudyChart {

    private EventStudyChart() {
    }

    /** The chart in the current theme's size and colours (its first colour for the quartiles, its second for the mean); {@code Charts.eventStudy} applies the rest of the theme. */
    public static XYChart of(Table study) {
        ChartTheme t = ChartTheme.current();
        return of(study, t.width(), t.height(), t);
    }

    private static XYChart of(Table study, int width, int height, ChartTheme theme) {
        if (study == null) throw new IllegalArgumentException("study is null; give Research.eventStudy(...)'s table");
        for (String c : List.of("minute", "events", "mean", "q25", "median", "q75")) {
            if (!study.columnNames().contains(c) || !(study.column(c) instanceof NumericColumn<?>)) {
                throw new IllegalArgumentException("an event study table has minute, events, mean, q25, median and q75; '"
                        + study.name() + "' has " + study.columnNames());
            }
        }
        List<Double> x = new ArrayList<>(), mean = new ArrayList<>(), q25 = new ArrayList<>(), median = new ArrayList<>(), q75 = new ArrayList<>();
        boolean hours = study.rowCount() > 1 && span(study) > 180;
        double lo = 0, hi = 0;
        for (int i = 0; i < study.rowCount(); i++) {
            if (((NumericColumn<?>) study.column("events")).getDouble(i) == 0) continue;
            double m = ((NumericColumn<?>) study.column("minute")).getDouble(i);
            x.add(hours ? m / 60 : m);
            mean.add(cents(study, "mean", i));
            q25.add(cents(study, "q25", i));
            median.add(cents(study, "median", i));
            q75.add(cents(study, "q75", i));
            lo = Math.min(lo, q25.get(q25.size() - 1));
            hi = Math.max(hi, q75.get(q75.size() - 1));
        }
        XYChart c = new XYChartBuilder().width(width).height(height).title(title(study.name()))
                .xAxisTitle((hours ? "hours" : "minutes") + " from the event").yAxisTitle("price change (cents)").build();
        c.getStyler().setLocale(Locale.ROOT);
        c.getStyler().setMarkerSize(0);
        c.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        if (x.isEmpty()) {
            c.addSeries("no event had prices in its window", new double[]{0}, new double[]{0});
            return c;
        }
        Color band = theme.color(0);
        XYSeries upper = c.addSeries("upper quartile", x, q75);
        upper.setLineColor(band);
        upper.setLineStyle(SeriesLines.SOLID);
        upper.setLineWidth(1f);
        upper.setMarker(SeriesMarkers.NONE);
        XYSeries lower = c.addSeries("lower quartile", x, q25);
        lower.setLineColor(lighter(band));
        lower.setLineStyle(SeriesLines.SOLID);
        lower.setLineWidth(1f);
        lower.setMarker(SeriesMarkers.NONE);
        XYSeries m = c.addSeries("mean", x, mean);
        m.setLineColor(theme.color(1));
        m.setLineWidth(2.5f);
        m.setMarker(SeriesMarkers.NONE);
        XYSeries med = c.addSeries("median", x, median);
        med.setLineColor(theme.text());
        med.setLineStyle(SeriesLines.DASH_DASH);
        med.setMarker(SeriesMarkers.NONE);
        double pad = Math.max(0.05, (hi - lo) * 0.03);
        XYSeries zero = c.addSeries("the event", new double[]{0, 0}, new double[]{lo - pad, hi + pad});
        zero.setLineColor(theme.mutedText());
        zero.setLineStyle(SeriesLines.DOT_DOT);
        zero.setMarker(SeriesMarkers.NONE);
        return c;
    }

    /** The colour halfway to white: the lower quartile beside the upper one. */
    private static Color lighter(Color c) {
        return new Color((c.getRed() + 255) / 2, (c.getGreen() + 255) / 2, (c.getBlue() + 255) / 2);
    }

    private static double span(Table t) {
        NumericColumn<?> m = (NumericColumn<?>) t.column("minute");
        return m.getDouble(m.size() - 1) - m.getDouble(0);
    }

    private static double cents(Table t, String column, int row) {
        NumericColumn<?> c = (NumericColumn<?>) t.column(column);
        return c.isMissing(row) ? Double.NaN : c.getDouble(row) * 100;
    }

    private static String title(String name) {
        String n = name.replaceFirst(": price change from just before the event$", "");
        return Character.toUpperCase(n.charAt(0)) + n.substring(1) + ": price change from just before the event";
    }
}
