package org.marketlab.clob;

import org.junit.jupiter.api.Test;
import org.marketlab.Charts;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PriceSeriesTest {

    private static final Instant T0 = Instant.parse("2026-11-20T10:00:00Z");

    private static Table history(String name, int[] minutes, double[] prices) {
        Instant[] t = new Instant[minutes.length];
        for (int i = 0; i < t.length; i++) t[i] = T0.plusSeconds(60L * minutes[i]);
        return Table.create(name, InstantColumn.create("time", t), DoubleColumn.create("price", prices));
    }

    @Test
    void resampleKeepsTheLastPriceOfEachStepAndSkipsEmptySteps() {
        Table h = history("prices of Rain? · Yes", new int[]{0, 20, 59, 61, 185}, new double[]{0.5, 0.52, 0.55, 0.56, 0.6});
        Table r = PriceSeries.resample(h, Duration.ofHours(1));
        assertEquals("prices of Rain? · Yes every 1h", r.name());
        assertEquals(3, r.rowCount(), "10:00, 11:00 and 13:00; nothing invented for 12:00");
        assertEquals(T0, r.instantColumn("time").get(0));
        assertEquals(0.55, r.doubleColumn("price").get(0));
        assertEquals(0.56, r.doubleColumn("price").get(1));
        assertEquals(T0.plusSeconds(3 * 3600), r.instantColumn("time").get(2));
        assertThrows(IllegalArgumentException.class, () -> PriceSeries.resample(h, Duration.ZERO));
        var bad = assertThrows(IllegalArgumentException.class, () -> PriceSeries.resample(Table.create("x"), Duration.ofHours(1)));
        assertTrue(bad.getMessage().contains("(time, price)"), bad.getMessage());
    }

    @Test
    void returnsAreChangesAndLogRatiosOfConsecutivePoints() {
        Table r = PriceSeries.returns(history("prices of Rain? · Yes", new int[]{0, 1, 2}, new double[]{0.5, 0.6, 0.3}));
        assertEquals("returns of Rain? · Yes", r.name());
        assertEquals(2, r.rowCount());
        assertEquals(0.1, r.doubleColumn("change").get(0), 1e-12);
        assertEquals(Math.log(0.6 / 0.5), r.doubleColumn("logReturn").get(0), 1e-12);
        assertEquals(Math.log(0.5), r.doubleColumn("logReturn").get(1), 1e-12);
    }

    @Test
    void overlayDrawsOneNamedLinePerHistory() {
        var a = history("prices of Rain? · Yes", new int[]{0, 1, 2}, new double[]{0.5, 0.6, 0.3});
        var b = history("prices of Snow? · Yes", new int[]{0, 1, 2}, new double[]{0.2, 0.25, 0.3});
        var c = Charts.overlay(a, b);
        assertEquals("Prices of 2 outcomes", c.getTitle());
        assertEquals(java.util.Set.of("Rain? · Yes", "Snow? · Yes"), c.getSeriesMap().keySet());
        assertTrue(Charts.png(c).length > 5_000);
        assertThrows(IllegalArgumentException.class, () -> Charts.overlay());
    }
}
