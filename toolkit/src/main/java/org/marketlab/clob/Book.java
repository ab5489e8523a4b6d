package org.marketlab.clob;

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
        return Table.create("book " + shortId(assetId), side, price, size, cumulative);
    }

    private static void add(String name, List<Level> levels, StringColumn side, DoubleColumn price, DoubleColumn size, DoubleColumn cum) {
        double total = 0;
        for (Level l : bestFirst(levels, name.equals("bid"))) {
            total += l.size().doubleValue();
            side.append(name);
            price.append(l.price().doubleValue());
            size.append(l.size().doubleValue());
            cum.append(total);
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
