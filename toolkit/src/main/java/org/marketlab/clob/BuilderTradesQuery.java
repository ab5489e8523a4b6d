package org.marketlab.clob;

import org.marketlab.config.Progress;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/** Trades attributed to a builder code ({@code GET /builder/trades}), every page by cursor. */
public final class BuilderTradesQuery {

    private final CursorRead<BuilderTrade> read;

    BuilderTradesQuery(CursorRead<BuilderTrade> read) {
        this.read = read;
    }

    public BuilderTradesQuery market(String conditionId) {
        return new BuilderTradesQuery(read.with("market", ClobSession.condition(conditionId, "market")));
    }

    public BuilderTradesQuery asset(String tokenId) {
        return new BuilderTradesQuery(read.with("asset_id", ClobData.token(tokenId)));
    }

    public BuilderTradesQuery from(Instant from) {
        return new BuilderTradesQuery(read.with("after", ClobSession.seconds(from, "from")));
    }

    public BuilderTradesQuery to(Instant to) {
        return new BuilderTradesQuery(read.with("before", ClobSession.seconds(to, "to")));
    }

    public BuilderTradesQuery limit(int n) {
        return new BuilderTradesQuery(read.limit(n));
    }

    public BuilderTradesQuery onProgress(Progress.Listener listener) {
        return new BuilderTradesQuery(read.progress(listener));
    }

    public List<BuilderTrade> list() {
        return read.list();
    }

    public Stream<BuilderTrade> stream() {
        return read.stream();
    }

    public Table table() {
        return RecordTable.of(BuilderTrade.class).table("builder trades", list());
    }
}
