package org.marketlab.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;

/**
 * The order book's prices of the world as other parts of the sandbox need them (accounts trade on the price
 * paths, value positions at the midpoint, rest orders on the books): the same figures {@code /book},
 * {@code /midpoint} and {@code /prices-history} serve, read from the same price paths.
 */
public final class Quotes {

    private final ClobApi clob;

    public Quotes(World world) {
        this.clob = new ClobApi(world);
    }

    /** The price of a token at the start of an epoch minute, on its path (a resolved market sits at its resolution). */
    public double priceAt(World.Token token, long minute) {
        return clob.path(token).at(minute);
    }

    /** The first minute of the token's path (its market's creation). */
    public long firstMinute(World.Token token) {
        return clob.path(token).startMinute();
    }

    /** The last minute the token traded (its market's end, or "now" while open). */
    public long lastMinute(World.Token token) {
        return clob.path(token).endMinute();
    }

    /** {@code GET /midpoint} of an open market's token. */
    public BigDecimal midpoint(World.Token token) {
        return clob.mid(token);
    }

    public BigDecimal bestBid(World.Token token) {
        return clob.bestBid(token);
    }

    public BigDecimal bestAsk(World.Token token) {
        return clob.bestAsk(token);
    }

    /** {@code GET /book} of an open market's token (a fresh document). */
    public ObjectNode book(World.Token token) {
        return clob.book(token);
    }
}
