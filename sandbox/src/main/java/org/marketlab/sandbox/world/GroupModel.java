package org.marketlab.sandbox.world;

import java.util.Arrays;

/**
 * A group of exclusive outcomes (candidates, teams, ranges of an indicator) that share the probability: each has a
 * score, a {@link Walk} from the log of its prior share, and a price is its share of the scores' softmax, so the open
 * outcomes' prices sum to one; each market's own {@link Jitter} then moves it a little, so that the sum strays from
 * one by a small amount that fades within hours. The event's news each move one outcome's score (a favourite's more
 * often), and so every price of the group at the same minute.
 *
 * <p>An outcome settled early (a candidate out of the race) had bad news some days before and leaves the group at
 * its exit minute: its market closes, resolved No, and the rest share what it held. The winner is drawn at the
 * decision minute from the outcomes' prices through the bias; from there its score is pulled above every other's.
 */
final class GroupModel extends EventModel {

    private final Walk[] scores;
    private final Jitter[] jitters;
    private final long[] exits;
    private final double[] volumes;
    /** The winner, and how far its score is pulled by the end: drawn when first needed. */
    private volatile int winner = -1;
    private double lift;

    /**
     * @param priors    each outcome's share when the group opened (summing to one)
     * @param scale     the scores' volatility over the whole life
     * @param news      the event's news minutes, sorted; {@code sizes} their sizes
     * @param exits     the minute each outcome was settled early, or {@link Long#MAX_VALUE}
     * @param volumes   what each market has traded by the anchor, USDC
     */
    GroupModel(long key, long created, long end, long anchor, Bias bias, double[] priors, double scale, long[] news,
               double[] sizes, long[] exits, double[] volumes) {
        super(key, created, end, anchor, bias, priors.length);
        this.exits = exits;
        this.volumes = volumes;
        int k = priors.length;
        double days = Math.max(0.25, (this.end - created) / (double) DAY);
        long[][] at = new long[k][];
        double[][] size = new double[k][];
        assignNews(priors, news, sizes, at, size);
        this.scores = new Walk[k];
        this.jitters = new Jitter[k];
        for (int i = 0; i < k; i++) {
            scores[i] = Walk.draw(new Walk.Spec(Hash.key(key, 100 + i), created, this.end, Math.log(priors[i]), scale / Math.sqrt(days),
                    0.7, Walk.Drift.NONE, at[i], size[i]));
            // Small and steady (unlike a single market's, it does not follow the volatility regime), so that the
            // group's sum strays from one by a few tenths of a cent, for hours.
            jitters[i] = new Jitter(Hash.key(key, 300 + i), Math.min(0.012, 0.3 * scale / Math.sqrt(days)));
        }
    }

    /** The winner (drawn once, when first needed) and its lift. */
    private int winner() {
        int w = winner;
        if (w >= 0) return w;
        synchronized (this) {
            if (winner < 0) {
                int chosen = drawWinner();
                // Enough to lift the winner well above every other score by the end (their day-start values will do).
                double top = Double.NEGATIVE_INFINITY;
                for (Walk x : scores) top = Math.max(top, x.dayStart(x.days()));
                lift = top + 8 - scores[chosen].dayStart(scores[chosen].days());
                winner = chosen;
            }
            return winner;
        }
    }

    /** Gives each news item to one outcome (favourites more often), a random direction; an exit gets its bad news. */
    private void assignNews(double[] priors, long[] news, double[] sizes, long[][] at, double[][] size) {
        int k = priors.length;
        int[] n = new int[k];
        long[][] a = new long[k][news.length + 1];
        double[][] s = new double[k][news.length + 1];
        double total = 0;
        for (double p : priors) total += Math.sqrt(p);
        for (int j = 0; j < news.length; j++) {
            double u = Hash.unit(Hash.key(key, 7), j) * total;
            int i = 0;
            while (i < k - 1 && (u -= Math.sqrt(priors[i])) > 0) i++;
            a[i][n[i]] = news[j];
            // An outcome hears about one item in k of the event's: its items are larger, so that its score moves as a
            // single belief's does.
            double heard = sizes[j] * Math.sqrt(k);
            s[i][n[i]++] = Hash.unit(Hash.key(key, 8), j) < 0.5 ? -heard : heard;
        }
        for (int i = 0; i < k; i++) {
            if (exits[i] != Long.MAX_VALUE) {
                long lead = DAY * (5 + (long) (15 * Hash.unit(Hash.key(key, 9), i)));
                a[i][n[i]] = Math.max(created, exits[i] - lead);
                s[i][n[i]++] = -5;
            }
            long[] ai = Arrays.copyOf(a[i], n[i]);
            double[] si = Arrays.copyOf(s[i], n[i]);
            sortTogether(ai, si);
            at[i] = ai;
            size[i] = si;
        }
    }

