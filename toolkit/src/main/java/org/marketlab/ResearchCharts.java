package org.marketlab;

import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.marketlab.charts.VolumeBand;
import org.marketlab.research.Calibration;
import org.marketlab.research.Tapes;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;

import java.awt.BasicStroke;
import java.awt.Color;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;

/** The charts of {@link Research}'s results: a reliability diagram and a trade tape. {@link Charts} exposes them. */
final class ResearchCharts {

    private static final Color INTERVAL = new Color(31, 119, 180, 150);
    private static final Color POINTS = new Color(31, 119, 180);

    private ResearchCharts() {
    }

    private static XYChart xy(String title, String x, String y) {
        XYChart c = new XYChartBuilder().width(Charts.WIDTH).height(Charts.HEIGHT).title(title).xAxisTitle(x).yAxisTitle(y).build();
        c.getStyler().setTimezone(TimeZone.getTimeZone("UTC"));
        c.getStyler().setLocale(Locale.ROOT);
        return c;
    }

    /**
     * A reliability diagram: the observed frequency of YES against the mean price of each bin, with its Wilson 95 %
     * interval and its count, over the diagonal a calibrated market would follow; the title gives the Brier score,
     * the log loss and the logistic slope.
     */
    static XYChart calibration(Calibration c) {
        if (c == null) throw new IllegalArgumentException("give a calibration, such as Research.calibration(table, Duration.ofDays(7))");
        String h = label(c.horizon());
        String title = c.isEmpty() ? "Calibration at " + h + ": no markets"
                : String.format(Locale.ROOT, "Calibration at %s: %,d markets, Brier %.3f, log loss %.3f, logit slope %.2f",
                h, c.count(), c.brier(), c.logLoss(), c.logitSlope());
        XYChart chart = xy(title, "price " + h + " before the end", "share that resolved YES");
        chart.getStyler().setXAxisMin(0.0).setXAxisMax(1.0).setYAxisMin(0.0).setYAxisMax(1.0);
        chart.getStyler().setXAxisDecimalPattern("0.0").setYAxisDecimalPattern("0.0");
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setMarkerSize(9);
        XYSeries diagonal = chart.addSeries("calibrated (frequency = price)", new double[]{0, 1}, new double[]{0, 1});
        diagonal.setMarker(SeriesMarkers.NONE);
        diagonal.setLineStyle(SeriesLines.DASH_DASH);
        diagonal.setLineColor(Color.GRAY);
        if (c.isEmpty()) {
            chart.addAnnotation(new AnnotationText(c.message().length() > 90 ? c.message().substring(0, 89) + "…" : c.message(), 0.5, 0.5, false));
            return chart;
        }
        Table t = c.table();
        NumericColumn<?> mean = t.numberColumn("mean_price"), freq = t.numberColumn("frequency");
        NumericColumn<?> lo = t.numberColumn("ci_low"), hi = t.numberColumn("ci_high"), count = t.numberColumn("count");
        for (int i = 0; i < t.rowCount(); i++) {
            XYSeries bar = chart.addSeries("interval " + i, new double[]{mean.getDouble(i), mean.getDouble(i)}, new double[]{lo.getDouble(i), hi.getDouble(i)});
            bar.setMarker(SeriesMarkers.NONE);
            bar.setLineColor(INTERVAL);
            bar.setLineStyle(new BasicStroke(2.5f));
            bar.setShowInLegend(i == 0);
            if (i == 0) bar.setLabel("Wilson 95 % interval");
        }
        XYSeries points = chart.addSeries("observed (label: markets in the bin)", mean.asDoubleArray(), freq.asDoubleArray());
        points.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        points.setMarker(SeriesMarkers.CIRCLE);
        points.setMarkerColor(POINTS);
        for (int i = 0; i < t.rowCount(); i++) {
            double y = freq.getDouble(i) > 0.9 ? freq.getDouble(i) - 0.035 : freq.getDouble(i) + 0.035;
            chart.addAnnotation(new AnnotationText(String.format(Locale.ROOT, "%,d", (long) count.getDouble(i)), mean.getDouble(i) + 0.03, y, false));
        }
        return chart;
    }

