package org.marketlab.markets;

import org.marketlab.internal.query.Read;
import org.marketlab.query.PagedQuery;

import java.util.function.Function;

/**
 * A query of one of the market-data listings ({@code /markets}, {@code /tags}, {@code /series}, {@code /comments}):
 * offset pages of at most 100, in the service's order or the one asked for. The service refuses offsets past
 * 2,000, so a longer listing ends with that refusal (narrow it).
 *
 * @param <Q> the query's own type
 * @param <T> the record of one item
 */
public abstract class ListingQuery<Q extends ListingQuery<Q, T>, T> extends PagedQuery<Q, T> {

    ListingQuery(Read<T> read, Function<Read<T>, Q> make) {
        super(read, make);
    }

    /** In ascending order of the order field when {@code true}, descending when {@code false}. */
    public Q ascending(boolean ascending) {
        return with("ascending", ascending);
    }

    /** Skip this many items first. */
    public Q offset(int offset) {
        return withOffset(offset);
    }

    /** Items per request, 1 to 100 (the default). */
    public Q pageSize(int pageSize) {
        return withPageSize(pageSize);
    }
}
