package org.marketlab.sandbox.world;

import java.math.BigDecimal;

/**
 * A token's price over time, on its market's tick grid, computable at any minute: its event's model ({@link
 * EventModel}) read at that minute and rounded to the nearest tick, within one tick of 0 and 1; the second outcome
 * of a market is the first's complement on the same grid, so the two always sum to one. A market closed by the
 * world's anchor sits at its resolution (1 or 0) from its last trading minute on; an open market's path runs on past
 * the anchor. The price at a minute depends on the seed alone, never on when it is asked.
 *
 * <p>The token's trades are its market's {@link Tape}; its volume in a minute is the shares of this outcome traded
 * then.
 */
public final class PricePath {

    private final EventModel model;
    private final int market;
    private final boolean complement;
    private final BigDecimal tick;
    private final long ticks;
    private final boolean closed;
    private final long crowd;

    PricePath(EventModel model, int market, boolean complement, BigDecimal tick, long crowdKey) {
        this.model = model;
        this.market = market;
        this.complement = complement;
        this.tick = tick;
        this.ticks = Math.round(1 / tick.doubleValue());
        this.closed = model.closedAtAnchor(market);
        this.crowd = crowdKey;
    }

    /** The minute the market opened. */
    public long startMinute() {
        return model.created;
    }

    /** A closed market's last trading minute; {@link Long#MAX_VALUE} for an open market. */
    public long endMinute() {
        return closed ? model.close(market) : Long.MAX_VALUE;
    }

    /** Whether the market has closed by the world's anchor. */
    public boolean closed() {
        return closed;
    }

    /** The market's tick. */
    public BigDecimal tick() {
        return tick;
    }

    /** The price at the start of a minute (epoch minutes), on the tick grid. */
    public double at(long minute) {
        return reader().at(minute);
    }

    /** A reader for runs of minutes (a history, candles): much cheaper per minute than {@link #at}. Not shared between threads. */
    public Reader reader() {
        return new Reader(model.reader());
    }

    /** A reader on the event's model reader {@code r}, shared with the other markets of the event read at the same minutes. */
    Reader reader(EventModel.Reader r) {
        return new Reader(r);
    }

    /** A reader of the event's prices, to share between its markets' paths ({@link #reader(EventModel.Reader)}). */
    EventModel.Reader modelReader() {
        return model.reader();
    }

    /** The first outcome's exact price at a minute, as the model has it (off the grid, before any resolution). */
    double exact(long minute) {
        return model.yes(market, minute, model.reader());
    }

    /** The market's trades (both outcomes). */
    public Tape tape() {
        return new Tape(model, market, this, crowd);
    }

    /** The path of the market's other outcome. */
    PricePath other() {
        return new PricePath(model, market, !complement, tick, crowd);
    }

    /** Which outcome this path is: 0 for the first, 1 for the second. */
    public int outcome() {
        return complement ? 1 : 0;
    }

    /** Shares of this outcome traded in a minute. */
    public double volume(long minute) {
        return volume(minute, minute);
    }

    /** Shares of this outcome traded from minute {@code from} to minute {@code to}, both included. */
    public double volume(long from, long to) {
        return tape().shares(outcome(), from * 60, to * 60 + 59);
    }

    /** The first outcome's resolution once the market has closed: 1 if it won, else 0. */
    double resolution() {
        return model.wins(market) ? 1 : 0;
    }

    /** Reads prices minute by minute with cursors on the model's walks. */
    public final class Reader {
        private final EventModel.Reader r;

        private Reader(EventModel.Reader r) {
            this.r = r;
        }

        /** The price at the start of a minute, on the tick grid. */
        public double at(long minute) {
            return onGrid(minute) / (double) ticks;
        }

        /** The price at the start of a minute in ticks (0 to the ticks in a dollar). */
        public long onGrid(long minute) {
            long k;
            if (closed && minute >= model.close(market)) {
                k = model.wins(market) ? ticks : 0;
            } else {
                double p = model.yes(market, minute, r);
                k = Math.max(1, Math.min(ticks - 1, Math.round(p * ticks)));
            }
            return complement ? ticks - k : k;
        }
    }
}
