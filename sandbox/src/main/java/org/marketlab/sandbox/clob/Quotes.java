package org.marketlab.sandbox.clob;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.wallets.Prices;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;

/**
 * The order book's prices of the world as other parts of the sandbox need them (accounts trade on the price
 * paths, value positions at the midpoint, rest orders on the books): the same figures {@code /book},
 * {@code /midpoint} and {@code /prices-history} serve, read from the same price paths.
 */
public final class Quotes implements Prices {

    private final ClobApi clob;

    /** @param clob the order book the sandbox serves, so that the accounts read the very paths it does */
    Quotes(ClobApi clob) {
        this.clob = clob;
    }

    @Override
    public double priceAt(World.Token token, long minute) {
        return clob.path(token).at(minute);
    }

    @Override
    public long firstMinute(World.Token token) {
        return clob.path(token).startMinute();
    }

    /** A closed market's end, or the world's anchor while it is open (the accounts' histories end there). */
    @Override
    public long lastMinute(World.Token token) {
        return Math.min(clob.path(token).endMinute(), clob.anchorMinute());
    }

    @Override
    public BigDecimal midpoint(World.Token token) {
        return clob.mid(token);
    }

    @Override
    public ObjectNode book(World.Token token) {
        return clob.seededBook(token);
    }

    @Override
    public boolean seededLastBuy(World.Token token) {
        return clob.seededLastBuy(token);
    }

    @Override
    public org.marketlab.sandbox.world.Tape tape(World.Token token) {
        return clob.path(token).tape();
    }

    @Override
    public long presentMinute() {
        return clob.presentMinute();
    }
}
