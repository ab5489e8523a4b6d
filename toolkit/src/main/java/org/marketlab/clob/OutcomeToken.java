package org.marketlab.clob;

import java.math.BigDecimal;

/** An outcome of a market and the order-book token that trades it. */
public record OutcomeToken(String tokenId, String outcome, BigDecimal price, String marketId, String question) {

    /** "question · outcome", as tables and charts of the token are titled. */
    public String name() {
        return org.marketlab.markets.TokenNames.name(question, outcome);
    }

    @Override
    public String toString() {
        return "OutcomeToken[" + name() + " @ " + (price == null ? "?" : price.toPlainString()) + ", token " + org.marketlab.markets.TokenNames.shortId(tokenId) + "]";
    }
}
