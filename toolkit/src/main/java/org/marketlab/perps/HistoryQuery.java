package org.marketlab.perps;

import org.marketlab.config.Service;
import org.marketlab.internal.Args;
import org.marketlab.internal.query.Endpoint;
import org.marketlab.internal.query.Paging;
import org.marketlab.internal.query.Read;
import org.marketlab.query.PagedQuery;

import java.time.Instant;
import java.util.function.Function;

/**
 * A query of one of the account's histories (fills, funding, deposits, withdrawals, internal transfers), newest
 * first, every page of them: paged past the service's 100-entry cap by a moving {@code end_timestamp}
 * ({@link Paging#endTimestamp}). Both ends are always sent: {@link #from} defaults to the whole history, {@link #to}
 * to the time the read begins, so entries arriving meanwhile cannot shift the pages.
 *
 * @param <Q> the query's own type
 * @param <T> the record of one entry
 */
public abstract class HistoryQuery<Q extends HistoryQuery<Q, T>, T> extends PagedQuery<Q, T> {

    final PerpsSession session;

    HistoryQuery(PerpsSession session, Read<T> read, Function<Read<T>, Q> make) {
        super(read, make);
        this.session = session;
        Long from = param("start_timestamp"), to = param("end_timestamp");
        if (from != null && to != null && from > to) {
            throw new IllegalArgumentException("from (" + Instant.ofEpochMilli(from) + ") is after to (" + Instant.ofEpochMilli(to) + "): nothing can match");
        }
    }

    /** A history's endpoint: its path, its entries' record, their paging time and their identity. */
    static <T> Endpoint<T> endpoint(String path, String name, Class<T> type, Function<T, Instant> time, Function<T, ?> key) {
        return Endpoint.get(Service.PERPS, path, name, type).paged(Paging.endTimestamp(time)).distinctBy(key);
    }

    /** A read of {@code endpoint} through the session (its authentication and the weight of a history page). */
    static <T> Read<T> read(PerpsSession session, Endpoint<T> endpoint) {
        PerpsRequests requests = session.requests();
        return Read.of(endpoint, call -> requests.read(call.path(), call.query(), Weights.HISTORY_PAGE), requests.transport().resources().clock());
    }

    /** An instrument id, checked: 0 to 4294967295. */
    static long instrument(long id, String what) {
        if (id < 0 || id > FundingQuery.MAX_INSTRUMENT) throw new IllegalArgumentException(what + " must be 0 to 4294967295, was " + id);
        return id;
    }

    /** Entries at or after {@code from} (default: the whole history). */
    public Q from(Instant from) {
        Args.notNull(from, "from");
        if (from.isBefore(Instant.EPOCH)) throw new IllegalArgumentException("from must not be before 1970, was " + from);
        return with("start_timestamp", from.toEpochMilli());
    }

    /** Entries at or before {@code to} (default: when the read begins). */
    public Q to(Instant to) {
        return with("end_timestamp", Args.notNull(to, "to").toEpochMilli());
    }
}
