package org.marketlab.research;

import java.math.BigDecimal;

/**
 * One neg-risk event's basket: its open outcomes' YES books read together. Exactly one outcome of a neg-risk event
 * pays 1, so a basket of one YES share of each costs 1 when the prices are fair. Buying every YES at the asks earns
 * {@code 1 − Σ ask} a basket, selling every YES at the bids (or buying every NO) earns {@code Σ bid − 1}; the larger
 * of the two is the {@code edge}, and walking the books on that side gives how many baskets keep it positive.
 *
 * @param eventId      the event's id
 * @param title        the event's title
 * @param markets      its open outcomes, each with a book
 * @param sumAsk       Σ of the best asks; null when an outcome has no ask
 * @param sumBid       Σ of the best bids; null when an outcome has no bid
 * @param sumMid       Σ of the midpoints; null when an outcome has a one-sided book
 * @param deviation    {@code sumMid − 1}: how far the midpoints stray from a fair sum
 * @param side         {@code "buy all"} (the asks sum below 1 by more than the bids above) or {@code "sell all"}
 * @param edge         the better side's profit per basket at the best prices: {@code 1 − Σ ask} or {@code Σ bid − 1}
 *                     (negative: no arbitrage at the touch)
 * @param chargeAtTouch   the taker fee of one basket at those best prices, {@code rate × Σ p (1 − p)} (0 with no fee set):
 *                     a basket at the touch earns {@code edge − chargeAtTouch}
 * @param sizeAtTouch  the baskets the best levels hold on that side (the smallest best-level size)
 * @param sizeWithEdge the baskets executable at a profit on that side, walking every book level by level (0 when
 *                     the touch has no edge), after the taker fee when one is set
 * @param profit       what those baskets earn in USDC, after the taker fee when one is set
 */
public record Basket(String eventId, String title, int markets, BigDecimal sumAsk, BigDecimal sumBid, BigDecimal sumMid,
                     BigDecimal deviation, String side, BigDecimal edge, BigDecimal chargeAtTouch, BigDecimal sizeAtTouch, BigDecimal sizeWithEdge,
                     BigDecimal profit) {
}
