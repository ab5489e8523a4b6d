package org.marketlab.internal.transport;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Query parameters in the order they were added; a name may repeat, which is how array-valued parameters
 * travel ({@code id=1&id=2}). Immutable: every {@code with} returns a new query.
 */
public final class Query {

    private static final Query EMPTY = new Query(List.of());
    private final List<Map.Entry<String, String>> entries;

    private Query(List<Map.Entry<String, String>> entries) {
        this.entries = List.copyOf(entries);
    }

    public static Query empty() {
        return EMPTY;
    }

    /** Adds {@code name=value}; a {@code null} value adds nothing. */
    public Query with(String name, Object value) {
        if (value == null) return this;
        List<Map.Entry<String, String>> copy = new ArrayList<>(entries);
        copy.add(Map.entry(name, format(value)));
        return new Query(copy);
    }

    /** Adds {@code name=v} once per element. */
    public Query withEach(String name, Collection<?> values) {
        if (values == null || values.isEmpty()) return this;
        List<Map.Entry<String, String>> copy = new ArrayList<>(entries);
        for (Object v : values) copy.add(Map.entry(name, format(v)));
        return new Query(copy);
    }

    /** Replaces every value of {@code name} with one value ({@code null} removes it). */
    public Query replacing(String name, Object value) {
        List<Map.Entry<String, String>> copy = new ArrayList<>();
        for (Map.Entry<String, String> e : entries) if (!e.getKey().equals(name)) copy.add(e);
        Query q = new Query(copy);
        return q.with(name, value);
    }

    public List<Map.Entry<String, String>> entries() {
        return entries;
    }

    private static String format(Object v) {
        if (v instanceof Instant i) return i.toString();
        if (v instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)) return Long.toString(d.longValue());
        if (v instanceof java.math.BigDecimal b) return b.toPlainString();
        return String.valueOf(v);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> e : entries) {
            if (b.length() > 0) b.append('&');
            b.append(e.getKey()).append('=').append(e.getValue());
        }
        return b.toString();
    }
}
