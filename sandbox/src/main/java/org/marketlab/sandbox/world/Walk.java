package org.marketlab.sandbox.world;

import java.util.Arrays;

/**
 * A random walk on a scale of its own (the log-odds of a belief, the logarithm of an asset's level), with volatility
 * that clusters and jumps at news times, computable at any minute without replaying it.
 *
 * <p>It is drawn day by day when made: each day's log-volatility follows an AR(1) (so calm and busy spells last for
 * days), each day's step is normal with that volatility, plus the jumps of the news that fall in the day. Inside a
 * day the path is a Brownian bridge between the day's two ends, hour by hour and then minute by minute, every draw
 * hashed from the walk's key and the hour or minute: any minute is found from its day's ends alone. Hours have a
 * volatility of their own: a daily cycle (the quiet hours of the night in the Americas, the busy afternoon) and a
 * burst after each news item that decays over hours, and a log-normal draw of each hour's own. The jumps land on their
 * minute.
 */
final class Walk {

    static final int DAY = 1440;
    /** The share of a day's variance in each UTC hour: quiet overnight in the Americas, busiest in its afternoon. */
    private static final double[] SEASON = new double[24];
    /** How the variance after a news item decays: e-folding minutes, and its size relative to an ordinary hour. */
    static final double BURST_MINUTES = 360, BURST = 4;
    /** The log standard deviation of an hour's own variance factor. */
    static final double HOUR_NOISE = 1.0;

    static {
        double sum = 0;
        for (int h = 0; h < 24; h++) sum += SEASON[h] = 1 + 0.6 * Math.cos(2 * Math.PI * (h - 18) / 24.0);
        for (int h = 0; h < 24; h++) SEASON[h] *= 24 / sum;
    }

    /** How the walk's drift keeps it fair. */
    enum Drift {
        /** No drift (scores compared with each other, as in a group's shares). */
        NONE,
        /** A belief in log-odds: drifts so that the probability it stands for is a martingale. */
        LOGIT,
        /** The logarithm of a price: drifts so that the price is a martingale. */
        LOG
    }

    /** What a walk is made of. {@code sigma} is the typical daily volatility, {@code volOfVol} that of its log. */
    record Spec(long key, long firstMinute, long lastMinute, double start, double sigma, double volOfVol, Drift drift,
                long[] newsMinutes, double[] newsSizes) {
    }

    private final Spec spec;
    private final long key;
    private final double sigma;
    private final long firstDay;
    private final double[] level;
    private final double[] dayVol;
    private final long[] jumpAt;
    private final double[] jumpSize;
    /** Per day: the sum over its hours of the news bursts' variance factors. */
    private final float[] dayBursts;
    /** Days drawn so far: the walk is drawn as far as it is read (the future of an open market only when asked). */
    private volatile int drawn;
    /** The drawing's state: the log-volatility and the next jump. */
    private double logVol;
    private int nextJump;
    /** Added to every value read (an asset's walk is drawn from zero, then set to its level at the anchor). */
    private volatile double offset;

    private Walk(Spec spec, long firstDay, int days) {
        this.spec = spec;
        this.key = spec.key();
        this.sigma = spec.sigma();
        this.firstDay = firstDay;
        this.level = new double[days + 1];
        this.dayVol = new double[days];
        this.jumpAt = spec.newsMinutes();
        this.jumpSize = new double[jumpAt.length];
        this.dayBursts = bursts(jumpAt, firstDay, days);
        this.level[0] = spec.start();
    }

    /** Per day, the sum over its hours of the bursts of the news before it: a geometric series per news item. */
    private static float[] bursts(long[] jumpAt, long firstDay, int days) {
        float[] out = new float[days];
        long q = (long) (6 * BURST_MINUTES);
        double ratio = Math.exp(-60 / BURST_MINUTES);
        for (long news : jumpAt) {
            for (long day = Math.floorDiv(news, DAY); day <= Math.floorDiv(news + q, DAY); day++) {
                int d = (int) (day - firstDay);
                if (d < 0 || d >= days) continue;
                long start = day * DAY;
                long h0 = Math.max(0, Math.floorDiv(news - start - 30 + 59, 60));
                if (h0 >= 24) continue;
                double first = Math.exp(-(start + h0 * 60 + 30 - news) / BURST_MINUTES);
                out[d] += (float) (BURST * first * (1 - Math.pow(ratio, 24 - h0)) / (1 - ratio));
            }
        }
        return out;
    }

    /**
     * A walk from {@code spec}: its value at the start of its first day is {@code start}. A news item of size
     * {@code s} moves a {@link Drift#LOGIT} walk by {@code +s} or {@code -s}, up with the chance that keeps the
     * probability fair, and any other walk by {@code s} as given. Its days are drawn as they are first read.
     */
    static Walk draw(Spec spec) {
        long firstDay = Math.floorDiv(spec.firstMinute(), DAY);
        int days = (int) Math.max(1, Math.floorDiv(spec.lastMinute(), DAY) - firstDay + 1);
        return new Walk(spec, firstDay, days);
    }

