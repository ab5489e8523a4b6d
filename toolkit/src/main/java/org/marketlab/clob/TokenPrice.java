package org.marketlab.clob;

import java.time.Instant;

/** One point of a token's price history, with its token: a row of a harvest of many tokens' histories. */
public record TokenPrice(String tokenId, Instant time, double price) {
}
