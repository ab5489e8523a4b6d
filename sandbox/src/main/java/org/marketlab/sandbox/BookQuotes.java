package org.marketlab.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.accounts.Quotes;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;

/** The order-book module's figures, read from the same price paths it serves, for the accounts module. */
final class BookQuotes implements Quotes {

    private final ClobApi clob;

    BookQuotes(ClobApi clob) {
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
    public BigDecimal bestBid(World.Token token) {
        return clob.bestBid(token);
    }

    @Override
    public BigDecimal bestAsk(World.Token token) {
        return clob.bestAsk(token);
    }

    @Override
    public ObjectNode book(World.Token token) {
        return clob.book(token);
    }
}
