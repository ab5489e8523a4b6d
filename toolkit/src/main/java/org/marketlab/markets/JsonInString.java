package org.marketlab.markets;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the JSON documents the service carries inside strings ({@code "[\"Yes\", \"No\"]"}); a plain array is
 * accepted too, since the specification calls these fields strings but clients may meet either. Elements are
 * scalars; they are read as their text, with a streaming parser (these fields are on every market).
 */
final class JsonInString {

    private JsonInString() {
    }

    /** The elements' texts (null for JSON null), or null for a null or blank field. */
    static List<String> texts(JsonParser p) throws IOException {
        String field = p.currentName();
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return null;
        if (t == JsonToken.START_ARRAY) return elements(p, p, field);
        if (t != JsonToken.VALUE_STRING) {
            throw new JsonParseException(p, field + ": expected a JSON array inside a string, found " + t);
        }
        String text = p.getText();
        if (text.isBlank()) return null;
        List<String> out = new ArrayList<>(4);
        if (!scan(text, out)) {
            throw new JsonParseException(p, field + ": the string '" + abbreviate(text) + "' does not hold a JSON array");
        }
        return out;
    }

    /** The decimals of {@code texts} (the field's elements, as {@link #texts} gave them): null for null or blank. */
    static List<BigDecimal> decimals(JsonParser p, List<String> texts) throws IOException {
        if (texts == null) return null;
        List<BigDecimal> out = new ArrayList<>(texts.size());
        for (String s : texts) {
            if (s == null || s.isBlank()) {
                out.add(null);
                continue;
            }
            try {
                out.add(new BigDecimal(s.trim()));
            } catch (NumberFormatException ex) {
                throw new JsonParseException(p, p.currentName() + ": '" + s + "' is not a decimal", ex);
            }
        }
        return out;
    }

    /**
     * Reads the JSON array of scalars in {@code s}, appending each element's text (numbers as written, null for
     * JSON null) to {@code out}. One hand-written pass over the string, no parser per field: these strings are on
     * every market. Strict JSON, as a parser would be.
     *
     * @return false if {@code s} is not exactly one such array (surrounding white space allowed)
     */
    static boolean scan(String s, List<String> out) {
        int n = s.length();
        int i = space(s, 0);
        if (i >= n || s.charAt(i) != '[') return false;
        i = space(s, i + 1);
        if (i < n && s.charAt(i) == ']') return space(s, i + 1) == n;
        while (true) {
            if (i >= n) return false;
            char c = s.charAt(i);
            int end;
            if (c == '"') {
                end = string(s, i + 1, out);
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                end = number(s, i);
                if (end > 0) out.add(s.substring(i, end));
            } else if (s.startsWith("null", i)) {
                end = i + 4;
                out.add(null);
            } else if (s.startsWith("true", i)) {
                end = i + 4;
                out.add("true");
            } else if (s.startsWith("false", i)) {
                end = i + 5;
                out.add("false");
            } else {
                return false;
            }
            if (end < 0) return false;
            i = space(s, end);
            if (i >= n) return false;
            c = s.charAt(i);
            if (c == ']') return space(s, i + 1) == n;
            if (c != ',') return false;
            i = space(s, i + 1);
        }
    }

    private static int space(String s, int i) {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
            i++;
        }
        return i;
    }

    /** A string's text from just after its opening quote; the index after its closing quote, or -1. */
    private static int string(String s, int from, List<String> out) {
        int n = s.length();
        int i = from;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '"') {
                out.add(s.substring(from, i));
                return i + 1;
            }
            if (c == '\\' || c < 0x20) break;
            i++;
        }
        StringBuilder b = new StringBuilder(s.length() - from).append(s, from, i);
        while (i < n) {
            char c = s.charAt(i++);
            if (c == '"') {
                out.add(b.toString());
                return i;
            }
            if (c < 0x20) return -1;
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (i >= n) return -1;
            char e = s.charAt(i++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (i + 4 > n) return -1;
                    int v = 0;
                    for (int k = 0; k < 4; k++) {
                        int d = Character.digit(s.charAt(i++), 16);
                        if (d < 0) return -1;
                        v = v * 16 + d;
                    }
                    b.append((char) v);
                }
                default -> {
                    return -1;
                }
            }
        }
        return -1;
    }

    /** The end of a JSON number starting at {@code i}, or -1 if none is there. */
    private static int number(String s, int i) {
        int n = s.length();
        if (s.charAt(i) == '-') i++;
        if (i >= n) return -1;
        if (s.charAt(i) == '0') i++;
        else if (s.charAt(i) >= '1' && s.charAt(i) <= '9') i = digits(s, i);
        else return -1;
        if (i < n && s.charAt(i) == '.') {
            int j = digits(s, i + 1);
            if (j == i + 1) return -1;
            i = j;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
            int j = digits(s, i);
            if (j == i) return -1;
            i = j;
        }
        return i;
    }

    private static int digits(String s, int i) {
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
        return i;
    }

    private static List<String> elements(JsonParser in, JsonParser outer, String field) throws IOException {
        List<String> out = new ArrayList<>(4);
        JsonToken t;
        while ((t = in.nextToken()) != JsonToken.END_ARRAY) {
            if (t == null) throw new JsonParseException(outer, field + ": unterminated array");
            if (t == JsonToken.VALUE_NULL) out.add(null);
            else if (t.isScalarValue()) out.add(in.getText());
            else throw new JsonParseException(outer, field + ": array elements must be strings or numbers, found " + t);
        }
        return out;
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "…" : s;
    }

    /** A list of strings: numbers inside are kept as their text. */
    static final class Strings extends JsonDeserializer<List<String>> {
        @Override
        public List<String> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return texts(p);
        }

        @Override
        public List<String> getNullValue(DeserializationContext ctxt) {
            return null;
        }
    }

    /** A list of decimals, written as strings or numbers. */
    static final class Decimals extends JsonDeserializer<List<BigDecimal>> {
        @Override
        public List<BigDecimal> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return decimals(p, texts(p));
        }
    }
}
