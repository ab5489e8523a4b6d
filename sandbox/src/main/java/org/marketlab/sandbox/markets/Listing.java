package org.marketlab.sandbox.markets;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.route.DocumentOrder;
import org.marketlab.sandbox.route.Params;

import java.util.List;
import java.util.function.Function;
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

    static <T> List<T> slice(List<T> rows, long offset, int limit) {
        int from = (int) Math.min(offset, rows.size());
        return rows.subList(from, Math.min(rows.size(), from + limit));
    }

    /** Within inclusive bounds (either may be null); a value that is null passes only when no bound is given. */
    static <T extends Comparable<T>> boolean within(T v, T min, T max) {
        if (min == null && max == null) return true;
        if (v == null) return false;
        return (min == null || v.compareTo(min) >= 0) && (max == null || v.compareTo(max) <= 0);
    }

    static <T> List<T> sorted(List<T> rows, List<String> fields, boolean ascending, Function<T, ObjectNode> doc, ToLongFunction<T> id) {
        return DocumentOrder.sorted(rows, fields, ascending, doc, id);
    }
}
