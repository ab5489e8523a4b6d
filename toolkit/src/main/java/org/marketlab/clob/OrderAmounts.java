package org.marketlab.clob;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Map;

/**
 * An order's maker and taker amounts in base units (6 decimals), rounded as the official V2 clients round them
 * ({@code getOrderRawAmounts}, {@code getMarketOrderRawAmounts} and their {@code ROUNDING_CONFIG}): the price to the
 * tick's decimals, the size (or a market order's amount) down to 2 decimals, the other amount exact when it has no
 * more than the tick's amount decimals, else up at amount + 4 decimals and then down at amount decimals. Computed in
 * exact decimals where the clients use binary floating point; the interop test checks both agree.
 *
 * @param makerAmount what the maker gives: collateral for a BUY, shares for a SELL (base units)
 * @param takerAmount what the maker receives: shares for a BUY, collateral for a SELL (base units)
 */
public record OrderAmounts(BigInteger makerAmount, BigInteger takerAmount) {

    /** Decimals of the price, the size and the computed amount per tick size, as the official clients have them. */
    record Rounding(int price, int size, int amount) {
    }

    private static final Map<String, Rounding> ROUNDING = Map.of(
            "0.1", new Rounding(1, 2, 3),
            "0.01", new Rounding(2, 2, 4),
            "0.005", new Rounding(3, 2, 5),
            "0.0025", new Rounding(4, 2, 6),
            "0.001", new Rounding(3, 2, 5),
            "0.0001", new Rounding(4, 2, 6));

    static final int DECIMALS = 6;

    static Rounding rounding(BigDecimal tickSize) {
        if (tickSize == null) throw new IllegalArgumentException("tick size is null; give one of 0.1, 0.01, 0.005, 0.0025, 0.001, 0.0001");
        Rounding r = ROUNDING.get(tickSize.stripTrailingZeros().toPlainString());
        if (r == null) {
            throw new IllegalArgumentException("tick size " + tickSize.toPlainString() + " is not one the order book uses: 0.1, 0.01, 0.005, 0.0025, 0.001, 0.0001");
        }
        return r;
    }

    /** A limit order of {@code size} shares at {@code price} (price rounded half-up to the tick's decimals, size down to 2). */
    public static OrderAmounts limit(Side side, BigDecimal price, BigDecimal size, BigDecimal tickSize) {
        Rounding r = rounding(tickSize);
        BigDecimal p = price.setScale(Math.max(r.price(), 0), RoundingMode.HALF_UP);
        if (price.stripTrailingZeros().scale() <= r.price()) p = price;
        BigDecimal shares = down(size, r.size());
        BigDecimal cash = amount(shares.multiply(p), r.amount());
        return Side.require(side) == Side.BUY ? of(cash, shares) : of(shares, cash);
    }

    /**
     * A market order: a BUY spends {@code amount} of collateral, a SELL sells {@code amount} shares, at worst at
     * {@code price} (rounded down to the tick's decimals).
     */
    public static OrderAmounts market(Side side, BigDecimal amount, BigDecimal price, BigDecimal tickSize) {
        Rounding r = rounding(tickSize);
        BigDecimal p = down(price, r.price());
        if (p.signum() <= 0) throw new IllegalArgumentException("market order price " + price.toPlainString() + " rounds to zero at tick size " + tickSize);
        BigDecimal maker = down(amount, r.size());
        if (Side.require(side) == Side.BUY) {
            return of(maker, amount(maker.divide(p, MathContext.DECIMAL128), r.amount()));
        }
        return of(maker, amount(maker.multiply(p), r.amount()));
    }

    private static BigDecimal down(BigDecimal v, int decimals) {
        return v.stripTrailingZeros().scale() <= decimals ? v : v.setScale(decimals, RoundingMode.FLOOR);
    }

    /** Exact when it has at most {@code decimals} decimals, else up at decimals + 4 then down at decimals. */
    private static BigDecimal amount(BigDecimal v, int decimals) {
        if (v.stripTrailingZeros().scale() <= decimals) return v;
        BigDecimal up = v.stripTrailingZeros().scale() <= decimals + 4 ? v : v.setScale(decimals + 4, RoundingMode.CEILING);
        return up.stripTrailingZeros().scale() <= decimals ? up : up.setScale(decimals, RoundingMode.FLOOR);
    }

    private static OrderAmounts of(BigDecimal maker, BigDecimal taker) {
        return new OrderAmounts(units(maker), units(taker));
    }

    /** A decimal amount in base units (6 decimals; more decimals than 6 are cut, as {@code parseUnits} rounds). */
    static BigInteger units(BigDecimal v) {
        return v.movePointRight(DECIMALS).setScale(0, RoundingMode.HALF_UP).toBigIntegerExact();
    }
}
