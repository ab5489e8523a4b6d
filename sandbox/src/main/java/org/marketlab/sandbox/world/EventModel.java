package org.marketlab.sandbox.world;

/**
 * The prices of one event's markets over time, and how they resolve: what every price path, book, candle and trade
 * of the event follows. Three kinds: a single belief ({@link SingleModel}), a group of exclusive outcomes sharing
 * the probability ({@link GroupModel}) and questions on an asset's level ({@link AssetModel}).
 *
 * <p>Times are epoch minutes. Markets trade from {@link #created} to their {@link #close(int) close} (the event's
 * end, or earlier for an outcome settled early). A belief resolves at the event's {@link #decision() decision
 * minute}, a {@linkplain #horizon horizon} before the end: the winner is drawn from the prices then, through the
 * world's {@link Bias}, and the prices converge on it over the rest of the market's life. An asset question resolves
 * on the asset's level at the end.
 */
abstract class EventModel {

    /** The log-odds a converging price reaches at the end (a price of 0.9975). */
    static final double END_LOGIT = 6;
    static final long DAY = Walk.DAY;

    final long key;
    final long created;
    final long end;
    final long anchor;
    final Bias bias;
    final int count;
    private final Flow[] flows;

    EventModel(long key, long created, long end, long anchor, Bias bias, int count) {
        this.key = key;
        this.created = created;
        this.end = Math.max(end, created + 60);
        this.anchor = anchor;
        this.bias = bias;
        this.count = count;
        this.flows = new Flow[count];
    }

    /**
     * The horizon before its end at which a market's outcome is drawn: a week, or a quarter of its life when that is
     * shorter (an hour at least).
     */
    static long horizon(long start, long end) {
        return Math.min(7 * DAY, Math.max(60, (end - start) / 4));
    }

    /** The minute the event's beliefs resolve: its end less the horizon. */
    final long decision() {
        return end - horizon(created, end);
    }

    /** How far a converging path has gone at {@code minute}: 0 at the decision, 1 at the end. */
    final double convergence(long minute) {
        long d = decision();
        if (minute <= d) return 0;
        double u = Math.min(1, (minute - d) / (double) (end - d));
        return Math.pow(u, 1.5);
    }

    /** The chance of market {@code i}'s first outcome at {@code minute}, as the market prices it (off the tick grid). */
    abstract double yes(int i, long minute, Reader r);

    /** A reader of this event's prices minute by minute (cursors on its walks). Not shared between threads. */
    abstract Reader reader();

    /** A cheap price of market {@code i} at the start of a day, for its volume and open interest. */
    abstract double daily(int i, long dayStart);

    /** Whether market {@code i}'s first outcome wins (decided by the seed, whether or not the world has got there). */
    abstract boolean wins(int i);

    /** The walk whose volatility sets market {@code i}'s activity hour by hour. */
    abstract Walk activity(int i);

    /** The last minute market {@code i} trades: the event's end, or the minute an outcome was settled early. */
    long close(int i) {
        return end;
    }

    /** Whether market {@code i} has closed by the world's anchor (and so shows its resolution). */
    final boolean closedAtAnchor(int i) {
        return close(i) <= anchor;
    }

    /** Market {@code i}'s volume and open interest, drawn once. */
    final synchronized Flow flow(int i) {
        Flow f = flows[i];
        if (f == null) flows[i] = f = Flow.draw(this, i, volumeTarget(i));
        return f;
    }

    /** What market {@code i} has traded by the anchor (USDC), as drawn for it. */
    abstract double volumeTarget(int i);

    /** Per-thread state for reading prices in runs of minutes. */
    interface Reader {
    }

    /** The standard normal distribution function (Abramowitz and Stegun 7.1.26; error below 1e-7). */
    static double phi(double x) {
        double z = Math.abs(x) / Math.sqrt(2);
        double t = 1 / (1 + 0.3275911 * z);
        double y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
        return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
    }

    static double logit(double p) {
        return Math.log(p / (1 - p));
    }
}
