package org.marketlab.research;

import java.math.BigDecimal;

/**
 * A binary market's two books against 1: a YES share and a NO share together always pay 1, so the two asks should
 * sum to 1 or more and the two bids to 1 or less. {@code askSum < 1} would pay to buy both; {@code bidSum > 1} to
 * sell both.
 *
 * @param marketId  the market's id
 * @param question  its question
 * @param yesBid    the best bid of its first outcome (YES); null for an empty side
 * @param yesAsk    the best ask of its first outcome
 * @param noBid     the best bid of its second outcome (NO)
 * @param noAsk     the best ask of its second outcome
 * @param askSum    {@code yesAsk + noAsk}; null when either is missing
 * @param bidSum    {@code yesBid + noBid}; null when either is missing
 * @param askGap    {@code askSum − 1}: the cost over 1 of buying both (negative: an arbitrage)
 * @param bidGap    {@code 1 − bidSum}: what selling both gives up under 1 (negative: an arbitrage)
 * @param sizeAtAsk the pairs the two best asks hold (the smaller of their sizes)
 * @param sizeAtBid the pairs the two best bids hold
 */
public record Parity(String marketId, String question, BigDecimal yesBid, BigDecimal yesAsk, BigDecimal noBid, BigDecimal noAsk,
                     BigDecimal askSum, BigDecimal bidSum, BigDecimal askGap, BigDecimal bidGap, BigDecimal sizeAtAsk,
                     BigDecimal sizeAtBid) {
}
