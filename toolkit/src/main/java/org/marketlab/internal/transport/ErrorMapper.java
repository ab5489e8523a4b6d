package org.marketlab.internal.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.marketlab.http.AuthenticationException;
import org.marketlab.http.ExchangeModeException;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.http.NotFoundException;
import org.marketlab.http.RateLimitedException;
import org.marketlab.http.ServerException;
import org.marketlab.http.ServiceException;
import org.marketlab.pacing.RateLimitHeaders;
import org.marketlab.pacing.Clock;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/** Maps a non-2xx answer to the exception of its meaning. */
final class ErrorMapper {

    private ErrorMapper() {
    }

    /** The server's message: the {@code error} (or {@code message}) field of a JSON body, else the body text. */
    static String serverMessage(ObjectMapper json, byte[] body) {
        if (body == null || body.length == 0) return null;
        try {
            JsonNode n = json.readTree(body);
            if (n != null && n.isObject()) {
                for (String f : new String[]{"error", "message", "errorMsg"}) {
                    JsonNode v = n.get(f);
                    if (v != null && v.isTextual()) return v.asText();
                }
            }
            if (n != null && n.isTextual()) return n.asText();
        } catch (Exception ignored) {
            // not JSON: fall through to the text
        }
        String text = new String(body, StandardCharsets.UTF_8).strip();
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }

    /** {@code Retry-After} in seconds or as an HTTP date, else {@code retry_after_seconds} of the body. */
    static Duration retryAfter(Document response, Clock clock) {
        long nanos = RateLimitHeaders.retryAfterNanos(response.header("Retry-After"), clock.currentTimeMillis());
        if (nanos >= 0) return Duration.ofNanos(nanos);
        try {
            JsonNode n = response.json().readTree(response.body());
            JsonNode v = n == null ? null : n.get("retry_after_seconds");
            if (v != null && v.canConvertToLong() && v.asLong() >= 0) return Duration.ofSeconds(v.asLong());
        } catch (java.io.IOException | RuntimeException notJson) {
            // no hint in the body
        }
        return null;
    }

    /**
     * The specification's status override comes first: a message containing {@code not found} means 404,
     * {@code unauthorized} 401, {@code context canceled} 400, whatever status was sent.
     */
    static int effectiveStatus(int status, String message) {
        if (message != null) {
            String m = message.toLowerCase(Locale.ROOT);
            if (m.contains("not found")) return 404;
            if (m.contains("unauthorized")) return 401;
            if (m.contains("context canceled")) return 400;
        }
        return status;
    }

    /**
     * A 429 that outlasted the call's waits: says why the call ended ({@code why}), and which scopes the pacer now
     * holds and until when.
     */
    static RateLimitedException rateLimited(String message, String endpoint, Duration retryAfter, int attempts, String why,
                                            java.util.Optional<org.marketlab.pacing.Pacer.Hold> hold) {
        String detail = "still limited after " + attempts + " attempt(s): " + why + hold.map(h -> "; the pacer holds "
                + String.join(", ", h.scopes()) + " until " + h.until() + ": calls to them wait until then (MarketLab.pacing() shows it)")
                .orElse("; no scope of the pacer covers this path");
        return new RateLimitedException(429, message, endpoint, retryAfter, detail, null);
    }

    static ServiceException map(int sentStatus, String message, String endpoint, Duration retryAfter) {
        int status = effectiveStatus(sentStatus, message);
        String detail = status != sentStatus ? "sent as " + sentStatus : null;
        if (status == 404) return new NotFoundException(status, message, endpoint, retryAfter, detail, null);
        if (status == 401 || status == 403) return new AuthenticationException(status, message, endpoint, retryAfter, detail, null);
        if (status == 429) return new RateLimitedException(status, message, endpoint, retryAfter, "still limited after the toolkit's retries", null);
        if (status == 503 && message != null && isModeMessage(message)) {
            return new ExchangeModeException(status, message, endpoint, retryAfter, detail, null);
        }
        if (status == 425 || status >= 500) return new ServerException(status, message, endpoint, retryAfter, detail, null);
        if (status >= 400) return new InvalidRequestException(status, message, endpoint, retryAfter, detail, null);
        return new ServiceException(status, message, endpoint, retryAfter, "unexpected status", null);
    }

    private static boolean isModeMessage(String m) {
        String l = m.toLowerCase(Locale.ROOT);
        return l.contains("trading is currently") || l.contains("post-only mode") || l.contains("cancel-only");
    }
}
