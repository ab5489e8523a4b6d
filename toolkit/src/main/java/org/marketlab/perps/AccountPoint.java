package org.marketlab.perps;

import java.math.BigDecimal;
import java.time.Instant;

/** One point of the account's equity or profit history ({@code [timestamp, value]} on the wire). */
public record AccountPoint(Instant timestamp, BigDecimal value) {
}
