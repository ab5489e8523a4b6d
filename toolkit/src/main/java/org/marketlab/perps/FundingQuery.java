package org.marketlab.perps;

import org.marketlab.config.Progress;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * The account's funding charges, newest first, every page of them:
 * {@code session.funding().instrument(1).from(Instant.now().minus(Duration.ofDays(30))).table()}. Immutable.
 */
public final class FundingQuery {

    static final History.Kind<FundingCharge> KIND = new History.Kind<>("/v1/account/funding", "funding", FundingCharge.class,
            FundingCharge::timestamp, FundingCharge::key);
    static final long MAX_INSTRUMENT = 4_294_967_295L;

    private final History<FundingCharge> history;

    FundingQuery(History<FundingCharge> history) {
        this.history = history;
    }

    /** Only charges on this instrument (0 to 4294967295). */
    public FundingQuery instrument(long instrumentId) {
        if (instrumentId < 0 || instrumentId > MAX_INSTRUMENT) {
            throw new IllegalArgumentException("instrument id must be 0 to 4294967295, was " + instrumentId);
        }
        return new FundingQuery(history.filter("instrument_id", instrumentId));
    }

    public FundingQuery from(Instant from) {
        return new FundingQuery(history.from(from));
    }

    /** Charges at or before {@code to} (default: when the read begins). */
    public FundingQuery to(Instant to) {
        return new FundingQuery(history.to(to));
    }

    public FundingQuery onProgress(Progress.Listener listener) {
        return new FundingQuery(history.onProgress(listener));
    }

    public List<FundingCharge> list() {
        return history.list();
    }

    public Stream<FundingCharge> stream() {
        return history.stream();
    }

    /**
     * One row per charge, with the instrument's {@code symbol} beside its id (read from the account's positions;
     * "instrument N" for one the account no longer holds).
     */
    public Table table() {
        Table t = history.table();
        java.util.Map<Long, String> symbols = new java.util.HashMap<>();
        for (Portfolio.Position p : history.session().portfolio().positions()) symbols.put(p.instrumentId(), p.symbol());
        tech.tablesaw.api.StringColumn symbol = tech.tablesaw.api.StringColumn.create("symbol");
        tech.tablesaw.api.LongColumn ids = t.longColumn("instrument_id");
        for (int i = 0; i < t.rowCount(); i++) symbol.append(symbols.getOrDefault(ids.get(i), "instrument " + ids.get(i)));
        t.insertColumn(t.columnIndex("instrument_id") + 1, symbol);
        return t;
    }
}
