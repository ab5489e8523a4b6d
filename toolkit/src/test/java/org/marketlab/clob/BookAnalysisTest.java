package org.marketlab.clob;

import org.junit.jupiter.api.Test;
import org.marketlab.Clob;
import org.marketlab.spi.Documents;

import java.math.BigDecimal;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Trade-size arithmetic on a book whose answers are worked out by hand. */
class BookAnalysisTest {

    private static Level l(String price, String size) {
        return new Level(new BigDecimal(price), new BigDecimal(size));
    }

    // bids 0.48 x 100, 0.47 x 200, 0.45 x 300; asks 0.52 x 50, 0.53 x 150, 0.60 x 400 (wire order: best last)
    private final Book book = new Book("0xm", "123", null, null,
            List.of(l("0.45", "300"), l("0.47", "200"), l("0.48", "100")),
            List.of(l("0.60", "400"), l("0.53", "150"), l("0.52", "50")), null, new BigDecimal("0.01"), false, null);

    @Test
    void vwapWalksTheOtherSideFromTheBestPrice() {
        assertEquals(0, new BigDecimal("0.52").compareTo(book.vwap(Side.BUY, 50)));
        // 50 @ 0.52 + 150 @ 0.53 = 26 + 79.5 = 105.5 over 200
        assertEquals(0, new BigDecimal("0.5275").compareTo(book.vwap(Side.BUY, 200)));
        // 100 @ 0.48 + 200 @ 0.47 + 100 @ 0.45 = 48 + 94 + 45 = 187 over 400
        assertEquals(0, new BigDecimal("0.4675").compareTo(book.vwap(Side.SELL, new BigDecimal("400"))));
        assertNull(book.vwap(Side.SELL, 601), "more than the side holds");
        var bad = assertThrows(IllegalArgumentException.class, () -> book.vwap(Side.BUY, 0));
        assertTrue(bad.getMessage().contains("size must be more than 0"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> book.vwap(null, 10));
    }

    @Test
    void slippageIsTheCostBeyondTheMidpoint() {
        assertEquals(0, new BigDecimal("0.50").compareTo(book.midpoint()));
        assertEquals(0, new BigDecimal("0.0275").compareTo(book.slippage(Side.BUY, 200)));
        assertEquals(0, new BigDecimal("0.0325").compareTo(book.slippage(Side.SELL, 400)));
        assertNull(book.slippage(Side.BUY, 10_000));
    }

    @Test
    void depthWithinCentsOfTheMidpointAndImbalance() {
        Book.Depth two = book.depthWithin(2);  // bids >= 0.48, asks <= 0.52
        assertEquals(0, new BigDecimal("100").compareTo(two.bids()));
        assertEquals(0, new BigDecimal("50").compareTo(two.asks()));
        assertEquals(0, new BigDecimal("0.3333").compareTo(two.imbalance()));
        Book.Depth five = book.depthWithin(5);  // bids >= 0.45, asks <= 0.55
        assertEquals(0, new BigDecimal("600").compareTo(five.bids()));
        assertEquals(0, new BigDecimal("200").compareTo(five.asks()));
        assertEquals(0, new BigDecimal("800").compareTo(five.total()));
        // whole book: 600 bid, 600 ask
        assertEquals(0, BigDecimal.ZERO.compareTo(book.imbalance()));
        assertThrows(IllegalArgumentException.class, () -> book.depthWithin(-1));
        assertNull(new Book("m", "1", null, null, List.of(), List.of(), null, null, null, null).imbalance());
    }

    @Test
    void cumulativeSizesAreExactAndTheTableIsNamedByTheToken() {
        Book b = Clob.parseBook(Documents.read("clob-book.json"));
        var t = b.table();
        var cum = t.doubleColumn("cumulative");
        for (int i = 0; i < t.rowCount(); i++) {
            String shown = BigDecimal.valueOf(cum.get(i)).toPlainString();
            assertTrue(shown.length() - shown.indexOf('.') - 1 <= 6 || shown.indexOf('.') < 0, "exact sums: " + shown);
        }
        org.marketlab.markets.TokenNames.put("123", "Will it rain in Paris? · Yes");
        assertEquals("book of Will it rain in Paris? · Yes", book.table().name());
    }
}
