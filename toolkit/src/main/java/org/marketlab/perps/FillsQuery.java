package org.marketlab.perps;

import org.marketlab.internal.query.Endpoint;
import org.marketlab.internal.query.Read;

import java.time.Instant;

/**
 * The account's fills, newest first, every page of them ({@code GET /v1/account/fills}, the official client's read;
 * the specification shows none): {@code session.fills().from(Instant.now().minus(Duration.ofDays(1))).table()}.
 * Immutable.
 */
public final class FillsQuery extends HistoryQuery<FillsQuery, Fill> {

    static final Endpoint<Fill> ENDPOINT = endpoint("/v1/account/fills", "fills", Fill.class, Fill::ts, Fill::tid);

    FillsQuery(PerpsSession session, Read<Fill> read) {
        super(session, read, r -> new FillsQuery(session, r));
    }

    /** Only fills on this instrument (0 to 4294967295). */
    public FillsQuery instrument(long instrumentId) {
        return with("instrument_id", instrument(instrumentId, "instrument id"));
    }
}
