package org.marketlab.clob;

import java.math.BigDecimal;

/** An outcome of a market and the order-book token that trades it. */
public record OutcomeToken(String tokenId, String outcome, BigDecimal price, String marketId, String question) {
}
