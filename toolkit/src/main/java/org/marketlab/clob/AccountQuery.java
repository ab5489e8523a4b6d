package org.marketlab.clob;

import org.marketlab.internal.query.Read;
import org.marketlab.query.PagedQuery;

import java.util.function.Function;

/**
 * A query of the account's rows on the order book (open orders, trades, builder trades), every page by cursor, each
 * row once: filtered by market and outcome token.
 *
 * @param <Q> the query's own type
 * @param <T> the record of one row
 */
public abstract class AccountQuery<Q extends AccountQuery<Q, T>, T> extends PagedQuery<Q, T> {

    AccountQuery(Read<T> read, Function<Read<T>, Q> make) {
        super(read, make);
    }

    /** Only rows on this market (its condition id, {@code 0x} and 64 hex digits). */
    public Q market(String conditionId) {
        return with("market", ClobSession.condition(conditionId, "market"));
    }

    /** Only rows of this outcome token. */
    public Q asset(String tokenId) {
        return with("asset_id", ClobData.token(tokenId));
    }
}
