package org.marketlab.research;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.marketlab.Clob;
import org.marketlab.clob.Book;
import org.marketlab.clob.Level;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A basket's sums and its walk through the books, on a {@code POST /books} answer in the documented shape
 * ({@code neg_risk_books.json}: levels best last and best first), checked against the walk done by hand.
 */
class BasketArithmeticTest {

    private static List<Book> books() throws IOException {
        try (InputStream in = BasketArithmeticTest.class.getResourceAsStream("neg_risk_books.json")) {
            JsonNode array = new ObjectMapper().readTree(in);
            List<Book> out = new ArrayList<>();
            for (JsonNode b : array) out.add(Clob.parseBook(b.toString()));
            return out;
        }
    }

    private static void same(String expected, BigDecimal actual, String what) {
        assertEquals(0, new BigDecimal(expected).compareTo(actual), what + ": expected " + expected + ", was " + actual);
    }

    @Test
    void theDocumentsBooksSumAndWalkAsByHand() throws IOException {
        Basket b = BookScans.basket("1", "three outcomes", books(), BigDecimal.ZERO);
        assertEquals(3, b.markets());
        same("0.95", b.sumAsk(), "Σ ask");            // 0.30 + 0.33 + 0.32, whatever order the levels came in
        same("0.89", b.sumBid(), "Σ bid");            // 0.28 + 0.31 + 0.30
        same("0.92", b.sumMid(), "Σ mid");            // 0.29 + 0.32 + 0.31
        same("-0.08", b.deviation(), "deviation");
        assertEquals("buy all", b.side());
        same("0.05", b.edge(), "edge");
        same("0", b.chargeAtTouch(), "no fee set");
        same("50", b.sizeAtTouch(), "the smallest best ask holds 50");
        // 50 at 0.95, 30 at 0.96, 20 at 0.97, 200 at 0.98; the next set costs 1.02
        same("300", b.sizeWithEdge(), "baskets with an edge");
        same("8.3", b.profit(), "2.5 + 1.2 + 0.6 + 4.0");
    }

    @Test
    void aTakerFeeIsChargedOnEveryShareOfTheWalk() throws IOException {
        // the fee of a share at p is rate × p × (1 − p): at 0.02 the four steps earn 0.037026, 0.02696, 0.01689, 0.006812 a set
        Basket b = BookScans.basket("1", "three outcomes", books(), new BigDecimal("0.02"));
        same("300", b.sizeWithEdge(), "every step still earns after the fee");
        same("0.012974", b.chargeAtTouch(), "0.02 × (0.3 × 0.7 + 0.33 × 0.67 + 0.32 × 0.68)");
        same("4.3603", b.profit(), "1.8513 + 0.8088 + 0.3378 + 1.3624");
        Basket dear = BookScans.basket("1", "three outcomes", books(), new BigDecimal("0.2"));
        same("0", dear.sizeWithEdge(), "a fee of 0.2 × p(1 − p) a share eats the 0.05 edge");
        same("0", dear.profit(), "nothing earned");
        same("0.05", dear.edge(), "the edge at the touch is before fees");
    }

    @Test
    void aOneSidedBookLeavesItsSumsEmpty() throws IOException {
        List<Book> books = new ArrayList<>(books());
        Book first = books.get(0);
        books.set(0, new Book(first.market(), first.assetId(), first.timestamp(), first.hash(), first.bids(), List.<Level>of(),
                first.minOrderSize(), first.tickSize(), first.negRisk(), first.lastTradePrice()));
        Basket b = BookScans.basket("1", "no asks on one outcome", books, BigDecimal.ZERO);
        assertNull(b.sumAsk(), "no basket can be bought");
        assertNull(b.sumMid());
        same("0.89", b.sumBid(), "Σ bid");
        assertEquals("sell all", b.side());
        same("-0.11", b.edge(), "selling every YES at the bids gives up 0.11 a set");
        same("0", b.sizeWithEdge(), "no edge");
    }

    @Test
    void parityOfTwoBooks() throws IOException {
        List<Book> b = books();
        Parity p = BookScans.parity("9", "a question", b.get(0), b.get(1));
        same("0.63", p.askSum(), "0.30 + 0.33");
        same("0.59", p.bidSum(), "0.28 + 0.31");
        same("-0.37", p.askGap(), "ask sum − 1");
        same("0.41", p.bidGap(), "1 − bid sum");
        same("50", p.sizeAtAsk(), "the smaller best ask");
        same("100", p.sizeAtBid(), "the smaller best bid");
    }
}
