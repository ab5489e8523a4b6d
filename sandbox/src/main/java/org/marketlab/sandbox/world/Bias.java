package org.marketlab.sandbox.world;

/**
 * The favourite-longshot bias of the world's prices: a market at price {@code p} comes true with probability
 * {@code q = logistic((1 + x) · logit(p))}, the linear-in-log-odds form with slope {@code 1 + x} and no intercept, so
 * that cheap outcomes win a little less often than their price says and dear ones a little more, symmetric between
 * an outcome and its complement. {@code x = 0} is a perfectly calibrated world.
 *
 * <p>The default, {@value #DEFAULT}, lies between two published measurements: on Kalshi, contracts trading at 5 cents
 * won about 4.2 % of the time (slope 1.06), and at the race track a 50-to-1 longshot (2 % implied) wins about 1.4 %
 * (slope 1.09; Snowberg and Wolfers, "Explaining the Favorite-Long Shot Bias", Journal of Political Economy, 2010).
 * Bürgi, Deng and Whelan ("Makers and Takers: The Economics of the Kalshi Prediction Market", CESifo working paper
 * 12122, 2025) describe the same pattern across 300,000 Kalshi contracts.
 */
public final class Bias {

    /** The default bias: a log-odds slope of 1.07. */
    public static final double DEFAULT = 0.07;
    /** The largest bias accepted: a slope of 3 (prices near 0.25 would win about 4 % of the time). */
    public static final double MAX = 2;

    private final double x;
    private final double slope;

    public Bias(double x) {
        if (!(x >= 0 && x <= MAX)) throw new IllegalArgumentException("the longshot bias must be 0 to " + MAX + ", was " + x);
        this.x = x;
        this.slope = 1 + x;
    }

    /** The bias as given: 0 for a calibrated world. */
    public double value() {
        return x;
    }

    /** The chance that an outcome priced {@code price} comes true. */
    public double truth(double price) {
        if (price <= 0 || price >= 1) return price <= 0 ? 0 : 1;
        return Walk.logistic(slope * Math.log(price / (1 - price)));
    }

    /** The price the world's traders put on an outcome whose chance is {@code truth}: the inverse of {@link #truth}. */
    public double price(double truth) {
        if (truth <= 0 || truth >= 1) return truth <= 0 ? 0 : 1;
        return Walk.logistic(Math.log(truth / (1 - truth)) / slope);
    }
}
