package org.marketlab.research;

import org.marketlab.internal.Args;
import org.marketlab.internal.PriceSteps;
import org.marketlab.clob.PriceSeries;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.util.Collection;
import java.util.Locale;

/** Moves in (time, price) tables, as {@code Clob.pricesHistory(...).table()} gives: jumps and a summary per history. */
public final class PriceMoves {

    private PriceMoves() {
    }

    /**
     * The points where the price moved by {@code threshold} or more (price units: 0.05 is five cents) since the point
     * before: {@code time}, {@code before}, {@code price} and {@code change}, in time order. A jump's time is the first
     * point at the new price, the instant an event study aligns on.
     */
    public static Table jumps(Table history, double threshold) {
        Args.priceHistory(history);
        if (!(threshold > 0 && threshold < 1)) {
            throw new IllegalArgumentException("threshold is a price change between 0 and 1 (0.05 is five cents), was " + threshold);
        }
        InstantColumn t = InstantColumn.create("time");
        DoubleColumn before = DoubleColumn.create("before"), after = DoubleColumn.create("price"), change = DoubleColumn.create("change");
        PriceSteps.each(history, (time, was, now) -> {
            if (Double.isNaN(was) || Double.isNaN(now)) return;
            double d = now - was;
            // prices sit on a grid of 0.0001 or coarser: a change is compared to the threshold in those units, so 0.05 means 0.05
            if (Math.round(Math.abs(d) * 1e4) >= Math.round(threshold * 1e4)) {
                t.append(time);
                before.append(was);
                after.append(now);
                change.append(Math.round(d * 1e6) / 1e6);
            }
        });
        String of = history.name().replaceFirst("^prices of ", "");
        return Table.create(String.format(Locale.ROOT, "jumps of %s or more in %s", trim(threshold), of), t, before, after, change);
    }

    /**
     * One row per history, its moves over {@code step} (the last price of each step, {@code Clob.resample}):
     * {@code outcome}, {@code steps} (the changes counted), {@code first_price} and {@code last_price}, {@code change_cents}
     * (last minus first), {@code sd_cents} (the standard deviation of a step's change) and {@code largest_cents} (the
     * largest change of one step, up or down, with its sign); a history with no point has empty cells.
     */
    public static Table moves(Collection<Table> histories, Duration step) {
        if (histories == null || histories.isEmpty()) throw new IllegalArgumentException("histories must hold one or more (time, price) tables");
        if (step == null || step.isNegative() || step.isZero() || step.toSeconds() < 1) {
            throw new IllegalArgumentException("step must be at least one second (e.g. Duration.ofHours(1)), was " + step);
        }
        StringColumn outcome = StringColumn.create("outcome");
        IntColumn steps = IntColumn.create("steps");
        DoubleColumn first = DoubleColumn.create("first_price"), last = DoubleColumn.create("last_price"), change = DoubleColumn.create("change_cents"),
                sd = DoubleColumn.create("sd_cents"), largest = DoubleColumn.create("largest_cents");
        for (Table h : histories) {
            Args.priceHistory(h);
            Table r = PriceSeries.returns(PriceSeries.resample(h, step));
            Table sorted = h.sortAscendingOn("time");
            DoubleColumn p = sorted.doubleColumn("price");
            outcome.append(h.name().replaceFirst("^prices of ", ""));
            steps.append(r.rowCount());
            if (p.isEmpty()) {
                first.appendMissing();
                last.appendMissing();
                change.appendMissing();
            } else {
                first.append(p.getDouble(0));
                last.append(p.getDouble(p.size() - 1));
                change.append(cents(p.getDouble(p.size() - 1) - p.getDouble(0)));
            }
            DoubleColumn c = r.doubleColumn("change");
            if (r.rowCount() < 2) sd.appendMissing();
            else sd.append(cents(c.standardDeviation()));
            if (r.rowCount() == 0) largest.appendMissing();
            else {
                double big = 0;
                for (int i = 0; i < c.size(); i++) if (Math.abs(c.getDouble(i)) > Math.abs(big)) big = c.getDouble(i);
                largest.append(cents(big));
            }
        }
        return Table.create("moves of " + histories.size() + " histor" + (histories.size() == 1 ? "y" : "ies") + " every " + human(step),
                outcome, steps, first, last, change, sd, largest);
    }

    private static double cents(double priceUnits) {
        return Math.round(priceUnits * 100 * 1e4) / 1e4;
    }

    private static String trim(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static String human(Duration d) {
        long s = d.toSeconds();
        if (s % 86_400 == 0) return s / 86_400 == 1 ? "day" : s / 86_400 + " days";
        if (s % 3600 == 0) return s / 3600 == 1 ? "hour" : s / 3600 + " hours";
        if (s % 60 == 0) return s / 60 == 1 ? "minute" : s / 60 + " minutes";
        return s + " s";
    }
}
