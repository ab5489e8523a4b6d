package org.marketlab.tables;

import java.time.Duration;
import java.util.Locale;

/**
 * Durations as people read them: {@code 248 ms}, {@code 8.3 s}, {@code 4 min 12 s}, {@code 3 h 12 min},
 * {@code 2 d 4 h}: the largest unit and the next one, never ISO-8601's {@code PT0.2484145S}.
 */
public final class Durations {

    private Durations() {
    }

    /** A duration as text: under a second in milliseconds, under a minute in seconds (one decimal under 10 s), then two units. */
    public static String format(Duration d) {
        if (d == null) return "";
        boolean negative = d.isNegative();
        Duration a = d.abs();
        String text;
        long ms = a.toMillis();
        if (ms < 1) {
            long us = a.toNanos() / 1_000;
            text = us == 0 ? "0 ms" : us + " µs";
        } else if (ms < 1_000) {
            text = ms + " ms";
        } else if (ms < 10_000) {
            text = String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        } else if (ms < 60_000) {
            text = Math.round(ms / 1000.0) + " s";
        } else {
            long s = Math.round(ms / 1000.0);
            long days = s / 86_400, hours = s % 86_400 / 3600, minutes = s % 3600 / 60, seconds = s % 60;
            if (days > 0) text = days + " d" + (hours > 0 ? " " + hours + " h" : "");
            else if (hours > 0) text = hours + " h" + (minutes > 0 ? " " + minutes + " min" : "");
            else text = minutes + " min" + (seconds > 0 ? " " + seconds + " s" : "");
        }
        return negative ? "-" + text : text;
    }

    /** {@code amount} of the unit a name ends in ({@code _ms}: milliseconds, {@code _s}: seconds) as a duration. */
    public static Duration of(double amount, String unit) {
        double nanos = "ms".equals(unit) ? amount * 1e6 : "min".equals(unit) ? amount * 60e9 : "h".equals(unit) ? amount * 3600e9 : amount * 1e9;
        return Duration.ofNanos(Math.round(nanos));
    }

    /**
     * The time unit a column or field name ends in: "ms" ({@code waited_ms}, {@code latencyMs}), "s" ({@code total_wait_s},
     * {@code ageSeconds}), "min", "h"; null when it names none (a rate such as {@code refill_per_s} names none).
     */
    public static String unitOf(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.contains("per_") || n.contains("per ") || n.matches(".*per(s|ms|sec|second)$")) return null;
        if (n.endsWith("_ms") || n.endsWith("millis") || n.endsWith("ms") && name.endsWith("Ms")) return "ms";
        if (n.endsWith("_s") || n.endsWith("_sec") || n.endsWith("seconds") || name.endsWith("Seconds")) return "s";
        if (n.endsWith("_min") || n.endsWith("minutes")) return "min";
        if (n.endsWith("_h") || n.endsWith("hours")) return "h";
        return null;
    }
}
