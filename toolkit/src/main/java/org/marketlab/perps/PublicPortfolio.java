package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** The public view of an address's positions and equity. */
public record PublicPortfolio(List<Position> positions, BigDecimal equity, Instant timestamp) {

    public PublicPortfolio {
        positions = positions == null ? List.of() : List.copyOf(positions);
    }

    /** A position as the public portfolio shows it. */
    public record Position(@JsonProperty("instrument_id") long instrumentId, String symbol, BigDecimal size,
                           @JsonProperty("entry_price") BigDecimal entryPrice, @JsonProperty("unrealized_pnl") BigDecimal unrealizedPnl,
                           @JsonProperty("return_on_equity") BigDecimal returnOnEquity) {
    }
}
