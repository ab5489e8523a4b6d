package org.marketlab.tables;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Single values written as the tables write them, for sentences and records: money to the cent with separators
 * ({@code 105,159.73}), prices to the tick, shares of a whole as percent, durations as "248 ms" or "3 h 12 min",
 * times in UTC, long identifiers shortened. {@link #value} writes a named value (a record's field) by the kind its
 * name gives, as a table column of that name would show it.
 *
 * <pre>{@code
 * System.out.println("Free to trade: " + Formats.usdc(cash.balance()));          // Free to trade: 6,724.61 USDC
 * System.out.println("Waited " + Formats.duration(Duration.ofMillis(248)));       // Waited 248 ms
 * }</pre>
 */
public final class Formats {

    /** At or above this, an allowance is the token's "unlimited" approval (the maximum uint256, or near it). */
    static final BigInteger UNLIMITED = BigInteger.TWO.pow(255);
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private Formats() {
    }

    /** An amount of money to the cent, thousands grouped: {@code 105,159.73}; empty for null. */
    public static String money(Number amount) {
        if (amount == null) return "";
        BigDecimal d = decimal(amount).setScale(2, RoundingMode.HALF_EVEN);
        if (d.signum() == 0) d = d.abs();
        return grouped(2).format(d);
    }

    /** An amount of USDC to the cent with its unit: {@code 6,724.61 USDC}. */
    public static String usdc(Number amount) {
        return amount == null ? "" : money(amount) + " USDC";
    }

    /** A price to its tick (at least 2 and at most 4 decimals): {@code 0.95}, {@code 0.954}. */
    public static String price(Number price) {
        if (price == null) return "";
        BigDecimal d = decimal(price);
        int decimals = Math.max(2, TableFormat.decimalsNeeded(d.doubleValue(), 4));
        return grouped(decimals).format(d.setScale(decimals, RoundingMode.HALF_EVEN));
    }

    /** A share of a whole (0.154) as percent ({@code 15.4%}). */
    public static String percent(double fraction) {
        if (Double.isNaN(fraction)) return "";
        double v = fraction * 100;
        int decimals = Math.abs(v) < 1 && v != 0 ? 2 : TableFormat.decimalsNeeded(v, 1);
        return grouped(decimals).format(v) + "%";
    }

    /** A duration as people read it: {@code 248 ms}, {@code 8.3 s}, {@code 3 h 12 min}. */
    public static String duration(Duration d) {
        return Durations.format(d);
    }

    /** A long identifier shortened ({@code 0xAe50…4E03}, {@code 4854…1627}); anything else as it is. */
    public static String shortId(String id) {
        return Ids.shorten(id);
    }

    /** A time in UTC, to the minute or to the second when it has seconds: {@code 2026-12-03 07:33 UTC}. */
    public static String time(Instant t) {
        if (t == null) return "";
        return (t.getEpochSecond() % 60 == 0 && t.getNano() == 0 ? MINUTE : SECOND).format(t);
    }

    /**
     * A value named {@code name} (a record's field) as a table column of that name shows it: numbers by the kind the
     * name gives (money to the cent, prices to the tick, percent, counts grouped), durations and times readable, an
     * allowance at the uint256 maximum as "unlimited", identifiers of 60 characters or more shortened.
     */
    public static String value(String name, Object v) {
        if (v == null) return "";
        if (v instanceof Duration d) return Durations.format(d);
        if (v instanceof Instant t) return time(t);
        if (v instanceof BigInteger || v instanceof Long || v instanceof Integer) {
            String when = epochTime(name, v instanceof BigInteger b ? b : BigInteger.valueOf(((Number) v).longValue()));
            if (when != null) return when;
        }
        if (v instanceof BigInteger i) {
            if (i.compareTo(UNLIMITED) >= 0 && name.toLowerCase(Locale.ROOT).contains("allowance")) return "unlimited";
            if (ColumnKind.ofNumber(name, true) == ColumnKind.ID) return i.toString();
            return i.bitLength() < 63 ? grouped(0).format(i.longValue()) : grouped(0).format(i);
        }
        if (v instanceof Integer || v instanceof Long || v instanceof Short) {
            long l = ((Number) v).longValue();
            return TableFormat.cells(LongColumn.create(name, l)).get(0);
        }
        if (v instanceof BigDecimal || v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            ColumnKind kind = ColumnKind.ofNumber(name, false);
            if (kind == ColumnKind.NUMBER && v instanceof BigDecimal b) { // sizes as exact as they are, up to 6 decimals
                BigDecimal e = b.stripTrailingZeros();
                if (e.scale() > 6) e = e.setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros();
                return e.scale() < 0 ? e.setScale(0).toPlainString() : e.toPlainString();
            }
            return TableFormat.cells(DoubleColumn.create(name, d)).get(0);
        }
        String s = String.valueOf(v);
        return s.length() >= 60 ? Ids.shorten(s) : s;
    }

    /**
     * An integer field that holds a time, as a UTC time with the number beside it: a {@code ...timestamp} in epoch
     * milliseconds or seconds ({@code 2026-11-26 20:11:27 UTC (1795723887949 ms)}), an {@code expiration} in epoch
     * seconds, 0 there meaning none; null for any other field or a number no time of this century.
     */
    private static String epochTime(String name, BigInteger i) {
        String n = ColumnKind.squash(name);
        boolean stamp = n.endsWith("timestamp"), expiry = n.equals("expiration") || n.equals("expiry");
        if (!(stamp || expiry) || i.bitLength() >= 63) return null;
        long v = i.longValue();
        if (expiry && v == 0) return "none (0)";
        if (v >= 946_684_800L && v < 4_102_444_800L) return time(Instant.ofEpochSecond(v)) + " (" + v + " s)"; // 2000 to 2100
        if (stamp && v >= 946_684_800_000L && v < 4_102_444_800_000L) return time(Instant.ofEpochMilli(v)) + " (" + v + " ms)";
        return null;
    }

    private static BigDecimal decimal(Number n) {
        if (n instanceof BigDecimal b) return b;
        if (n instanceof BigInteger i) return new BigDecimal(i);
        if (n instanceof Integer || n instanceof Long || n instanceof Short) return BigDecimal.valueOf(n.longValue());
        return BigDecimal.valueOf(n.doubleValue());
    }

    private static DecimalFormat grouped(int decimals) {
        DecimalFormat f = new DecimalFormat(decimals == 0 ? "#,##0" : "#,##0." + "0".repeat(decimals), DecimalFormatSymbols.getInstance(Locale.ROOT));
        f.setRoundingMode(RoundingMode.HALF_EVEN);
        return f;
    }
}
