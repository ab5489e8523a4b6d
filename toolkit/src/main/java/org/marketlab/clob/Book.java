package org.marketlab.clob;

import org.marketlab.markets.TokenNames;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.List;

/**
 * An order book as the service sends it: levels ordered with the best price last (bids ascending, asks
 * descending). {@link #bestBid()}, {@link #bestAsk()}, {@link #midpoint()} and {@link #spread()} read it.
 */
public record Book(String market, String assetId, Instant timestamp, String hash, List<Level> bids, List<Level> asks,
                   BigDecimal minOrderSize, BigDecimal tickSize, Boolean negRisk, BigDecimal lastTradePrice) {

    public Book {
        bids = bids == null ? List.of() : List.copyOf(bids);
        asks = asks == null ? List.of() : List.copyOf(asks);
    }

    /** What the book trades, for reading: "question · outcome" once its market has been read, else the short token id. */
    public String name() {
        return TokenNames.of(assetId);
    }

    /** The highest bid, or null for an empty side. */
    public BigDecimal bestBid() {
        return bids.stream().map(Level::price).max(BigDecimal::compareTo).orElse(null);
    }

    /** The lowest ask, or null for an empty side. */
    public BigDecimal bestAsk() {
        return asks.stream().map(Level::price).min(BigDecimal::compareTo).orElse(null);
    }

    /** Halfway between the best bid and ask, or null when a side is empty. */
    public BigDecimal midpoint() {
        BigDecimal b = bestBid(), a = bestAsk();
        return b == null || a == null ? null : b.add(a).divide(BigDecimal.valueOf(2), Math.max(b.scale(), a.scale()) + 1, RoundingMode.HALF_UP);
    }

    public BigDecimal spread() {
        BigDecimal b = bestBid(), a = bestAsk();
        return b == null || a == null ? null : a.subtract(b);
    }

    /**
     * The average price of a market order of {@code size} shares: {@code BUY} walks the asks from the best up,
     * {@code SELL} the bids from the best down. Null when that side holds fewer than {@code size} shares.
     */
    public BigDecimal vwap(Side side, BigDecimal size) {
        Side.require(side);
        positive(size, "size");
        BigDecimal left = size, cost = BigDecimal.ZERO;
        for (Level l : bestFirst(side == Side.BUY ? asks : bids, side == Side.SELL)) {
            BigDecimal take = l.size().min(left);
            cost = cost.add(take.multiply(l.price()));
            left = left.subtract(take);
            if (left.signum() == 0) return cost.divide(size, SCALE, RoundingMode.HALF_EVEN).stripTrailingZeros();
        }
        return null;
    }

    /** {@link #vwap(Side, BigDecimal)} of a size given as a number ({@code book.vwap(Side.BUY, 500)}). */
    public BigDecimal vwap(Side side, double size) {
        return vwap(side, decimal(size, "size"));
    }

    /**
     * What a market order of {@code size} shares costs beyond the midpoint, per share (in price units, 0.01 = one
     * cent): {@code vwap - midpoint} for {@code BUY}, {@code midpoint - vwap} for {@code SELL}. Null when the side is
     * too thin or the book has no midpoint.
     */
    public BigDecimal slippage(Side side, BigDecimal size) {
        BigDecimal v = vwap(side, size), mid = midpoint();
        if (v == null || mid == null) return null;
        return (side == Side.BUY ? v.subtract(mid) : mid.subtract(v)).stripTrailingZeros();
    }

    /** {@link #slippage(Side, BigDecimal)} of a size given as a number. */
    public BigDecimal slippage(Side side, double size) {
        return slippage(side, decimal(size, "size"));
    }

    /** Shares resting within a distance of the midpoint, on each side. */
    public record Depth(BigDecimal bids, BigDecimal asks) {
        /** Both sides together. */
        public BigDecimal total() {
            return bids.add(asks);
        }

        /** (bids − asks) / (bids + asks): +1 all bids, −1 all asks, 0 balanced; null when both are empty. */
        public BigDecimal imbalance() {
            BigDecimal t = total();
            return t.signum() == 0 ? null : bids.subtract(asks).divide(t, 4, RoundingMode.HALF_EVEN);
        }
    }

    /**
     * The shares resting within {@code cents} cents (0.01 price units each) of the midpoint on each side, the
     * levels at exactly that distance included. Null when the book has no midpoint.
     */
    public Depth depthWithin(double cents) {
        if (!(cents >= 0) || Double.isInfinite(cents)) throw new IllegalArgumentException("cents must be 0 or more (0.01 price units each), was " + cents);
        BigDecimal mid = midpoint();
        if (mid == null) return null;
        BigDecimal reach = BigDecimal.valueOf(cents).movePointLeft(2);
        BigDecimal b = BigDecimal.ZERO, a = BigDecimal.ZERO;
        for (Level l : bids) if (mid.subtract(l.price()).compareTo(reach) <= 0) b = b.add(l.size());
        for (Level l : asks) if (l.price().subtract(mid).compareTo(reach) <= 0) a = a.add(l.size());
        return new Depth(b, a);
    }

    /**
     * (bid shares − ask shares) / all shares over the whole book: +1 only bids, −1 only asks; null for an empty
     * book. {@code depthWithin(cents).imbalance()} measures it near the midpoint.
     */
    public BigDecimal imbalance() {
        BigDecimal b = bids.stream().map(Level::size).reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal a = asks.stream().map(Level::size).reduce(BigDecimal.ZERO, BigDecimal::add);
        return new Depth(b, a).imbalance();
    }

    private static final int SCALE = 6;

    private static void positive(BigDecimal v, String name) {
        if (v == null || v.signum() <= 0) throw new IllegalArgumentException(name + " must be more than 0 shares, was " + v);
    }

    private static BigDecimal decimal(double v, String name) {
        if (!(v > 0) || Double.isInfinite(v)) throw new IllegalArgumentException(name + " must be more than 0 shares, was " + v);
        return BigDecimal.valueOf(v);
    }

    /**
     * One row per level, best first on each side (whatever order the levels came in): {@code side} (bid/ask), {@code price}, {@code size} and
     * {@code cumulative} (size from the best price outwards).
     */
    public Table table() {
        StringColumn side = StringColumn.create("side");
        DoubleColumn price = DoubleColumn.create("price");
        DoubleColumn size = DoubleColumn.create("size");
        DoubleColumn cumulative = DoubleColumn.create("cumulative");
        add("bid", bids, side, price, size, cumulative);
        add("ask", asks, side, price, size, cumulative);
        return Table.create("book of " + TokenNames.of(assetId), side, price, size, cumulative);
    }

    private static void add(String name, List<Level> levels, StringColumn side, DoubleColumn price, DoubleColumn size, DoubleColumn cum) {
        BigDecimal total = BigDecimal.ZERO; // summed exactly: no 337.21000000000004
        for (Level l : bestFirst(levels, name.equals("bid"))) {
            total = total.add(l.size());
            side.append(name);
            price.append(l.price().doubleValue());
            size.append(l.size().doubleValue());
            cum.append(total.doubleValue());
        }
    }

    /**
     * A side's levels from the best price outwards. The service documents best-last order, but captured books
     * also come best-first, so the order is taken from the prices, not from the wire.
     */
    public static List<Level> bestFirst(List<Level> levels, boolean bids) {
        java.util.Comparator<Level> byPrice = java.util.Comparator.comparing(Level::price);
        return levels.stream().sorted(bids ? byPrice.reversed() : byPrice).toList();
    }

    static String shortId(String id) {
        return id == null || id.length() <= 12 ? String.valueOf(id) : id.substring(0, 6) + "…" + id.substring(id.length() - 4);
    }

    @Override
    public String toString() {
        return "Book[" + shortId(assetId) + " bid " + bestBid() + " / ask " + bestAsk() + ", " + bids.size() + " bids, "
                + asks.size() + " asks, tick " + tickSize + "]";
    }
}
