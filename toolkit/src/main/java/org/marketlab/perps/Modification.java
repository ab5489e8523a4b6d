package org.marketlab.perps;

import java.math.BigDecimal;

/** A new price and total quantity for an order. */
public record Modification(BigDecimal price, BigDecimal quantity) {

    public Modification {
        if (price == null || price.signum() <= 0) throw new IllegalArgumentException("price must be positive, was " + price);
        if (quantity == null || quantity.signum() <= 0) throw new IllegalArgumentException("quantity must be positive, was " + quantity);
    }

    public static Modification of(String price, String quantity) {
        return new Modification(new BigDecimal(price), new BigDecimal(quantity));
    }
}
