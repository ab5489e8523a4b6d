package org.marketlab.pacing;

import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Records every request a pacer admits, until closed: when, where, how long it waited, and how many requests
 * of its narrowest scope lay in the sliding window at that moment. For charts of requests over time against
 * the limit.
 */
public final class RequestLog implements PacingListener, AutoCloseable {

    private record Entry(long epochMillis, long nanos, String service, String path, String scope, long waitedNanos) {
    }

    private final Pacer pacer;
    private final List<Entry> entries = new ArrayList<>();

    RequestLog(Pacer pacer) {
        this.pacer = pacer;
        pacer.addListener(this);
    }

    /** Starts recording the requests {@code pacer} admits. */
    public static RequestLog of(Pacer pacer) {
        return new RequestLog(pacer);
    }

    @Override
    public synchronized void admitted(long epochMillis, long nanoTime, String service, String path, List<String> scopes,
                                      long waitedNanos) {
        entries.add(new Entry(epochMillis, nanoTime, service, path, scopes.isEmpty() ? "" : scopes.get(0), waitedNanos));
    }

    /** Stops recording; the entries stay. */
    @Override
    public void close() {
        pacer.removeListener(this);
    }

    public synchronized int size() {
        return entries.size();
    }

    /**
     * One row per request: {@code time}, {@code t_s} (seconds since the first), {@code service}, {@code path},
     * {@code scope} (the tightest it counted against), {@code waited_ms}, and {@code in_window}: requests of the
     * same scope in the 10 s before it, itself included.
     */
    public synchronized Table table() {
        long first = entries.isEmpty() ? 0 : entries.get(0).nanos();
        List<Row> rows = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            int n = 0;
            for (int j = i; j >= 0 && entries.get(j).nanos() > e.nanos() - 10_000_000_000L; j--) {
                if (entries.get(j).scope().equals(e.scope())) n++;
            }
            rows.add(new Row(e, (e.nanos() - first) / 1e9, n));
        }
        return TABLE.table("requests", rows);
    }

    private record Row(Entry e, double t, int inWindow) {
    }

    private static final RecordTable<Row> TABLE = RecordTable.<Row>columns()
            .column("time", Instant.class, r -> Instant.ofEpochMilli(r.e().epochMillis()))
            .column("t_s", Double.class, Row::t)
            .column("service", String.class, r -> r.e().service())
            .column("path", String.class, r -> r.e().path())
            .column("scope", String.class, r -> r.e().scope())
            .column("waited_ms", Double.class, r -> r.e().waitedNanos() / 1e6)
            .column("in_window", Integer.class, Row::inWindow);
}