    /** Makes sure the walk is drawn up to the start of day {@code d} (from its first). */
    private void ensure(int d) {
        if (d > drawn) extend(Math.min(d, dayVol.length));
    }

    private synchronized void extend(int to) {
        double phi = 0.9, s = spec.volOfVol();
        long k1 = Hash.key(key, 1), k2 = Hash.key(key, 2), k3 = Hash.key(key, 3);
        for (int d = drawn; d < to; d++) {
            logVol = phi * logVol + s * Math.sqrt(1 - phi * phi) * Hash.quick(k1, d);
            dayVol[d] = sigma * Math.exp(logVol - s * s);
            double var = dayVol[d] * dayVol[d] * meanHourFactor(d);
            double x = level[d];
            double step = Math.sqrt(var) * Hash.quick(k2, d);
            if (spec.drift() == Drift.LOGIT) step += (logistic(x) - 0.5) * var;
            else if (spec.drift() == Drift.LOG) step -= var / 2;
            long dayEnd = (firstDay + d + 1) * DAY;
            double jumps = 0;
            for (; nextJump < jumpAt.length && jumpAt[nextJump] < dayEnd; nextJump++) {
                double size = spec.newsSizes()[nextJump];
                if (spec.drift() == Drift.LOGIT) {
                    double p = logistic(x + jumps), up = logistic(x + jumps + size), down = logistic(x + jumps - size);
                    size = Hash.unit(k3, nextJump) < (p - down) / (up - down) ? size : -size;
                }
                jumpSize[nextJump] = size;
                jumps += size;
            }
            level[d + 1] = x + step + jumps;
        }
        if (to > drawn) drawn = to;
    }

    /** Moves the whole walk by {@code by} (an asset's walk is drawn from zero, then set to its level at the anchor). */
    void shift(double by) {
        offset += by;
    }

