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

/**
 * Walks market-data documents: pages of events, given to the one events reader ({@link EventColumns}), and the other
 * records, bound by the decoding's mapper. A document of the wrong shape is a malformed response.
 */
final class EventReader {

    private EventReader() {
    }

    /** The events of a JSON array already read as a tree (a search answer's), by the events reader. */
    static List<Event> events(Document r, JsonNode array) {
        if (!array.isArray()) throw r.malformed("expected a JSON array of events", null);
        EventColumns reader = EventColumns.forRecords();
        try (JsonParser p = array.traverse(r.json())) {
            p.nextToken();
            readArray(r, p, reader, null);
        } catch (JsonProcessingException e) {
            throw r.malformed("the events could not be read (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw r.malformed("the events could not be read: " + e.getMessage(), e);
        }
        return reader.records();
    }

    static <T> T one(Document r, JsonNode node, Class<T> type) {
        if (type == Event.class) {
            if (!node.isObject()) throw r.malformed("event is not a JSON object", null);
            return type.cast(events(r, r.json().createArrayNode().add(node)).get(0));
        }
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
            throw r.malformed(what + " (id " + org.marketlab.internal.Args.shown(id.asText()) + ") could not be read: " + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()), e);
        }
    }

    /**
     * Binds events straight from the bytes of a response: a JSON array of events, or (keyset) an object whose
     * {@code events} field is that array. No intermediate tree. Returns the events and, for keyset pages, the
     * {@code next_cursor} (null when absent).
     */
    static Page<Event> page(Document r, boolean keyset) {
        EventColumns reader = EventColumns.forRecords();
        String cursor = read(r, keyset, reader, null);
        List<Event> out = reader.records();
        return new Page<>(out, out.size(), cursor);
    }

    /** A page's items (events, or what a reader made of them), how many events it held, and its next cursor. */
    record Page<T>(List<T> items, int read, String nextCursor) {
        List<T> events() {
            return items;
        }
    }

    /** What reads each event of a page, the parser on the event's START_OBJECT. */
    interface Elements {
        void read(JsonParser p, int index) throws IOException;
    }

    /**
     * Walks a page of events (a JSON array, or for keyset an object whose {@code events} field is one), giving
     * each event to {@code elements}; returns the page's {@code next_cursor} (null when absent or empty), and adds
     * the number of events to {@code count[0]} when given.
     */
    static String read(Document r, boolean keyset, Elements elements, int[] count) {
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
                        readArray(r, p, elements, count);
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
                readArray(r, p, elements, count);
            }
        } catch (JsonProcessingException e) {
            throw r.malformed("the body is not valid JSON (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw r.malformed("the body could not be read: " + e.getMessage(), e);
        }
        return cursor == null || cursor.isEmpty() ? null : cursor;
    }

    private static void readArray(Document r, JsonParser p, Elements elements, int[] count) throws IOException {
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) throw r.malformed("event " + i + " is not a JSON object", null);
            try {
                elements.read(p, i);
            } catch (JsonProcessingException ex) {
                throw r.malformed("event " + i + " could not be read: " + ex.getOriginalMessage(), ex);
            } catch (EventColumns.MissingId ex) {
                throw r.malformed("event " + i + " has no id", null);
            }
            i++;
        }
        if (count != null) count[0] += i;
    }
}
