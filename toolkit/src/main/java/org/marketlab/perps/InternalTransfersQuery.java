package org.marketlab.perps;

import org.marketlab.internal.query.Endpoint;
import org.marketlab.internal.query.Read;


/**
 * The account's internal transfers, newest first, every page of them:
 * {@code session.internalTransfers().direction("out").table()}. Immutable.
 */
public final class InternalTransfersQuery extends HistoryQuery<InternalTransfersQuery, InternalTransfer> {

    static final Endpoint<InternalTransfer> ENDPOINT = endpoint("/v1/account/internal-transfers", "internal-transfers",
            InternalTransfer.class, InternalTransfer::createdAt, InternalTransfer::transferId);

    InternalTransfersQuery(PerpsSession session, Read<InternalTransfer> read) {
        super(session, read, r -> new InternalTransfersQuery(session, r));
    }

    /** Only transfers in this direction relative to the account: {@code in} or {@code out} (default both). */
    public InternalTransfersQuery direction(String direction) {
        if (!"in".equals(direction) && !"out".equals(direction)) {
            throw new IllegalArgumentException("direction must be in or out (omit it for both), was '" + org.marketlab.internal.Args.shown(direction) + "'");
        }
        return with("direction", direction);
    }
}
