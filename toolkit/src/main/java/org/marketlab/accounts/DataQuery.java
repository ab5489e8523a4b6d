package org.marketlab.accounts;

import org.marketlab.internal.query.Paging;
import org.marketlab.internal.query.Read;
import org.marketlab.query.PagedQuery;
import tech.tablesaw.api.Table;

import java.util.function.Function;

/**
 * A query of one of a wallet's Data API reads (positions, trades, activity), in either version of the API: v2 by
 * cursor (the default) or v1 by offset ({@link #v1()}); each filter is kept in both spellings. An empty table says
 * why it may be empty (a filter, or a signer's address where the shares sit under a proxy wallet).
 *
 * @param <Q> the query's own type
 * @param <T> the record of one row
 */
public abstract class DataQuery<Q extends DataQuery<Q, T>, T> extends PagedQuery<Q, T> {

    /** Set by the filters: an empty answer then says the filter may be why. */
    static final String FILTERED = "$filtered";

    final Account account;

    DataQuery(Account account, Read<T> read, Function<Read<T>, Q> make) {
        super(read, make);
        this.account = account;
    }

    /** A read of {@code endpoint} for {@code account}'s address. */
    static <T> Read<T> read(Account account, org.marketlab.internal.query.Endpoint<T> endpoint) {
        return Read.of(endpoint, account.transport()::send, account.transport().resources().clock()).with("user", account.address())
                .with("v1.user", account.address());
    }

    /** Read the v1 routes (bare arrays, offsets) instead of v2. */
    public Q v1() {
        return with(Paging.DATA_V1, true);
    }

    /** Rows per request (default the route's maximum: fewer requests). */
    public Q pageSize(int n) {
        if (n < 1) throw new IllegalArgumentException("pageSize must be 1 or more, was " + n);
        return withPageSize(n);
    }

    /** Only rows in these markets (condition ids, at most 20). */
    public Q condition(String... conditionIds) {
        return filter("condition", "market", String.join(",", Checks.conditions(conditionIds)));
    }

    /** Only rows in these events (event ids). */
    public Q event(String... eventIds) {
        if (eventIds == null) throw new IllegalArgumentException("event: give one or more event ids");
        for (String e : eventIds) if (e == null || !e.trim().matches("[0-9]+")) throw new IllegalArgumentException("event id must be digits, was '" + e + "'");
        return filter("event_id", "eventId", String.join(",", java.util.Arrays.stream(eventIds).map(String::trim).toList()));
    }

    /** Sets a parameter in both spellings ({@code v1Name} null: v2 only; {@code v2Name} null: v1 only). */
    final Q both(String v2Name, String v1Name, Object value) {
        Q q = v2Name == null ? self() : with(v2Name, value);
        return v1Name == null ? q : q.with("v1." + v1Name, value);
    }

    /** A filter, in both spellings: an empty answer then says the filter may be why. */
    final Q filter(String v2Name, String v1Name, Object value) {
        return both(v2Name, v1Name, value).with(FILTERED, true);
    }

    @SuppressWarnings("unchecked")
    private Q self() {
        return (Q) this;
    }

    /** {@code table}, or, when it has no rows, the same table named by a note on why (printed too). */
    final Table orEmpty(Table table, String what) {
        return table.rowCount() > 0 ? table : account.empty(table, what, Boolean.TRUE.equals(param(FILTERED)));
    }
}
