package org.marketlab.sandbox.world;

import java.time.Instant;

/**
 * A token's price over time, computable at any minute in constant time (no walk to replay): a logit-space
 * curve from smooth waves with token-specific phases plus per-minute noise hashed from the token and minute,
 * anchored so that the price at "now" is the market's current price. Bounded in (0, 1); a binary market's
 * second outcome is one minus the first, so the two sum to one. After a closed market's end the price sits
 * at its resolution.
 */
public final class PricePath {

    private final long key;
    private final long startMinute;
    private final long endMinute;
    private final double anchorLogit;
    private final double offset;
    private final boolean complement;
    private final double resolved;
    private final double[] amplitude = new double[4];
    private final double[] period = new double[4];
    private final double[] phase = new double[4];

    /** @param token the token; the path of a market's second outcome is the complement of the first */
    public PricePath(World.Token token, World.Token first, Instant now) {
        Instant end = token.endDate();
        World.Token base = first;
        this.key = mix(Long.parseLong(base.tokenId().substring(0, 15)));
        this.complement = token.index() == 1;
        this.startMinute = base.createdAt().getEpochSecond() / 60;
        this.endMinute = token.closed() ? Math.min(end.getEpochSecond(), now.getEpochSecond()) / 60 : now.getEpochSecond() / 60;
        double p = Math.min(0.98, Math.max(0.02, base.price()));
        this.anchorLogit = Math.log(p / (1 - p));
        for (int i = 0; i < 4; i++) {
            // Short waves are small and long ones large, as beliefs drift slowly and jitter a little.
            amplitude[i] = (0.02 + 0.05 * unit(key, 11 + i)) * (1 + 2 * i);
            period[i] = 60.0 * Math.pow(6, i + 1) * (0.5 + unit(key, 21 + i));
            phase[i] = 2 * Math.PI * unit(key, 31 + i);
        }
        this.offset = anchorLogit - raw(endMinute);
        this.resolved = token.closed() ? token.price() : Double.NaN;
    }

    public long startMinute() {
        return startMinute;
    }

    public long endMinute() {
        return endMinute;
    }

    /** The price at the start of a minute (epoch minutes). */
    public double at(long minute) {
        if (!Double.isNaN(resolved) && minute > endMinute) return resolved;
        double logit = raw(Math.min(minute, endMinute)) + offset;
        double p = 1 / (1 + Math.exp(-logit));
        p = Math.min(0.999, Math.max(0.001, p));
        return complement ? 1 - p : p;
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
        v += 0.01 * (unit(key ^ minute * 0xC2B2AE3D27D4EB4FL, 3) - 0.5);
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
