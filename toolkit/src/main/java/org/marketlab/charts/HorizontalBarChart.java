package org.marketlab.charts;

import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.CategoryStyler;
import org.marketlab.tables.ColumnKind;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Bars laid along the horizontal axis, one row per category with its label beside it: the form for long category
 * labels (market questions, event titles), where XChart's vertical bars rotate and cut them or drop every other
 * one. Every label is shown: wrapped onto two lines at spaces and hyphens, and when still longer, ended with "…" at a
 * word (the full text stays in the table the chart was drawn from). The chart grows a row per bar so none is
 * squeezed out. Signed values get a zero line and the theme's up and down colours; each bar carries its value.
 *
 * <p>XChart (3.8) has no horizontal bar chart, so this one paints itself; it is an XChart {@link Chart} all the same,
 * so the kernel shows it, and {@code Charts.png} and {@code Charts.svg} write it. Its styler (a
 * {@link CategoryStyler}) holds the fonts and colours it paints with.
 */
public final class HorizontalBarChart extends Chart<CategoryStyler, CategorySeries> implements ChartTheme.Themed {

    private final List<String> labels;
    private final double[] values;
    private final ColumnKind kind;
    private final boolean signed;
    private ChartTheme theme;
    private List<String> drawnTicks = List.of();

    /**
     * @param title         what the chart answers
     * @param categoryTitle what the rows are ("market", "event")
     * @param valueTitle    what the bars measure, with its unit ("total PnL (USDC)")
     * @param labels        one label per bar, top to bottom
     * @param values        one value per bar (NaN draws no bar)
     * @param kind          what the values are, for the tick and bar labels (USDC: "$1.2k")
     */
    public HorizontalBarChart(String title, String categoryTitle, String valueTitle, List<String> labels, double[] values,
                              ColumnKind kind, ChartTheme theme) {
        super(theme.width(), heightFor(labels, theme), new CategoryStyler());
        Objects.requireNonNull(labels, "labels");
        Objects.requireNonNull(values, "values");
        if (labels.size() != values.length) {
            throw new IllegalArgumentException("labels and values differ in length: " + labels.size() + " and " + values.length);
        }
        this.labels = List.copyOf(labels.stream().map(l -> l == null ? "(none)" : l).toList());
        this.values = values.clone();
        this.kind = kind == null ? ColumnKind.NUMBER : kind;
        boolean neg = false, pos = false;
        for (double v : values) {
            neg |= v < 0;
            pos |= v > 0;
        }
        this.signed = neg;
        setTitle(title == null ? "" : title);
        setXAxisTitle(valueTitle == null ? "" : valueTitle);
        setYAxisTitle(categoryTitle == null ? "" : categoryTitle);
        theme(theme);
    }

    /** A height that gives every row room for a two-line label. */
    static int heightFor(List<String> labels, ChartTheme theme) {
        int line = Math.round(theme.tickFont().getSize() * 1.3f);
        boolean twoLines = labels.stream().anyMatch(l -> l != null && l.length() > 38);
        int row = (twoLines ? 2 * line : line) + 12;
        return Math.max(theme.height() * 2 / 3, 46 + 24 + labels.size() * row + 70);
    }

    @Override
    public void theme(ChartTheme t) {
        this.theme = t;
        CategoryStyler s = getStyler();
        t.base(s);
        s.setPlotGridLinesColor(t.grid() == null ? t.background() : t.grid());
        s.setLegendVisible(false);
    }

    /** The bars' labels, top to bottom, as given. */
    public List<String> labels() {
        return labels;
    }

    /** The bars' values, top to bottom. */
    public double[] values() {
        return values.clone();
    }

    /** The value axis's tick labels as last drawn. */
    public List<String> tickLabels() {
        return drawnTicks;
    }

