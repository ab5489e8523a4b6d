package org.marketlab.sandbox.world;

/**
 * Questions on an asset's level at the event's end, priced from the asset's own path ({@link Assets}): the chance
 * that the level ends above a strike is that of a driftless log-normal move with the asset's pricing volatility over
 * the time left, and the market's price is that chance through the bias ({@link Bias#price}). A ladder ("above
 * $K") is so monotone in its strikes; a bracket's ranges are priced the same way and scaled to sum to one (traders
 * arbitrage a neg-risk group); "up or down" compares the end with the level at the event's start. They resolve on the
 * asset's level at the end, so that every question on the asset agrees with every other.
 */
final class AssetModel extends EventModel {

    enum Shape { LADDER, BRACKET, UP_DOWN }

    private final Walk walk;
    private final Shape shape;
    /** Log strikes: a ladder's per market, a bracket's inner edges (one fewer than its markets), up-or-down's start. */
    private final double[] strikes;
    private final double sigma;
    private final double[] volumes;

    AssetModel(long key, long created, long end, long anchor, Bias bias, Assets assets, Assets.Asset asset, Shape shape,
               double[] strikes, double[] volumes) {
        super(key, created, end, anchor, bias, volumes.length);
        this.walk = assets.walk(Assets.index(asset));
        this.shape = shape;
        this.strikes = new double[strikes.length];
        for (int i = 0; i < strikes.length; i++) this.strikes[i] = Math.log(strikes[i]);
        this.sigma = Assets.pricingVolatility(asset);
        this.volumes = volumes;
    }

    /** The asset's log level at the end (drawn as far as that when first asked). */
    private double endLevel() {
        return walk.at(end);
    }

    /** The asset's walk alone sets every price, so a cursor on it is the whole reader. */
    @Override
    Reader reader() {
        return walk.new Cursor();
    }

    @Override
    double yes(int i, long minute, Reader r) {
        return priced(i, minute >= end ? endLevel() : ((Walk.Cursor) r).at(minute), minute);
    }

    @Override
    double daily(int i, long dayStart) {
        return priced(i, dayStart >= end ? endLevel() : walk.at(dayStart), dayStart);
    }

    /** The chance that the log level ends above {@code strike}, from {@code level} at {@code minute}. */
    private double above(double level, double strike, long minute) {
        double days = (end - minute) / (double) DAY;
        if (days <= 0) return level > strike ? 1 : 0;
        double s = sigma * Math.sqrt(days);
        return phi((level - strike - s * s / 2) / s);
    }

    private double priced(int i, double level, long minute) {
        switch (shape) {
            case LADDER:
                return bias.price(above(level, strikes[i], minute));
            case UP_DOWN:
                return bias.price(above(level, strikes[0], minute));
            default:
                double total = 0, mine = 0;
                for (int j = 0; j < count; j++) {
                    double g = bias.price(range(j, level, minute));
                    total += g;
                    if (j == i) mine = g;
                }
                return total == 0 ? 0 : mine / total;
        }
    }

    /** The chance that the level ends in bracket {@code j}. */
    private double range(int j, double level, long minute) {
        double lo = j == 0 ? 1 : above(level, strikes[j - 1], minute);
        double hi = j == count - 1 ? 0 : above(level, strikes[j], minute);
        return Math.max(0, lo - hi);
    }

    @Override
    boolean wins(int i) {
        double endLevel = endLevel();
        return switch (shape) {
            case LADDER -> endLevel > strikes[i];
            case UP_DOWN -> endLevel >= strikes[0];
            case BRACKET -> (i == 0 || endLevel >= strikes[i - 1]) && (i == count - 1 || endLevel < strikes[i]);
        };
    }

    @Override
    Walk activity(int i) {
        return walk;
    }

    @Override
    double volumeTarget(int i) {
        return volumes[i];
    }
}
