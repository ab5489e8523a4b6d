package org.marketlab.research;

import org.marketlab.clob.ClobData;
import org.marketlab.config.Connection;
import org.marketlab.config.Progress;
import org.marketlab.internal.Args;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Event studies for one connection: how prices moved around given instants. Each event's token is read from
 * {@code /prices-history} over its window (one request per event, paced), the price just before the event is its
 * baseline, and every step from {@code before} ahead of the event to {@code after} it gives the change from that
 * baseline; the table has the mean and quartiles of the changes at each step.
 */
public final class EventStudies {

    /** The steps the order book's histories come at, in minutes; the finest that keeps a window to this many points is used. */
    static final int[] FIDELITIES = {1, 5, 15, 30, 60, 240, 720, 1440};
    static final int MAX_POINTS = 2_000;
    /** The longest window read around one event: the histories' limit, with room. */
    static final Duration MAX_WINDOW = Duration.ofDays(90);

    private final Connection connection;

    public EventStudies(Connection connection) {
        this.connection = Objects.requireNonNull(connection, "connection");
    }

    /**
     * The study: {@code tokenIds} one per event, or one for every event; {@code times} the events' instants; the
     * window {@code before} and {@code after} each event; {@code step} the spacing of the rows (null: the finest
     * history fidelity that keeps the window within {@value #MAX_POINTS} points).
     */
    public Table study(List<String> tokenIds, List<Instant> times, Duration before, Duration after, Duration step) {
        Args.notNull(tokenIds, "tokenIds");
        Args.notNull(times, "times");
        if (times.isEmpty()) throw new IllegalArgumentException("times is empty; give the instants of one or more events (e.g. a jumps table's time column)");
        if (tokenIds.size() != 1 && tokenIds.size() != times.size()) {
            throw new IllegalArgumentException("give one token id for every event time, or one token for all of them: "
                    + tokenIds.size() + " token ids for " + times.size() + " times");
        }
        List<String> tokens = new ArrayList<>();
        for (String id : tokenIds) tokens.add(BookScans.token(id));
        for (int i = 0; i < times.size(); i++) {
            if (times.get(i) == null) throw new IllegalArgumentException("times holds a null at " + i + "; give the instant of every event");
        }
        window(before, "before");
        window(after, "after");
        if (before.plus(after).compareTo(MAX_WINDOW) > 0) {
            throw new IllegalArgumentException("before + after is " + before.plus(after).toDays() + " days; a window is at most " + MAX_WINDOW.toDays() + " days");
        }
        int minutes = step == null ? fidelity(before.plus(after)) : stepMinutes(step, before.plus(after));
        long b = before.toMinutes() / minutes, a = after.toMinutes() / minutes;
        int width = (int) (b + a + 1);
        List<double[]> changes = new ArrayList<>();
        Progress.Listener progress = Progress.defaultListener();
        int used = 0;
        ClobData clob = new ClobData(connection);
        for (int e = 0; e < times.size(); e++) {
            Instant t0 = times.get(e);
            String token = tokens.get(tokens.size() == 1 ? 0 : e);
            Instant end = t0.plus(after).plus(Duration.ofMinutes(minutes));
            Table h = clob.history(token).start(t0.minus(before).minus(Duration.ofMinutes(minutes))).end(end).fidelity(minutes).table();
            double[] row = align(h, t0, minutes, b, width);
            if (row != null) {
                changes.add(row);
                used++;
            }
            progress.onProgress(new Progress("event study", e + 1, times.size(), "events", e + 1, e + 1 == times.size()));
        }
        return summary(changes, b, minutes, width, used, times.size());
    }

