package org.marketlab.sandbox.perps;

import org.marketlab.sandbox.world.Hash;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Each instrument's funding rate per 8-hour interval, the same for every account of a world: the premium of the
 * perpetual over its index (the basis) plus interest, which drifts slowly, so that the rate keeps its sign for days
 * to weeks at a time. An AR(1) per 8 hours with persistence {@value #PERSISTENCE} around a mean that is positive (longs
 * usually pay: the perpetual trades above its index), larger for the crypto instruments, capped at
 * ±{@value #CAP} (0.05 %) an interval.
 */
final class FundingRates {

    static final double PERSISTENCE = 0.97;
    static final double CAP = 0.0005;
    private static final long INTERVAL = 8 * 3_600_000L;
    /** Steps of the recursion before the one asked for: long enough to forget where it started. */
    private static final int BURN_IN = 150;

    private FundingRates() {
    }

    /** The mean rate of instrument {@code i} (index into the account's instrument table): crypto 0.01 %, others 0.004 %. */
    static double mean(int i) {
        return i >= 5 ? 0.0001 : 0.00004;
    }

    /** The rate of instrument {@code i} for the interval ending at {@code millis}, to 8 decimals. */
    static BigDecimal rate(long worldSeed, int i, long millis) {
        long step = Math.floorDiv(millis, INTERVAL);
        long key = Hash.key(worldSeed, 0xF00D + i);
        double x = mean(i), sd = 0.00003;
        for (long k = step - BURN_IN; k <= step; k++) {
            x = PERSISTENCE * x + (1 - PERSISTENCE) * mean(i) + sd * Hash.normal(key, k);
        }
        double capped = Math.max(-CAP, Math.min(CAP, x));
        return BigDecimal.valueOf(capped).setScale(8, RoundingMode.HALF_UP);
    }
}
