package org.marketlab.markets;

import org.marketlab.time.Timestamps;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * The service's two usual timestamp forms read by hand ({@code 2024-03-07T20:44:01.258Z} and
 * {@code 2024-03-07 20:44:01.258+00}), in UTC; anything else goes to {@link Timestamps#parse}, whose answer
 * this always equals. A general formatter costs microseconds per value; a table has tens of thousands.
 */
final class FastInstants {

    private FastInstants() {
    }

    /** As {@link Timestamps#parse}: null for blank text, an IllegalArgumentException for text it refuses. */
    static Instant parse(String s) {
        Instant fast = quick(s);
        return fast != null ? fast : Timestamps.parse(s);
    }

    /** The instant of the usual forms, or null to leave the text to {@link Timestamps}. */
    private static Instant quick(String s) {
        int n = s.length();
        if (n < 16 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(13) != ':') return null;
        char sep = s.charAt(10);
        if (sep != 'T' && sep != ' ') return null;
        int year = digits(s, 0, 4), month = digits(s, 5, 2), day = digits(s, 8, 2);
        int hour = digits(s, 11, 2), minute = digits(s, 14, 2);
        if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0) return null;
        int i = 16, second = 0, nanos = 0;
        if (i < n && s.charAt(i) == ':') {
            if (i + 3 > n || (second = digits(s, i + 1, 2)) < 0) return null;
            i += 3;
            if (i < n && s.charAt(i) == '.') {
                int start = ++i;
                while (i < n && i - start < 9 && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                    nanos = nanos * 10 + (s.charAt(i) - '0');
                    i++;
                }
                if (i == start) return null;
                for (int k = i - start; k < 9; k++) nanos *= 10;
            }
        }
        // Only UTC, written as Z, +00, +00:00 or +0000, or no zone at all (read as UTC).
        String zone = s.substring(i);
        if (!(zone.isEmpty() || zone.equals("Z") || zone.equals("+00") || zone.equals("+00:00") || zone.equals("+0000"))) {
            return null;
        }
        if (month < 1 || month > 12 || day < 1 || day > 28 || hour > 23 || minute > 59 || second > 59) {
            // Days 29 to 31 and the edges are left to the general reader and its rules for them.
            return day >= 29 && day <= 31 ? ofValid(year, month, day, hour, minute, second, nanos) : null;
        }
        return LocalDateTime.of(year, month, day, hour, minute, second, nanos).toInstant(ZoneOffset.UTC);
    }

    private static Instant ofValid(int year, int month, int day, int hour, int minute, int second, int nanos) {
        if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
        try {
            return LocalDateTime.of(year, month, day, hour, minute, second, nanos).toInstant(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            return null;
        }
    }

    private static int digits(String s, int from, int count) {
        int v = 0;
        for (int i = from; i < from + count; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return -1;
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
