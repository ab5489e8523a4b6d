package org.marketlab.clob;

import org.marketlab.internal.Args;
import org.marketlab.internal.PriceSteps;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * Arithmetic on (time, price) tables, as {@code Clob.pricesHistory(...).table()} gives: resampling to a regular
 * step and returns. Rows are taken in time order; the results keep the table's name with what was done to it.
 */
public final class PriceSeries {

    private PriceSeries() {
    }

    /**
     * The last price in each step of {@code step} (aligned to the epoch, UTC), at the step's start; steps with no
     * point are left out (nothing is invented).
     */
    public static Table resample(Table history, Duration step) {
        Args.priceHistory(history);
        if (step == null || step.isNegative() || step.isZero() || step.toSeconds() < 1) {
            throw new IllegalArgumentException("step must be at least one second (e.g. Duration.ofHours(1)), was " + step);
        }
        Table sorted = history.sortAscendingOn("time");
        InstantColumn time = sorted.instantColumn("time");
        DoubleColumn price = sorted.doubleColumn("price");
        InstantColumn outTime = InstantColumn.create("time");
        DoubleColumn outPrice = DoubleColumn.create("price");
        long s = step.toSeconds();
        long bucket = Long.MIN_VALUE;
        for (int i = 0; i < sorted.rowCount(); i++) {
            if (time.isMissing(i) || price.isMissing(i)) continue;
            long b = Math.floorDiv(time.get(i).getEpochSecond(), s);
            if (b != bucket) {
                outTime.append(Instant.ofEpochSecond(b * s));
                outPrice.append(price.getDouble(i));
                bucket = b;
            } else {
                outPrice.set(outPrice.size() - 1, price.getDouble(i));
            }
        }
        return Table.create(history.name() + " every " + human(step), outTime, outPrice);
    }

    /**
     * Returns between consecutive points: {@code change} (price minus the one before, in price units) and
     * {@code logReturn} (ln of their ratio); the first row, having no point before it, is dropped.
     */
    public static Table returns(Table history) {
        InstantColumn t = InstantColumn.create("time");
        DoubleColumn p = DoubleColumn.create("price"), change = DoubleColumn.create("change"), log = DoubleColumn.create("logReturn");
        PriceSteps.each(history, (time, before, now) -> {
            t.append(time);
            p.append(now);
            change.append(now - before);
            log.append(before > 0 && now > 0 ? Math.log(now / before) : Double.NaN);
        });
        return Table.create("returns of " + history.name().replaceFirst("^prices of ", ""), t, p, change, log);
    }

    static String human(Duration d) {
        long s = d.toSeconds();
        if (s % 86_400 == 0) return s / 86_400 + "d";
        if (s % 3600 == 0) return s / 3600 + "h";
        if (s % 60 == 0) return s / 60 + "m";
        return String.format(Locale.ROOT, "%ds", s);
    }
}