    @Override
    public void paint(Graphics2D g, int width, int height) {
        setWidth(width);
        setHeight(height);
        CategoryStyler s = getStyler();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setColor(s.getChartBackgroundColor());
        g.fill(new Rectangle2D.Double(0, 0, width, height));
        int pad = s.getChartPadding();
        Font titleFont = s.getChartTitleFont(), axisFont = s.getAxisTitleFont(), tickFont = s.getAxisTickLabelsFont();
        FontMetrics tm = g.getFontMetrics(titleFont), am = g.getFontMetrics(axisFont), km = g.getFontMetrics(tickFont);

        double top = pad;
        if (getTitle() != null && !getTitle().isBlank()) {
            g.setFont(titleFont);
            g.setColor(s.getChartFontColor());
            List<String> titleLines = Labels.wrap(getTitle(), width - 2 * pad, tm, 2);
            for (String l : titleLines) {
                top += tm.getAscent();
                g.drawString(l, (float) ((width - tm.stringWidth(l)) / 2.0), (float) top);
                top += tm.getDescent();
            }
            top += 12;
        }
        double bottom = height - pad - (getXAxisTitle().isBlank() ? 0 : am.getHeight() + 6) - km.getHeight() - 8;
        double categoryTitleWidth = getYAxisTitle().isBlank() ? 0 : am.getHeight() + 8;

        // Value labels at the bars' ends need room on the side they stand.
        double lo = 0, hi = 0;
        double valueRoomRight = 0, valueRoomLeft = 0;
        g.setFont(tickFont);
        for (double v : values) {
            if (Double.isNaN(v)) continue;
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
            double w = km.stringWidth(AxisFormats.value(kind, v)) + 8;
            if (v >= 0) valueRoomRight = Math.max(valueRoomRight, w);
            else valueRoomLeft = Math.max(valueRoomLeft, w);
        }
        if (lo == hi) hi = lo + 1;

        double labelWidth = Math.min(width * 0.42, Labels.widest(labels, km, width * 0.42));
        double rowsTop = top, rowsBottom = bottom;
        int n = Math.max(1, labels.size());
        double row = (rowsBottom - rowsTop) / n;
        int lines = Math.max(1, Math.min(2, (int) Math.floor((row - 6) / (km.getHeight() * 0.95))));
        List<List<String>> wrapped = new ArrayList<>();
        double widest = 0;
        for (String l : labels) {
            List<String> w = Labels.wrap(l, labelWidth, km, lines);
            wrapped.add(w);
            for (String part : w) widest = Math.max(widest, km.stringWidth(part));
        }
        double x0 = pad + categoryTitleWidth + widest + 10, x1 = width - pad;
        // The axis from lo to hi, with room for the value labels beyond the longest bars.
        double span = x1 - x0;
        double plotLeft = x0 + (lo < 0 ? valueRoomLeft : 0), plotRight = x1 - valueRoomRight;
        if (plotRight - plotLeft < span * 0.3) {
            plotLeft = x0;
            plotRight = x1;
        }
        double[] ticks = Labels.ticks(lo, hi, Math.max(2, (int) ((plotRight - plotLeft) / 110)));
        double dlo = Math.min(lo, ticks[0]), dhi = Math.max(hi, ticks[ticks.length - 1]);
        double pl = plotLeft, pr = plotRight, dl = dlo, dh = dhi;
        java.util.function.DoubleUnaryOperator sx = v -> pl + (v - dl) / (dh - dl) * (pr - pl);

        // Grid and frame.
        java.util.function.Function<Double, String> tickFormat = AxisFormats.of(kind, dlo, dhi);
        List<String> drawn = new ArrayList<>();
        g.setStroke(new BasicStroke(1f));
        for (double t : ticks) {
            double x = sx.applyAsDouble(t);
            if (s.isPlotGridLinesVisible()) {
                g.setColor(s.getPlotGridLinesColor());
                g.draw(new Line2D.Double(x, rowsTop, x, rowsBottom));
            }
            String label = tickFormat.apply(t);
            drawn.add(label);
            g.setColor(s.getAxisTickLabelsColor());
            g.setFont(tickFont);
            g.drawString(label, (float) (x - km.stringWidth(label) / 2.0), (float) (rowsBottom + 6 + km.getAscent()));
        }
        drawnTicks = List.copyOf(drawn);
        g.setColor(s.getPlotBorderColor());
        g.draw(new Line2D.Double(x0, rowsBottom, x1, rowsBottom));

        // Bars, their values and their labels.
        Color[] palette = s.getSeriesColors();
        Color up = theme.up(), down = theme.down(), one = palette.length > 0 ? palette[0] : theme.color(0);
        double zero = sx.applyAsDouble(0);
        for (int i = 0; i < labels.size(); i++) {
            double y = rowsTop + i * row, mid = y + row / 2;
            double v = values[i];
            if (!Double.isNaN(v)) {
                double bar = Math.max(4, Math.min(row * 0.68, 40));
                double xv = sx.applyAsDouble(v);
                g.setColor(signed ? (v < 0 ? down : up) : one);
                g.fill(new Rectangle2D.Double(Math.min(zero, xv), mid - bar / 2, Math.max(1, Math.abs(xv - zero)), bar));
                String text = AxisFormats.value(kind, v);
                g.setFont(tickFont);
                g.setColor(s.getChartFontColor());
                float ty = (float) (mid + (km.getAscent() - km.getDescent()) / 2.0);
                if (v >= 0) g.drawString(text, (float) (xv + 5), ty);
                else g.drawString(text, (float) (xv - 5 - km.stringWidth(text)), ty);
            }
            List<String> w = wrapped.get(i);
            double blockHeight = w.size() * km.getHeight();
            double ly = mid - blockHeight / 2 + km.getAscent();
            g.setColor(s.getChartFontColor());
            g.setFont(tickFont);
            for (String part : w) {
                g.drawString(part, (float) (x0 - 10 - km.stringWidth(part)), (float) ly);
                ly += km.getHeight();
            }
        }
        // The zero line over the bars' bases.
        g.setColor(theme.mutedText());
        g.setStroke(new BasicStroke(1.2f));
        g.draw(new Line2D.Double(zero, rowsTop, zero, rowsBottom));

        // Axis titles: the value axis's under its ticks, the categories' turned along the left edge.
        g.setFont(axisFont);
        g.setColor(s.getChartFontColor());
        if (!getXAxisTitle().isBlank()) {
            String xt = getXAxisTitle();
            g.drawString(xt, (float) ((plotLeft + plotRight - am.stringWidth(xt)) / 2.0), (float) (rowsBottom + 8 + km.getHeight() + 6 + am.getAscent()));
        }
        if (!getYAxisTitle().isBlank()) {
            AffineTransform saved = g.getTransform();
            String yt = getYAxisTitle();
            g.translate(pad + am.getAscent(), (rowsTop + rowsBottom + am.stringWidth(yt)) / 2.0);
            g.rotate(-Math.PI / 2);
            g.drawString(yt, 0f, 0f);
            g.setTransform(saved);
        }
    }
}
