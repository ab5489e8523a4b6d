package org.marketlab.research;

import org.junit.jupiter.api.Test;
import org.marketlab.Charts;
import org.marketlab.Research;
import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The calibration's figures against hand-computed ones, the long and wide forms, and its refusals. */
class CalibrationTest {

    private static final Duration WEEK = Duration.ofDays(7);

    private static Table wide(double[] prices, boolean[] won, String[] categories) {
        return Table.create("resolved", DoubleColumn.create("price_7d", prices), BooleanColumn.create("yes_won", won),
                StringColumn.create("category", categories));
    }

    @Test
    void figuresMatchTheirDefinitions() {
        double[] p = {0.1, 0.15, 0.3, 0.55, 0.62, 0.8, 0.95, 0.05};
        boolean[] y = {false, true, false, true, false, true, true, false};
        Calibration c = Research.calibration(wide(p, y, new String[]{"A", "A", "A", "B", "B", "B", "B", "A"}), WEEK);
        double brier = 0, log = 0;
        for (int i = 0; i < p.length; i++) {
            brier += Math.pow(p[i] - (y[i] ? 1 : 0), 2);
            log -= Math.log(y[i] ? p[i] : 1 - p[i]);
        }
        assertEquals(brier / p.length, c.brier(), 1e-12);
        assertEquals(log / p.length, c.logLoss(), 1e-12);
        // The least-squares line, by the textbook formulas.
        double mx = 0, my = 0;
        for (int i = 0; i < p.length; i++) {
            mx += p[i] / p.length;
            my += (y[i] ? 1.0 : 0) / p.length;
        }
        double sxx = 0, sxy = 0;
        for (int i = 0; i < p.length; i++) {
            sxx += (p[i] - mx) * (p[i] - mx);
            sxy += (p[i] - mx) * ((y[i] ? 1 : 0) - my);
        }
        assertEquals(sxy / sxx, c.slope(), 1e-12);
        assertEquals(my - sxy / sxx * mx, c.intercept(), 1e-12);
        assertEquals(8, c.count());
        Table bins = c.table();
        assertEquals(java.util.List.of("bin", "lower", "upper", "mean_price", "frequency", "count", "yes", "ci_low", "ci_high"), bins.columnNames());
        // Bin 0.10-0.20 holds 0.10 and 0.15, one of which won.
        int row = bins.stringColumn("bin").indexOf("0.10–0.20");
        assertEquals(2, bins.intColumn("count").get(row));
        assertEquals(0.125, bins.doubleColumn("mean_price").getDouble(row), 1e-12);
        assertEquals(0.5, bins.doubleColumn("frequency").getDouble(row), 1e-12);
        Table byCategory = c.byCategory();
        assertEquals(4, byCategory.intColumn("markets").get(0));
        assertEquals(2, c.bins(2).table().rowCount());
    }

    /** Wilson's 95 % interval: 5 of 10 gives 0.2366 to 0.7634; 0 of 20 gives 0 to 0.1611 (published values). */
    @Test
    void wilsonIntervals() {
        double[] half = Calibration.wilson(5, 10);
        assertEquals(0.2366, half[0], 1e-4);
        assertEquals(0.7634, half[1], 1e-4);
        double[] none = Calibration.wilson(0, 20);
        assertEquals(0.0, none[0], 1e-12);
        assertEquals(0.1611, none[1], 1e-4);
    }

    /** Outcomes drawn with a known favourite–longshot slope: the logistic fit finds it within its error. */
    @Test
    void theLogisticSlopeRecoversAKnownBias() {
        Random r = new Random(42);
        int n = 20_000;
        double[] p = new double[n];
        boolean[] y = new boolean[n];
        String[] c = new String[n];
        for (int i = 0; i < n; i++) {
            p[i] = 0.02 + 0.96 * r.nextDouble();
            double q = 1 / (1 + Math.exp(-1.3 * Math.log(p[i] / (1 - p[i]))));
            y[i] = r.nextDouble() < q;
            c[i] = "all";
        }
        Calibration cal = Research.calibration(wide(p, y, c), WEEK);
        assertTrue(Math.abs(cal.logitSlope() - 1.3) < 3 * cal.logitSlopeError(), cal.toString());
        assertTrue(cal.logitSlopeError() < 0.05, cal.toString());
        assertTrue(cal.slope() > 1, "a longshot bias tilts the least-squares line above the diagonal's slope: " + cal);
    }

