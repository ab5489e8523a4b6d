package org.marketlab.sandbox.route;

import io.javalin.http.Context;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The query parameters of one request: the one reader every route parses its parameters with. A value it cannot
 * use is refused with a {@link Refusal} of the host's status, in one wording everywhere, which says what was wrong
 * and what is allowed:
 * <ul>
 * <li>{@code <name> must be <what is allowed>, was '<value>'}: a value given;</li>
 * <li>{@code <name> is required: <what is allowed>}: a value missing;</li>
 * <li>{@code unknown query parameter '<name>': allowed are <names>}: on the reads that take no others
 *     ({@link #onlyThese}).</li>
 * </ul>
 * An empty value counts as absent; parameters a route does not read are ignored unless it asks otherwise. Where an
 * interface documents its own message for a bad parameter (the order book's error rows), the route reads through
 * {@link #documented} (that message, whatever was wrong) or {@link #prefixed} (its prefix before the wording).
 */
public final class Params {

    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");
    private static final Pattern ZEROS = Pattern.compile("-0+");

    private final Context ctx;
    private final int status;
    private final String prefix;
    private final String documented;

    private Params(Context ctx, int status, String prefix, String documented) {
        this.ctx = ctx;
        this.status = status;
        this.prefix = prefix;
        this.documented = documented;
    }

    /** The parameters of {@code ctx}, refused with {@code status} (the host's: 422 on the market-data host, else 400). */
    public static Params of(Context ctx, int status) {
        return new Params(ctx, status, "", null);
    }

    /** The same parameters, refused with the interface's own message for them, whatever was wrong. */
    public Params documented(String message) {
        return new Params(ctx, status, prefix, message);
    }

    /** The same parameters, their refusals' wording after the interface's prefix ({@code invalid filters: }). */
    public Params prefixed(String prefix) {
        return new Params(ctx, status, prefix, documented);
    }

    // ---- refusals -----------------------------------------------------------------------------------------------

    /** {@code <name> must be <allowed>, was '<value>'} (a number unquoted). */
    public Refusal invalid(String name, Object value, String allowed) {
        String was = value instanceof Number ? value.toString() : "'" + value + "'";
        return refusal(name + " must be " + allowed + ", was " + was);
    }

    /** {@code <name> is required: <allowed>}. */
    public Refusal missing(String name, String allowed) {
        return refusal(name + " is required: " + allowed);
    }

    private Refusal refusal(String wording) {
        return new Refusal(status, documented != null ? documented : prefix + wording);
    }

    /** Refuses every parameter but {@code allowed}: the reads whose interface takes no others. */
    public void onlyThese(Collection<String> allowed) {
        for (String name : ctx.queryParamMap().keySet()) {
            if (!allowed.contains(name)) {
                throw refusal("unknown query parameter '" + name + "': allowed are " + String.join(", ", new TreeSet<>(allowed)));
            }
        }
    }

    /** Refuses {@code name} when it is given at all: {@code allowed} says why and what to use instead. */
    public void absent(String name, String allowed) {
        String v = ctx.queryParam(name);
        if (v != null) throw invalid(name, v, allowed);
    }

    // ---- text ---------------------------------------------------------------------------------------------------

    /** The first of {@code names} given (a parameter and its other spellings), or null. */
    public String string(String... names) {
        for (String n : names) {
            String v = ctx.queryParam(n);
            if (v != null && !v.isEmpty()) return v;
        }
        return null;
    }

    /** The value, or {@code dflt} when absent. */
    public String stringOr(String name, String dflt) {
        String v = string(name);
        return v == null ? dflt : v;
    }

    /** The value, refused as missing when absent. */
    public String required(String name, String allowed) {
        String v = string(name);
        if (v == null) throw missing(name, allowed);
        return v;
    }

    /** Every value of a repeated parameter ({@code id=1&id=2}), as given. */
    public List<String> all(String name) {
        return ctx.queryParams(name);
    }

    /** The values of the parameters, repeated or comma-separated ({@code a,b&a=c}), trimmed, blanks dropped, in order. */
    public Set<String> list(String... names) {
        Set<String> out = new LinkedHashSet<>();
        for (String n : names) {
            for (String v : ctx.queryParams(n)) {
                for (String s : v.split(",")) if (!s.isBlank()) out.add(s.trim());
            }
        }
        return out;
    }

    /** The value when it matches {@code pattern} (whole), null when absent; {@code allowed} describes the pattern. */
    public String matching(String name, Pattern pattern, String allowed) {
        String v = string(name);
        if (v != null && !pattern.matcher(v).matches()) throw invalid(name, v, allowed);
        return v;
    }

    /**
     * One of {@code allowed} (compared without regard to case when {@code anyCase}, and then given back upper case), or
     * {@code dflt} when absent.
     */
    public String oneOf(String name, String dflt, List<String> allowed, boolean anyCase) {
        String v = string(name);
        if (v == null) return dflt;
        String key = anyCase ? v.toUpperCase(Locale.ROOT) : v;
        if (!allowed.contains(key)) throw invalid(name, v, choices(allowed));
        return key;
    }

    /** {@code a, b or c}. */
    public static String choices(List<String> allowed) {
        if (allowed.size() == 1) return allowed.get(0);
        return String.join(", ", allowed.subList(0, allowed.size() - 1)) + " or " + allowed.get(allowed.size() - 1);
    }

    /** A comma-separated list of field names from {@code allowed} (spaces around names ignored), or none. */
    public List<String> order(String name, Collection<String> allowed, String kind) {
        String v = string(name);
        if (v == null) return List.of();
        List<String> out = new ArrayList<>();
        for (String f : v.split(",", -1)) {
            String t = f.trim();
            if (!allowed.contains(t)) {
                throw invalid(name, t, kind + " fields one can order by, comma-separated (" + String.join(", ", new TreeSet<>(allowed)) + ")");
            }
            out.add(t);
        }
        return out;
    }

    // ---- numbers ------------------------------------------------------------------------------------------------

    /** A count: an integer, 0 or more, of any size (more digits than a long reads as the largest long; callers cap it). */
    public long count(String name, long dflt) {
        String v = string(name);
        if (v == null) return dflt;
        if (!INTEGER.matcher(v).matches() || v.startsWith("-") && !ZEROS.matcher(v).matches()) {
            throw invalid(name, v, "an integer, 0 or more");
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    /** A count capped at {@code max}: more than the cap asks for the cap. */
    public int capped(String name, int dflt, int max) {
        return (int) Math.min(count(name, dflt), max);
    }

    /** An integer from {@code min} to {@code max}, or {@code dflt} when absent; refused outside. */
    public int between(String name, int dflt, int min, int max) {
        Long v = integer(name, min + " to " + max);
        if (v == null) return dflt;
        if (v < min || v > max) throw invalid(name, v, min + " to " + max);
        return v.intValue();
    }

    /** An integer (any sign), or null. */
    public Long integer(String name) {
        return integer(name, "an integer");
    }

    /** An integer (any sign), or null; {@code allowed} says what the route takes when it is not one. */
    public Long integer(String name, String allowed) {
        String v = string(name);
        if (v == null) return null;
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw invalid(name, v, allowed);
        }
    }

    /** An integer, 0 or more (Unix times, ids), or null. */
    public Long natural(String name) {
        Long v = integer(name, "an integer, 0 or more");
        if (v != null && v < 0) throw invalid(name, v, "an integer, 0 or more");
        return v;
    }

    /** A Unix time in seconds, 0 or more, or null. */
    public Long seconds(String name) {
        Long v = integer(name, "a Unix timestamp in seconds");
        if (v != null && v < 0) throw invalid(name, v, "a Unix timestamp in seconds");
        return v;
    }

    /** Every value of a repeated integer parameter ({@code id=1&id=2}; a comma-joined value is refused). */
    public List<Long> integers(String name) {
        List<Long> out = new ArrayList<>();
        for (String v : ctx.queryParams(name)) {
            try {
                out.add(Long.parseLong(v));
            } catch (NumberFormatException e) {
                throw invalid(name, v, "an integer (repeat the parameter for more: " + name + "=1&" + name + "=2)");
            }
        }
        return out;
    }

    /** A finite decimal number, or null. */
    public Double number(String name) {
        String v = string(name);
        if (v == null) return null;
        try {
            double d = Double.parseDouble(v);
            if (Double.isFinite(d)) return d;
        } catch (NumberFormatException e) {
            // refused below
        }
        throw invalid(name, v, "a number");
    }

    /** An exact decimal under the first of {@code names} given, or {@code dflt}. */
    public BigDecimal decimal(BigDecimal dflt, String... names) {
        String v = string(names);
        if (v == null) return dflt;
        try {
            return new BigDecimal(v);
        } catch (NumberFormatException e) {
            throw invalid(names[0], v, "a number");
        }
    }

    /** {@code true} or {@code false} in any letter case under the first of {@code names} given, or null. */
    public Boolean bool(String... names) {
        String v = string(names);
        if (v == null) return null;
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid(names[0], v, "true or false");
        };
    }

    /** An ISO 8601 date-time (an offset, or none for UTC) or a date (midnight UTC), or null. */
    public Instant time(String name) {
        String v = string(name);
        if (v == null) return null;
        try {
            if (v.length() == 10) return LocalDate.parse(v).atStartOfDay(ZoneOffset.UTC).toInstant();
            TemporalAccessor t = DateTimeFormatter.ISO_DATE_TIME.parseBest(v, OffsetDateTime::from, LocalDateTime::from);
            return t instanceof OffsetDateTime o ? o.toInstant() : ((LocalDateTime) t).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw invalid(name, v, "an ISO 8601 date-time (2026-01-31T00:00:00Z; without an offset it is UTC) or a date (2026-01-31)");
        }
    }
}
