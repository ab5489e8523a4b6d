package org.marketlab.perps;

import org.marketlab.config.Progress;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The account's withdrawals, newest first, every page of them: {@code session.withdrawals().status("pending").table()}.
 * Immutable; each call returns a new query. Withdrawals are timed by their confirmation when they have one, else
 * their creation ({@link Withdrawal#pagingTime()}): {@code from} and {@code to} select on that time, as the
 * service orders and pages on it.
 */
public final class WithdrawalsQuery {

    static final History.Kind<Withdrawal> KIND = new History.Kind<>("/v1/account/withdrawals", "withdrawals", Withdrawal.class,
            Withdrawal::pagingTime, Withdrawal::withdrawId);
    private static final Set<String> STATUSES = Set.of("pending", "confirmed", "removed", "failed");

    private final History<Withdrawal> history;

    WithdrawalsQuery(History<Withdrawal> history) {
        this.history = history;
    }

    /** Only withdrawals in this status: pending, confirmed, removed or failed. */
    public WithdrawalsQuery status(String status) {
        org.marketlab.internal.Args.oneOf(status, "withdrawal status", STATUSES);
        return new WithdrawalsQuery(history.filter("withdrawal_status", status));
    }

    /** Only the withdrawal with this on-chain transaction hash ({@code 0x} and hex digits). */
    public WithdrawalsQuery hash(String hash) {
        if (hash == null || !hash.matches("0x[0-9a-fA-F]{1,128}")) {
            throw new IllegalArgumentException("hash must be 0x followed by hex digits (a transaction hash has 64), was '"
                    + org.marketlab.internal.Args.shown(hash) + "'");
        }
        return new WithdrawalsQuery(history.filter("hash", hash));
    }

    /** Withdrawals at or after {@code from}. */
    public WithdrawalsQuery from(Instant from) {
        return new WithdrawalsQuery(history.from(from));
    }

    /** Withdrawals at or before {@code to} (default: when the read begins). */
    public WithdrawalsQuery to(Instant to) {
        return new WithdrawalsQuery(history.to(to));
    }

    /** Reports the pages read to {@code listener} instead of the default listener. */
    public WithdrawalsQuery onProgress(Progress.Listener listener) {
        return new WithdrawalsQuery(history.onProgress(listener));
    }

    public List<Withdrawal> list() {
        return history.list();
    }

    /** Lazily paged: a page is read when the entries before it are consumed. */
    public Stream<Withdrawal> stream() {
        return history.stream();
    }

    /** One row per withdrawal, columns named as on the wire. */
    public Table table() {
        return history.table();
    }
}
