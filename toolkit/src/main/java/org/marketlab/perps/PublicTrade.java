package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;
import java.time.Instant;

/** A trade of an instrument's public tape ({@code GET /v1/info/trades}): the taker's side ({@code long} or {@code short}). */
public record PublicTrade(@JsonProperty("trade_id") long tradeId, @JsonProperty("instrument_id") long instrumentId, String side,
                          BigDecimal price, BigDecimal quantity, Instant timestamp) {
}
