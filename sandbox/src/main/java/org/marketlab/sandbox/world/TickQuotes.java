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

    private static final BigDecimal CENT = new BigDecimal("0.01");
    private static final BigDecimal MILL = new BigDecimal("0.001");

    public static BigDecimal tick(World.Token t) {
        return tick(t.tickSize());
    }

    static BigDecimal tick(double size) {
        return size == 0.01 ? CENT : size == 0.001 ? MILL : BigDecimal.valueOf(size);
    }

    /** A price on the token's tick grid, within one tick of 0 and 1. */
    public static BigDecimal round(World.Token t, double p) {
        BigDecimal tick = tick(t);
        return BigDecimal.valueOf(Math.max(1, Math.min(ticks(tick) - 1, onGrid(tick, p))), tick.scale());
    }

    /** Ticks in a whole dollar: 100 for a cent tick. */
    private static long ticks(BigDecimal tick) {
        return Math.round(1 / tick.doubleValue());
    }

    /**
     * The number of ticks nearest {@code p}, halves rounded up, as the decimal {@code BigDecimal.valueOf(p)} gives
     * it; in double arithmetic unless {@code p} lies within a hair of a half tick, where only the decimal is exact
     * (this runs for every open market when the world is generated, and for every level of every book served).
     */
    private static long onGrid(BigDecimal tick, double p) {
        double x = p / tick.doubleValue();
        double fraction = x - Math.floor(x);
        if (p > 0 && Math.abs(fraction - 0.5) > 1e-6) return Math.round(x);
        return BigDecimal.valueOf(p).divide(tick, 0, RoundingMode.HALF_UP).longValueExact();
    }

    private static int halfSpreadTicks(World.Token t) {
        return 1 + (int) (Hash.unit(Hash.mix(t.marketId().hashCode()), 5) * 2);
    }

    /** The best bid when the token's price is {@code price}. */
    public static BigDecimal bid(World.Token t, double price) {
        BigDecimal tick = tick(t);
        long mid = Math.max(1, Math.min(ticks(tick) - 1, onGrid(tick, price)));
        return BigDecimal.valueOf(Math.max(1, mid - halfSpreadTicks(t)), tick.scale());
    }

    /** The best ask when the token's price is {@code price}. */
    public static BigDecimal ask(World.Token t, double price) {
        BigDecimal tick = tick(t);
        long mid = Math.max(1, Math.min(ticks(tick) - 1, onGrid(tick, price)));
        return BigDecimal.valueOf(Math.min(ticks(tick) - 1, mid + halfSpreadTicks(t)), tick.scale());
    }

    /**
     * The price of the token's last trade up to the end of {@code minute} (within the 90 days before it; the path's
     * price then if it has none), on the tick grid: its market's {@link Tape}.
     */
    public static BigDecimal lastTrade(World.Token t, PricePath p, long minute) {
        long m = Math.min(minute, p.endMinute() == Long.MAX_VALUE ? minute : p.endMinute() - 1);
        Tape.Trade last = p.tape().last(t.index(), m * 60 + 59);
        return last != null ? last.price() : round(t, p.at(m));
    }
}
