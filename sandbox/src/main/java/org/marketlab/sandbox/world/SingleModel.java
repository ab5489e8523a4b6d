package org.marketlab.sandbox.world;

/**
 * One yes-or-no belief: a {@link Walk} of its log-odds that keeps the probability fair (a martingale), with jumps at
 * the event's news and {@link Jitter} on top, from a starting price at the market's creation. Its outcome is drawn
 * at the decision minute from the price then, through the bias; from there the log-odds are pulled to
 * {@code ±}{@value EventModel#END_LOGIT} by the end, and the jitter fades.
 */
final class SingleModel extends EventModel {

    private final Walk walk;
    private final Jitter jitter;
    private final double volume;
    /** The outcome and the walk's value at the end without the pull (what the pull moves from): drawn when first needed. */
    private volatile Boolean wins;
    private double walkAtEnd;

    /**
     * @param start  the price when the market opened
     * @param scale  the belief's volatility over the whole life, in log-odds
     * @param volume what the market has traded by the anchor, USDC
     */
    SingleModel(long key, long created, long end, long anchor, Bias bias, double start, double scale, long[] news,
                double[] newsSizes, double volume) {
        super(key, created, end, anchor, bias, 1);
        double days = Math.max(0.25, (this.end - created) / (double) DAY);
        this.walk = Walk.draw(new Walk.Spec(Hash.key(key, 1), created, this.end, logit(start), scale / Math.sqrt(days), 0.7,
                Walk.Drift.LOGIT, news, newsSizes));
        // Noise a fifth of a day's move, in the walk's volatility regime: it moves prices hour by hour and fades.
        this.jitter = new Jitter(Hash.key(key, 2), 0.2 * scale / Math.sqrt(days));
        this.volume = volume;
    }

    /** Draws the outcome from the price at the decision minute, through the bias (once, when first needed). */
    private boolean outcome() {
        Boolean w = wins;
        if (w != null) return w;
        synchronized (this) {
            if (wins == null) {
                walkAtEnd = walk.at(end);
                long d = decision();
                double p = Walk.logistic(walk.at(d) + jitter.at(d) * walk.regime(Math.floorDiv(d, DAY)));
                wins = Hash.unit(key, 99) < bias.truth(p);
            }
            return wins;
        }
    }

    /** What the pull adds to the log-odds at the end. */
    private double target() {
        boolean w = outcome();
        return (w ? END_LOGIT : -END_LOGIT) - walkAtEnd;
    }

    private final class Cursors implements Reader {
        final Walk.Cursor w = walk.new Cursor();
        final Jitter.Cursor j = jitter.new Cursor();
    }

    @Override
    Reader reader() {
        return new Cursors();
    }

    @Override
    double yes(int i, long minute, Reader r) {
        Cursors c = (Cursors) r;
        double pull = convergence(minute);
        double x = c.w.at(minute) + (1 - pull) * c.j.at(minute) * walk.regime(Math.floorDiv(minute, DAY));
        if (pull > 0) x += pull * target();
        return Walk.logistic(x);
    }

    @Override
    double daily(int i, long dayStart) {
        double pull = convergence(dayStart);
        double x = walk.dayStart((int) (Math.floorDiv(dayStart, DAY) - walk.firstDay()));
        return Walk.logistic(pull > 0 ? x + pull * target() : x);
    }

    @Override
    boolean wins(int i) {
        return outcome();
    }

    @Override
    Walk activity(int i) {
        return walk;
    }

    @Override
    double volumeTarget(int i) {
        return volume;
    }
}
