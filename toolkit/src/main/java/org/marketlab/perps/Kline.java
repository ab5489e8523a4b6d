package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One candle of an instrument's mark ({@code GET /v1/info/klines}, {@code [time, open, high, low, close, volume,
 * trades]} on the wire): the bucket's start, the mark's open, high, low and close over it, and the public tape's volume
 * (contracts) and number of trades in it.
 */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
@JsonPropertyOrder({"time", "open", "high", "low", "close", "volume", "trades"})
public record Kline(Instant time, BigDecimal open, BigDecimal high, BigDecimal low, BigDecimal close, BigDecimal volume, long trades) {
}
