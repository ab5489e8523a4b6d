package org.marketlab.sandbox.world;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * The assets the world's price questions and perpetuals are about, each with a reference level at the world's anchor
 * and a path of its own through it: a {@link Walk} of the log price with the asset's volatility, volatility
 * clustering and jumps at the asset's news (about one in {@value #NEWS_DAYS} days), running five years either side of
 * the anchor. Every market on an asset reads the same path, so a Bitcoin ladder, a Bitcoin bracket and the
 * BTC-USD perpetual move together, and their questions' strikes sit near the level of the day they were asked.
 */
public final class Assets {

    static final int NEWS_DAYS = 25;
    private static final int SPAN_DAYS = 5 * 365;

    /**
     * An asset: its symbol, its name in questions, its level at the anchor, its annual volatility, the decimals its
     * prices are written with, and whether its prices are dollars (an index is written in points).
     */
    public record Asset(String symbol, String name, double level, double annualVolatility, int decimals, boolean dollars) {

        /** The typical volatility of one day's log return (the walk runs every day of the year). */
        public double dailyVolatility() {
            return annualVolatility / Math.sqrt(365);
        }

        /** A price as the questions write it: "$95,000", "$2.40", "6,000" (an index, in points). */
        public String format(double price) {
            String digits = grouped(BigDecimal.valueOf(price).setScale(decimals, RoundingMode.HALF_UP).toPlainString());
            return dollars ? "$" + digits : digits;
        }
    }

    /** A plain decimal with thousands separators in its whole part ({@code String.format} is slow in a cold JVM). */
    static String grouped(String plain) {
        int dot = plain.indexOf('.');
        int whole = dot < 0 ? plain.length() : dot;
        StringBuilder b = new StringBuilder(plain.length() + 4);
        int lead = whole % 3 == 0 ? 3 : whole % 3;
        b.append(plain, 0, lead);
        for (int i = lead; i < whole; i += 3) b.append(',').append(plain, i, i + 3);
        return b.append(plain, whole, plain.length()).toString();
    }

    /** The assets, in a fixed order (an asset's index keys its path). */
    public static final List<Asset> ALL = List.of(
            new Asset("BTC", "Bitcoin", 95_000, 0.50, 0, true),
            new Asset("ETH", "Ethereum", 3_400, 0.65, 0, true),
            new Asset("SOL", "Solana", 180, 0.85, 0, true),
            new Asset("XRP", "XRP", 2.40, 0.85, 2, true),
            new Asset("DOGE", "Dogecoin", 0.25, 0.95, 3, true),
            new Asset("ADA", "Cardano", 0.75, 0.85, 2, true),
            new Asset("GOLD", "Gold", 3_300, 0.16, 0, true),
            new Asset("SILVER", "Silver", 38, 0.28, 2, true),
            new Asset("WTIOIL", "WTI crude oil", 70, 0.35, 2, true),
            new Asset("SP500", "the S&P 500", 6_000, 0.17, 0, false),
            new Asset("NAS100", "the Nasdaq 100", 21_500, 0.21, 0, false));

    private final long seed;
    private final long anchorMinute;
    private final Lazy<?>[] walks = new Lazy<?>[ALL.size()];

    /** The assets' paths of the world of {@code seed} anchored at epoch minute {@code anchorMinute} (the world's own). */
    public static Assets of(long seed, long anchorMinute) {
        return new Assets(seed, anchorMinute);
    }

    Assets(long seed, long anchorMinute) {
        this.seed = seed;
        this.anchorMinute = anchorMinute;
        for (int i = 0; i < walks.length; i++) {
            int a = i;
            walks[i] = new Lazy<>(() -> draw(a));
        }
    }

    public static Asset bySymbol(String symbol) {
        for (Asset a : ALL) if (a.symbol().equals(symbol)) return a;
        throw new IllegalArgumentException("no asset " + symbol);
    }

    /** The asset's place in {@link #ALL}, by identity (a record's {@code equals} is bootstrapped on first use: slow cold). */
    static int index(Asset a) {
        for (int i = 0; i < ALL.size(); i++) if (ALL.get(i) == a) return i;
        throw new IllegalArgumentException("not one of the world's assets: " + a.symbol());
    }

    /** The asset's price at the start of an epoch minute. */
    public double level(Asset a, long minute) {
        return Math.exp(walk(index(a)).at(minute));
    }

    /** The asset's log-price walk (for reading many minutes in a row with a cursor). */
    Walk walk(int asset) {
        return (Walk) walks[asset].get();
    }

    /**
     * The volatility a market prices with over one day (in log terms): the asset's own, which the walk's diffusion,
     * its jumps and the bursts after them add up to, so that a price question on the asset is fair on average whatever
     * the day's regime.
     */
    static double pricingVolatility(Asset a) {
        return a.dailyVolatility();
    }

    /** A jump's typical size, in multiples of the walk's diffusive daily volatility. */
    private static final double JUMP = 2.5;

    /**
     * The walk's diffusive daily volatility: what is left of the asset's once its jumps (one in {@value #NEWS_DAYS}
     * days, {@value #JUMP} of it) and the bursts of variance after them (about one day's worth each) are counted.
     */
    static double diffusion(Asset a) {
        double bursts = Walk.BURST * Walk.BURST_MINUTES / 60 / 24;
        return a.dailyVolatility() / Math.sqrt(1 + (JUMP * JUMP + bursts) / NEWS_DAYS);
    }

    private Walk draw(int a) {
        Asset asset = ALL.get(a);
        long key = Hash.key(seed, 7_000 + a);
        long first = anchorMinute - SPAN_DAYS * (long) Walk.DAY, last = anchorMinute + SPAN_DAYS * (long) Walk.DAY;
        int n = 0;
        long[] at = new long[2 * SPAN_DAYS / NEWS_DAYS * 3];
        double[] size = new double[at.length];
        double s = diffusion(asset);
        // News arrive as a Poisson stream: exponential gaps, a mean of NEWS_DAYS days.
        for (double t = first; n < at.length; n++) {
            t += -Math.log(1 - Hash.unit(Hash.key(key, 11), n)) * NEWS_DAYS * Walk.DAY;
            if (t >= last) break;
            at[n] = (long) t;
            size[n] = JUMP * s * Hash.normal(Hash.key(key, 12), n);
        }
        Walk w = Walk.draw(new Walk.Spec(key, first, last, 0, s, 0.45, Walk.Drift.LOG,
                java.util.Arrays.copyOf(at, n), java.util.Arrays.copyOf(size, n)));
        // Drawn up to the anchor, set to the asset's level there; later days are drawn as they are read.
        w.shift(Math.log(asset.level()) - w.at(anchorMinute));
        return w;
    }

    /**
     * Strikes a question on the asset would use around {@code level}: a round step of about {@code share} of the level
     * (1, 2, 2.5 or 5 times a power of ten) and the multiple of it nearest the level.
     */
    static double step(double level, double share) {
        double raw = level * share;
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[]{1, 2, 2.5, 5, 10}) if (m * p >= raw * 0.8) return m * p;
        return 10 * p;
    }
}
