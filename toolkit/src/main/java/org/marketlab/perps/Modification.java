package org.marketlab.perps;

import java.math.BigDecimal;

/** A new price and total quantity for an order, as {@link PerpsSession#modifyOrders} takes them. */
public record Modification(BigDecimal price, BigDecimal quantity) {

    public Modification {
        org.marketlab.internal.Args.positive(price, "price");
        org.marketlab.internal.Args.positive(quantity, "quantity");
    }

    /**
     * From decimal texts, e.g. {@code Modification.of("101.5", "0.25")}: plain ASCII decimals above zero, no sign or
     * exponent, at most 40 digits.
     */
    public static Modification of(String price, String quantity) {
        return new Modification(org.marketlab.internal.Args.positiveDecimal(price, "price"),
                org.marketlab.internal.Args.positiveDecimal(quantity, "quantity"));
    }
}
