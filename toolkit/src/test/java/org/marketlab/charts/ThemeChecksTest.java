package org.marketlab.charts;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.marketlab.Charts;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.awt.Color;

import static org.junit.jupiter.api.Assertions.assertThrows;

/** The checks the live views are held to catch what they look for: an unthemed chart, a wire-named table. */
class ThemeChecksTest {

    @Test
    void aChartMadeOutsideTheThemeFailsAndTheBookChartsPass() {
        XYChart raw = new XYChartBuilder().width(900).height(480).title("Depth").xAxisTitle("price").yAxisTitle("size").build();
        raw.addSeries("bids", new double[]{0.4, 0.5}, new double[]{10, 0});
        assertThrows(AssertionError.class, () -> ThemeChecks.assertThemed(raw), "XChart's own look");
        XYChart coloured = BookCharts.depth("Depth", "price", new double[]{0.5, 0.4}, new double[]{10, 20}, new double[]{0.6}, new double[]{5});
        coloured.getSeriesMap().get("bids").setLineColor(new Color(19, 179, 70));
        assertThrows(AssertionError.class, () -> ThemeChecks.assertThemed(coloured), "a colour of its own");
        ThemeChecks.assertThemed(BookCharts.depth("Depth", "price", new double[]{0.5, 0.4}, new double[]{10, 20}, new double[]{0.6}, new double[]{5}));
        ThemeChecks.assertThemed(BookCharts.depth("Depth", "price", new double[0], new double[0], new double[0], new double[0]));
        ThemeChecks.assertThemed(BookCharts.bestPrices("Best prices", new long[]{1_700_000_000_000L, 1_700_000_060_000L},
                new double[]{0.5, 0.51}, new double[]{0.53, 0.52}));
        ThemeChecks.assertThemed(BookCharts.bestPrices("Best prices", new long[0], new double[0], new double[0]));
    }

    @Test
    void aChartKeepsFollowingTheThemeAfterItChanges() {
        ChartTheme before = Charts.theme();
        try {
            Charts.theme(before.withFont("DejaVu Serif").withSize(1000, 520));
            ThemeChecks.assertThemed(BookCharts.depth("Depth", "price", new double[]{0.5}, new double[]{10}, new double[]{0.6}, new double[]{5}));
        } finally {
            Charts.theme(before);
        }
    }

    @Test
    void aTableWithWireNamesOrTextNumbersFails() {
        Table wire = Table.create("t", DoubleColumn.create("price", 0.5), StringColumn.create("matchTime", "2026-01-01"));
        assertThrows(AssertionError.class, () -> ThemeChecks.assertReadable(wire));
        Table textTime = Table.create("t", StringColumn.create("time", "2026-01-01T00:00:00Z"));
        assertThrows(AssertionError.class, () -> ThemeChecks.assertReadable(textTime));
        ThemeChecks.assertReadable(Table.create("t", DoubleColumn.create("price", 0.5), DoubleColumn.create("size", 12.5)));
    }
}
