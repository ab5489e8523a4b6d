package org.marketlab.perps;

import org.marketlab.config.Progress;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * The account's fills, newest first, every page of them ({@code GET /v1/account/fills}, the official client's read;
 * the specification shows none): {@code session.fills().from(Instant.now().minus(Duration.ofDays(1))).table()}.
 * Immutable.
 */
public final class FillsQuery {

    static final History.Kind<Fill> KIND = new History.Kind<>("/v1/account/fills", "fills", Fill.class, Fill::ts, Fill::tid);

    private final History<Fill> history;

    FillsQuery(History<Fill> history) {
        this.history = history;
    }

    /** Only fills on this instrument (0 to 4294967295). */
    public FillsQuery instrument(long instrumentId) {
        if (instrumentId < 0 || instrumentId > FundingQuery.MAX_INSTRUMENT) {
            throw new IllegalArgumentException("instrument id must be 0 to 4294967295, was " + instrumentId);
        }
        return new FillsQuery(history.filter("instrument_id", instrumentId));
    }

    public FillsQuery from(Instant from) {
        return new FillsQuery(history.from(from));
    }

    public FillsQuery to(Instant to) {
        return new FillsQuery(history.to(to));
    }

    public FillsQuery onProgress(Progress.Listener listener) {
        return new FillsQuery(history.onProgress(listener));
    }

    public List<Fill> list() {
        return history.list();
    }

    public Stream<Fill> stream() {
        return history.stream();
    }

    public Table table() {
        return history.table();
    }
}
