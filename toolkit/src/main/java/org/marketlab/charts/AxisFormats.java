package org.marketlab.charts;

import org.marketlab.tables.ColumnKind;

import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.function.Function;

/**
 * Tick labels for a chart's axes, compact and by what the axis holds: {@code 28M}, {@code 1.2k}, {@code $1,234},
 * {@code −$450}, {@code 45%}, {@code 0.24}; never E-notation. One suffix (k, M, B) and one number of decimals per
 * axis, chosen from the axis's range, so every label of an axis reads alike. Dates are labelled by span
 * ({@link #datePattern}): hours within a day, days within months, months within years.
 */
public final class AxisFormats {

    /** The minus sign typography uses (U+2212), as matplotlib draws it. */
    public static final String MINUS = "\u2212";

    private AxisFormats() {
    }

    /**
     * Labels for an axis from {@code min} to {@code max} holding values of {@code kind}: money with a dollar sign,
     * percentages and shares of a whole with "%", prices and other numbers plain; thousands as k, millions as M,
     * billions as B once the largest value reaches 10,000 (unless the labels would then need two decimals: a narrow
     * range at a large value is written out, {@code $48,450}).
     */
    public static Function<Double, String> of(ColumnKind kind, double min, double max) {
        double scale = kind == ColumnKind.SHARE ? 100 : 1;
        double lo = Math.min(min, max) * scale, hi = Math.max(min, max) * scale;
        double largest = Math.max(Math.abs(lo), Math.abs(hi));
        double unit;
        String suffix;
        if (largest >= 1e9) {
            unit = 1e9;
            suffix = "B";
        } else if (largest >= 1e6) {
            unit = 1e6;
            suffix = "M";
        } else if (largest >= 1e4) {
            unit = 1e3;
            suffix = "k";
        } else {
            unit = 1;
            suffix = "";
        }
        int decimals = decimalsFor((hi - lo) / unit);
        if (unit > 1 && decimals > 1) { // a narrow range at a large value reads better written out: $48,450, not $48.45k
            unit = 1;
            suffix = "";
            decimals = decimalsFor(hi - lo);
        }
        if (kind == ColumnKind.COUNT && unit == 1) decimals = 0;
        DecimalFormat f = new DecimalFormat(decimals == 0 ? "#,##0" : "#,##0." + "0".repeat(decimals), DecimalFormatSymbols.getInstance(Locale.ROOT));
        f.setRoundingMode(RoundingMode.HALF_UP); // a step finer than the decimals gives equal labels, and the axis takes a coarser one
        String prefix = kind == ColumnKind.USDC ? "$" : "";
        String after = (kind == ColumnKind.PERCENT || kind == ColumnKind.SHARE ? "%" : "") + (kind == ColumnKind.CENTS ? "¢" : "");
        return new Compact(f, scale, unit, prefix, suffix, after);
    }

    /**
     * Whether {@code f} is a tick format of this class: such a format is for a linear axis, so a chart whose axis
     * was made logarithmic afterwards drops it (see {@code ChartTheme.settle}).
     */
    public static boolean isCompact(Function<Double, String> f) {
        return f instanceof Compact;
    }

    /** Compact labels: one scale, suffix and number of decimals for a whole axis. */
    private record Compact(DecimalFormat format, double scale, double unit, String prefix, String suffix, String after)
            implements Function<Double, String> {
        @Override
        public String apply(Double v) {
            if (v == null || v.isNaN()) return "";
            double x = v * scale / unit;
            String digits;
            synchronized (format) {
                digits = format.format(Math.abs(x));
            }
            if (digits.matches("[0.,]+")) return prefix + digits + after; // zero as its neighbours are written: 0.0, $0, 0%
            return (x < 0 ? MINUS : "") + prefix + digits + suffix + after;
        }
    }

    /** Labels for values of {@code kind} spanning {@code values} (NaNs skipped). */
    public static Function<Double, String> of(ColumnKind kind, double[] values) {
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            if (Double.isNaN(v) || Double.isInfinite(v)) continue;
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        if (lo > hi) lo = hi = 0;
        return of(kind, lo, hi);
    }

    /**
     * The decimals the ticks of a span need: those of the round step (1, 2 or 5 times a power of ten) that divides
     * the span into about five.
     */
    static int decimalsFor(double span) {
        if (!(span > 0) || Double.isInfinite(span)) return 0;
        double step = niceStep(span / 5);
        int d = (int) Math.ceil(-Math.log10(step) - 1e-9);
        return Math.max(0, Math.min(6, d));
    }

    /** The round step (1, 2 or 5 times a power of ten) nearest {@code raw}. */
    static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        double m = raw / p;
        return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
    }

    /** A value written as a bar's label, in the axis's style to three significant digits ({@code $1,624}, {@code $12.3M}, {@code 0.35}). */
    public static String value(ColumnKind kind, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return "";
        double scale = kind == ColumnKind.SHARE ? 100 : 1;
        double a = Math.abs(v * scale);
        double unit = a >= 1e9 ? 1e9 : a >= 1e6 ? 1e6 : a >= 1e4 ? 1e3 : 1;
        String suffix = unit == 1e9 ? "B" : unit == 1e6 ? "M" : unit == 1e3 ? "k" : "";
        double x = a / unit;
        int decimals = x == 0 || kind == ColumnKind.COUNT && unit == 1 ? 0 : Math.max(0, Math.min(4, 2 - (int) Math.floor(Math.log10(x))));
        DecimalFormat f = new DecimalFormat(decimals == 0 ? "#,##0" : "#,##0." + "0".repeat(decimals), DecimalFormatSymbols.getInstance(Locale.ROOT));
        f.setRoundingMode(RoundingMode.HALF_UP);
        String digits = f.format(x);
        if (digits.matches("[0.,]+")) return (kind == ColumnKind.USDC ? "$" : "") + "0" + (kind == ColumnKind.PERCENT || kind == ColumnKind.SHARE ? "%" : "");
        return (v < 0 ? MINUS : "") + (kind == ColumnKind.USDC ? "$" : "") + digits + suffix
                + (kind == ColumnKind.PERCENT || kind == ColumnKind.SHARE ? "%" : "") + (kind == ColumnKind.CENTS ? "¢" : "");
    }

    /**
     * A date pattern for times spanning {@code seconds}: "HH:mm:ss" within a few minutes, "HH:mm" within a day,
     * "MMM d HH:mm" within three days, "MMM d" within half a year, "MMM yyyy" within three years, else "yyyy".
     */
    public static String datePattern(long seconds) {
        if (seconds <= 300) return "HH:mm:ss";
        if (seconds <= 86_400) return "HH:mm";
        if (seconds <= 3L * 86_400) return "MMM d HH:mm";
        if (seconds <= 183L * 86_400) return "MMM d";
        if (seconds <= 3L * 365 * 86_400) return "MMM yyyy";
        return "yyyy";
    }
}
