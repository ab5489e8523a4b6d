package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a cancel answered: the ids cancelled, and those not cancelled with the order book's reason. {@code warning}:
 * the order book answered {@code Svc-RateLimit-Warning: true}.
 */
public record Cancellation(List<String> canceled, Map<String, String> notCanceled, boolean warning) {

    public Cancellation {
        canceled = List.copyOf(canceled);
        notCanceled = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(notCanceled));
    }

    static Cancellation read(JsonNode n, boolean warning) {
        List<String> done = new ArrayList<>();
        n.path("canceled").forEach(c -> done.add(c.asText()));
        Map<String, String> not = new LinkedHashMap<>();
        JsonNode nc = n.get("not_canceled");
        if (nc != null && nc.isObject()) nc.fields().forEachRemaining(e -> not.put(e.getKey(), e.getValue().asText()));
        return new Cancellation(done, not, warning);
    }

    /** Merges results of several requests, in order. */
    static Cancellation merge(List<Cancellation> parts) {
        List<String> done = new ArrayList<>();
        Map<String, String> not = new LinkedHashMap<>();
        boolean w = false;
        for (Cancellation p : parts) {
            done.addAll(p.canceled());
            not.putAll(p.notCanceled());
            w |= p.warning();
        }
        return new Cancellation(done, not, w);
    }
}
