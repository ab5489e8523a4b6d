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
     * One row per position, the columns a reviewer reads first, in a width that fits the page: symbol, side (long or
     * short), size (unsigned), leverage and margin mode ({@code 5× cross}, {@code 9× isolated}), entry and liquidation
     * price, position value, unrealised PnL and return on equity. {@link #positionsTableAllColumns()} has every field
     * under its wire name (with the cumulative funding and the margins).
     */
    public tech.tablesaw.api.Table positionsTable() {
        return POSITIONS.table("positions", positions);
    }

    /**
     * One row per position, every field under its wire name: instrument id and symbol, size (negative short), entry
     * and liquidation price, leverage, cross, unrealised PnL, return on equity, cumulative funding, value and the
     * initial and maintenance margins.
     */
    public tech.tablesaw.api.Table positionsTableAllColumns() {
        return org.marketlab.tables.RecordTable.of(Position.class).table("positions, every field", positions);
    }

    private static final org.marketlab.tables.RecordTable<Position> POSITIONS = org.marketlab.tables.RecordTable.<Position>columns()
            .column("symbol", String.class, Position::symbol)
            .column("side", String.class, p -> p.size() == null ? null : p.size().signum() > 0 ? "long" : p.size().signum() < 0 ? "short" : "flat")
            .column("size", BigDecimal.class, p -> p.size() == null ? null : p.size().abs())
            .column("leverage", String.class, Position::leverageText)
            .column("entry_price", BigDecimal.class, Position::entryPrice)
            .column("liquidation_price", BigDecimal.class, Position::liquidationPrice)
            .column("value", BigDecimal.class, Position::positionValue)
            .column("unrealized_pnl", BigDecimal.class, Position::unrealizedPnl)
            .column("return_on_equity", BigDecimal.class, Position::returnOnEquity);

    public record Position(@JsonProperty("instrument_id") long instrumentId, String symbol, BigDecimal size,
                           @JsonProperty("entry_price") BigDecimal entryPrice, Integer leverage, Boolean cross,
                           @JsonProperty("liquidation_price") BigDecimal liquidationPrice,
                           @JsonProperty("unrealized_pnl") BigDecimal unrealizedPnl,
                           @JsonProperty("return_on_equity") BigDecimal returnOnEquity,
                           @JsonProperty("cumulative_funding") BigDecimal cumulativeFunding,
                           @JsonProperty("position_value") BigDecimal positionValue,
                           @JsonProperty("initial_margin") BigDecimal initialMargin,
                           @JsonProperty("maintenance_margin") BigDecimal maintenanceMargin) {

        /** Leverage and margin mode as a reader says them: {@code 5× cross}, {@code 9× isolated}; null when neither is known. */
        String leverageText() {
            String mode = cross == null ? null : cross ? "cross" : "isolated";
            if (leverage == null) return mode;
            return leverage + "×" + (mode == null ? "" : " " + mode);
        }
    }

    public record Margin(@JsonProperty("total_account_value") BigDecimal totalAccountValue,
                         @JsonProperty("available_order_margin") BigDecimal availableOrderMargin,
                         @JsonProperty("total_initial_margin") BigDecimal totalInitialMargin,
                         @JsonProperty("total_maintenance_margin") BigDecimal totalMaintenanceMargin,
                         @JsonProperty("total_position_value") BigDecimal totalPositionValue) {
    }
}
