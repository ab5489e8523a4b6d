package org.marketlab.clob;

import java.math.BigDecimal;

/** One price level of a book. */
public record Level(BigDecimal price, BigDecimal size) {
}