    @Test
    void theLongFormOfAHarvestGivesTheSameCalibration() {
        double[] p = {0.2, 0.4, 0.7, 0.9};
        boolean[] y = {false, false, true, true};
        Table w = wide(p, y, new String[]{"A", "A", "B", "B"});
        Table longForm = Table.create("harvest", StringColumn.create("horizon", "7d", "1d", "7d", "7d", "1d", "7d"),
                DoubleColumn.create("price", 0.2, 0.01, 0.4, 0.7, 0.99, 0.9), BooleanColumn.create("yes_won", false, false, false, true, true, true));
        Calibration a = Research.calibration(w, WEEK), b = Research.calibration(longForm, WEEK);
        assertEquals(a.count(), b.count());
        assertEquals(a.brier(), b.brier(), 1e-15);
        assertEquals(a.table().toString(), b.table().toString().replace("harvest", "resolved"));
    }

    @Test
    void anEmptySetGivesAnEmptyCalibrationWithAMessage() throws Exception {
        Table none = wide(new double[0], new boolean[0], new String[0]);
        Calibration c = Research.calibration(none, WEEK);
        assertTrue(c.isEmpty());
        assertEquals(0, c.table().rowCount());
        assertTrue(Double.isNaN(c.brier()));
        assertTrue(c.message().startsWith("no resolved market with a price 7d before its end"), c.message());
        assertTrue(Charts.png(Charts.calibration(c)).length > 1000);
        Table missingPrices = wide(new double[]{0.5}, new boolean[]{true}, new String[]{"A"});
        missingPrices.doubleColumn("price_7d").setMissing(0);
        Calibration skipped = Research.calibration(missingPrices, WEEK);
        assertEquals(1, skipped.skipped());
        assertTrue(skipped.message().contains("1 without a price there"), skipped.message());
    }

    @Test
    void refusals() {
        Table t = wide(new double[]{0.5}, new boolean[]{true}, new String[]{"A"});
        var noColumn = assertThrows(IllegalArgumentException.class, () -> Research.calibration(t, Duration.ofDays(30)));
        assertTrue(noColumn.getMessage().contains("no price_30d column") && noColumn.getMessage().contains("[price_7d]"), noColumn.getMessage());
        var noOutcome = assertThrows(IllegalArgumentException.class, () -> Research.calibration(t.copy().removeColumns("yes_won"), WEEK));
        assertTrue(noOutcome.getMessage().contains("no yes_won column"), noOutcome.getMessage());
        var outside = assertThrows(IllegalArgumentException.class,
                () -> Research.calibration(wide(new double[]{1.5}, new boolean[]{true}, new String[]{"A"}), WEEK));
        assertTrue(outside.getMessage().contains("prices lie in [0, 1]"), outside.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Research.calibration(null, WEEK));
        assertThrows(IllegalArgumentException.class, () -> Research.calibration(t, null));
        var bins = assertThrows(IllegalArgumentException.class, () -> Research.calibration(t, WEEK).bins(0));
        assertTrue(bins.getMessage().contains("1 to 100"), bins.getMessage());
    }

    @Test
    void byHorizonIsEachHorizonsCalibration() {
        Table t = Table.create("resolved", DoubleColumn.create("price_30d", 0.3, 0.5, 0.6, 0.4), DoubleColumn.create("price_1d", 0.1, 0.9, 0.8, 0.2),
                BooleanColumn.create("yes_won", false, true, true, false));
        Table h = Research.calibrationByHorizon(t);
        assertEquals(java.util.List.of("1d", "30d"), h.stringColumn("horizon").asList());
        assertEquals(Research.calibration(t, Duration.ofDays(30)).brier(), h.doubleColumn("brier").getDouble(1), 1e-15);
        assertEquals(Research.calibration(t, Duration.ofDays(1)).slope(), h.doubleColumn("slope").getDouble(0), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> Research.calibrationByHorizon(t.selectColumns("yes_won")));
    }
}