    /**
     * One event's changes from its baseline (the last price before {@code t0}) at each step, NaN where the history
     * has no point yet (a window reaching past the present); null when there is no price before the event.
     */
    static double[] align(Table history, Instant t0, int minutes, long before, int width) {
        Table h = history.sortAscendingOn("time");
        InstantColumn time = h.instantColumn("time");
        DoubleColumn price = h.doubleColumn("price");
        int n = h.rowCount();
        if (n == 0) return null;
        long zero = t0.getEpochSecond();
        double base = Double.NaN;
        for (int i = 0; i < n && time.get(i).getEpochSecond() < zero; i++) base = price.getDouble(i);
        if (Double.isNaN(base)) return null;
        double[] out = new double[width];
        Arrays.fill(out, Double.NaN);
        long last = time.get(n - 1).getEpochSecond();
        int i = 0;
        double asOf = Double.NaN;
        for (int k = 0; k < width; k++) {
            long target = zero + (k - before) * minutes * 60L;
            if (target > last) break;
            while (i < n && time.get(i).getEpochSecond() <= target) asOf = price.getDouble(i++);
            if (!Double.isNaN(asOf)) out[k] = asOf - base;
        }
        return out;
    }

    static Table summary(List<double[]> changes, long before, int minutes, int width, int used, int given) {
        IntColumn minute = IntColumn.create("minute"), events = IntColumn.create("events");
        DoubleColumn mean = DoubleColumn.create("mean"), q25 = DoubleColumn.create("q25"), median = DoubleColumn.create("median"),
                q75 = DoubleColumn.create("q75");
        for (int k = 0; k < width; k++) {
            double[] v = new double[changes.size()];
            int m = 0;
            double sum = 0;
            for (double[] c : changes) {
                if (!Double.isNaN(c[k])) {
                    v[m++] = c[k];
                    sum += c[k];
                }
            }
            minute.append((int) ((k - before) * minutes));
            events.append(m);
            if (m == 0) {
                mean.appendMissing();
                q25.appendMissing();
                median.appendMissing();
                q75.appendMissing();
                continue;
            }
            double[] s = Arrays.copyOf(v, m);
            Arrays.sort(s);
            mean.append(round(sum / m));
            q25.append(round(quantile(s, 0.25)));
            median.append(round(quantile(s, 0.5)));
            q75.append(round(quantile(s, 0.75)));
        }
        String name = "event study of " + used + " event" + (used == 1 ? "" : "s")
                + (used < given ? " (" + (given - used) + " of " + given + " without a price before the event left out)" : "")
                + ": price change from just before the event";
        return Table.create(name, minute, events, mean, q25, median, q75);
    }

    /** The quantile of sorted values by linear interpolation between order statistics. */
    static double quantile(double[] sorted, double q) {
        if (sorted.length == 1) return sorted[0];
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    /** Prices are on a grid of at most 0.0001; six decimals keep the means exact enough and the tables readable. */
    private static double round(double v) {
        return Math.round(v * 1e6) / 1e6;
    }

    static int fidelity(Duration span) {
        long m = Math.max(1, span.toMinutes());
        for (int f : FIDELITIES) if (m / f <= MAX_POINTS) return f;
        return FIDELITIES[FIDELITIES.length - 1];
    }

    private static int stepMinutes(Duration step, Duration span) {
        if (step.isNegative() || step.isZero() || step.toSeconds() % 60 != 0) {
            throw new IllegalArgumentException("step is a whole number of minutes, 1 or more (e.g. Duration.ofMinutes(5)), was " + step);
        }
        long m = step.toMinutes();
        if (Arrays.stream(FIDELITIES).noneMatch(f -> f == m)) {
            throw new IllegalArgumentException("step must be one of the histories' fidelities, 1, 5, 15, 30, 60, 240, 720 or 1440 minutes, was " + m);
        }
        if (span.toMinutes() / m > 200_000) throw new IllegalArgumentException("a window of " + span + " at " + m + "-minute steps is more than 200,000 points");
        return (int) m;
    }

    private static void window(Duration d, String name) {
        if (d == null || d.isNegative() || d.toSeconds() % 60 != 0) {
            throw new IllegalArgumentException(name + " is a whole number of minutes, 0 or more (e.g. Duration.ofHours(2)), was " + d);
        }
    }
}
