package org.marketlab.sandbox.world;

import java.util.Arrays;

/**
 * What one market trades: a value in USDC each day, split into trades of a size typical for the market, spread over
 * the day's hours, and the open interest it leaves. Prices play no part here, so the volumes a market document
 * carries are sums of its trades' values, exactly, and cost nothing to compute.
 *
 * <p>A day's weight is the product of a log-normal draw, the day's volatility regime (busy days move more), the news
 * bursts of the day, and a ramp toward the market's close (trading picks up as the end nears); the weights are
 * scaled so that the days before the world's anchor add up to what the market has traded by then. A day trades as
 * many whole trades of the market's typical size as its value allows, the remainder carried to the next day, and
 * they fall in its hours in proportion to each hour's activity (the daily cycle, news bursts, noise); the day's value
 * is shared among those hours by their trades and a log-normal draw. Within an hour trades land on hashed minutes,
 * with log-normal sizes that add up to the hour's value.
 *
 * <p>Open interest (the complete sets outstanding, in USDC) grows by half of each day's traded value and decays by
 * one forty-fifth a day: positions are opened as the market trades and closed over weeks.
 */
final class Flow {

    /** How far past the world's anchor a market's trades run (a sandbox is restarted at least this often). */
    static final long HORIZON_DAYS = 60;
    /** How open interest decays, per day, and the share of traded value that opens positions. */
    /** The volume (USDC by the anchor) past which a market is a headline, traded by a retail crowd. */
    static final double HEADLINE = 1_000_000;
    static final double OI_DECAY = Math.exp(-1 / 45.0), OI_OPENED = 0.5;

    /** How an epoch day's trades fall in its hours: trades and value (USDC) per hour. */
    record Day(long day, int[] counts, double[] values) {
    }

    /** The trades of one hour: minutes (sorted) and values (USDC), in trade order. */
    record Hour(long hour, long[] minutes, double[] values) {
        int size() {
            return minutes.length;
        }
    }

    private final long key;
    private final Walk activity;
    final long open;
    final long close;
    private final long firstDay;
    private final int[] trades;
    private final double[] values;
    private final double[] openInterest;
    /** The value of one trade on average, USDC. */
    final double average;

    private Flow(long key, Walk activity, long open, long close, int days, double average) {
        this.key = key;
        this.activity = activity;
        this.open = open;
        this.close = close;
        this.firstDay = Math.floorDiv(open, Walk.DAY);
        this.trades = new int[days];
        this.values = new double[days];
        this.openInterest = new double[days + 1];
        this.average = average;
    }

    /** Market {@code i}'s flow in {@code model}, scaled so that it has traded {@code target} USDC by the anchor. */
    static Flow draw(EventModel model, int i, double target) {
        long key = Hash.key(model.key, 500 + i);
        long open = model.created, close = model.close(i);
        long last = Math.min(close - 1, model.anchor + HORIZON_DAYS * Walk.DAY);
        int days = (int) (Math.floorDiv(last, Walk.DAY) - Math.floorDiv(open, Walk.DAY) + 1);
        double average = Math.max(3, Math.min(800, typicalTrade(target) * Math.exp(0.3 * Hash.normal(key, -1))));
        Flow f = new Flow(key, model.activity(i), open, close, Math.max(1, days), average);
        double[] weight = f.weights();
        double before = 0;
        for (int d = 0; d < weight.length; d++) {
            long start = (f.firstDay + d) * Walk.DAY;
            before += weight[d] * Math.max(0, Math.min(1, (model.anchor - start) / (double) Walk.DAY));
        }
        double scale = before > 0 ? target / before : 0, carry = 0;
        for (int d = 0; d < weight.length; d++) {
            double available = scale * weight[d] + carry;
            f.trades[d] = (int) Math.min(200_000, Math.floor(available / average));
            f.values[d] = f.trades[d] * average;
            carry = available - f.values[d];
            f.openInterest[d + 1] = f.openInterest[d] * OI_DECAY + OI_OPENED * f.values[d];
        }
        return f;
    }

