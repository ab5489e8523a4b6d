package org.marketlab.sandbox.world;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A token's book quotes when its price path is at a price: the price on the tick grid, a market-specific half
 * spread of one or two ticks either side, kept within one tick of 0 and 1. The order book serves these at the
 * present; the world's market documents carry them at the anchor, so the two agree.
 */
public final class TickQuotes {

    private TickQuotes() {
    }

    public static BigDecimal tick(World.Token t) {
        return BigDecimal.valueOf(t.tickSize());
    }

    /** A price on the token's tick grid, within one tick of 0 and 1. */
    public static BigDecimal round(World.Token t, double p) {
        BigDecimal tick = tick(t);
        BigDecimal v = BigDecimal.valueOf(p).divide(tick, 0, RoundingMode.HALF_UP).multiply(tick);
        v = v.max(tick).min(BigDecimal.ONE.subtract(tick));
        return v.setScale(tick.scale(), RoundingMode.UNNECESSARY);
    }

    private static int halfSpreadTicks(World.Token t) {
        return 1 + (int) (PricePath.unit(PricePath.mix(t.marketId().hashCode()), 5) * 2);
    }

    /** The best bid when the token's price is {@code price}. */
    public static BigDecimal bid(World.Token t, double price) {
        return round(t, price).subtract(tick(t).multiply(BigDecimal.valueOf(halfSpreadTicks(t)))).max(tick(t));
    }

    /** The best ask when the token's price is {@code price}. */
    public static BigDecimal ask(World.Token t, double price) {
        return round(t, price).add(tick(t).multiply(BigDecimal.valueOf(halfSpreadTicks(t)))).min(BigDecimal.ONE.subtract(tick(t)));
    }

    /** The price of the last minute with trades up to {@code minute}, on the tick grid. */
    public static BigDecimal lastTrade(World.Token t, PricePath p, long minute) {
        long m = Math.min(minute, p.endMinute());
        while (m > p.startMinute() && p.volume(m) == 0) m--;
        return round(t, p.at(m));
    }
}
