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
public record CancelResult(List<String> canceled, Map<String, String> notCanceled, boolean warning) {

    public CancelResult {
        canceled = List.copyOf(canceled);
        notCanceled = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(notCanceled));
    }

    static CancelResult read(JsonNode n, boolean warning) {
        List<String> done = new ArrayList<>();
        n.path("canceled").forEach(c -> done.add(c.asText()));
        Map<String, String> not = new LinkedHashMap<>();
        JsonNode nc = n.get("not_canceled");
        if (nc != null && nc.isObject()) nc.fields().forEachRemaining(e -> not.put(e.getKey(), e.getValue().asText()));
        return new CancelResult(done, not, warning);
    }

    /** Merges results of several requests, in order. */
    static CancelResult merge(List<CancelResult> parts) {
        List<String> done = new ArrayList<>();
        Map<String, String> not = new LinkedHashMap<>();
        boolean w = false;
        for (CancelResult p : parts) {
            done.addAll(p.canceled());
            not.putAll(p.notCanceled());
            w |= p.warning();
        }
        return new CancelResult(done, not, w);
    }
}
