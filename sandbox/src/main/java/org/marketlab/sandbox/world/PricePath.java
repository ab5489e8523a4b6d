package org.marketlab.sandbox.world;

import java.time.Instant;

/**
 * A token's price over time, computable at any minute in constant time (no walk to replay), so that a history
 * reaches whatever minute is asked for: a logit-space curve from smooth waves (a day to half a year long, the
 * long ones larger, as beliefs drift slowly and jitter a little) with token-specific phases, plus per-minute
 * noise hashed from the token and minute. An open market's path passes through its current price at the world's
 * anchor and runs on past it; a closed market's path trades near a price of its own and converges on its
 * resolution over the last part of its life, then sits there. Bounded in (0, 1); a binary market's second
 * outcome is one minus the first, so the two sum to one.
 */
public final class PricePath {

    /** The waves' base amplitudes (logit) and periods (minutes): a day, six days, a month, half a year. */
    private static final double[] AMPLITUDES = {0.005, 0.05, 0.15, 0.3};
    private static final double[] PERIODS = {1440, 8640, 43_200, 259_200};

    private final long key;
    private final long startMinute;
    private final long endMinute;
    private final double offset;
    private final boolean complement;
    /** The first outcome's resolution, or NaN while the market is open. */
    private final double resolved;
    /** Minutes over which a closed market's price converges on its resolution. */
    private final double settle;
    private final double[] amplitude = new double[4];
    private final double[] period = new double[4];
    private final double[] phase = new double[4];

    /**
     * @param token  the token; the path of a market's second outcome is the complement of the first
     * @param first  the market's first outcome
     * @param anchor the world's anchor, where an open market's path passes through its current price
     */
    public PricePath(World.Token token, World.Token first, Instant anchor) {
        this.key = mix(Long.parseLong(first.tokenId().substring(0, 15)));
        this.complement = token.index() == 1;
        this.startMinute = first.createdAt().getEpochSecond() / 60;
        long anchorMinute = anchor.getEpochSecond() / 60;
        boolean closed = first.closed();
        this.endMinute = closed ? Math.max(startMinute, Math.min(first.endDate().getEpochSecond() / 60, anchorMinute)) : Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            amplitude[i] = AMPLITUDES[i] * (1 + 2 * unit(key, 11 + i));
            period[i] = PERIODS[i] * (0.5 + unit(key, 21 + i));
            phase[i] = 2 * Math.PI * unit(key, 31 + i);
        }
        double p;
        if (closed) {
            // Before the outcome was known the market traded somewhere in between.
            p = 0.15 + 0.7 * unit(key, 41);
            this.resolved = first.price();
            this.settle = Math.max(60, Math.min(7 * 1440, (endMinute - startMinute) / 4.0));
        } else {
            p = Math.min(0.998, Math.max(0.002, first.price()));
            this.resolved = Double.NaN;
            this.settle = 1;
        }
        this.offset = Math.log(p / (1 - p)) - raw(closed ? endMinute : anchorMinute);
    }

    public long startMinute() {
        return startMinute;
    }

    /** A closed market's last trading minute; {@link Long#MAX_VALUE} for an open market. */
    public long endMinute() {
        return endMinute;
    }

    /** The price at the start of a minute (epoch minutes). */
    public double at(long minute) {
        double q;
        if (!Double.isNaN(resolved) && minute >= endMinute) {
            q = resolved;
        } else {
            q = 1 / (1 + Math.exp(-(raw(minute) + offset)));
            q = Math.min(0.999, Math.max(0.001, q));
            if (!Double.isNaN(resolved)) {
                double w = Math.exp(-(endMinute - minute) / settle);
                q = q * (1 - w) + resolved * w;
            }
        }
        return complement ? 1 - q : q;
    }

    /** Shares traded in a minute: mostly quiet, now and then busy. */
    public double volume(long minute) {
        if (minute < startMinute || minute > endMinute) return 0;
        double u = unit(key ^ minute * 0x9E3779B97F4A7C15L, 7);
        return u < 0.7 ? 0 : Math.round(Math.exp(2 + 3 * unit(key ^ minute, 9)) * 100) / 100.0;
    }

    private double raw(long minute) {
        double t = minute - startMinute;
        double v = 0;
        for (int i = 0; i < 4; i++) v += amplitude[i] * Math.sin(2 * Math.PI * t / period[i] + phase[i]);
        v += 0.004 * (unit(key ^ minute * 0xC2B2AE3D27D4EB4FL, 3) - 0.5);
        return v;
    }

    public static double unit(long x, int salt) {
        return (mix(x * 31 + salt) >>> 11) * 0x1.0p-53;
    }

    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
