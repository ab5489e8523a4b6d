package org.marketlab.perps;

import org.marketlab.config.Progress;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * The account's internal transfers, newest first, every page of them:
 * {@code session.internalTransfers().direction("out").table()}. Immutable.
 */
public final class InternalTransfersQuery {

    static final History.Kind<InternalTransfer> KIND = new History.Kind<>("/v1/account/internal-transfers", "internal-transfers",
            InternalTransfer.class, InternalTransfer::createdAt, InternalTransfer::transferId);

    private final History<InternalTransfer> history;

    InternalTransfersQuery(History<InternalTransfer> history) {
        this.history = history;
    }

    /** Only transfers in this direction relative to the account: {@code in} or {@code out} (default both). */
    public InternalTransfersQuery direction(String direction) {
        if (!"in".equals(direction) && !"out".equals(direction)) {
            throw new IllegalArgumentException("direction must be in or out (omit it for both), was '" + org.marketlab.internal.Args.shown(direction) + "'");
        }
        return new InternalTransfersQuery(history.filter("direction", direction));
    }

    public InternalTransfersQuery from(Instant from) {
        return new InternalTransfersQuery(history.from(from));
    }

    /** Transfers at or before {@code to} (default: when the read begins). */
    public InternalTransfersQuery to(Instant to) {
        return new InternalTransfersQuery(history.to(to));
    }

    public InternalTransfersQuery onProgress(Progress.Listener listener) {
        return new InternalTransfersQuery(history.onProgress(listener));
    }

    public List<InternalTransfer> list() {
        return history.list();
    }

    public Stream<InternalTransfer> stream() {
        return history.stream();
    }

    public Table table() {
        return history.table();
    }
}
