package org.marketlab;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Sentences for a report: money, percentages, cents, prices, counts, times and durations written as a reader
 * expects them, and {@link #line} to print a sentence whose {@code {}} places are filled in order.
 *
 * <pre>{@code
 * Say.line("Account value {} over {}; {} of it in the largest position.", Say.money(value), Say.count(n, "position"), Say.percent(share));
 * // Account value 1,234.50 USDC over 12 positions; 41.7 % of it in the largest position.
 * }</pre>
 */
public final class Say {

    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private Say() {
    }

    /** An amount of USDC to the cent, grouped: {@code 1,234.50 USDC}, {@code -3.20 USDC}. */
    public static String money(Number amount) {
        BigDecimal v = decimal(amount, "amount").setScale(2, RoundingMode.HALF_EVEN);
        return String.format(Locale.ROOT, "%,.2f USDC", v);
    }

    /** A share (0.417) as a percentage with one decimal: {@code 41.7 %}. */
    public static String percent(double share) {
        return percent(share, 1);
    }

    /** A share as a percentage with {@code decimals} decimals (0 to 6). */
    public static String percent(double share, int decimals) {
        finite(share, "share");
        if (decimals < 0 || decimals > 6) throw new IllegalArgumentException("decimals must be 0 to 6, was " + decimals);
        return String.format(Locale.ROOT, "%,." + decimals + "f %%", 100 * share);
    }

    /** A price change or distance (price units: 0.035) in cents: {@code 3.5 cents}, {@code -0.25 cents}. */
    public static String cents(double priceUnits) {
        finite(priceUnits, "price change");
        BigDecimal c = BigDecimal.valueOf(priceUnits).movePointRight(2).setScale(2, RoundingMode.HALF_EVEN).stripTrailingZeros();
        String text = c.scale() < 0 ? c.setScale(0).toPlainString() : c.toPlainString();
        return text + (c.abs().compareTo(BigDecimal.ONE) == 0 ? " cent" : " cents");
    }

    /** A price as the book shows it, without trailing zeros: {@code 0.535}. */
    public static String price(Number price) {
        BigDecimal v = decimal(price, "price").setScale(4, RoundingMode.HALF_EVEN).stripTrailingZeros();
        return v.scale() < 0 ? v.setScale(0).toPlainString() : v.toPlainString();
    }

    /** A count with its noun, grouped and pluralised with an s: {@code 1 trade}, {@code 1,204 trades}. */
    public static String count(long n, String thing) {
        if (thing == null || thing.isBlank()) throw new IllegalArgumentException("thing names what is counted, e.g. \"trade\"");
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? thing : thing + "s");
    }

    /** A time to the minute in UTC: {@code 2026-11-23 14:05 UTC}. */
    public static String time(Instant t) {
        if (t == null) throw new IllegalArgumentException("time is null");
        return MINUTE.format(t);
    }

    /** A duration in its two largest units: {@code 3 d 4 h}, {@code 2 h 5 min}, {@code 45 s}. */
    public static String duration(Duration d) {
        if (d == null) throw new IllegalArgumentException("duration is null");
        long s = Math.abs(d.toSeconds());
        String sign = d.isNegative() ? "-" : "";
        long days = s / 86_400, hours = s % 86_400 / 3600, minutes = s % 3600 / 60, seconds = s % 60;
        if (days > 0) return sign + days + " d" + (hours > 0 ? " " + hours + " h" : "");
        if (hours > 0) return sign + hours + " h" + (minutes > 0 ? " " + minutes + " min" : "");
        if (minutes > 0) return sign + minutes + " min" + (seconds > 0 ? " " + seconds + " s" : "");
        return sign + seconds + " s";
    }

    /**
     * The sentence with each {@code {}} replaced by the next value: text as it is, whole numbers grouped
     * ({@code 12,400}), other numbers to at most four decimals, times and durations as {@link #time} and
     * {@link #duration} write them. A count of values that differs from the places is an error that says so.
     */
    public static String sentence(String template, Object... values) {
        if (template == null) throw new IllegalArgumentException("template is null; write the sentence with {} where each value goes");
        Object[] v = values == null ? new Object[]{null} : values;
        StringBuilder out = new StringBuilder();
        int from = 0, used = 0;
        for (int at = template.indexOf("{}"); at >= 0; at = template.indexOf("{}", from)) {
            if (used == v.length) {
                throw new IllegalArgumentException("the sentence has more {} places than the " + v.length + " value(s) given: " + template);
            }
            out.append(template, from, at).append(text(v[used++]));
            from = at + 2;
        }
        if (used < v.length) throw new IllegalArgumentException("the sentence has " + used + " {} place(s) for " + v.length + " values: " + template);
        return out.append(template.substring(from)).toString();
    }

    /** Prints {@link #sentence} on a line of its own. */
    public static void line(String template, Object... values) {
        System.out.println(sentence(template, values));
    }

    private static String text(Object v) {
        if (v == null) return "none";
        if (v instanceof Instant t) return time(t);
        if (v instanceof Duration d) return duration(d);
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof java.math.BigInteger) {
            return String.format(Locale.ROOT, "%,d", v);
        }
        if (v instanceof Number n) {
            if (n instanceof Double d && !Double.isFinite(d)) return String.valueOf(d);
            if (n instanceof Float f && !Float.isFinite(f)) return String.valueOf(f);
            BigDecimal b = new BigDecimal(n.toString()).setScale(4, RoundingMode.HALF_EVEN).stripTrailingZeros();
            if (b.scale() <= 0) return String.format(Locale.ROOT, "%,d", b.toBigInteger());
            return String.format(Locale.ROOT, "%,." + b.scale() + "f", b);
        }
        return v.toString();
    }

    private static BigDecimal decimal(Number n, String name) {
        if (n == null) throw new IllegalArgumentException(name + " is null");
        if (n instanceof BigDecimal b) return b;
        if (n instanceof Double d) finite(d, name);
        if (n instanceof Float f) finite(f, name);
        return new BigDecimal(n.toString());
    }

    private static void finite(double v, String name) {
        if (!Double.isFinite(v)) throw new IllegalArgumentException(name + " must be a finite number, was " + v);
    }
}
