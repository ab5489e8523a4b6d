package org.marketlab.internal.transport;

import org.marketlab.config.Service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One request to one of the service's interfaces, and what runs on each attempt to send it.
 *
 * <p>The transport sends a call in attempts. Each attempt waits for the pacer, then for every {@link Limiter}
 * (cost per call, e.g. a weight budget or a signer's token bucket), then asks the {@link Signer} for the request
 * of this attempt (timestamps, salts and signatures made now, so a retry after a long hold is never stale), sends
 * it, and feeds the answer's headers back to the pacer and to every limiter.
 *
 * @param service  which interface (decides the base URL and the pacing scopes)
 * @param method   HTTP method, upper case
 * @param path     path below the base URL, starting with {@code /}, without a query string
 * @param query    query parameters
 * @param headers  extra headers; values may be secret: they never reach messages or logs
 * @param body     request body (JSON) or {@code null}
 * @param safety   what may be retried
 * @param signer   makes each attempt's headers and body ({@link Signer#NONE} leaves the call as it is)
 * @param limiters extra limiters, acquired in order after the pacer on every attempt
 */
public record Call(Service service, String method, String path, Query query, Map<String, String> headers,
                   byte[] body, Safety safety, Signer signer, List<Limiter> limiters) {

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
        signer = signer == null ? Signer.NONE : signer;
        limiters = limiters == null ? List.of() : List.copyOf(limiters);
    }

    /** A call with no signer and no extra limiter. */
    public Call(Service service, String method, String path, Query query, Map<String, String> headers, byte[] body, Safety safety) {
        this(service, method, path, query, headers, body, safety, Signer.NONE, List.of());
    }

    /** A paced, retried GET. */
    public static Call get(Service service, String path, Query query) {
        return new Call(service, "GET", path, query, Map.of(), null, Safety.IDEMPOTENT);
    }

    /** A write with a JSON body, never retried once it may have reached the service. */
    public static Call write(Service service, String method, String path, byte[] body) {
        return new Call(service, method, path, Query.empty(), Map.of(), body, Safety.UNSAFE);
    }

    public Call withHeaders(Map<String, String> extra) {
        HashMap<String, String> h = new HashMap<>(headers);
        h.putAll(extra);
        return new Call(service, method, path, query, h, body, safety, signer, limiters);
    }

    public Call withBody(byte[] body) {
        return new Call(service, method, path, query, headers, body, safety, signer, limiters);
    }

    public Call withSafety(Safety safety) {
        return new Call(service, method, path, query, headers, body, safety, signer, limiters);
    }

    /** This call signed by {@code signer} on every attempt (replacing any signer it had). */
    public Call signedBy(Signer signer) {
        return new Call(service, method, path, query, headers, body, safety, signer, limiters);
    }

    /** This call also waiting for {@code limiter} on every attempt. */
    public Call limitedBy(Limiter limiter) {
        List<Limiter> l = new ArrayList<>(limiters);
        l.add(Objects.requireNonNull(limiter, "limiter"));
        return new Call(service, method, path, query, headers, body, safety, signer, l);
    }

    /** Method and path, never headers or body: safe for messages. */
    @Override
    public String toString() {
        return method + " " + service.id() + path + (query.entries().isEmpty() ? "" : "?" + query);
    }
}
