package org.marketlab.internal.query;

import org.marketlab.internal.transport.Query;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A query builder's filters, in one immutable store: wire name to value (a scalar, or a list for parameters that
 * repeat). Builders hold one of these instead of a field per parameter; {@link #with} returns a new store.
 */
public final class Params {

    private static final Params EMPTY = new Params(Map.of());
    private final Map<String, Object> values;

    private Params(Map<String, Object> values) {
        this.values = values;
    }

    public static Params empty() {
        return EMPTY;
    }

    /** Sets {@code name} (a {@code null} value removes it; a collection is kept as an unmodifiable list). */
    public Params with(String name, Object value) {
        LinkedHashMap<String, Object> copy = new LinkedHashMap<>(values);
        if (value == null) copy.remove(name);
        else copy.put(name, value instanceof Collection<?> c ? List.copyOf(c) : value);
        return new Params(Collections.unmodifiableMap(copy));
    }

    /** The value of {@code name}, or {@code null}. */
    @SuppressWarnings("unchecked")
    public <T> T get(String name) {
        return (T) values.get(name);
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    /**
     * Refuses a range whose low end lies above its high end ({@code volume_min} above {@code volume_max}), naming
     * both as the user wrote them.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Params checkRange(String min, String max, String minName, String maxName) {
        Object lo = values.get(min), hi = values.get(max);
        if (lo instanceof Comparable l && hi != null && l.compareTo(hi) > 0) {
            throw new IllegalArgumentException(minName + " (" + lo + ") is above " + maxName + " (" + hi + ")");
        }
        return this;
    }

    /** Refuses a time window whose start {@code from} lies after its end {@code to}, named as the store names them. */
    public Params checkWindow(String from, String to) {
        return checkWindow(from, to, from, to);
    }

    /** Refuses a time window whose start lies after its end, naming both as the user wrote them. */
    public Params checkWindow(String from, String to, String fromName, String toName) {
        java.time.Instant start = get(from), end = get(to);
        if (start != null && end != null && start.isAfter(end)) {
            throw new IllegalArgumentException(fromName + " (" + start + ") is after " + toName + " (" + end + ")");
        }
        return this;
    }

    /**
     * These parameters renamed by {@code rename} (a name it maps to {@code null} is left out), in the same order: a
     * read that keeps two spellings of its parameters sends one of them.
     */
    public Params renamed(java.util.function.Function<String, String> rename) {
        LinkedHashMap<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : values.entrySet()) {
            String name = rename.apply(e.getKey());
            if (name != null) out.put(name, e.getValue());
        }
        return new Params(Collections.unmodifiableMap(out));
    }

    /** The wire parameters, in the order they were first set; lists as repeated names. */
    public Query toQuery() {
        Query q = Query.empty();
        for (Map.Entry<String, Object> e : values.entrySet()) {
            q = e.getValue() instanceof List<?> l ? q.withEach(e.getKey(), l) : q.with(e.getKey(), e.getValue());
        }
        return q;
    }

    @Override
    public String toString() {
        return toQuery().toString();
    }
}