    /** The size classes of {@link #tape}'s points, by notional (USDC), with their marker sizes. */
    private static final double[] CLASSES = {100, 1_000, 10_000};
    private static final int[] MARKERS = {3, 6, 10, 15};

    /**
     * A trade tape: each trade a point at the first outcome's price, sized by its notional (four classes), buys of the
     * first outcome green and sells red, over hourly notional bars along the bottom.
     */
    static XYChart tape(Table tape) {
        Tapes.check(tape);
        String name = tape.name() == null ? "tape" : tape.name();
        XYChart chart = xy((name.length() > 80 ? name.substring(0, 79) + "…" : name) + String.format(Locale.ROOT, " (%,d trades)", tape.rowCount()),
                "time (UTC)", "price of the first outcome");
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS).setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setYAxisDecimalPattern("0.00#");
        if (tape.rowCount() == 0) {
            XYSeries none = chart.addSeries("no trades", new double[]{0}, new double[]{0});
            none.setMarker(SeriesMarkers.NONE);
            return chart;
        }
        NumericColumn<?> notional = (NumericColumn<?>) tape.column("notional");
        List<List<Date>> xs = new ArrayList<>();
        List<List<Double>> ys = new ArrayList<>();
        for (int k = 0; k < 2 * MARKERS.length; k++) {
            xs.add(new ArrayList<>());
            ys.add(new ArrayList<>());
        }
        double min = 1, max = 0;
        for (int i = 0; i < tape.rowCount(); i++) {
            if (tape.column("time").isMissing(i)) continue;
            double p = Tapes.yesPrice(tape, i), n = notional.getDouble(i);
            int cls = 0;
            while (cls < CLASSES.length && n >= CLASSES[cls]) cls++;
            int k = cls * 2 + (Tapes.buysYes(tape, i) ? 0 : 1);
            xs.get(k).add(Date.from((Instant) tape.column("time").get(i)));
            ys.get(k).add(p);
            min = Math.min(min, p);
            max = Math.max(max, p);
        }
        String[] names = {"<$100", "$100–1k", "$1k–10k", "≥$10k"};
        for (int k = 0; k < xs.size(); k++) {
            if (xs.get(k).isEmpty()) continue;
            int cls = k / 2;
            boolean buy = k % 2 == 0;
            XYSeries s = chart.addSeries((buy ? "buy " : "sell ") + names[cls], xs.get(k), ys.get(k));
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.CIRCLE);
            s.setMarkerColor(buy ? new Color(19, 150, 60, 150) : new Color(210, 39, 42, 150));
            // XChart sizes markers per chart; a series per class gives each class its own size through its marker.
            s.setMarker(new Sized(MARKERS[cls]));
        }
        double span = Math.max(0.02, max - min);
        chart.getStyler().setYAxisMin(Math.max(0, min - span * 0.35)).setYAxisMax(Math.min(1, max + span * 0.1));
        Table hours = Tapes.byHour(tape);
        List<Date> times = new ArrayList<>();
        double[] volume = new double[hours.rowCount()];
        boolean[] up = new boolean[hours.rowCount()];
        for (int i = 0; i < hours.rowCount(); i++) {
            times.add(Date.from(hours.instantColumn("hour").get(i).plus(Duration.ofMinutes(30))));
            volume[i] = hours.doubleColumn("notional").getDouble(i);
            up[i] = hours.doubleColumn("imbalance").getDouble(i) >= 0;
        }
        chart.addAnnotation(new VolumeBand(times, volume, up, Charts.VOLUME_SHARE));
        return chart;
    }

    /** A circle of its own size, whatever the chart's marker size. */
    private static final class Sized extends org.knowm.xchart.style.markers.Marker {
        private final int size;

        Sized(int size) {
            this.size = size;
        }

        @Override
        public void paint(java.awt.Graphics2D g, double x, double y, int markerSize) {
            g.setStroke(new BasicStroke(1f));
            g.fill(new java.awt.geom.Ellipse2D.Double(x - size / 2.0, y - size / 2.0, size, size));
        }
    }

    private static String label(Duration d) {
        return org.marketlab.research.Horizons.label(d);
    }
}
