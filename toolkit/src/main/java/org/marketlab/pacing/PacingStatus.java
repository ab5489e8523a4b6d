package org.marketlab.pacing;

import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Every limit scope that has seen traffic: how much of it is in use and how much waiting it caused; and the
 * order-book buckets of every signer that has placed or cancelled (tier, tokens, debt, refill, warning mode, 429s).
 */
public record PacingStatus(Instant at, List<ScopeStatus> scopes, List<SignerStatus> signers) {

    public PacingStatus {
        scopes = List.copyOf(scopes);
        signers = List.copyOf(signers);
    }

    /** Scopes only (no signer buckets). */
    public PacingStatus(Instant at, List<ScopeStatus> scopes) {
        this(at, scopes, List.of());
    }

    private static final RecordTable<SignerStatus> SIGNERS = RecordTable.<SignerStatus>columns()
            .column("signer", String.class, SignerStatus::signer)
            .column("bucket", String.class, SignerStatus::bucket)
            .column("tier", String.class, s -> s.tier().label())
            .column("tokens", Double.class, s -> round3(s.tokens()))
            .column("burst", Long.class, SignerStatus::burst)
            .column("debt", Double.class, s -> round3(s.debt()))
            .column("refill_per_s", Double.class, SignerStatus::ratePerSecond)
            .column("warning", Boolean.class, SignerStatus::warning)
            .column("refused_429", Long.class, SignerStatus::rateLimited)
            .column("admitted", Long.class, SignerStatus::admitted)
            .column("waited", Long.class, SignerStatus::waited)
            .column("total_wait_s", Double.class, s -> round3(s.totalWait().toNanos() / 1e9));

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /**
     * One row per signer and bucket: signer, bucket ({@code order}, {@code cancel}), tier, tokens, burst, debt,
     * refill_per_s, warning (warning mode: would have been refused), refused_429, admitted, waited, total_wait_s.
     */
    public Table signersTable() {
        return SIGNERS.table("signer buckets", signers);
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
        if (scopes.isEmpty() && signers.isEmpty()) return "pacing: no requests yet";
        StringBuilder b = new StringBuilder("pacing at ").append(at).append('\n');
        for (ScopeStatus s : scopes) {
            b.append(String.format(Locale.ROOT, "  %-28s %6d / %-6d per %4ds  waited %d (%.3f s)", s.scope(), s.used(),
                    s.limit(), s.window().toSeconds(), s.waited(), s.totalWait().toNanos() / 1e9));
            if (s.heldUntil() != null) b.append("  HELD until ").append(s.heldUntil()).append(" (after a 429)");
            b.append(System.lineSeparator());
        }
        for (SignerStatus s : signers) {
            b.append(String.format(Locale.ROOT, "  signer %s %-6s %-8s %8.2f / %-5d tokens, debt %.2f, %.0f per s%s, %d refused with 429%n",
                    s.signer(), s.bucket(), s.tier().label(), s.tokens(), s.burst(), s.debt(), s.ratePerSecond(),
                    s.warning() ? ", WARNING mode" : "", s.rateLimited()));
        }
        return b.toString();
    }
}
