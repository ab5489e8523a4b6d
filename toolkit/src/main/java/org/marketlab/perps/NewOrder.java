package org.marketlab.perps;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * An order to place on the perpetuals exchange ({@link PerpsSession#placeOrders}): the instrument, the side, the limit
 * price (none: a market order, taken at the mark), the quantity in contracts, the time in force ({@code gtc} by
 * default for a limit order, {@code ioc} for a market one; also {@code fok}), post-only, reduce-only, and an optional
 * client order id (32 lower-case hex characters) to find it again.
 *
 * <pre>{@code
 * NewOrder.limit(6, true, new BigDecimal("90000"), new BigDecimal("0.01")).withPostOnly();   // BTC-USD
 * NewOrder.market(1, false, new BigDecimal("0.5")).withReduceOnly();
 * }</pre>
 */
public record NewOrder(long instrumentId, boolean buy, BigDecimal price, BigDecimal quantity, String timeInForce, boolean postOnly,
                       boolean reduceOnly, String clientOrderId) {

    public NewOrder {
        if (instrumentId < 0) throw new IllegalArgumentException("an instrument id is not negative, was " + instrumentId);
        if (quantity == null || quantity.signum() <= 0) throw new IllegalArgumentException("the quantity must be positive, was " + quantity);
        if (price != null && price.signum() <= 0) throw new IllegalArgumentException("a limit price must be positive, was " + price);
        if (timeInForce != null) {
            timeInForce = timeInForce.toLowerCase(Locale.ROOT);
            if (!java.util.List.of("gtc", "ioc", "fok").contains(timeInForce)) {
                throw new IllegalArgumentException("time in force is gtc, ioc or fok, was '" + timeInForce + "'");
            }
        }
        if (clientOrderId != null && !clientOrderId.matches("[0-9a-f]{32}")) {
            throw new IllegalArgumentException("a client order id is 32 lower-case hex characters, was '" + clientOrderId + "'");
        }
        if (postOnly && price == null) throw new IllegalArgumentException("a market order cannot be post-only");
    }

    /** A good-till-cancelled limit order. */
    public static NewOrder limit(long instrumentId, boolean buy, BigDecimal price, BigDecimal quantity) {
        if (price == null) throw new IllegalArgumentException("a limit order needs a price; NewOrder.market(...) has none");
        return new NewOrder(instrumentId, buy, price, quantity, "gtc", false, false, null);
    }

    /** A market order: immediate-or-cancel at the mark. */
    public static NewOrder market(long instrumentId, boolean buy, BigDecimal quantity) {
        return new NewOrder(instrumentId, buy, null, quantity, "ioc", false, false, null);
    }

    /** The same order, refused rather than crossing the book. */
    public NewOrder withPostOnly() {
        return new NewOrder(instrumentId, buy, price, quantity, timeInForce, true, reduceOnly, clientOrderId);
    }

    /** The same order, only reducing a position. */
    public NewOrder withReduceOnly() {
        return new NewOrder(instrumentId, buy, price, quantity, timeInForce, postOnly, true, clientOrderId);
    }

    /** The same order with another time in force ({@code gtc}, {@code ioc}, {@code fok}). */
    public NewOrder withTimeInForce(String tif) {
        return new NewOrder(instrumentId, buy, price, quantity, tif, postOnly, reduceOnly, clientOrderId);
    }

    /** The same order with a client order id (32 lower-case hex characters). */
    public NewOrder withClientOrderId(String coid) {
        return new NewOrder(instrumentId, buy, price, quantity, timeInForce, postOnly, reduceOnly, coid);
    }
}
