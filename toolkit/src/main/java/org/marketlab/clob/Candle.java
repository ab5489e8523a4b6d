package org.marketlab.clob;

import java.math.BigDecimal;
import java.time.Instant;

/** One OHLC candle: the bucket's start, open, high, low, close and traded volume. */
public record Candle(Instant time, BigDecimal open, BigDecimal high, BigDecimal low, BigDecimal close, BigDecimal volume) {
}
