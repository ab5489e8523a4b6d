package org.marketlab.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.marketlab.pacing.Clock;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
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
    static Duration retryAfter(Response response, Clock clock) {
        String h = response.header("Retry-After");
        if (h != null) {
            h = h.trim();
            try {
                return Duration.ofMillis(Math.max(0, (long) (Double.parseDouble(h) * 1000)));
            } catch (NumberFormatException notSeconds) {
                try {
                    long at = ZonedDateTime.parse(h, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli();
                    return Duration.ofMillis(Math.max(0, at - clock.currentTimeMillis()));
                } catch (RuntimeException ignored) {
                    // unreadable: no hint
                }
            }
        }
        String body = new String(response.body(), StandardCharsets.UTF_8);
        int i = body.indexOf("\"retry_after_seconds\"");
        if (i >= 0) {
            String rest = body.substring(body.indexOf(':', i) + 1).trim();
            StringBuilder digits = new StringBuilder();
            for (char c : rest.toCharArray()) {
                if (Character.isDigit(c)) digits.append(c);
                else break;
            }
            if (digits.length() > 0) return Duration.ofSeconds(Long.parseLong(digits.toString()));
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

    /** A 429 that outlasted the retries (or the deadline): says which scopes the pacer now holds, and until when. */
    static RateLimitedException rateLimited(String message, String endpoint, Duration retryAfter, int attempts,
                                            java.util.Optional<org.marketlab.pacing.Pacer.Hold> hold) {
        String detail = "still limited after " + attempts + " attempt(s)" + hold.map(h -> "; the pacer holds "
                + String.join(", ", h.scopes()) + " until " + h.until() + ": calls to them wait until then (MarketLab.pacing() shows it)").orElse("");
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
