package org.marketlab.accounts;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One finding of an account audit, row by row: {@code REDEEMABLE_NOT_REDEEMED} (a resolved position still held,
 * {@code figure} its value), {@code FAR_FROM_MID} (a trade whose price is far from the market's price at that time,
 * {@code figure} the distance), {@code CONCENTRATION} (a position holding a large share of the account's value,
 * {@code figure} that share).
 */
public record Anomaly(String kind, Instant time, String title, String outcome, String tokenId, BigDecimal figure, String detail) {
}
