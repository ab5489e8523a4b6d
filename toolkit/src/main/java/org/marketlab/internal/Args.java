package org.marketlab.internal;

import org.web3j.crypto.Keys;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.util.Collection;

/**
 * The toolkit's checks of what a user passes in: each failure is an {@link IllegalArgumentException} that names
 * the parameter and says what is allowed, and never echoes more than a short, sanitised piece of the value.
 */
public final class Args {

    /** Outcome token ids are uint256 numbers: at most 78 decimal digits. */
    public static final int MAX_TOKEN_DIGITS = 78;
    /** Event and market ids are positive 64-bit integers: at most 19 digits. */
    public static final int MAX_ID_DIGITS = 19;
    /** Decimal texts (prices, quantities): digits in all, before and after the point. */
    public static final int MAX_DECIMAL_DIGITS = 40;
    /** Free-text filters (slugs, recurrence): at most this many characters. */
    public static final int MAX_TEXT = 200;

    private Args() {
    }

    /** A price history as {@code Clob.pricesHistory(...).table()} gives it: an instant {@code time} and a double {@code price}. */
    public static Table priceHistory(Table t) {
        if (t == null) throw new IllegalArgumentException("history must be a (time, price) table, was null");
        if (!t.columnNames().contains("time") || !t.columnNames().contains("price")
                || !(t.column("time") instanceof InstantColumn) || !(t.column("price") instanceof DoubleColumn)) {
            throw new IllegalArgumentException("history must be a (time, price) table as Clob.pricesHistory(...).table() gives; '"
                    + t.name() + "' has " + t.columnNames());
        }
        return t;
    }

    /** {@code value}, or an exception saying {@code name} must not be null. */
    public static <T> T notNull(T value, String name) {
        if (value == null) throw new IllegalArgumentException(name + " must not be null");
        return value;
    }

    /** A non-empty collection without null elements. */
    public static <C extends Collection<?>> C nonEmpty(C values, String name) {
        notNull(values, name);
        if (values.isEmpty()) throw new IllegalArgumentException(name + " is empty; give at least one");
        for (Object v : values) if (v == null) throw new IllegalArgumentException(name + " holds a null element");
        return values;
    }

    /** A list that may be empty but is not null and holds no null. */
    public static <C extends Collection<?>> C elements(C values, String name) {
        notNull(values, name);
        for (Object v : values) if (v == null) throw new IllegalArgumentException(name + " holds a null element");
        return values;
    }

    /** A finite double. */
    public static double finite(double v, String name) {
        if (!Double.isFinite(v)) throw new IllegalArgumentException(name + " must be a finite number, was " + v);
        return v;
    }

