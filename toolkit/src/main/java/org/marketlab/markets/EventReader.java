package org.marketlab.markets;

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
            throw t.malformed(call, r, what + " (id " + id.asText() + ") could not be read: " + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()), e);
        }
    }

    /** Reads one event document from bytes (fixtures, files). */
    static Event event(Transport t, byte[] json) throws IOException {
        return t.json().readValue(json, Event.class);
    }
}
