package org.marketlab.clob;

import java.util.Locale;

/** The side of a price: {@code BUY} reads the best bid, {@code SELL} the best ask. */
public enum Side {
    BUY, SELL;

    /** {@code "BUY"} or {@code "SELL"}, in any case. */
    public static Side of(String side) {
        if (side != null && side.length() <= 10) {
            String s = side.trim().toUpperCase(Locale.ROOT);
            if (s.equals("BUY")) return BUY;
            if (s.equals("SELL")) return SELL;
        }
        throw new IllegalArgumentException("side '" + org.marketlab.internal.Args.shown(side) + "' is not BUY (the best bid) or SELL (the best ask)");
    }

    static Side require(Side side) {
        if (side == null) throw new IllegalArgumentException("side is required: BUY (the best bid) or SELL (the best ask)");
        return side;
    }
}