    /** Only ASCII digits 0-9, 1 to {@code maxDigits} of them (trimmed). */
    public static String digits(String value, String name, int maxDigits, String what) {
        notNull(value, name);
        String v = value.trim();
        if (v.isEmpty()) throw new IllegalArgumentException(name + " is empty; " + what);
        if (v.length() > maxDigits) {
            throw new IllegalArgumentException(name + " has " + v.length() + " characters; " + what + " (at most " + maxDigits + " digits)");
        }
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException(name + " '" + shown(v) + "' is not a number: " + what
                        + " (ASCII digits 0-9 only)");
            }
        }
        return v;
    }

    /** An event, market or tag id: 1 to 19 ASCII digits. */
    public static String id(String value, String name) {
        return digits(value, name, MAX_ID_DIGITS, "ids are decimal integers as the records carry them, e.g. \"41377\"");
    }

    /**
     * A plain positive decimal text ({@code 101.5}, {@code 0.25}): ASCII digits with at most one point, no sign,
     * no exponent, at most {@value #MAX_DECIMAL_DIGITS} digits.
     */
    public static BigDecimal positiveDecimal(String value, String name) {
        notNull(value, name);
        String v = value.trim();
        int digits = 0, points = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '.') points++;
            else if (c >= '0' && c <= '9') digits++;
            else digits = -1_000_000;
        }
        if (v.isEmpty() || digits <= 0 || points > 1 || digits > MAX_DECIMAL_DIGITS) {
            throw new IllegalArgumentException(name + " '" + shown(v) + "' is not a plain decimal: give ASCII digits with"
                    + " at most one '.', no sign or exponent, at most " + MAX_DECIMAL_DIGITS + " digits, e.g. \"101.5\"");
        }
        BigDecimal d = new BigDecimal(v);
        if (d.signum() <= 0) throw new IllegalArgumentException(name + " must be above zero, was " + v);
        return d;
    }

    /** A positive decimal. */
    public static BigDecimal positive(BigDecimal value, String name) {
        notNull(value, name);
        if (value.signum() <= 0) throw new IllegalArgumentException(name + " must be above zero, was " + value.toPlainString());
        if (value.precision() > MAX_DECIMAL_DIGITS || Math.abs((long) value.scale()) > MAX_DECIMAL_DIGITS) {
            throw new IllegalArgumentException(name + " has more than " + MAX_DECIMAL_DIGITS + " digits or an exponent beyond them");
        }
        return value;
    }

    /**
     * An EVM address: {@code 0x} and 40 hex digits; in mixed case the EIP-55 checksum must hold (all lower or all
     * upper case carries no checksum).
     */
    public static String address(String value, String name) {
        notNull(value, name);
        String v = value.trim();
        if (!v.matches("0x[0-9a-fA-F]{40}")) {
            throw new IllegalArgumentException(name + " '" + shown(v) + "' is not an address: 0x followed by 40 hex digits");
        }
        String hex = v.substring(2);
        boolean mixed = !hex.equals(hex.toLowerCase(java.util.Locale.ROOT)) && !hex.equals(hex.toUpperCase(java.util.Locale.ROOT));
        if (mixed && !Keys.toChecksumAddress(v).equals(v)) {
            throw new IllegalArgumentException(name + " " + v + " fails its EIP-55 checksum (a mistyped letter?); the checksummed"
                    + " form of those digits is " + Keys.toChecksumAddress(v.toLowerCase(java.util.Locale.ROOT)));
        }
        return v;
    }

    /**
     * A short word filter (slug, recurrence): non-blank, at most {@value #MAX_TEXT} characters of ASCII letters,
     * digits, '-', '_' and '.'.
     */
    public static String word(String value, String name) {
        notNull(value, name);
        String v = value.trim();
        if (v.isEmpty()) throw new IllegalArgumentException(name + " is empty");
        if (v.length() > MAX_TEXT || !v.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException(name + " '" + shown(v) + "' is not a slug: at most " + MAX_TEXT
                    + " ASCII letters, digits, '-', '_' or '.'");
        }
        return v;
    }

    /**
     * One of {@code allowed} (exactly as written); the refusal lists them in a list's order, or sorted when
     * {@code allowed} has no order of its own.
     */
    public static String oneOf(String value, String name, Collection<String> allowed) {
        if (value == null || !allowed.contains(value)) {
            Collection<String> shownOrder = allowed instanceof java.util.List<String> ? allowed : new java.util.TreeSet<>(allowed);
            throw new IllegalArgumentException(name + " '" + shown(value) + "' is not one of " + String.join(", ", shownOrder));
        }
        return value;
    }

    /** An int in {@code [min, max]}. */
    public static int inRange(int v, String name, int min, int max) {
        if (v < min || v > max) throw new IllegalArgumentException(name + " must be " + min + " to " + max + ", was " + v);
        return v;
    }

    /** A value for a message: at most 40 characters, control characters shown as '?'. */
    public static String shown(String v) {
        if (v == null) return "null";
        String s = v.length() > 40 ? v.substring(0, 37) + "…" : v;
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(Character.isISOControl(c) ? '?' : c);
        }
        return b.toString();
    }
}
