package org.marketlab.perps;

import org.marketlab.config.Progress;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/** The account's deposits, newest first, every page of them: {@code session.deposits().table()}. Immutable. */
public final class DepositsQuery {

    static final History.Kind<Deposit> KIND = new History.Kind<>("/v1/account/deposits", "deposits", Deposit.class, Deposit::pagingTime,
            Deposit::hash);

    private final History<Deposit> history;

    DepositsQuery(History<Deposit> history) {
        this.history = history;
    }

    public DepositsQuery from(Instant from) {
        return new DepositsQuery(history.from(from));
    }

    public DepositsQuery to(Instant to) {
        return new DepositsQuery(history.to(to));
    }

    public DepositsQuery onProgress(Progress.Listener listener) {
        return new DepositsQuery(history.onProgress(listener));
    }

    public List<Deposit> list() {
        return history.list();
    }

    public Stream<Deposit> stream() {
        return history.stream();
    }

    public Table table() {
        return history.table();
    }
}
