package org.marketlab.internal.transport;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.time.Timestamps;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * Reads one field of a JSON row by any of its spellings (a v2 {@code snake_case} name, then a v1 {@code camelCase}
 * one): numbers sent as numbers or as strings become exact {@link BigDecimal}s, absent and {@code null} fields
 * become {@code null}, and a field of the wrong type is a {@link org.marketlab.http.MalformedResponseException} of the
 * document it came from.
 */
public final class JsonFields {

    private JsonFields() {
    }

    private static JsonNode field(JsonNode row, String... names) {
        for (String n : names) {
            JsonNode v = row.get(n);
            if (v != null && !v.isNull()) return v;
        }
        return null;
    }

    public static String text(JsonNode row, String... names) {
        JsonNode v = field(row, names);
        return v == null ? null : v.isValueNode() ? v.asText() : v.toString();
    }

    public static BigDecimal decimal(Document doc, JsonNode row, String... names) {
        JsonNode v = field(row, names);
        if (v == null) return null;
        if (v.isNumber()) return v.decimalValue();
        String s = v.asText().trim();
        if (s.isEmpty()) return null;
        try {
            return new BigDecimal(s);
        } catch (NumberFormatException e) {
            throw doc.malformed("field " + names[0] + " is not a number: '" + s + "'", e);
        }
    }

    public static Integer integer(Document doc, JsonNode row, String... names) {
        BigDecimal d = decimal(doc, row, names);
        try {
            return d == null ? null : d.intValueExact();
        } catch (ArithmeticException e) {
            throw doc.malformed("field " + names[0] + " is not a whole number: " + d, e);
        }
    }

    public static Boolean bool(JsonNode row, String... names) {
        JsonNode v = field(row, names);
        if (v == null) return null;
        return v.isBoolean() ? v.booleanValue() : Boolean.parseBoolean(v.asText());
    }

    /** An instant sent as epoch seconds or ms (a number or a string of digits) or as a date-time text. */
    public static Instant instant(Document doc, JsonNode row, String... names) {
        JsonNode v = field(row, names);
        if (v == null) return null;
        String s = v.asText().trim();
        if (s.isEmpty()) return null;
        try {
            if (v.isNumber() || s.chars().allMatch(Character::isDigit)) return Instant.ofEpochMilli(Timestamps.epochMillis(Long.parseLong(s)));
            return Timestamps.parse(s);
        } catch (RuntimeException e) {
            throw doc.malformed("field " + names[0] + " is not a time: '" + s + "'", e);
        }
    }
}