    private static void sortTogether(long[] at, double[] size) {
        for (int i = 1; i < at.length; i++) {
            for (int j = i; j > 0 && at[j - 1] > at[j]; j--) {
                long t = at[j]; at[j] = at[j - 1]; at[j - 1] = t;
                double s = size[j]; size[j] = size[j - 1]; size[j - 1] = s;
            }
        }
    }

    /** The winner, drawn from the prices at the decision minute through the bias. */
    private int drawWinner() {
        long d = decision();
        Reader r = reader();
        double[] q = new double[count];
        double total = 0;
        for (int i = 0; i < count; i++) {
            if (exits[i] <= d) continue;
            q[i] = bias.truth(price(i, d, (Cursors) r, 0));
            total += q[i];
        }
        double u = Hash.unit(key, 99) * total;
        int last = -1;
        for (int i = 0; i < count; i++) {
            if (q[i] == 0) continue;
            last = i;
            if ((u -= q[i]) < 0) return i;
        }
        return Math.max(0, last);
    }

    private final class Cursors implements Reader {
        final Walk.Cursor[] w = new Walk.Cursor[count];
        final Jitter.Cursor[] j = new Jitter.Cursor[count];
        /** The scores of the last minute read, kept: the group's markets are read at the same minutes. */
        long minute = Long.MIN_VALUE;
        double pull;
        final double[] read = new double[count];
        double top, total;

        Cursors() {
            for (int i = 0; i < count; i++) {
                w[i] = scores[i].new Cursor();
                j[i] = jitters[i].new Cursor();
            }
        }
    }

    @Override
    Reader reader() {
        return new Cursors();
    }

    @Override
    double yes(int i, long minute, Reader r) {
        if (minute >= exits[i]) return 0;
        return price(i, minute, (Cursors) r, convergence(minute));
    }

    /** Outcome {@code i}'s softmax share of the scores still in the group, moved by its jitter. */
    private double price(int i, long minute, Cursors c, double pull) {
        if (c.minute != minute || c.pull != pull) {
            double[] s = c.read;
            double top = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < count; j++) {
                if (minute >= exits[j]) continue;
                s[j] = c.w[j].at(minute) + (pull > 0 && j == winner() ? pull * lift : 0);
                top = Math.max(top, s[j]);
            }
            double total = 0;
            for (int j = 0; j < count; j++) if (minute < exits[j]) total += Math.exp(s[j] - top);
            c.minute = minute;
            c.pull = pull;
            c.top = top;
            c.total = total;
        }
        double share = Math.exp(c.read[i] - c.top) / c.total;
        if (share >= 1) return 1;
        return Walk.logistic(logit(share) + (1 - pull) * c.j[i].at(minute));
    }

    @Override
    double daily(int i, long dayStart) {
        if (dayStart >= exits[i]) return 0;
        double pull = convergence(dayStart);
        double top = Double.NEGATIVE_INFINITY, mine = 0;
        double[] s = new double[count];
        for (int j = 0; j < count; j++) {
            if (dayStart >= exits[j]) continue;
            s[j] = scores[j].dayStart((int) (Math.floorDiv(dayStart, DAY) - scores[j].firstDay())) + (pull > 0 && j == winner() ? pull * lift : 0);
            top = Math.max(top, s[j]);
        }
        double total = 0;
        for (int j = 0; j < count; j++) if (dayStart < exits[j]) total += Math.exp(s[j] - top);
        mine = Math.exp(s[i] - top);
        return mine / total;
    }

    @Override
    boolean wins(int i) {
        return i == winner();
    }

    @Override
    long close(int i) {
        return Math.min(end, exits[i]);
    }

    @Override
    Walk activity(int i) {
        return scores[i];
    }

    @Override
    double volumeTarget(int i) {
        return volumes[i];
    }
}
