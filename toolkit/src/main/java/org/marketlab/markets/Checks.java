package org.marketlab.markets;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Argument checks the discovery queries share; each message names the parameter and what is allowed. */
final class Checks {

    private Checks() {
    }

    /** The wire names of a record's fields. */
    static Set<String> fields(Class<? extends Record> type) {
        Set<String> out = new LinkedHashSet<>();
        for (RecordComponent c : type.getRecordComponents()) {
            JsonProperty p = c.getAccessor().getAnnotation(JsonProperty.class);
            out.add(p != null ? p.value() : c.getName());
        }
        return out;
    }

    static String order(String[] fields, Set<String> allowed, String kind) {
        List<String> out = new ArrayList<>();
        if (fields.length == 0) throw new IllegalArgumentException("order: give at least one " + kind + " field");
        for (String f : fields) {
            if (f == null || f.isBlank()) throw new IllegalArgumentException("order: empty field name");
            for (String part : f.split(",")) {
                String p = part.trim();
                if (!allowed.contains(p)) {
                    throw new IllegalArgumentException("order: '" + p + "' is not a " + kind + " field; allowed: " + new TreeSet<>(allowed));
                }
                out.add(p);
            }
        }
        return String.join(",", out);
    }

    static List<String> ids(String name, String... ids) {
        for (String id : ids) {
            if (id == null || !id.trim().matches("[0-9]+")) {
                throw new IllegalArgumentException(name + ": '" + id + "' is not an id; ids are integers such as \"512345\"");
            }
        }
        return Arrays.stream(ids).map(String::trim).toList();
    }

    static List<String> texts(String name, String... values) {
        for (String v : values) text(name, v);
        return List.of(values);
    }

    static String text(String name, String v) {
        if (v == null || v.isBlank()) throw new IllegalArgumentException(name + ": empty value");
        return v;
    }

    /** {@code 0x} and 64 hex digits (condition and question ids). */
    static List<String> hashes(String name, String... values) {
        for (String v : values) {
            if (v == null || !v.matches("0x[0-9a-fA-F]{64}")) {
                throw new IllegalArgumentException(name + ": '" + v + "' is not 0x followed by 64 hex digits");
            }
        }
        return List.of(values);
    }
}
