package org.marketlab.clob;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/** The liquidity of many books as one table, a row per book: what {@code Clob.booksTable} gives. */
public final class BooksTable {

    /** The distance from the midpoint that counts as near it, in cents, unless given. */
    public static final double WITHIN_CENTS = 5;
    /** The market order whose slippage is shown, in shares, unless given. */
    public static final double TRADE_SIZE = 100;

    private BooksTable() {
    }

    /**
     * {@code outcome}, {@code best_bid}, {@code best_ask}, {@code midpoint}, {@code spread}, {@code relative_spread_pct}
     * (the spread as a percentage of the midpoint), {@code depth_near_mid} (shares within {@code withinCents} of the midpoint, both sides),
     * {@code imbalance} (of that depth: +1 all bids), {@code slippage_buy_cents} (what buying {@code tradeSize} shares
     * costs beyond the midpoint, a share). A one-sided book has empty cells where a midpoint is needed; a side too
     * thin for the trade an empty slippage.
     */
    public static Table of(List<Book> books, double withinCents, double tradeSize) {
        if (books == null) throw new IllegalArgumentException("books is null; give Clob.books(tokens)");
        if (!(withinCents >= 0) || Double.isInfinite(withinCents)) throw new IllegalArgumentException("withinCents must be 0 or more, was " + withinCents);
        if (!(tradeSize > 0) || Double.isInfinite(tradeSize)) throw new IllegalArgumentException("tradeSize must be more than 0 shares, was " + tradeSize);
        StringColumn outcome = StringColumn.create("outcome");
        DoubleColumn bid = DoubleColumn.create("best_bid"), ask = DoubleColumn.create("best_ask"), mid = DoubleColumn.create("midpoint"),
                spread = DoubleColumn.create("spread"), pct = DoubleColumn.create("relative_spread_pct"), depth = DoubleColumn.create("depth_near_mid"),
                imbalance = DoubleColumn.create("imbalance"), slip = DoubleColumn.create("slippage_buy_cents");
        int oneSided = 0;
        for (Book b : books) {
            if (b == null) throw new IllegalArgumentException("books holds a null; give Book records");
            outcome.append(b.name());
            put(bid, b.bestBid(), 1);
            put(ask, b.bestAsk(), 1);
            BigDecimal m = b.midpoint();
            put(mid, m, 1);
            put(spread, b.spread(), 1);
            if (m == null) {
                oneSided++;
                pct.appendMissing();
                depth.appendMissing();
                imbalance.appendMissing();
                slip.appendMissing();
                continue;
            }
            pct.append(round(100 * b.spread().doubleValue() / m.doubleValue(), 2));
            Book.Depth d = b.depthWithin(withinCents);
            depth.append(d.total().doubleValue());
            put(imbalance, d.imbalance(), 1);
            put(slip, b.slippage(Side.BUY, tradeSize), 100);
        }
        String name = String.format(Locale.ROOT, "liquidity of %d book%s (depth within %s cents, slippage of a %s-share buy)%s",
                books.size(), books.size() == 1 ? "" : "s", trim(withinCents), trim(tradeSize),
                oneSided == 0 ? "" : ", " + oneSided + " one-sided");
        return Table.create(name, outcome, bid, ask, mid, spread, pct, depth, imbalance, slip);
    }

    private static void put(DoubleColumn c, BigDecimal v, double scale) {
        if (v == null) c.appendMissing();
        else c.append(round(v.doubleValue() * scale, 6));
    }

    private static double round(double v, int places) {
        double f = Math.pow(10, places);
        return Math.round(v * f) / f;
    }

    private static String trim(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
