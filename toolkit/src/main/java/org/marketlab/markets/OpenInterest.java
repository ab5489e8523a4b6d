package org.marketlab.markets;

import java.math.BigDecimal;

/** The open interest of one market ({@code market} is its condition id), as the Data API's {@code /oi} gives it. */
public record OpenInterest(String market, BigDecimal value) {
}
