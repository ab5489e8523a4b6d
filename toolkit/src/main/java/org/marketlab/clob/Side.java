package org.marketlab.clob;

/** The side of a price: {@code BUY} reads the best bid, {@code SELL} the best ask. */
public enum Side {
    BUY, SELL
}
