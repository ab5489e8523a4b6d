package org.marketlab.http;

import java.time.Duration;
import java.util.Optional;

/**
 * The root of every error the service (or the way to it) gives: the HTTP status, the server's message, the
 * request that failed and, where the server said so, how long to wait before trying again.
 *
 * <p>The endpoint names method and URL without the query string's secrets: the toolkit puts none there, and
 * headers (where credentials travel) are never part of a message.
 */
public class ServiceException extends RuntimeException {

    private final int status;
    private final String serverMessage;
    private final String endpoint;
    private final Duration retryAfter;

    public ServiceException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(compose(status, serverMessage, endpoint, retryAfter, detail), cause);
        this.status = status;
        this.serverMessage = serverMessage;
        this.endpoint = endpoint;
        this.retryAfter = retryAfter;
    }

    private static String compose(int status, String serverMessage, String endpoint, Duration retryAfter, String detail) {
        StringBuilder b = new StringBuilder();
        b.append(endpoint);
        if (status > 0) b.append(" answered ").append(status);
        if (serverMessage != null && !serverMessage.isEmpty()) b.append(": ").append(serverMessage);
        if (detail != null && !detail.isEmpty()) b.append(status > 0 || serverMessage != null ? " (" + detail + ")" : ": " + detail);
        if (retryAfter != null) b.append("; retry after ").append(retryAfter.toMillis()).append(" ms");
        return b.toString();
    }

    /** HTTP status, or 0 when no answer came (connection refused, dropped, timed out). */
    public int status() {
        return status;
    }

    /** The server's own message ({@code error} field or body text), or {@code null}. */
    public String serverMessage() {
        return serverMessage;
    }

    /** Method and URL of the request, e.g. {@code GET http://127.0.0.1:4711/events}. */
    public String endpoint() {
        return endpoint;
    }

    /** How long the server asked to wait before trying again, when it said. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
