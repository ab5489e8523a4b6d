package org.marketlab.query;

import org.marketlab.internal.query.Read;

/** A planted violation for PublicApiTest: a public query whose public constructor takes the internal read. */
public final class LeakyQuery extends PagedQuery<LeakyQuery, String> {
    public LeakyQuery(Read<String> read) {
        super(read, LeakyQuery::new);
    }
}
