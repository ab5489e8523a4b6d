package org.marketlab.http;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A response that the transport accepted (2xx): status, headers (names case-insensitive) and body bytes.
 */
public record Response(int status, URI url, Map<String, List<String>> headers, byte[] body) {

    public Response {
        TreeMap<String, List<String>> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        h.putAll(headers);
        headers = java.util.Collections.unmodifiableMap(h);
    }

    /** The first value of a header, or {@code null}. */
    public String header(String name) {
        List<String> v = headers.get(name);
        return v == null || v.isEmpty() ? null : v.get(0);
    }
}
