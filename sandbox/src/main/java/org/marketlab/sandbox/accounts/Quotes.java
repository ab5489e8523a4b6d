package org.marketlab.sandbox.accounts;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;

/**
 * The order book's prices of the world as the accounts need them (they trade on the price paths, value positions
 * at the midpoint, rest orders on the books): the same figures {@code /book}, {@code /midpoint} and
 * {@code /prices-history} serve. The assembly gives the order-book module's own figures.
 */
public interface Quotes {

    /** The price of a token at the start of an epoch minute, on its path (a resolved market sits at its resolution). */
    double priceAt(World.Token token, long minute);

    /** The first minute of the token's path (its market's creation). */
    long firstMinute(World.Token token);

    /** The last minute the token traded (its market's end, or "now" while open). */
    long lastMinute(World.Token token);

    /** {@code GET /midpoint} of an open market's token. */
    BigDecimal midpoint(World.Token token);

    BigDecimal bestBid(World.Token token);

    BigDecimal bestAsk(World.Token token);

    /** {@code GET /book} of an open market's token (a fresh document). */
    ObjectNode book(World.Token token);
}
