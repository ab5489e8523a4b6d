package org.marketlab.perps;

import java.math.BigDecimal;

/** A new price and total quantity for an order, as {@link PerpsSession#modifyOrders} takes them. */
public record Modification(BigDecimal price, BigDecimal quantity) {

    public Modification {
        if (price == null || price.signum() <= 0) throw new IllegalArgumentException("price must be a positive decimal, was " + price);
        if (quantity == null || quantity.signum() <= 0) throw new IllegalArgumentException("quantity must be a positive decimal, was " + quantity);
    }

    /** From decimal texts, e.g. {@code Modification.of("101.5", "0.25")}. */
    public static Modification of(String price, String quantity) {
        return new Modification(new BigDecimal(price), new BigDecimal(quantity));
    }
}
