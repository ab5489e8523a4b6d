package org.marketlab.perps;

import org.marketlab.internal.query.Endpoint;
import org.marketlab.internal.query.Read;


/** The account's deposits, newest first, every page of them: {@code session.deposits().table()}. Immutable. */
public final class DepositsQuery extends HistoryQuery<DepositsQuery, Deposit> {

    static final Endpoint<Deposit> ENDPOINT = endpoint("/v1/account/deposits", "deposits", Deposit.class, Deposit::pagingTime,
            Deposit::hash);

    DepositsQuery(PerpsSession session, Read<Deposit> read) {
        super(session, read, r -> new DepositsQuery(session, r));
    }
}
