package org.marketlab.perps;

import org.marketlab.internal.query.Endpoint;
import org.marketlab.internal.query.Read;

import java.util.Set;

/**
 * The account's withdrawals, newest first, every page of them: {@code session.withdrawals().status("pending").table()}.
 * Immutable; each call returns a new query. Withdrawals are timed by their confirmation when they have one, else
 * their creation ({@link Withdrawal#pagingTime()}): {@code from} and {@code to} select on that time, as the
 * service orders and pages on it.
 */
public final class WithdrawalsQuery extends HistoryQuery<WithdrawalsQuery, Withdrawal> {

    static final Endpoint<Withdrawal> ENDPOINT = endpoint("/v1/account/withdrawals", "withdrawals", Withdrawal.class,
            Withdrawal::pagingTime, Withdrawal::withdrawId);
    private static final Set<String> STATUSES = Set.of("pending", "confirmed", "removed", "failed");

    WithdrawalsQuery(PerpsSession session, Read<Withdrawal> read) {
        super(session, read, r -> new WithdrawalsQuery(session, r));
    }

    /** Only withdrawals in this status: pending, confirmed, removed or failed. */
    public WithdrawalsQuery status(String status) {
        org.marketlab.internal.Args.oneOf(status, "withdrawal status", STATUSES);
        return with("withdrawal_status", status);
    }

    /** Only the withdrawal with this on-chain transaction hash ({@code 0x} and hex digits). */
    public WithdrawalsQuery hash(String hash) {
        if (hash == null || !hash.matches("0x[0-9a-fA-F]{1,128}")) {
            throw new IllegalArgumentException("hash must be 0x followed by hex digits (a transaction hash has 64), was '"
                    + org.marketlab.internal.Args.shown(hash) + "'");
        }
        return with("hash", hash);
    }
}
