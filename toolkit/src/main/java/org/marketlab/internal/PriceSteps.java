package org.marketlab.internal;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.Table;

import java.time.Instant;

/**
 * The steps of a (time, price) history: each point after the first with the price of the point before, in time order.
 * Returns ({@code Clob.returns}) and jumps ({@code PriceMoves.jumps}) are both read from these steps.
 */
public final class PriceSteps {

    /** One step: the later point's time and price, and the price before it. */
    @FunctionalInterface
    public interface Step {
        void accept(Instant time, double before, double now);
    }

    private PriceSteps() {
    }

    /** Checks {@code history} is a (time, price) table and hands each of its steps, oldest first, to {@code step}. */
    public static void each(Table history, Step step) {
        Table sorted = Args.priceHistory(history).sortAscendingOn("time");
        InstantColumn time = sorted.instantColumn("time");
        DoubleColumn price = sorted.doubleColumn("price");
        for (int i = 1; i < sorted.rowCount(); i++) step.accept(time.get(i), price.getDouble(i - 1), price.getDouble(i));
    }
}
