package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** The account's own portfolio: positions, margin, withdrawable balance. */
public record Portfolio(List<Position> positions, Margin margin, BigDecimal withdrawable,
                        @JsonProperty("in_liquidation") Boolean inLiquidation, @JsonProperty("fee_tier") Integer feeTier,
                        Instant timestamp) {

    public Portfolio {
        positions = positions == null ? List.of() : List.copyOf(positions);
    }

    /**
     * One row per position: symbol, size, entry and liquidation price, leverage, unrealised PnL, return on
     * equity, funding, value and margins (the wire names).
     */
    public tech.tablesaw.api.Table positionsTable() {
        return org.marketlab.tables.RecordTable.of(Position.class).table("positions", positions);
    }

    public record Position(@JsonProperty("instrument_id") long instrumentId, String symbol, BigDecimal size,
                           @JsonProperty("entry_price") BigDecimal entryPrice, Integer leverage, Boolean cross,
                           @JsonProperty("liquidation_price") BigDecimal liquidationPrice,
                           @JsonProperty("unrealized_pnl") BigDecimal unrealizedPnl,
                           @JsonProperty("return_on_equity") BigDecimal returnOnEquity,
                           @JsonProperty("cumulative_funding") BigDecimal cumulativeFunding,
                           @JsonProperty("position_value") BigDecimal positionValue,
                           @JsonProperty("initial_margin") BigDecimal initialMargin,
                           @JsonProperty("maintenance_margin") BigDecimal maintenanceMargin) {
    }

    public record Margin(@JsonProperty("total_account_value") BigDecimal totalAccountValue,
                         @JsonProperty("available_order_margin") BigDecimal availableOrderMargin,
                         @JsonProperty("total_initial_margin") BigDecimal totalInitialMargin,
                         @JsonProperty("total_maintenance_margin") BigDecimal totalMaintenanceMargin,
                         @JsonProperty("total_position_value") BigDecimal totalPositionValue) {
    }
}
