package org.marketlab.pacing;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
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
        InstantColumn time = InstantColumn.create("time");
        DoubleColumn t = DoubleColumn.create("t_s");
        StringColumn service = StringColumn.create("service");
        StringColumn path = StringColumn.create("path");
        StringColumn scope = StringColumn.create("scope");
        DoubleColumn waited = DoubleColumn.create("waited_ms");
        IntColumn inWindow = IntColumn.create("in_window");
        long first = entries.isEmpty() ? 0 : entries.get(0).nanos();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            time.append(Instant.ofEpochMilli(e.epochMillis()));
            t.append((e.nanos() - first) / 1e9);
            service.append(e.service());
            path.append(e.path());
            scope.append(e.scope());
            waited.append(e.waitedNanos() / 1e6);
            int n = 0;
            for (int j = i; j >= 0 && entries.get(j).nanos() > e.nanos() - 10_000_000_000L; j--) {
                if (entries.get(j).scope().equals(e.scope())) n++;
            }
            inWindow.append(n);
        }
        return Table.create("requests", time, t, service, path, scope, waited, inWindow);
    }
}
