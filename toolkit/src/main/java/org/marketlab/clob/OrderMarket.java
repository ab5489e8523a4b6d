package org.marketlab.clob;

import java.math.BigDecimal;

/** What an order needs of its market: tick size, minimum size, neg-risk; a null is read from the book. */
record OrderMarket(BigDecimal tickSize, BigDecimal minSize, Boolean negRisk) {

    static final OrderMarket UNKNOWN = new OrderMarket(null, null, null);

    boolean complete() {
        return tickSize != null && minSize != null && negRisk != null;
    }

    OrderMarket tickSize(BigDecimal t) {
        return new OrderMarket(t, minSize, negRisk);
    }

    OrderMarket minSize(BigDecimal m) {
        if (m != null && m.signum() < 0) throw new IllegalArgumentException("minimum size must be 0 or more, was " + m.toPlainString());
        return new OrderMarket(tickSize, m, negRisk);
    }

    OrderMarket negRisk(boolean n) {
        return new OrderMarket(tickSize, minSize, n);
    }

    /** This, with what is missing taken from {@code other}. */
    OrderMarket or(OrderMarket other) {
        return new OrderMarket(tickSize != null ? tickSize : other.tickSize, minSize != null ? minSize : other.minSize,
                negRisk != null ? negRisk : other.negRisk);
    }
}
