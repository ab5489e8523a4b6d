package org.marketlab.markets;

import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.util.List;

/** The live volume of an event, as the Data API's {@code /live-volume} gives it: its total and each market's share. */
public record LiveVolume(BigDecimal total, List<MarketVolume> markets) {

    /** The volume of one market ({@code market} is its condition id). */
    public record MarketVolume(String market, BigDecimal value) {
    }

    public LiveVolume {
        markets = markets == null ? List.of() : List.copyOf(markets);
    }

    /** One row per market: market (condition id), value. */
    public Table table() {
        return RecordTable.of(MarketVolume.class).table("live volume", markets);
    }
}
