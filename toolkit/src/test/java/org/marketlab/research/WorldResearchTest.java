package org.marketlab.research;

import org.junit.jupiter.api.Test;
import org.marketlab.accounts.AccountsSandbox;
import org.marketlab.accounts.MarketTradesQuery;
import org.marketlab.accounts.Trade;
import org.marketlab.markets.Market;
import org.marketlab.markets.MarketData;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the sandbox's world documents (docs/sandbox-world.md), found through the public reads: the resolved markets'
 * favourite–longshot bias, recovered by the calibration within its statistical error, and a market's tape adding up
 * to its published volume.
 */
class WorldResearchTest {

    /** The world's default bias: an outcome priced p a horizon before the end comes true with logistic((1 + x) logit p). */
    private static final double BIAS = 0.07;

    private static double documented(double p) {
        if (p <= 0 || p >= 1) return p;
        return 1 / (1 + Math.exp(-(1 + BIAS) * Math.log(p / (1 - p))));
    }

    /**
     * The world draws each outcome from its price a week before the end (a quarter of its life when that is shorter):
     * markets that lived four weeks or more (a price 28 days out) were drawn at the 7-day horizon. Their calibration
     * there is the documented curve: the least-squares slope equals the curve's on the same prices within four
     * standard errors (plus 0.01 for the neg-risk groups' sharing out), and the logistic slope is 1 + x within its
     * error.
     */
    @Test
    void theCalibrationRecoversTheWorldsDocumentedBias() {
        Duration week = Duration.ofDays(7), fourWeeks = Duration.ofDays(28);
        Table all = ResolvedQuery.of(AccountsSandbox.transport()).horizons(week, fourWeeks).table();
        Table drawnAtAWeek = all.where(all.doubleColumn("price_28d").isNotMissing().and(all.doubleColumn("price_7d").isNotMissing()));
        Calibration c = Calibration.of(drawnAtAWeek, week);
        assertTrue(c.count() > 800, "enough resolved markets drawn a week out: " + c.count() + " of " + all.rowCount());
        double[] p = c.prices();
        int n = p.length;
        double mx = 0;
        for (double v : p) mx += v / n;
        double sxx = 0, sxy = 0, var = 0;
        for (double v : p) sxx += (v - mx) * (v - mx);
        for (double v : p) {
            double q = documented(v), d = (v - mx) / sxx;
            sxy += (v - mx) * q;
            var += d * d * q * (1 - q);
        }
        double slope = sxy / sxx, se = Math.sqrt(var);
        System.out.printf(java.util.Locale.ROOT, "world calibration at 7d: %s; documented curve's slope %.3f (s.e. %.3f)%n", c.message(), slope, se);
        assertEquals(slope, c.slope(), 4 * se + 0.01, c.message());
        assertEquals(1 + BIAS, c.logitSlope(), 4 * c.logitSlopeError() + 0.01, c.message());
    }

    /** The tape's trades in the day and the week before the world's anchor add up to the market's 24-hour and weekly volume. */
    @Test
    void aTapeAddsUpToTheMarketsVolumeForTheWindow() {
        Instant anchor = AccountsSandbox.NOW;
        int checked = 0;
        for (var e : new MarketData(AccountsSandbox.transport()).events().active().closed(false).order("volume24hr").ascending(false).limit(8).list()) {
            for (Market m : e.markets()) {
                if (Boolean.TRUE.equals(m.closed()) || m.volume1wk() == null || m.volume1wk() < 100 || checked >= 4) continue;
                List<Trade> week = MarketTradesQuery.of(AccountsSandbox.transport(), m.conditionId()).from(anchor.minus(Duration.ofDays(7)))
                        .to(anchor.minusSeconds(1)).list();
                double value = week.stream().mapToDouble(t -> t.notional().doubleValue()).sum();
                assertEquals(m.volume1wk(), value, 0.002 * m.volume1wk() + 0.005 * week.size(), m.question() + ": the week's trades against volume1wk");
                double day = week.stream().filter(t -> !t.timestamp().isBefore(anchor.minus(Duration.ofDays(1))))
                        .mapToDouble(t -> t.notional().doubleValue()).sum();
                assertEquals(m.volume24hr(), day, 0.001 * m.volume24hr() + 0.005 * week.size(), m.question() + ": the day's trades against volume24hr");
                Table hours = org.marketlab.Research.tapeByHour(MarketTradesQuery.of(AccountsSandbox.transport(), m.conditionId())
                        .from(anchor.minus(Duration.ofDays(7))).to(anchor.minusSeconds(1)).table());
                assertEquals(value, hours.doubleColumn("notional").sum(), 1e-6 * value, "the hours add up to the tape");
                checked++;
            }
        }
        assertTrue(checked >= 3, "markets checked: " + checked);
    }
}
