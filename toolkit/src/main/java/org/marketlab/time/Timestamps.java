package org.marketlab.time;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;

/**
 * Reads the timestamp forms the service sends: ISO 8601 ({@code 2024-03-07T20:44:01.258Z}), the database
 * form ({@code 2024-03-07 20:44:01.258+00}), a bare date ({@code 2024-03-07}, midnight UTC), a date-time
 * without zone (UTC), and epoch seconds, milliseconds, microseconds or nanoseconds as digits ({@link #epochMillis}).
 */
public final class Timestamps {

    private static final DateTimeFormatter FLEXIBLE = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .optionalStart().appendLiteral('T').optionalEnd()
            .optionalStart().appendLiteral(' ').optionalEnd()
            .appendValue(ChronoField.HOUR_OF_DAY, 2).appendLiteral(':')
            .appendValue(ChronoField.MINUTE_OF_HOUR, 2)
            .optionalStart().appendLiteral(':').appendValue(ChronoField.SECOND_OF_MINUTE, 2).optionalEnd()
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .optionalStart().appendOffset("+HH:MM", "Z").optionalEnd()
            .optionalStart().appendOffset("+HHMM", "Z").optionalEnd()
            .optionalStart().appendOffset("+HH", "Z").optionalEnd()
            .toFormatter();

    private Timestamps() {
    }

    /**
     * @return the instant, or {@code null} for null or blank text
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    public static Instant parse(String text) {
        if (text == null) return null;
        String s = text.trim();
        if (s.isEmpty()) return null;
        if (s.length() <= 19 && s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            try {
                return Instant.ofEpochMilli(epochMillis(Long.parseLong(s)));
            } catch (NumberFormatException tooLarge) {
                throw bad(text);
            }
        }
        if (s.length() == 10) {
            try {
                return LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant();
            } catch (DateTimeParseException e) {
                throw bad(text);
            }
        }
        try {
            var parsed = FLEXIBLE.parseBest(s, OffsetDateTime::from, LocalDateTime::from);
            if (parsed instanceof OffsetDateTime o) return o.toInstant();
            return ((LocalDateTime) parsed).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw bad(text);
        }
    }

    /**
     * The one rule for bare epoch numbers, whose unit the service does not always say: below 10^11 they are
     * seconds (10^11 s is the year 5138), below 10^14 milliseconds, below 10^17 microseconds, else nanoseconds
     * (the live perpetuals service sends some expiries in ns). Negative values are taken as milliseconds.
     */
    public static long epochMillis(long v) {
        if (v < 0) return v;
        if (v < 100_000_000_000L) return v * 1000;
        if (v < 100_000_000_000_000L) return v;
        if (v < 100_000_000_000_000_000L) return v / 1_000;
        return v / 1_000_000;
    }

    private static IllegalArgumentException bad(String text) {
        return new IllegalArgumentException("'" + text + "' is not a timestamp; accepted: ISO 8601 "
                + "(2024-03-07T20:44:01.258Z), 2024-03-07 20:44:01.258+00, 2024-03-07, or epoch seconds/milliseconds");
    }
}
