package org.marketlab.clob;

import java.time.Instant;

/** One point of a price history. */
public record PricePoint(Instant time, double price) {
}
