package org.marketlab.sandbox.world;

/**
 * Noise that reverts to zero: an hourly AR(1) with a four-hour e-folding time, linear between the hours. It stands
 * for what moves a price without news (orders that push it, a thin book): deviations that fade within hours. Each
 * hour's value is the sum of its last {@value #TERMS} shocks, so any hour is found on its own.
 */
final class Jitter {

    static final int TERMS = 17;
    private static final double RHO = Math.exp(-1 / 4.0);
    private static final double[] WEIGHTS = new double[TERMS];

    static {
        double c = Math.sqrt(1 - RHO * RHO);
        for (int k = 0; k < TERMS; k++) WEIGHTS[k] = c * Math.pow(RHO, k);
    }

    private final long key;
    private final double sd;

    Jitter(long key, double sd) {
        this.key = key;
        this.sd = sd;
    }

    double at(long minute) {
        return new Cursor().at(minute);
    }

    /** The value at the start of an hour. */
    double hour(long hour) {
        if (sd == 0) return 0;
        double v = 0;
        for (int k = 0; k < TERMS; k++) v += WEIGHTS[k] * Hash.normal(key, hour - k);
        return sd * v;
    }

    /** Reads minute by minute, keeping the two hours around the last minute read. Not shared between threads. */
    final class Cursor {
        private long hour = Long.MIN_VALUE;
        private double a, b;

        double at(long minute) {
            if (sd == 0) return 0;
            long h = Math.floorDiv(minute, 60);
            if (h != hour) {
                a = h == hour + 1 ? b : hour(h);
                b = hour(h + 1);
                hour = h;
            }
            double f = (minute - h * 60) / 60.0;
            return a + (b - a) * f;
        }
    }
}
