package org.marketlab.pacing;

import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/** Every limit scope that has seen traffic: how much of it is in use and how much waiting it caused. */
public record PacingStatus(Instant at, List<ScopeStatus> scopes) {

    public PacingStatus {
        scopes = List.copyOf(scopes);
    }

    private static final RecordTable<ScopeStatus> TABLE = RecordTable.<ScopeStatus>columns()
            .column("scope", String.class, ScopeStatus::scope)
            .column("endpoint", String.class, ScopeStatus::endpoint)
            .column("used", Integer.class, ScopeStatus::used)
            .column("limit", Integer.class, ScopeStatus::limit)
            .column("window_s", Double.class, s -> s.window().toMillis() / 1000.0)
            .column("use_pct", Double.class, s -> 100.0 * s.used() / s.limit())
            .column("admitted", Long.class, ScopeStatus::admitted)
            .column("waited", Long.class, ScopeStatus::waited)
            .column("total_wait_s", Double.class, s -> s.totalWait().toNanos() / 1e9)
            .column("held_until", String.class, s -> s.heldUntil() == null ? "" : s.heldUntil().toString());

    /** One row per scope: scope, endpoint, used, limit, window_s, use_pct, admitted, waited, total_wait_s, held_until. */
    public Table table() {
        return TABLE.table("pacing", scopes);
    }

    @Override
    public String toString() {
        if (scopes.isEmpty()) return "pacing: no requests yet";
        StringBuilder b = new StringBuilder("pacing at ").append(at).append('\n');
        for (ScopeStatus s : scopes) {
            b.append(String.format(Locale.ROOT, "  %-28s %6d / %-6d per %4ds  waited %d (%.3f s)", s.scope(), s.used(),
                    s.limit(), s.window().toSeconds(), s.waited(), s.totalWait().toNanos() / 1e9));
            if (s.heldUntil() != null) b.append("  HELD until ").append(s.heldUntil()).append(" (after a 429)");
            b.append(System.lineSeparator());
        }
        return b.toString();
    }
}
