package org.marketlab.sandbox.route;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The order of listed documents by their fields: numbers as numbers, strings of digits ({@code id}) as integers,
 * date-times as instants, other strings by code point, {@code false} before {@code true}; nulls last in either
 * direction; ties by id ascending.
 */
public final class DocumentOrder {

    /** The record fields typed date-time (Event, Market, Tag, Series, Comment). */
    private static final Set<String> DATE_TIMES = Set.of("startDate", "creationDate", "endDate", "createdAt", "updatedAt",
            "closedTime", "startTime", "finishedTimestamp", "deployingTimestamp", "scheduledDeploymentTimestamp");

    private DocumentOrder() {
    }

    /**
     * {@code rows} sorted by the listed fields of their documents, then id ascending ({@code fields} empty: as
     * given). Each row's values are turned into sort keys once, not at every comparison.
     */
    public static <T> List<T> sorted(List<T> rows, List<String> fields, boolean ascending, Function<T, ObjectNode> doc, ToLongFunction<T> id) {
        if (fields.isEmpty()) return rows;
        record Keyed<T>(T row, Comparable<?>[] keys) {
        }
        List<Keyed<T>> keyed = new ArrayList<>(rows.size());
        for (T r : rows) {
            Comparable<?>[] keys = new Comparable<?>[fields.size()];
            for (int i = 0; i < keys.length; i++) keys[i] = sortKey(fields.get(i), doc.apply(r).get(fields.get(i)));
            keyed.add(new Keyed<>(r, keys));
        }
        keyed.sort((a, b) -> {
            for (int i = 0; i < fields.size(); i++) {
                int c = compareKeys(a.keys()[i], b.keys()[i], ascending);
                if (c != 0) return c;
            }
            return Long.compare(id.applyAsLong(a.row()), id.applyAsLong(b.row()));
        });
        return keyed.stream().map(Keyed::row).toList();
    }

    /** null, Double, Boolean, Long (digit strings such as ids), Instant (date-time fields) or String. */
    static Comparable<?> sortKey(String field, JsonNode v) {
        if (v == null || v.isNull()) return null;
        if (v.isNumber()) return v.asDouble();
        if (v.isBoolean()) return v.asBoolean();
        String s = v.asText();
        if (DATE_TIMES.contains(field)) {
            try {
                return Instant.parse(s); // as instants: by text 12:00:00.5Z would sort before 12:00:00Z
            } catch (DateTimeParseException e) {
                return s;
            }
        }
        if (!s.isEmpty() && s.length() < 18 && s.chars().allMatch(c -> c >= '0' && c <= '9')) return Long.parseLong(s);
        return s;
    }

    /** Nulls last in either direction; keys of different kinds (rare) compare by their text. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compareKeys(Comparable a, Comparable b, boolean ascending) {
        if (a == null || b == null) return a == b ? 0 : a == null ? 1 : -1;
        int c = a.getClass() == b.getClass() ? a.compareTo(b) : a.toString().compareTo(b.toString());
        return ascending ? c : -c;
    }
}
