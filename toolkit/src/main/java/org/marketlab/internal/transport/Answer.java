package org.marketlab.internal.transport;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The service's answer to one attempt, as it came: status, headers (names case-insensitive) and body.
 */
public record Answer(int status, Map<String, List<String>> headers, byte[] body) {

    public Answer {
        TreeMap<String, List<String>> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (headers != null) h.putAll(headers);
        headers = java.util.Collections.unmodifiableMap(h);
        body = body == null ? new byte[0] : body;
    }

    /** The first value of a header, or {@code null}. */
    public String header(String name) {
        List<String> v = headers.get(name);
        return v == null || v.isEmpty() ? null : v.get(0);
    }

    boolean successful() {
        return status >= 200 && status < 300;
    }

    /** This answer as a document to decode. */
    Document document(Exchange x) {
        return new Document(x.origin(), status, headers, body, x.resources().json());
    }
}
