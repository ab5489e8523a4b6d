package org.marketlab.sandbox.markets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.route.DocumentOrder;
import org.marketlab.sandbox.route.Params;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * What the market-data host's listings share: {@code limit} (default 20, a page holds at most {@value #MAX_PAGE}),
 * {@code offset} (refused above {@value #MAX_OFFSET}, as the live service refuses it), inclusive range filters and
 * the order of {@link DocumentOrder}.
 */
final class Listing {

    /** The most records a page holds, whatever {@code limit} asks. */
    static final int MAX_PAGE = 100;
    /** Offsets above this are refused. */
    static final int MAX_OFFSET = 2000;
    /** A bad parameter on this host is a 422. */
    static final int REFUSED = 422;

    private Listing() {
    }

    static int limit(Params p) {
        return p.capped("limit", 20, MAX_PAGE);
    }

    /** {@code offset}: 0 to {@value #MAX_OFFSET}; {@code further} says how to read past it. */
    static long offset(Params p, String further) {
        long offset = p.count("offset", 0);
        if (offset > MAX_OFFSET) throw p.invalid("offset", offset, "0 to " + MAX_OFFSET + further);
        return offset;
    }

    /**
     * The page a listing asks for: its parameters (bad ones refused with {@value #REFUSED}), {@code limit} and where it
     * starts: {@code offset} by {@link #offset}, or for a keyset listing the {@code after_cursor} by {@link Keyset#offset}.
     */
    record Page(Params params, int limit, long offset, boolean keyset) {

        /** The rows of this page out of all of {@code rows}, in their order. */
        <T> List<T> of(List<T> rows) {
            return slice(rows, offset, limit);
        }

        /** The page's answer: its {@code items} as they are, or a keyset listing's {@code {<name>, next_cursor}} of {@code total} rows. */
        JsonNode answer(String name, ArrayNode items, int total) {
            return keyset ? Keyset.page(name, items, offset, limit, total) : items;
        }
    }

    static <T> List<T> slice(List<T> rows, long offset, int limit) {
        int from = (int) Math.min(offset, rows.size());
        return rows.subList(from, Math.min(rows.size(), from + limit));
    }

    /** An offset listing's page; {@code further} says how to read past {@value #MAX_OFFSET}. */
    static Page page(Context ctx, String further) {
        return page(Params.of(ctx, REFUSED), further);
    }

    /** {@link #page(Context, String)} of parameters read already (their own checks first). */
    static Page page(Params p, String further) {
        int limit = limit(p);
        return new Page(p, limit, offset(p, further), false);
    }

    /**
     * The page of a listing served twice, by offset and by cursor at the same path with {@code /keyset} after it
     * ({@code /markets} and {@code /markets/keyset}): which of the two the route that matched is.
     */
    static Page pageOrKeyset(Context ctx, String further) {
        boolean keyset = ctx.endpointHandlerPath().endsWith("/keyset");
        Params p = Params.of(ctx, REFUSED);
        int limit = limit(p);
        return new Page(p, limit, keyset ? Keyset.offset(p) : offset(p, further), keyset);
    }

    /** Within inclusive bounds (either may be null); a value that is null passes only when no bound is given. */
    static <T extends Comparable<T>> boolean within(T v, T min, T max) {
        if (min == null && max == null) return true;
        if (v == null) return false;
        return (min == null || v.compareTo(min) >= 0) && (max == null || v.compareTo(max) <= 0);
    }

    /** {@code <name>_min} and {@code <name>_max}: inclusive bounds on a number; a record without it fails any bound. */
    static <T> Predicate<T> numberRange(Params p, String name, Function<T, Double> value) {
        Double min = p.number(name + "_min"), max = p.number(name + "_max");
        return t -> within(value.apply(t), min, max);
    }

    /** {@code <name>_min} and {@code <name>_max}: inclusive bounds on a date-time ({@link Params#time} forms). */
    static <T> Predicate<T> timeRange(Params p, String name, Function<T, Instant> value) {
        Instant min = p.time(name + "_min"), max = p.time(name + "_max");
        return t -> within(value.apply(t), min, max);
    }

    /** A boolean filter: when given, the record's value equals it. */
    static <T> void flag(List<Predicate<T>> all, Boolean wanted, Function<T, Boolean> value) {
        if (wanted != null) all.add(t -> wanted.equals(value.apply(t)));
    }

    static <T> List<T> sorted(List<T> rows, List<String> fields, boolean ascending, Function<T, ObjectNode> doc, ToLongFunction<T> id) {
        return DocumentOrder.sorted(rows, fields, ascending, doc, id);
    }
}
