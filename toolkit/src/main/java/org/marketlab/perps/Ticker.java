package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One instrument's prices now ({@code GET /v1/info/tickers}): the index, the mark (what margin and funding use), the
 * last trade, the book's mid, the open interest in contracts, the funding rate of the current period and when it is
 * next paid.
 */
public record Ticker(@JsonProperty("instrument_id") long instrumentId, String symbol, @JsonProperty("index_price") BigDecimal indexPrice,
                     @JsonProperty("mark_price") BigDecimal markPrice, @JsonProperty("last_price") BigDecimal lastPrice,
                     @JsonProperty("mid_price") BigDecimal midPrice, @JsonProperty("open_interest") BigDecimal openInterest,
                     @JsonProperty("funding_rate") BigDecimal fundingRate, @JsonProperty("next_funding") Instant nextFunding,
                     Instant timestamp) {
}
