package org.marketlab.research;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Horizons before a market's end: their checks and their labels ({@code 7d}, {@code 6h}, {@code 90m}). */
public final class Horizons {

    /** 1 day, 7 days and 30 days: the horizons of {@code Research.resolved()} unless told otherwise. */
    public static final List<Duration> DEFAULT = List.of(Duration.ofDays(1), Duration.ofDays(7), Duration.ofDays(30));
    /** The longest horizon: a year. */
    public static final Duration LONGEST = Duration.ofDays(366);

    private Horizons() {
    }

    /** The horizon as a label: whole days {@code 7d}, else whole hours {@code 6h}, else minutes {@code 90m}. */
    public static String label(Duration d) {
        if (d.toDays() > 0 && d.equals(Duration.ofDays(d.toDays()))) return d.toDays() + "d";
        if (d.toHours() > 0 && d.equals(Duration.ofHours(d.toHours()))) return d.toHours() + "h";
        return d.toMinutes() + "m";
    }

    /** The price column of a horizon in a resolved-markets table: {@code price_7d}. */
    public static String column(Duration d) {
        return "price_" + label(d);
    }

    /** The horizons checked (whole minutes, 1 minute to a year, none twice), shortest first. */
    static List<Duration> checked(Duration... horizons) {
        if (horizons == null || horizons.length == 0) throw new IllegalArgumentException("horizons: give one or more, such as Duration.ofDays(7)");
        TreeSet<Duration> out = new TreeSet<>();
        for (Duration d : horizons) {
            if (d == null) throw new IllegalArgumentException("horizons: a horizon is null");
            if (d.compareTo(Duration.ofMinutes(1)) < 0 || d.compareTo(LONGEST) > 0 || !d.equals(Duration.ofMinutes(d.toMinutes()))) {
                throw new IllegalArgumentException("horizons: " + d + " is not allowed; a horizon is whole minutes, from 1 minute to 366 days");
            }
            if (!out.add(d)) throw new IllegalArgumentException("horizons: " + label(d) + " is given twice");
        }
        return new ArrayList<>(out);
    }
}
