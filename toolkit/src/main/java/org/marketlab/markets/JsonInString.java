package org.marketlab.markets;

import com.fasterxml.jackson.core.JsonFactory;
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

    private static final JsonFactory FACTORY = new JsonFactory();

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
        try (JsonParser inner = FACTORY.createParser(text)) {
            if (inner.nextToken() != JsonToken.START_ARRAY) throw new JsonParseException(inner, "not an array");
            List<String> out = elements(inner, p, field);
            if (inner.nextToken() != null) throw new JsonParseException(inner, "text after the array");
            return out;
        } catch (JsonParseException e) {
            throw new JsonParseException(p, field + ": the string '" + abbreviate(text) + "' does not hold a JSON array", e);
        }
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
            String field = p.currentName();
            List<String> texts = texts(p);
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
                    throw new JsonParseException(p, field + ": '" + s + "' is not a decimal", ex);
                }
            }
            return out;
        }
    }
}
