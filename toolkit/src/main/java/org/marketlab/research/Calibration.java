package org.marketlab.research;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How well prices at one horizon before the end forecast the outcome, over many resolved markets:
 * {@code Research.calibration(Research.resolved().table(), Duration.ofDays(7))}. Immutable.
 *
 * <ul>
 *   <li>{@link #table()}: per price bin, the mean price, the observed frequency of YES, the count, and a Wilson 95 %
 *       interval for the frequency;</li>
 *   <li>{@link #brier()} and {@link #logLoss()} over every market (prices clipped to [0.001, 0.999] for the log
 *       loss, the finest tick: a price of 0 that lost would otherwise cost an infinite loss);</li>
 *   <li>{@link #slope()} and {@link #intercept()}: the least-squares line of the outcome (1 or 0) on the price, market
 *       by market, with standard errors; a calibrated market has slope 1 and intercept 0;</li>
 *   <li>{@link #logitSlope()}: the slope of a logistic regression of the outcome on the price's log-odds, the usual
 *       measure of the favourite–longshot bias: 1 when calibrated, above 1 when longshots win less often than their
 *       price says and favourites more often.</li>
 * </ul>
 *
 * A market without a price at the horizon is left out ({@link #skipped()} counts them). With no market at all the
 * calibration is empty: its table has no rows, its figures are NaN, and {@link #message()} says why.
 */
public final class Calibration {

    /** The bins of a calibration unless told otherwise. */
    public static final int DEFAULT_BINS = 10;
    private static final double Z = 1.959963984540054;
    private static final double CLIP = 0.001;

    private final Duration horizon;
    private final double[] price;
    private final boolean[] yes;
    private final String[] category;
    private final int skipped;
    private final int bins;
    private final String source;

    private Calibration(Duration horizon, double[] price, boolean[] yes, String[] category, int skipped, int bins, String source) {
        this.horizon = horizon;
        this.price = price;
        this.yes = yes;
        this.category = category;
        this.skipped = skipped;
        this.bins = bins;
        this.source = source;
    }

    /**
     * The calibration of a resolved-markets table at {@code horizon}: the wide table of {@code Research.resolved().table()}
     * (columns {@code yes_won} and {@code price_7d}) or the long one of a harvest ({@code yes_won}, {@code horizon},
     * {@code price}). A column missing or of the wrong type is refused with what is needed.
     */
    public static Calibration of(Table resolved, Duration horizon) {
        if (resolved == null) throw new IllegalArgumentException("calibration: give a table of resolved markets, such as Research.resolved().table()");
        if (horizon == null) throw new IllegalArgumentException("calibration: give a horizon, such as Duration.ofDays(7)");
        String label = Horizons.label(horizon), wide = Horizons.column(horizon);
        if (!resolved.containsColumn("yes_won")) {
            throw new IllegalArgumentException("calibration: the table has no yes_won column; give Research.resolved().table() or a harvest of it (columns: "
                    + resolved.columnNames() + ")");
        }
        Column<?> won = resolved.column("yes_won");
        Column<?> prices;
        boolean longForm = !resolved.containsColumn(wide) && resolved.containsColumn("horizon") && resolved.containsColumn("price");
        if (resolved.containsColumn(wide)) prices = resolved.column(wide);
        else if (longForm) prices = resolved.column("price");
        else {
            throw new IllegalArgumentException("calibration: the table has no " + wide + " column (the price " + label
                    + " before the end); ask Research.resolved().horizons(...) for it. Price columns there: "
                    + resolved.columnNames().stream().filter(n -> n.startsWith("price_")).toList());
        }
        if (!(prices instanceof tech.tablesaw.api.NumericColumn<?> numeric)) {
            throw new IllegalArgumentException("calibration: " + prices.name() + " is not a number column (" + prices.type() + ")");
        }
        Column<?> horizonColumn = longForm ? resolved.column("horizon") : null;
        Column<?> categories = resolved.containsColumn("category") ? resolved.column("category") : null;
        List<Double> p = new ArrayList<>();
        List<Boolean> y = new ArrayList<>();
        List<String> c = new ArrayList<>();
        int skipped = 0;
        for (int i = 0; i < resolved.rowCount(); i++) {
            if (horizonColumn != null && !label.equals(String.valueOf(horizonColumn.get(i)))) continue;
            Object w = won.get(i);
            boolean outcome;
            if (w instanceof Boolean b) outcome = b;
            else if (w instanceof Number n) outcome = n.doubleValue() != 0;
            else {
                skipped++;
                continue;
            }
            if (numeric.isMissing(i)) {
                skipped++;
                continue;
            }
            double v = numeric.getDouble(i);
            if (!(v >= 0 && v <= 1)) throw new IllegalArgumentException("calibration: row " + i + " has a price of " + v + "; prices lie in [0, 1]");
            p.add(v);
            y.add(outcome);
            c.add(categories == null || categories.isMissing(i) ? "(none)" : String.valueOf(categories.get(i)));
        }
        double[] pa = new double[p.size()];
        boolean[] ya = new boolean[p.size()];
        for (int i = 0; i < pa.length; i++) {
            pa[i] = p.get(i);
            ya[i] = y.get(i);
        }
        String source = resolved.name() == null ? "the table" : resolved.name();
        return new Calibration(horizon, pa, ya, c.toArray(String[]::new), skipped, DEFAULT_BINS, source);
    }

    /** The same markets in {@code n} equal bins of price (1 to 100). */
    public Calibration bins(int n) {
        if (n < 1 || n > 100) throw new IllegalArgumentException("bins must be 1 to 100, was " + n);
        return new Calibration(horizon, price, yes, category, skipped, n, source);
    }

    public Duration horizon() {
        return horizon;
    }

    /** Markets counted (with a price at the horizon and an outcome). */
    public int count() {
        return price.length;
    }

    /** Markets left out: no price at the horizon (too young, or no history), or no outcome. */
    public int skipped() {
        return skipped;
    }

    public int binCount() {
        return bins;
    }

    public boolean isEmpty() {
        return price.length == 0;
    }

    /** Why the calibration is empty, or a one-line summary when it is not. */
    public String message() {
        if (isEmpty()) {
            return "no resolved market with a price " + Horizons.label(horizon) + " before its end in " + source
                    + (skipped > 0 ? " (" + skipped + " without a price there: younger than the horizon, or no history)" : "")
                    + "; widen the query (Research.resolved() with fewer filters) or choose a shorter horizon";
        }
        return String.format(Locale.ROOT, "%,d markets at %s: Brier %.4f, log loss %.4f, slope %.3f ± %.3f, intercept %.3f ± %.3f, logit slope %.3f ± %.3f%s",
                count(), Horizons.label(horizon), brier(), logLoss(), slope(), slopeError(), intercept(), interceptError(), logitSlope(),
                logitSlopeError(), skipped > 0 ? " (" + skipped + " skipped)" : "");
    }

    /** The mean squared difference between price and outcome (0 is perfect; always 0.25 is a coin's). */
    public double brier() {
        if (isEmpty()) return Double.NaN;
        double s = 0;
        for (int i = 0; i < price.length; i++) {
            double d = price[i] - (yes[i] ? 1 : 0);
            s += d * d;
        }
        return s / price.length;
    }

    /** The mean negative log-likelihood of the outcomes (natural log; prices clipped to [0.001, 0.999]). */
    public double logLoss() {
        if (isEmpty()) return Double.NaN;
        double s = 0;
        for (int i = 0; i < price.length; i++) {
            double q = Math.min(1 - CLIP, Math.max(CLIP, price[i]));
            s -= Math.log(yes[i] ? q : 1 - q);
        }
        return s / price.length;
    }

    /** The least-squares slope of the outcome on the price, market by market. */
    public double slope() {
        return line()[0];
    }

    /** The least-squares intercept of the outcome on the price. */
    public double intercept() {
        return line()[1];
    }

    /** The standard error of {@link #slope()}. */
    public double slopeError() {
        return line()[2];
    }

    /** The standard error of {@link #intercept()}. */
    public double interceptError() {
        return line()[3];
    }

    private double[] line() {
        int n = price.length;
        if (n < 3) return new double[]{Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        double mx = 0, my = 0;
        for (int i = 0; i < n; i++) {
            mx += price[i];
            my += yes[i] ? 1 : 0;
        }
        mx /= n;
        my /= n;
        double sxx = 0, sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (price[i] - mx) * (price[i] - mx);
            sxy += (price[i] - mx) * ((yes[i] ? 1 : 0) - my);
        }
        if (sxx == 0) return new double[]{Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        double b = sxy / sxx, a = my - b * mx, rss = 0;
        for (int i = 0; i < n; i++) {
            double r = (yes[i] ? 1 : 0) - a - b * price[i];
            rss += r * r;
        }
        double s2 = rss / (n - 2);
        return new double[]{b, a, Math.sqrt(s2 / sxx), Math.sqrt(s2 * (1.0 / n + mx * mx / sxx))};
    }

    /**
     * The slope of a logistic regression of the outcome on the log-odds of the price (clipped to [0.001, 0.999]),
     * fitted by maximum likelihood: an outcome priced {@code p} comes true with probability
     * {@code logistic(a + slope · logit(p))}. 1 is calibrated; above 1 is a favourite–longshot bias.
     */
    public double logitSlope() {
        return logistic()[0];
    }

    /** The standard error of {@link #logitSlope()}. */
    public double logitSlopeError() {
        return logistic()[1];
    }

    /** The intercept {@code a} of the logistic fit ({@link #logitSlope()}). */
    public double logitIntercept() {
        return logistic()[2];
    }

    private double[] logistic() {
        int n = price.length;
        double[] nan = {Double.NaN, Double.NaN, Double.NaN};
        if (n < 3) return nan;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            double q = Math.min(1 - CLIP, Math.max(CLIP, price[i]));
            x[i] = Math.log(q / (1 - q));
        }
        double a = 0, b = 1;
        double haa = 0, hab = 0, hbb = 0;
        for (int iter = 0; iter < 50; iter++) {
            double ga = 0, gb = 0;
            haa = hab = hbb = 0;
            for (int i = 0; i < n; i++) {
                double m = 1 / (1 + Math.exp(-(a + b * x[i])));
                double r = (yes[i] ? 1 : 0) - m, w = m * (1 - m);
                ga += r;
                gb += r * x[i];
                haa += w;
                hab += w * x[i];
                hbb += w * x[i] * x[i];
            }
            double det = haa * hbb - hab * hab;
            if (!(det > 0)) return nan; // separable or constant: no finite fit
            double da = (hbb * ga - hab * gb) / det, db = (haa * gb - hab * ga) / det;
            a += da;
            b += db;
            if (Math.abs(da) < 1e-10 && Math.abs(db) < 1e-10) break;
        }
        double det = haa * hbb - hab * hab;
        return new double[]{b, Math.sqrt(haa / det), a};
    }

    /**
     * One row per non-empty bin of price: bin ({@code 0.60–0.70}), lower, upper, mean_price, frequency (the share that
     * resolved YES), count, yes (how many did), ci_low and ci_high (the Wilson 95 % interval of the frequency).
     */
    public Table table() {
        return binTable(price, yes, bins, "calibration at " + Horizons.label(horizon) + " (" + count() + " markets)");
    }

    private static Table binTable(double[] price, boolean[] yes, int bins, String name) {
        StringColumn bin = StringColumn.create("bin");
        DoubleColumn lower = DoubleColumn.create("lower"), upper = DoubleColumn.create("upper"), mean = DoubleColumn.create("mean_price");
        DoubleColumn freq = DoubleColumn.create("frequency"), lo = DoubleColumn.create("ci_low"), hi = DoubleColumn.create("ci_high");
        IntColumn count = IntColumn.create("count"), wins = IntColumn.create("yes");
        int[] n = new int[bins], k = new int[bins];
        double[] sum = new double[bins];
        for (int i = 0; i < price.length; i++) {
            int b = Math.min(bins - 1, (int) Math.floor(price[i] * bins));
            n[b]++;
            sum[b] += price[i];
            if (yes[i]) k[b]++;
        }
        for (int b = 0; b < bins; b++) {
            if (n[b] == 0) continue;
            double l = (double) b / bins, u = (double) (b + 1) / bins;
            bin.append(String.format(Locale.ROOT, "%.2f–%.2f", l, u));
            lower.append(l);
            upper.append(u);
            mean.append(sum[b] / n[b]);
            double f = (double) k[b] / n[b];
            freq.append(f);
            count.append(n[b]);
            wins.append(k[b]);
            double[] w = wilson(k[b], n[b]);
            lo.append(w[0]);
            hi.append(w[1]);
        }
        return Table.create(name, bin, lower, upper, mean, freq, count, wins, lo, hi);
    }

    /** The Wilson score interval (95 %) of {@code k} successes in {@code n} trials. */
    public static double[] wilson(int k, int n) {
        if (n <= 0) return new double[]{Double.NaN, Double.NaN};
        double p = (double) k / n, z2 = Z * Z;
        double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
        double half = Z * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
        return new double[]{Math.max(0, centre - half), Math.min(1, centre + half)};
    }

    /**
     * One row per category (most markets first): category, markets, mean_price, frequency, brier, log_loss, slope and
     * logit_slope at this horizon. A category of fewer than 3 markets has no slopes (NaN).
     */
    public Table byCategory() {
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < price.length; i++) groups.computeIfAbsent(category[i], c -> new ArrayList<>()).add(i);
        StringColumn name = StringColumn.create("category");
        IntColumn markets = IntColumn.create("markets");
        DoubleColumn mean = DoubleColumn.create("mean_price"), freq = DoubleColumn.create("frequency"), brier = DoubleColumn.create("brier");
        DoubleColumn logLoss = DoubleColumn.create("log_loss"), slope = DoubleColumn.create("slope"), logit = DoubleColumn.create("logit_slope");
        for (Map.Entry<String, List<Integer>> g : groups.entrySet()) {
            List<Integer> idx = g.getValue();
            double[] p = new double[idx.size()];
            boolean[] y = new boolean[idx.size()];
            double sp = 0, sy = 0;
            for (int j = 0; j < p.length; j++) {
                p[j] = price[idx.get(j)];
                y[j] = yes[idx.get(j)];
                sp += p[j];
                sy += y[j] ? 1 : 0;
            }
            Calibration part = new Calibration(horizon, p, y, new String[p.length], 0, bins, g.getKey());
            name.append(g.getKey());
            markets.append(p.length);
            mean.append(sp / p.length);
            freq.append(sy / p.length);
            brier.append(part.brier());
            logLoss.append(part.logLoss());
            slope.append(part.slope());
            logit.append(part.logitSlope());
        }
        Table t = Table.create("calibration at " + Horizons.label(horizon) + " by category", name, markets, mean, freq, brier, logLoss, slope, logit);
        return t.sortDescendingOn("markets");
    }

    /** The prices counted, in table order. */
    public double[] prices() {
        return price.clone();
    }

    /** The outcomes counted (true: YES won), in table order. */
    public boolean[] outcomes() {
        return yes.clone();
    }

    @Override
    public String toString() {
        return "Calibration: " + message();
    }

    /**
     * Every horizon of a resolved-markets table side by side, shortest first: horizon, markets, brier, log_loss,
     * slope, intercept, logit_slope and logit_slope_se (one row per {@code price_<label>} column, or per label of a
     * harvest's long form).
     */
    public static Table byHorizon(Table resolved) {
        if (resolved == null) throw new IllegalArgumentException("give a table of resolved markets, such as Research.resolved().table()");
        List<Duration> horizons = new ArrayList<>();
        if (resolved.containsColumn("horizon") && resolved.containsColumn("price")) {
            for (Object h : resolved.column("horizon").unique().asList()) horizons.add(parse(String.valueOf(h)));
        } else {
            for (String n : resolved.columnNames()) if (n.startsWith("price_")) horizons.add(parse(n.substring(6)));
        }
        if (horizons.isEmpty()) {
            throw new IllegalArgumentException("the table has no price_<horizon> column (price_7d, ...); give Research.resolved().table() (columns: "
                    + resolved.columnNames() + ")");
        }
        horizons.sort(null);
        StringColumn name = StringColumn.create("horizon");
        IntColumn markets = IntColumn.create("markets");
        DoubleColumn brier = DoubleColumn.create("brier"), logLoss = DoubleColumn.create("log_loss"), slope = DoubleColumn.create("slope");
        DoubleColumn intercept = DoubleColumn.create("intercept"), logit = DoubleColumn.create("logit_slope"), logitSe = DoubleColumn.create("logit_slope_se");
        for (Duration h : horizons) {
            Calibration c = of(resolved, h);
            name.append(Horizons.label(h));
            markets.append(c.count());
            brier.append(c.brier());
            logLoss.append(c.logLoss());
            slope.append(c.slope());
            intercept.append(c.intercept());
            logit.append(c.logitSlope());
            logitSe.append(c.logitSlopeError());
        }
        return Table.create("calibration by horizon", name, markets, brier, logLoss, slope, intercept, logit, logitSe);
    }

    /** A label back to its horizon: {@code 7d}, {@code 6h}, {@code 90m}. */
    private static Duration parse(String label) {
        try {
            long n = Long.parseLong(label.substring(0, label.length() - 1));
            return switch (label.charAt(label.length() - 1)) {
                case 'd' -> Duration.ofDays(n);
                case 'h' -> Duration.ofHours(n);
                case 'm' -> Duration.ofMinutes(n);
                default -> throw new NumberFormatException(label);
            };
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("'" + label + "' is not a horizon label (such as 7d, 6h or 90m)");
        }
    }
}