    /**
     * The typical trade (USDC) of a market that has traded {@code target} by the anchor: larger as a market trades
     * more (20 at $10,000, 80 at $1,000,000), until it becomes a headline. Past {@value #HEADLINE} a market is on
     * every front page and its crowd is retail: the typical trade falls with the volume's 1.5th power (about 19 at
     * $2.5M) to no less than 10, so that a headline market's tape runs to a hundred thousand trades and more.
     */
    static double typicalTrade(double target) {
        double v = Math.max(1, target);
        double upTo = 20 * Math.pow(Math.min(v, HEADLINE) / 10_000, 0.3);
        return v <= HEADLINE ? upTo : Math.max(10, upTo * Math.pow(HEADLINE / v, 1.5));
    }

    /** Each day's weight: noise, the volatility regime, the news bursts, the ramp to the close, the hours traded. */
    private double[] weights() {
        double[] w = new double[trades.length];
        double ramp = Math.max(Walk.DAY, (close - open) / 10.0);
        // exp(-toClose / ramp) day by day: one exponential, then a constant factor a day.
        double near = Math.exp(-Math.max(0, close - (firstDay * Walk.DAY + Walk.DAY / 2)) / ramp), step = Math.exp(Walk.DAY / ramp);
        for (int d = 0; d < w.length; d++) {
            long day = firstDay + d, start = day * Walk.DAY;
            double traded = Math.max(0, Math.min(start + Walk.DAY, close) - Math.max(start, open)) / (double) Walk.DAY;
            w[d] = traded * Math.exp(0.5 * Hash.quick(key, d)) * activity.regime(day) * activity.bursts(day) * (1 + 3 * Math.min(1, near));
            near *= step;
        }
        return w;
    }

    /**
     * How epoch day {@code day} spreads over its hours: whole trades in proportion to each hour's activity, and the
     * day's value shared among the hours that trade, each by its trades times a log-normal draw (an hour of a few large
     * trades, an hour of many small ones), so that an hour's value is not a multiple of the market's typical trade.
     */
    Day day(long day) {
        int d = (int) (day - firstDay);
        Day out = new Day(day, new int[24], new double[24]);
        if (d < 0 || d >= trades.length || trades[d] == 0) return out;
        double[] lambda = new double[24];
        if (!hourActivity(day, lambda)) return out;
        shareTrades(trades[d], lambda, out.counts());
        double total = 0;
        long k = Hash.key(key, 4);
        for (int h = 0; h < 24; h++) {
            if (out.counts()[h] > 0) total += out.values()[h] = out.counts()[h] * Math.exp(0.5 * Hash.quick(k, day * 24 + h));
        }
        for (int h = 0; h < 24; h++) out.values()[h] *= values[d] / total;
        return out;
    }

    /** Each hour's activity on {@code day} (the daily cycle, news, noise; zero outside trading); false if none. */
    private boolean hourActivity(long day, double[] lambda) {
        activity.hourFactors(day * Walk.DAY, lambda);
        double total = 0;
        long k = Hash.key(key, 1);
        for (int h = 0; h < 24; h++) {
            long start = day * Walk.DAY + h * 60L;
            if (start + 60 <= open || start >= close) lambda[h] = 0;
            else total += lambda[h] *= Math.exp(0.6 * Hash.quick(k, day * 24 + h));
        }
        return total > 0;
    }

    /** {@code n} whole trades shared in proportion to {@code lambda}, the last few to the largest remainders. */
    private static void shareTrades(int n, double[] lambda, int[] out) {
        double total = 0;
        for (double l : lambda) total += l;
        int given = 0;
        double[] rest = new double[24];
        for (int h = 0; h < 24; h++) {
            double x = n * lambda[h] / total;
            out[h] = (int) Math.floor(x);
            rest[h] = x - out[h];
            given += out[h];
        }
        while (given < n) {
            int best = 0;
            for (int h = 1; h < 24; h++) if (rest[h] > rest[best]) best = h;
            out[best]++;
            rest[best] = -1;
            given++;
        }
    }

