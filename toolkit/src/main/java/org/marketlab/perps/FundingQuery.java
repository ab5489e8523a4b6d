package org.marketlab.perps;

import org.marketlab.internal.query.Endpoint;
import org.marketlab.internal.query.Read;
import tech.tablesaw.api.Table;

import java.time.Instant;

/**
 * The account's funding charges, newest first, every page of them:
 * {@code session.funding().instrument(1).from(Instant.now().minus(Duration.ofDays(30))).table()}. Immutable.
 */
public final class FundingQuery extends HistoryQuery<FundingQuery, FundingCharge> {

    static final Endpoint<FundingCharge> ENDPOINT = endpoint("/v1/account/funding", "funding", FundingCharge.class,
            FundingCharge::timestamp, FundingCharge::key);
    static final long MAX_INSTRUMENT = 4_294_967_295L;

    FundingQuery(PerpsSession session, Read<FundingCharge> read) {
        super(session, read, r -> new FundingQuery(session, r));
    }

    /** Only charges on this instrument (0 to 4294967295). */
    public FundingQuery instrument(long instrumentId) {
        return with("instrument_id", instrument(instrumentId, "instrument id"));
    }

    /**
     * One row per charge, with the instrument's {@code symbol} beside its id (read from the account's positions;
     * "instrument N" for one the account no longer holds).
     */
    public Table table() {
        Table t = super.table();
        java.util.Map<Long, String> symbols = new java.util.HashMap<>();
        for (Portfolio.Position p : session.portfolio().positions()) symbols.put(p.instrumentId(), p.symbol());
        tech.tablesaw.api.StringColumn symbol = tech.tablesaw.api.StringColumn.create("symbol");
        tech.tablesaw.api.LongColumn ids = t.longColumn("instrument_id");
        for (int i = 0; i < t.rowCount(); i++) symbol.append(symbols.getOrDefault(ids.get(i), "instrument " + ids.get(i)));
        t.insertColumn(t.columnIndex("instrument_id") + 1, symbol);
        return t;
    }
}
