package org.marketlab.clob;

import org.marketlab.internal.query.Read;
import org.marketlab.query.PagedQuery;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/** Trades attributed to a builder code ({@code GET /builder/trades}), every page by cursor. */
public final class BuilderTradesQuery extends PagedQuery<BuilderTradesQuery, BuilderTrade> {

    BuilderTradesQuery(Read<BuilderTrade> read) {
        super(read, BuilderTradesQuery::new);
    }

    public BuilderTradesQuery market(String conditionId) {
        return with("market", ClobSession.condition(conditionId, "market"));
    }

    public BuilderTradesQuery asset(String tokenId) {
        return with("asset_id", ClobData.token(tokenId));
    }

    public BuilderTradesQuery from(Instant from) {
        return with("after", ClobSession.seconds(from, "from"));
    }

    public BuilderTradesQuery to(Instant to) {
        return with("before", ClobSession.seconds(to, "to"));
    }
}
