package org.marketlab.markets;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the JSON documents the service carries inside strings ({@code "[\"Yes\", \"No\"]"}); a plain array is
 * accepted too, since the specification calls these fields strings but clients may meet either.
 */
final class JsonInString {

    private static final JsonMapper INNER = JsonMapper.builder().build();

    private JsonInString() {
    }

    static JsonNode read(JsonParser p, String what) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) return null;
        if (t == JsonToken.START_ARRAY) return p.readValueAsTree();
        if (t != JsonToken.VALUE_STRING) {
            throw new com.fasterxml.jackson.core.JsonParseException(p, what + ": expected a JSON array inside a string, found " + t);
        }
        String text = p.getText();
        if (text.isBlank()) return null;
        try {
            JsonNode n = INNER.readTree(text);
            if (!n.isArray()) throw new IOException("not an array");
            return n;
        } catch (IOException e) {
            throw new com.fasterxml.jackson.core.JsonParseException(p, what + ": the string '" + abbreviate(text)
                    + "' does not hold a JSON array", e);
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "…" : s;
    }

    /** A list of strings: numbers inside are kept as their text. */
    static final class Strings extends JsonDeserializer<List<String>> {
        @Override
        public List<String> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode n = read(p, p.currentName());
            if (n == null) return null;
            List<String> out = new ArrayList<>(n.size());
            for (JsonNode e : n) out.add(e.isNull() ? null : e.asText());
            return out;
        }
    }

    /** A list of decimals, written as strings or numbers. */
    static final class Decimals extends JsonDeserializer<List<BigDecimal>> {
        @Override
        public List<BigDecimal> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String field = p.currentName();
            JsonNode n = read(p, field);
            if (n == null) return null;
            List<BigDecimal> out = new ArrayList<>(n.size());
            for (JsonNode e : n) {
                if (e.isNull() || e.asText().isBlank()) {
                    out.add(null);
                    continue;
                }
                try {
                    out.add(new BigDecimal(e.asText().trim()));
                } catch (NumberFormatException ex) {
                    throw new com.fasterxml.jackson.core.JsonParseException(p, field + ": '" + e.asText() + "' is not a decimal", ex);
                }
            }
            return out;
        }
    }
}
