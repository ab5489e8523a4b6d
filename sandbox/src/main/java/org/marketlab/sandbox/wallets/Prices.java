package org.marketlab.sandbox.wallets;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;

/**
 * The order book's prices as the accounts need them, given by the sandbox: the figures {@code /book},
 * {@code /midpoint} and {@code /prices-history} serve, from the same price paths, so that fills sit on the paths,
 * positions are valued at the midpoint and orders rest at the books' levels.
 */
public interface Prices {

    /** The price of a token at the start of an epoch minute, on its path (a resolved market sits at its resolution). */
    double priceAt(World.Token token, long minute);

    /** The first minute of the token's path (its market's creation). */
    long firstMinute(World.Token token);

    /** The last minute the token traded (its market's end, or "now" while open). */
    long lastMinute(World.Token token);

    /** {@code GET /midpoint} of an open market's token. */
    BigDecimal midpoint(World.Token token);

    /**
     * {@code GET /book} of an open market's token as seeded, before any order touched it (a fresh document): the
     * levels the matching engine starts from and the seeded orders rest at, the same whatever traded first.
     */
    ObjectNode book(World.Token token);

    /** The public trades of the token's market (both outcomes), as its price path makes them. */
    org.marketlab.sandbox.world.Tape tape(World.Token token);

    /** The sandbox's present, epoch minute: how far tapes, holders and open interest reach. */
    long presentMinute();

    /** Whether the token's last trade before the sandbox's first was a buy (its taker bought): a book's seeded last trade. */
    boolean seededLastBuy(World.Token token);
}