    /** The trades of an hour of {@code day} ({@link #day}): their minutes and values. */
    Hour hour(long hour, Day day) {
        int h = (int) (hour - day.day() * 24);
        int n = day.counts()[h];
        long start = hour * 60;
        long lo = Math.max(start, open), hi = Math.min(start + 60, close);
        long[] minutes = new long[n];
        double[] values = new double[n];
        if (n == 0 || hi <= lo) return new Hour(hour, new long[0], new double[0]);
        double total = 0;
        for (int k = 0; k < n; k++) {
            minutes[k] = lo + (long) ((hi - lo) * Hash.unit(Hash.key(key, 2), hour * 4096 + k));
            total += values[k] = Math.exp(Hash.normal(Hash.key(key, 3), hour * 4096 + k));
        }
        for (int k = 0; k < n; k++) values[k] *= day.values()[h] / total;
        sortTogether(minutes, values);
        return new Hour(hour, minutes, values);
    }

    private static void sortTogether(long[] at, double[] v) {
        for (int i = 1; i < at.length; i++) {
            for (int j = i; j > 0 && at[j - 1] > at[j]; j--) {
                long t = at[j]; at[j] = at[j - 1]; at[j - 1] = t;
                double x = v[j]; v[j] = v[j - 1]; v[j - 1] = x;
            }
        }
    }

    /** The value traded from minute {@code from} (inclusive) to {@code to} (exclusive), USDC. */
    double volume(long from, long to) {
        from = Math.max(from, open);
        to = Math.min(to, close);
        if (to <= from) return 0;
        double sum = 0;
        long day0 = Math.floorDiv(from, Walk.DAY), day1 = Math.floorDiv(to - 1, Walk.DAY);
        for (long day = day0; day <= day1; day++) {
            int d = (int) (day - firstDay);
            if (d < 0 || d >= trades.length) continue;
            long start = day * Walk.DAY;
            if (from <= start && to >= start + Walk.DAY) sum += values[d];
            else sum += partialDay(day, from, to);
        }
        return sum;
    }

    private double partialDay(long day, long from, long to) {
        Day hours = day(day);
        double sum = 0;
        for (int h = 0; h < 24; h++) {
            if (hours.counts()[h] == 0) continue;
            long hour = day * 24 + h, start = hour * 60;
            if (start + 60 <= from || start >= to) continue;
            if (start >= from && start + 60 <= to) {
                sum += hours.values()[h];
                continue;
            }
            Hour t = hour(hour, hours);
            for (int k = 0; k < t.size(); k++) if (t.minutes()[k] >= from && t.minutes()[k] < to) sum += t.values()[k];
        }
        return sum;
    }

    /** How many trades epoch day {@code day} has. */
    int tradesOn(long day) {
        int d = (int) (day - firstDay);
        return d < 0 || d >= trades.length ? 0 : trades[d];
    }

    /** How many trades there are in all, over the market's whole life. */
    long tradeCount() {
        long n = 0;
        for (int t : trades) n += t;
        return n;
    }

    /** Open interest at a minute (USDC of complete sets): day by day, straight between the days' starts. */
    double openInterest(long minute) {
        if (minute >= close) return 0;
        double x = (minute - firstDay * Walk.DAY) / (double) Walk.DAY;
        if (x <= 0) return 0;
        int d = (int) Math.min(trades.length - 1, Math.floor(x));
        double f = Math.min(1, x - d);
        return openInterest[d] + (openInterest[d + 1] - openInterest[d]) * f;
    }

    /** The first and last epoch day the market trades. */
    long firstDay() {
        return firstDay;
    }

    long lastDay() {
        return firstDay + trades.length - 1;
    }

    @Override
    public String toString() {
        return "Flow[" + Arrays.stream(trades).sum() + " trades]";
    }
}
