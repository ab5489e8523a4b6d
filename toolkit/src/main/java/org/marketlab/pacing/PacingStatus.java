package org.marketlab.pacing;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/** Every limit scope that has seen traffic: how much of it is in use and how much waiting it caused. */
public record PacingStatus(Instant at, List<ScopeStatus> scopes) {

    public PacingStatus {
        scopes = List.copyOf(scopes);
    }

    /** One row per scope: scope, endpoint, used, limit, window_s, use_pct, admitted, waited, total_wait_s. */
    public Table table() {
        StringColumn scope = StringColumn.create("scope");
        StringColumn endpoint = StringColumn.create("endpoint");
        IntColumn used = IntColumn.create("used");
        IntColumn limit = IntColumn.create("limit");
        DoubleColumn window = DoubleColumn.create("window_s");
        DoubleColumn pct = DoubleColumn.create("use_pct");
        LongColumn admitted = LongColumn.create("admitted");
        LongColumn waited = LongColumn.create("waited");
        DoubleColumn wait = DoubleColumn.create("total_wait_s");
        for (ScopeStatus s : scopes) {
            scope.append(s.scope());
            endpoint.append(s.endpoint());
            used.append(s.used());
            limit.append(s.limit());
            window.append(s.window().toMillis() / 1000.0);
            pct.append(100.0 * s.used() / s.limit());
            admitted.append(s.admitted());
            waited.append(s.waited());
            wait.append(s.totalWait().toNanos() / 1e9);
        }
        return Table.create("pacing", scope, endpoint, used, limit, window, pct, admitted, waited, wait);
    }

    @Override
    public String toString() {
        if (scopes.isEmpty()) return "pacing: no requests yet";
        StringBuilder b = new StringBuilder("pacing at ").append(at).append('\n');
        for (ScopeStatus s : scopes) {
            b.append(String.format(Locale.ROOT, "  %-28s %6d / %-6d per %4ds  waited %d (%.3f s)%n", s.scope(), s.used(),
                    s.limit(), s.window().toSeconds(), s.waited(), s.totalWait().toNanos() / 1e9));
        }
        return b.toString();
    }
}
