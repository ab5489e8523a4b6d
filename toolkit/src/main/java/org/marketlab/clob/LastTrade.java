package org.marketlab.clob;

import java.math.BigDecimal;

/** The last trade of a token: its price and the taker's side. */
public record LastTrade(String tokenId, BigDecimal price, Side side) {
}