    static double logistic(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    /** The value at the start of an epoch minute (clamped to the walk's days). */
    double at(long minute) {
        return new Cursor().at(minute);
    }

    /** The value at the start of each day {@code d} from the first: cheap, for daily figures. */
    double dayStart(int d) {
        d = Math.max(0, Math.min(level.length - 1, d));
        ensure(d);
        return level[d] + offset;
    }

    /** The typical volatility of day {@code d} from the first (its clustering, before the hours' own factors). */
    double dayVolatility(int d) {
        d = Math.max(0, Math.min(dayVol.length - 1, d));
        ensure(d + 1);
        return dayVol[d];
    }

    /** Epoch day {@code day}'s volatility relative to the walk's typical one: its place in the clustering. */
    double regime(long day) {
        return sigma == 0 ? 1 : dayVolatility((int) (day - firstDay)) / sigma;
    }

    /** Epoch day {@code day}'s mean hourly variance factor: above one on a day of news. */
    double bursts(long day) {
        return meanHourFactor((int) (day - firstDay));
    }

    long firstDay() {
        return firstDay;
    }

    int days() {
        return dayVol.length;
    }

    /** The minutes of the jumps, sorted, and their signed sizes (read-only). */
    long[] jumpMinutes() {
        return jumpAt;
    }

    double jumpSize(int i) {
        ensure((int) (Math.floorDiv(jumpAt[i], DAY) - firstDay + 1));
        return jumpSize[i];
    }

    /** The mean over a day's hours of their variance factors (the daily cycle averages to one; bursts add). */
    private double meanHourFactor(int d) {
        if (d >= 0 && d < dayBursts.length) return 1 + dayBursts[d] / 24.0;
        double extra = 0;
        long start = (firstDay + d) * DAY;
        int i = firstJumpAfter(start - (long) (6 * BURST_MINUTES));
        for (; i < jumpAt.length && jumpAt[i] < start + DAY; i++) {
            for (int hr = 0; hr < 24; hr++) extra += burst(start + hr * 60L + 30, jumpAt[i]);
        }
        return 1 + extra / 24;
    }

    private static double burst(long at, long news) {
        return at < news ? 0 : BURST * Math.exp(-(at - news) / BURST_MINUTES);
    }

    /**
     * A variance factor per hour of a day: its place in the daily cycle, the bursts of recent news, and a log-normal
     * draw of its own (mean one), as some hours of any day are busier than others.
     */
    double hourFactor(long hourStart) {
        double f = SEASON[(int) Math.floorMod(hourStart / 60, 24L)];
        int i = firstJumpAfter(hourStart - (long) (6 * BURST_MINUTES));
        for (; i < jumpAt.length && jumpAt[i] < hourStart + 60; i++) f += burst(hourStart + 30, jumpAt[i]);
        return f * hourNoise(Math.floorDiv(hourStart, 60));
    }

    /** The hour's own factor: log-normal with a log standard deviation of {@value #HOUR_NOISE}, mean one. */
    private double hourNoise(long hour) {
        return Math.exp(HOUR_NOISE * Hash.quick(Hash.key(key, 6), hour) - HOUR_NOISE * HOUR_NOISE / 2);
    }

    /** {@link #hourFactor} for the 24 hours of the day starting at {@code dayStart}, into {@code out}; answers their sum. */
    double hourFactors(long dayStart, double[] out) {
        int first = firstJumpAfter(dayStart - (long) (6 * BURST_MINUTES));
        double total = 0;
        for (int h = 0; h < 24; h++) {
            long start = dayStart + h * 60L;
            double f = SEASON[h];
            for (int i = first; i < jumpAt.length && jumpAt[i] < start + 60; i++) f += burst(start + 30, jumpAt[i]);
            total += out[h] = f * hourNoise(Math.floorDiv(start, 60));
        }
        return total;
    }

    /** The sum of the jumps that land exactly on {@code minute}. */
    private double jumpsAt(long minute) {
        double v = 0;
        for (int j = firstJumpAfter(minute); j < jumpAt.length && jumpAt[j] == minute; j++) v += jumpSize[j];
        return v;
    }

    private int firstJumpAfter(long minute) {
        int i = Arrays.binarySearch(jumpAt, minute);
        return i >= 0 ? i : -i - 1;
    }

    /**
     * Reads a walk minute by minute: keeps the day's hourly bridge and the hour's minute bridge it last computed,
     * so that a run of minutes (a history, the candles of a week) costs one draw a minute. Not shared between
     * threads.
     */
    /** Reads the walk minute by minute; it is also the whole price reader of a model priced from one walk alone. */
    final class Cursor implements EventModel.Reader {
        private long day = Long.MIN_VALUE, hour = Long.MIN_VALUE;
        /** The first jump of the day read. */
        private int dayJumps;
        private final double[] hours = new double[25];
        private final double[] hourVar = new double[24];
        private final double[] minutes = new double[61];

        double at(long minute) {
            long d = Math.floorDiv(minute, DAY);
            int i = (int) (d - firstDay);
            if (i < 0) return level[0] + offset;
            if (i >= dayVol.length) return dayStart(dayVol.length);
            ensure(i + 1);
            if (d != day) bridgeDay(d, i);
            if (minute == d * DAY) return hours[0] + jumpsAt(minute) + offset;
            long hr = Math.floorDiv(minute, 60);
            double v;
            if (minute == hr * 60) {
                v = hours[(int) (hr - d * 24)]; // an hour's first minute is its hourly point: no minute bridge to draw
            } else {
                if (hr != hour) bridgeHour(hr, (int) (hr - d * 24));
                v = minutes[(int) (minute - hr * 60)];
            }
            for (int j = dayJumps; j < jumpAt.length && jumpAt[j] <= minute; j++) v += jumpSize[j];
            return v + offset;
        }

        /** The hourly points of day {@code d}: a bridge from its start to its end less its jumps. */
        private void bridgeDay(long d, int i) {
            day = d;
            hour = Long.MIN_VALUE;
            long start = d * DAY;
            double total = hourFactors(start, hourVar);
            double scale = dayVol[i] * dayVol[i] / 24;
            double jumps = 0;
            dayJumps = firstJumpAfter(start);
            for (int j = dayJumps; j < jumpAt.length && jumpAt[j] < start + DAY; j++) jumps += jumpSize[j];
            double end = level[i + 1] - jumps;
            hours[0] = level[i];
            double rest = total;
            long k = Hash.key(key, 4);
            for (int h = 1; h <= 24; h++) {
                double v = hourVar[h - 1];
                double x = hours[h - 1];
                hours[h] = h == 24 ? end : x + (end - x) * v / rest + Math.sqrt(scale * v * (rest - v) / rest) * Hash.quick(k, d * 24 + h);
                rest -= v;
            }
        }

        /** The minute points of an hour: a bridge between the hour's two points, equal variance a minute. */
        private void bridgeHour(long hr, int h) {
            hour = hr;
            double a = hours[h], b = hours[h + 1];
            double var = dayVol[(int) (day - firstDay)] * dayVol[(int) (day - firstDay)] / 24 * hourVar[h] / 60;
            minutes[0] = a;
            long k = Hash.key(key, 5);
            for (int m = 1; m <= 60; m++) {
                int left = 60 - m + 1;
                double x = minutes[m - 1];
                minutes[m] = m == 60 ? b : x + (b - x) / left + Math.sqrt(var * (left - 1) / left) * Hash.quick(k, hr * 60 + m);
            }
        }
    }
}
