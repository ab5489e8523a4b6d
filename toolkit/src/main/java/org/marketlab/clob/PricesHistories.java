package org.marketlab.clob;

import org.marketlab.config.Progress;
import org.marketlab.datasets.Harvest;
import org.marketlab.datasets.HarvestReport;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The price histories of many tokens, one request per token, with one window and fidelity:
 * {@code Clob.pricesHistories(tokens).interval("1m").fidelity(60).toParquet(dir)}. Rows are
 * (tokenId, time, price). Immutable.
 */
public final class PricesHistories {

    private final List<String> tokenIds;
    private final PricesHistoryQuery template;
    private final Progress.Listener progress;

    PricesHistories(List<String> tokenIds, PricesHistoryQuery template, Progress.Listener progress) {
        this.tokenIds = List.copyOf(tokenIds);
        this.template = template;
        this.progress = progress;
    }

    /** The same tokens and listener, the template's window or fidelity changed by {@code change}. */
    private PricesHistories with(java.util.function.UnaryOperator<PricesHistoryQuery> change) {
        return new PricesHistories(tokenIds, change.apply(template), progress);
    }

    public PricesHistories start(Instant start) {
        return with(q -> q.start(start));
    }

    public PricesHistories end(Instant end) {
        return with(q -> q.end(end));
    }

    /** A span back from now: one of max, all, 1m (a month), 1w, 1d, 6h, 1h. */
    public PricesHistories interval(String interval) {
        return with(q -> q.interval(interval));
    }

    /** Minutes between points (1 or more). */
    public PricesHistories fidelity(int minutes) {
        return with(q -> q.fidelity(minutes));
    }

    public PricesHistories onProgress(Progress.Listener listener) {
        return new PricesHistories(tokenIds, template, listener);
    }

    /** The tokens, in the order they are read. */
    public List<String> tokenIds() {
        return tokenIds;
    }

    /** One token's points as rows. */
    private List<TokenPrice> read(String tokenId) {
        Table t = template.withToken(tokenId).table();
        InstantColumn time = t.instantColumn("time");
        DoubleColumn price = t.doubleColumn("price");
        List<TokenPrice> out = new ArrayList<>(t.rowCount());
        for (int i = 0; i < t.rowCount(); i++) out.add(new TokenPrice(tokenId, time.get(i), price.getDouble(i)));
        return out;
    }

    /** Every token's points in one table: tokenId, time, price (held in memory; for many, {@link #toParquet}). */
    public Table table() {
        StringColumn token = StringColumn.create("tokenId");
        InstantColumn time = InstantColumn.create("time");
        DoubleColumn price = DoubleColumn.create("price");
        for (String id : tokenIds) {
            for (TokenPrice p : read(id)) {
                token.append(p.tokenId());
                time.append(p.time());
                price.append(p.price());
            }
        }
        return Table.create("prices of " + tokenIds.size() + " tokens", token, time, price);
    }

    /**
     * Harvests every token's history into {@code dir} as Parquet, partitioned by the UTC day of each point
     * ({@code day=2026-11-01}); resumable token by token: see {@link Harvest}.
     */
    public HarvestReport toParquet(Path dir) {
        return harvest().to(dir);
    }

    /** The harvest {@link #toParquet} runs, to adjust first. Its pages are the tokens, in order. */
    public Harvest<TokenPrice> harvest() {
        return Harvest.of("prices-history", TokenPrice.class, (position, wanted) -> {
                    int i = position == null ? 0 : ((Number) position).intValue();
                    if (i >= tokenIds.size()) return new Harvest.Page<>(List.of(), null);
                    return new Harvest.Page<>(read(tokenIds.get(i)), i + 1 < tokenIds.size() ? (Object) (i + 1) : null);
                })
                .query(template.settings() + " tokens=" + String.join(",", tokenIds))
                .partitionByDay("day", TokenPrice::time).onProgress(progress);
    }
}
