package org.marketlab.markets;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import org.marketlab.internal.transport.Document;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Reads market-data documents into records; a document of the wrong shape is a malformed response. */
final class EventReader {

    private EventReader() {
    }

    static List<Event> events(Document r, JsonNode array) {
        ObjectReader reader = r.json().readerFor(Event.class);
        List<Event> out = new ArrayList<>(array.size());
        int i = 0;
        for (JsonNode n : array) {
            out.add(read(r, reader, n, "event " + i++));
        }
        return out;
    }

    static <T> T one(Document r, JsonNode node, Class<T> type) {
        return read(r, r.json().readerFor(type), node, type.getSimpleName().toLowerCase());
    }

    static <T> List<T> many(Document r, JsonNode array, Class<T> type) {
        if (!array.isArray()) throw r.malformed("expected a JSON array of " + type.getSimpleName(), null);
        ObjectReader reader = r.json().readerFor(type);
        List<T> out = new ArrayList<>(array.size());
        int i = 0;
        for (JsonNode n : array) out.add(read(r, reader, n, type.getSimpleName().toLowerCase() + " " + i++));
        return out;
    }

    private static <T> T read(Document r, ObjectReader reader, JsonNode n, String what) {
        if (!n.isObject()) throw r.malformed(what + " is not a JSON object", null);
        JsonNode id = n.get("id");
        if (id == null || id.isNull()) throw r.malformed(what + " has no id", null);
        try {
            return reader.readValue(n);
        } catch (IOException e) {
            throw r.malformed(what + " (id " + id.asText() + ") could not be read: " + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()), e);
        }
    }

    /**
     * Binds events straight from the bytes of a response: a JSON array of events, or (keyset) an object whose
     * {@code events} field is that array. No intermediate tree. Returns the events and, for keyset pages, the
     * {@code next_cursor} (null when absent).
     */
    static Page page(Document r, boolean keyset) {
        ObjectReader reader = r.json().readerFor(Event.class);
        List<Event> out = new ArrayList<>();
        String cursor = null;
        boolean sawEvents = !keyset;
        try (JsonParser p = r.parser()) {
            JsonToken first = p.nextToken();
            if (keyset) {
                if (first != JsonToken.START_OBJECT) throw r.malformed("expected {events: [...], next_cursor}", null);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken v = p.nextToken();
                    if (name.equals("events")) {
                        if (v != JsonToken.START_ARRAY) throw r.malformed("events is not an array", null);
                        readArray(r, p, reader, out);
                        sawEvents = true;
                    } else if (name.equals("next_cursor")) {
                        cursor = v == JsonToken.VALUE_NULL ? null : p.getValueAsString();
                    } else {
                        p.skipChildren();
                    }
                }
                if (!sawEvents) throw r.malformed("expected {events: [...], next_cursor}: no events field", null);
            } else {
                if (first != JsonToken.START_ARRAY) throw r.malformed("expected a JSON array of events", null);
                readArray(r, p, reader, out);
            }
        } catch (JsonProcessingException e) {
            throw r.malformed("the body is not valid JSON (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw r.malformed("the body could not be read: " + e.getMessage(), e);
        }
        return new Page(out, cursor == null || cursor.isEmpty() ? null : cursor);
    }

    record Page(List<Event> events, String nextCursor) {
    }

    private static void readArray(Document r, JsonParser p, ObjectReader reader, List<Event> out) throws IOException {
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) throw r.malformed("event " + i + " is not a JSON object", null);
            Event e;
            try {
                e = reader.readValue(p);
            } catch (JsonProcessingException ex) {
                throw r.malformed("event " + i + " could not be read: " + ex.getOriginalMessage(), ex);
            }
            if (e.id() == null) throw r.malformed("event " + i + " has no id", null);
            out.add(e);
            i++;
        }
    }
}
