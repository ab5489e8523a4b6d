package org.marketlab.markets;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import org.marketlab.http.Call;
import org.marketlab.http.Response;
import org.marketlab.http.Transport;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Reads market-data documents into records; a document of the wrong shape is a malformed response. */
final class EventReader {

    private EventReader() {
    }

    static List<Event> events(Transport t, Call call, Response r, JsonNode array) {
        ObjectReader reader = t.json().readerFor(Event.class);
        List<Event> out = new ArrayList<>(array.size());
        int i = 0;
        for (JsonNode n : array) {
            out.add(read(t, call, r, reader, n, "event " + i++));
        }
        return out;
    }

    static <T> T one(Transport t, Call call, Response r, JsonNode node, Class<T> type) {
        return read(t, call, r, t.json().readerFor(type), node, type.getSimpleName().toLowerCase());
    }

    static <T> List<T> many(Transport t, Call call, Response r, JsonNode array, Class<T> type) {
        if (!array.isArray()) throw t.malformed(call, r, "expected a JSON array of " + type.getSimpleName(), null);
        ObjectReader reader = t.json().readerFor(type);
        List<T> out = new ArrayList<>(array.size());
        int i = 0;
        for (JsonNode n : array) out.add(read(t, call, r, reader, n, type.getSimpleName().toLowerCase() + " " + i++));
        return out;
    }

    private static <T> T read(Transport t, Call call, Response r, ObjectReader reader, JsonNode n, String what) {
        if (!n.isObject()) throw t.malformed(call, r, what + " is not a JSON object", null);
        JsonNode id = n.get("id");
        if (id == null || id.isNull()) throw t.malformed(call, r, what + " has no id", null);
        try {
            return reader.readValue(n);
        } catch (IOException e) {
            throw t.malformed(call, r, what + " (id " + org.marketlab.internal.Args.shown(id.asText()) + ") could not be read: " + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()), e);
        }
    }

    /**
     * Binds events straight from the bytes of a response: a JSON array of events, or (keyset) an object whose
     * {@code events} field is that array. No intermediate tree. Returns the events and, for keyset pages, the
     * {@code next_cursor} (null when absent).
     */
    static Page page(Transport t, Call call, Response r, boolean keyset) {
        ObjectReader reader = t.json().readerFor(Event.class);
        List<Event> out = new ArrayList<>();
        String cursor = null;
        boolean sawEvents = !keyset;
        try (JsonParser p = t.json().createParser(r.body())) {
            JsonToken first = p.nextToken();
            if (keyset) {
                if (first != JsonToken.START_OBJECT) throw t.malformed(call, r, "expected {events: [...], next_cursor}", null);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken v = p.nextToken();
                    if (name.equals("events")) {
                        if (v != JsonToken.START_ARRAY) throw t.malformed(call, r, "events is not an array", null);
                        readArray(t, call, r, p, reader, out);
                        sawEvents = true;
                    } else if (name.equals("next_cursor")) {
                        cursor = v == JsonToken.VALUE_NULL ? null : p.getValueAsString();
                    } else {
                        p.skipChildren();
                    }
                }
                if (!sawEvents) throw t.malformed(call, r, "expected {events: [...], next_cursor}: no events field", null);
            } else {
                if (first != JsonToken.START_ARRAY) throw t.malformed(call, r, "expected a JSON array of events", null);
                readArray(t, call, r, p, reader, out);
            }
        } catch (JsonProcessingException e) {
            throw t.malformed(call, r, "the body is not valid JSON (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw t.malformed(call, r, "the body could not be read: " + e.getMessage(), e);
        }
        return new Page(out, cursor == null || cursor.isEmpty() ? null : cursor);
    }

    record Page(List<Event> events, String nextCursor) {
    }

    private static void readArray(Transport t, Call call, Response r, JsonParser p, ObjectReader reader, List<Event> out) throws IOException {
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) throw t.malformed(call, r, "event " + i + " is not a JSON object", null);
            Event e;
            try {
                e = reader.readValue(p);
            } catch (JsonProcessingException ex) {
                throw t.malformed(call, r, "event " + i + " could not be read: " + ex.getOriginalMessage(), ex);
            }
            if (e.id() == null) throw t.malformed(call, r, "event " + i + " has no id", null);
            out.add(e);
            i++;
        }
    }

    /** Reads one event document from bytes (fixtures, files). */
    static Event event(Transport t, byte[] json) throws IOException {
        return t.json().readValue(json, Event.class);
    }
}
