package org.marketlab.sandbox.route;

import io.javalin.http.Context;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Query parameter readers that refuse malformed values with a {@link BadParameter} (a 422) naming the parameter,
 * the value given and what is allowed. An empty value counts as absent.
 */
public class QueryParams {

    /** The most records a page of a listing holds, whatever {@code limit} asks. */
    public static final int MAX_PAGE = 100;
    /** Offsets above this are refused, as the live service refuses them on its listings. */
    public static final int MAX_OFFSET = 2000;

    protected final Context ctx;

    public QueryParams(Context ctx) {
        this.ctx = ctx;
    }

    /** Every value of a repeated parameter ({@code id=1&id=2}). */
    public List<String> all(String name) {
        return ctx.queryParams(name);
    }

    public String string(String name) {
        String v = ctx.queryParam(name);
        return v == null || v.isEmpty() ? null : v;
    }

    /** A count: an integer, 0 or more (any size; callers cap it). */
    public long count(String name, long dflt) {
        String v = string(name);
        if (v == null) return dflt;
        if (!v.matches("[+-]?[0-9]+")) throw new BadParameter(name + " must be an integer, 0 or more, was '" + v + "'");
        if (v.startsWith("-") && !v.matches("-0+")) throw new BadParameter(name + " must be 0 or more, was " + v);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE; // more digits than a long: as large as can be
        }
    }

    /** {@code limit}: default 20, at most a page of 100. */
    public int pageSize() {
        return (int) Math.min(count("limit", 20), QueryParams.MAX_PAGE);
    }

    public Long longOrNull(String name) {
        String v = string(name);
        if (v == null) return null;
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new BadParameter(name + " must be an integer, was '" + v + "'");
        }
    }

    public List<Long> longs(String name) {
        List<Long> out = new ArrayList<>();
        for (String v : ctx.queryParams(name)) {
            try {
                out.add(Long.parseLong(v));
            } catch (NumberFormatException e) {
                throw new BadParameter(name + " values must be integers, was '" + v + "'");
            }
        }
        return out;
    }

    public Boolean bool(String name) {
        String v = string(name);
        if (v == null) return null;
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new BadParameter(name + " must be true or false, was '" + v + "'");
        };
    }

    public Double number(String name) {
        String v = string(name);
        if (v == null) return null;
        try {
            double d = Double.parseDouble(v);
            if (!Double.isFinite(d)) throw new NumberFormatException();
            return d;
        } catch (NumberFormatException e) {
            throw new BadParameter(name + " must be a number, was '" + v + "'");
        }
    }

    public Instant time(String name) {
        String v = string(name);
        if (v == null) return null;
        try {
            if (v.length() == 10) return java.time.LocalDate.parse(v).atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
            java.time.temporal.TemporalAccessor t = java.time.format.DateTimeFormatter.ISO_DATE_TIME.parseBest(v,
                    java.time.OffsetDateTime::from, java.time.LocalDateTime::from);
            return t instanceof java.time.OffsetDateTime o ? o.toInstant()
                    : ((java.time.LocalDateTime) t).toInstant(java.time.ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new BadParameter(name + " must be an ISO 8601 date-time (2026-01-31T00:00:00Z; without an offset"
                    + " it is UTC) or a date (2026-01-31), was '" + v + "'");
        }
    }

    /** {@code offset}: 0 or more, refused above {@link #MAX_OFFSET}. */
    public long offset() {
        long offset = count("offset", 0);
        if (offset > MAX_OFFSET) {
            throw new BadParameter("offset " + offset + " is too large: offsets above " + MAX_OFFSET + " are refused");
        }
        return offset;
    }

    /** A comma-separated list of field names from {@code allowed} (spaces around names ignored), or none. */
    public List<String> order(String name, Collection<String> allowed, String kind) {
        String v = string(name);
        if (v == null) return List.of();
        List<String> out = new ArrayList<>();
        for (String f : v.split(",", -1)) {
            String t = f.trim();
            if (!allowed.contains(t)) {
                throw new BadParameter(name + ": '" + t + "' is not a " + kind + " field one can order by; allowed: "
                        + String.join(", ", new TreeSet<>(allowed)) + ", comma-separated");
            }
            out.add(t);
        }
        return out;
    }
}
