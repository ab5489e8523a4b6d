package org.marketlab.http;

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
 * without zone (UTC), and epoch seconds or milliseconds as digits.
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
        if (s.chars().allMatch(Character::isDigit)) {
            long v = Long.parseLong(s);
            return v > 100_000_000_000L ? Instant.ofEpochMilli(v) : Instant.ofEpochSecond(v);
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

    private static IllegalArgumentException bad(String text) {
        return new IllegalArgumentException("'" + text + "' is not a timestamp; accepted: ISO 8601 "
                + "(2024-03-07T20:44:01.258Z), 2024-03-07 20:44:01.258+00, 2024-03-07, or epoch seconds/milliseconds");
    }
}
