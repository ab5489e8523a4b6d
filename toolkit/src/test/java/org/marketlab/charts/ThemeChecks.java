package org.marketlab.charts;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.marketlab.tables.ColumnKind;
import org.marketlab.tables.ColumnLabels;
import org.marketlab.tables.TableFormat;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.awt.Color;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a chart or a table must show to wear the project's look, for the views that are built outside {@code Charts}
 * (the live feeds' charts and tables): checked as they come from the view, before any kernel touches them.
 */
public final class ThemeChecks {

    private ThemeChecks() {
    }

    /**
     * The chart is in the current theme: its width and height (a pane may be shorter), background, fonts, a title and axis titles, compact tick labels (or
     * dates) on both axes, and every series in a colour of the theme (its palette, its up and down colours).
     */
    public static void assertThemed(Chart<?, ?> chart) {
        ChartTheme t = ChartTheme.current();
        String what = "chart '" + chart.getTitle() + "'";
        assertEquals(t.width(), chart.getWidth(), what + ": the theme's width");
        assertTrue(chart.getHeight() <= t.height() && chart.getHeight() >= t.height() / 2, what + ": the theme's height, or a shorter pane of it: " + chart.getHeight());
        var s = chart.getStyler();
        assertEquals(t.background(), s.getChartBackgroundColor(), what + ": the theme's background");
        assertEquals(t.background(), s.getPlotBackgroundColor(), what + ": the theme's plot background");
        assertEquals(t.titleFont().getFamily(), s.getChartTitleFont().getFamily(), what + ": the theme's title font");
        assertTrue(s.getChartTitleFont().getSize2D() <= t.titleFont().getSize2D(), what + ": the title at most the theme's size");
        assertFalse(chart.getTitle() == null || chart.getTitle().isBlank(), what + ": a title");
        if (s instanceof AxesChartStyler a) {
            assertEquals(t.tickFont(), a.getAxisTickLabelsFont(), what + ": the theme's tick font");
            assertEquals(t.labelFont(), a.getAxisTitleFont(), what + ": the theme's axis title font");
            assertFalse(chart.getXAxisTitle() == null || chart.getXAxisTitle().isBlank(), what + ": an x axis title");
            assertFalse(chart.getYAxisTitle() == null || chart.getYAxisTitle().isBlank(), what + ": a y axis title");
            assertTrue(a.getyAxisTickLabelsFormattingFunction() != null && AxisFormats.isCompact(a.getyAxisTickLabelsFormattingFunction()),
                    what + ": compact y tick labels");
        }
        if (chart instanceof XYChart xy) {
            boolean dates = xy.getSeriesMap().values().stream().anyMatch(x -> x.getxAxisDataType() == org.knowm.xchart.internal.series.Series.DataType.Date);
            var f = xy.getStyler().getxAxisTickLabelsFormattingFunction();
            assertTrue(dates ? xy.getStyler().getDatePattern() != null : f != null && AxisFormats.isCompact(f), what + ": compact x tick labels or dates");
            Set<Integer> colours = new HashSet<>();
            for (Color c : t.palette()) colours.add(c.getRGB() & 0xFFFFFF);
            colours.add(t.up().getRGB() & 0xFFFFFF);
            colours.add(t.down().getRGB() & 0xFFFFFF);
            for (XYSeries series : xy.getSeriesMap().values()) {
                Color line = series.getLineColor() != null ? series.getLineColor() : s.getSeriesColors()[0];
                assertTrue(colours.contains(line.getRGB() & 0xFFFFFF), what + ": series '" + series.getName() + "' in a colour of the theme, was " + line);
            }
        }
    }

    /**
     * The table reads like the toolkit's others: every header in words (no wire names with underscores or camel case),
     * times as instants (shown in UTC), prices as prices, long hex as identifiers, and no cell in E-notation.
     */
    public static void assertReadable(Table table) {
        int[] rows = IntStream.range(0, table.rowCount()).toArray();
        for (Column<?> c : table.columns()) {
            ColumnKind kind = ColumnKind.of(c);
            String header = ColumnLabels.of(c.name(), kind);
            String what = "table '" + table.name() + "', column '" + c.name() + "' (" + header + ")";
            assertFalse(header.contains("_") || header.matches(".*[a-z][A-Z][a-z].*"), what + ": a header in words");
            String n = c.name().toLowerCase(java.util.Locale.ROOT);
            if (n.endsWith("time") || n.equals("created") || n.equals("updated")) {
                assertTrue(c instanceof InstantColumn, what + ": a time is an instant");
            }
            if (n.equals("price")) assertEquals(ColumnKind.PRICE, kind, what);
            for (String cell : TableFormat.cells(c, rows)) {
                assertFalse(cell.matches(".*\\d[eE]-?\\d.*") && kind != ColumnKind.ID && kind != ColumnKind.TEXT, what + ": E-notation " + cell);
                if (cell.matches("0x[0-9a-fA-F]{40,}")) assertNotEquals(ColumnKind.TEXT, kind, what + ": long hex as text");
            }
        }
    }

    /** About how wide a notebook's output area is, in em of a table's text: the kernel lays tables out within it. */
    public static final double PAGE_EM = 64;

    /**
     * The table fits a notebook's page as the kernel lays it out (numbers, times, ids and short text on one line,
     * headers wrapping between words, long text wrapping down to 10 em a column): a reader sees every column without
     * scrolling sideways. Returns the width it needs, in em.
     */
    public static double assertFitsThePage(Table table) {
        var shown = org.marketlab.tables.TableView.of(table, IntStream.range(0, table.rowCount()).toArray());
        double em = 2.5; // the row numbers
        for (var c : shown) {
            int longest = 0;
            for (String t : c.text()) if (t != null) longest = Math.max(longest, t.length());
            if (!c.right() && c.kind() == ColumnKind.TEXT && longest > 28) {
                em += 10; // long text wraps, down to this narrow
                continue;
            }
            int header = 0;
            for (String w : c.label().split(" ")) header = Math.max(header, w.length());
            em += 0.6 * Math.max(longest, header) + 1.2;
        }
        assertTrue(em <= PAGE_EM, "table '" + table.name() + "' needs about " + Math.round(em) + " em, wider than the page's " + PAGE_EM
                + ": " + table.columnCount() + " columns " + table.columnNames());
        return em;
    }
}
