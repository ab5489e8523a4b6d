package org.marketlab.http;

import org.marketlab.config.Service;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One request to one of the service's interfaces.
 *
 * @param service  which interface (decides the base URL and the pacing scopes)
 * @param method   HTTP method, upper case
 * @param path     path below the base URL, starting with {@code /}, without a query string
 * @param query    query parameters
 * @param headers  extra headers; values may be secret: they never reach messages or logs
 * @param body     request body (JSON) or {@code null}
 * @param safety   what may be retried
 */
public record Call(Service service, String method, String path, Query query, Map<String, String> headers,
                   byte[] body, Safety safety) {

    /** What the transport may retry, beyond a 429 (which the server did not process, so it is always safe). */
    public enum Safety {
        /** Reads: retried on connection failures, 5xx and 425. */
        IDEMPOTENT,
        /** Retried only when the server cannot have acted: 429, or a connection that never opened. */
        UNSAFE,
        /**
         * Writes the specification calls safe to resubmit on 425 (engine restarting) and on 500
         * {@code order timed out} (rejected before reaching the book); otherwise as {@link #UNSAFE}.
         */
        RESUBMITTABLE
    }

    public Call {
        Objects.requireNonNull(service, "service");
        method = Objects.requireNonNull(method, "method").toUpperCase(Locale.ROOT);
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/")) throw new IllegalArgumentException("path must start with '/': " + path);
        if (path.indexOf('?') >= 0) throw new IllegalArgumentException("put query parameters in the Query, not the path: " + path);
        query = query == null ? Query.empty() : query;
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        Objects.requireNonNull(safety, "safety");
    }

    /** A paced, retried GET. */
    public static Call get(Service service, String path, Query query) {
        return new Call(service, "GET", path, query, Map.of(), null, Safety.IDEMPOTENT);
    }

    public Call withHeaders(Map<String, String> extra) {
        java.util.HashMap<String, String> h = new java.util.HashMap<>(headers);
        h.putAll(extra);
        return new Call(service, method, path, query, h, body, safety);
    }

    /** Method and path, never headers: safe for messages. */
    @Override
    public String toString() {
        return method + " " + service.id() + path + (query.entries().isEmpty() ? "" : "?" + query);
    }
}
