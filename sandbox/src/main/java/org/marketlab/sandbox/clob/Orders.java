package org.marketlab.sandbox.clob;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** How the order book writes an order's or a trade's sizes and prices: strings with four decimal places. */
final class Orders {

    private Orders() {
    }

    static String four(BigDecimal v) {
        return v.setScale(4, RoundingMode.HALF_EVEN).toPlainString();
    }
}
