package org.marketlab.clob;

import org.marketlab.internal.query.Read;

import java.time.Instant;

/** Trades attributed to a builder code ({@code GET /builder/trades}), every page by cursor. */
public final class BuilderTradesQuery extends AccountQuery<BuilderTradesQuery, BuilderTrade> {

    BuilderTradesQuery(Read<BuilderTrade> read) {
        super(read, BuilderTradesQuery::new);
    }

    public BuilderTradesQuery from(Instant from) {
        return with("after", ClobSession.seconds(from, "from"));
    }

    public BuilderTradesQuery to(Instant to) {
        return with("before", ClobSession.seconds(to, "to"));
    }
}
