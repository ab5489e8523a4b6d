package org.marketlab.clob;

import org.marketlab.internal.query.Read;
import org.marketlab.query.PagedQuery;

/**
 * A paged read with no filters of its own: what a façade returns, as a {@code PagedQuery<?, T>}, for an endpoint
 * that needs no typed setters (limit, onProgress, list, stream and table are the base's).
 *
 * @param <T> the record of one item
 */
final class PlainQuery<T> extends PagedQuery<PlainQuery<T>, T> {

    PlainQuery(Read<T> read) {
        super(read, PlainQuery::new);
    }
}
