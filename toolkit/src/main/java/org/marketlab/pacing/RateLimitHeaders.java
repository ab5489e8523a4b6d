package org.marketlab.pacing;

import org.marketlab.time.Timestamps;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.function.Function;

/** Reading the rate-limit headers of a response; {@code header} looks a name up case-insensitively. */
public final class RateLimitHeaders {

    private RateLimitHeaders() {
    }

    /** The neutral ({@code Svc-RateLimit-}) or live ({@code Poly-RateLimit-}) spelling of a header, trimmed, or null. */
    static String get(Function<String, String> header, String suffix) {
        String v = header.apply("Svc-RateLimit-" + suffix);
        if (v == null || v.isBlank()) v = header.apply("Poly-RateLimit-" + suffix);
        return v == null || v.isBlank() ? null : v.trim();
    }

    /** A number header ({@code Remaining}), or null when absent or not a number. */
    static Double number(Function<String, String> header, String suffix) {
        String v = get(header, suffix);
        if (v == null) return null;
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Epoch milliseconds of a reset given as Unix seconds (the specification's unit; larger units read by the one
     * rule of {@link Timestamps#epochMillis}), or -1.
     */
    static long resetEpochMillis(String value) {
        if (value == null) return -1;
        try {
            String t = value.trim();
            if (t.chars().allMatch(c -> c >= '0' && c <= '9') && t.length() <= 18) {
                long v = Long.parseLong(t);
                return v <= 0 ? -1 : Timestamps.epochMillis(v);
            }
            double v = Double.parseDouble(t); // fractional seconds
            return v <= 0 ? -1 : (long) Math.ceil(v * 1000);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Nanoseconds from {@code nowMillis} to a reset header's time, or -1 when absent, unreadable or past. */
    static long untilReset(Function<String, String> header, long nowMillis) {
        long at = resetEpochMillis(get(header, "Reset"));
        return at > nowMillis ? (at - nowMillis) * 1_000_000L : -1;
    }

    /** Nanoseconds a {@code Retry-After} (delta seconds or HTTP date) asks for, or -1 if absent or unreadable. */
    public static long retryAfterNanos(String value, long nowMillis) {
        if (value == null || value.isBlank()) return -1;
        String v = value.trim();
        try {
            double seconds = Double.parseDouble(v);
            return seconds < 0 ? -1 : (long) Math.ceil(seconds * 1e9);
        } catch (NumberFormatException notSeconds) {
            try {
                long at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli();
                return Math.max(0, at - nowMillis) * 1_000_000L;
            } catch (RuntimeException unreadable) {
                return -1;
            }
        }
    }
}
