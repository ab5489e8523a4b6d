package org.marketlab.clob;

import org.junit.jupiter.api.Test;
import org.marketlab.Charts;
import org.marketlab.Clob;
import org.marketlab.MarketLab;
import org.marketlab.Markets;
import org.marketlab.config.Profile;
import org.marketlab.markets.Event;
import org.marketlab.markets.Market;
import tech.tablesaw.api.Table;

import javax.imageio.ImageIO;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The outcome through the facades, with no configuration: a market, its books, its candles, a chart. */
class ClobFacadeTest {

    @Test
    void fromAMarketToItsCandlesChart() throws Exception {
        MarketLab.use(Profile.sandbox());
        List<Event> events = Markets.events().active().closed(false).limit(100).list();
        Instant weeksAgo = Instant.now().minus(Duration.ofDays(15));
        Market market = events.stream().flatMap(e -> e.markets().stream())
                .filter(m -> !Boolean.TRUE.equals(m.closed()) && m.createdAt() != null && m.createdAt().isBefore(weeksAgo)).findFirst().orElseThrow();

        List<OutcomeToken> tokens = Clob.tokens(market);
        assertEquals(market.outcomes(), tokens.stream().map(OutcomeToken::outcome).toList());
        String token = tokens.get(0).tokenId();
        // The world's book is its price path's at the present minute, stamped with it, so the reads compared here are
        // taken within one minute: a read that a minute's turn separates from the others is taken again with them.
        Reads r = Reads.sameMinute(market, token);
        assertEquals(2, r.books().size());
        Book book = r.book();
        assertEquals(r.books().get(0).hash(), book.hash());
        assertEquals(book.bestBid(), r.bid());
        assertEquals(book.bestAsk(), r.ask());
        assertEquals(0, book.midpoint().compareTo(r.midpoint()));
        assertEquals(0, book.spread().compareTo(r.spread()));
        assertEquals(0, book.tickSize().compareTo(Clob.tickSize(token)));
        assertEquals(book.negRisk(), Clob.negRisk(token));
        assertEquals(0, book.lastTradePrice().compareTo(r.last()));

        Table candles = Clob.ohlc(token).fidelity("1h").since(Instant.now().minus(Duration.ofDays(7))).table();
        assertTrue(candles.rowCount() >= 24 * 6, "a week of hours (as far as the world's now): " + candles.rowCount());
        byte[] png = Charts.png(Charts.candles(candles), 800, 400);
        var image = ImageIO.read(new ByteArrayInputStream(png));
        assertEquals(800, image.getWidth());
        assertEquals(400, image.getHeight());

        Table history = Clob.pricesHistory(token).interval("1w").fidelity(60).table();
        assertTrue(history.rowCount() >= 24 * 7);
        assertTrue(Charts.png(Charts.line(history)).length > 1000);
        assertTrue(Charts.png(Charts.depth(book)).length > 1000);
    }

    /** The market's books, the token's book and its prices, read between two readings of the book stamped alike. */
    private record Reads(List<Book> books, Book book, BigDecimal bid, BigDecimal ask, BigDecimal midpoint, BigDecimal spread,
                         BigDecimal last) {

        static Reads sameMinute(Market market, String token) {
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (true) {
                List<Book> books = Clob.books(market);
                Reads r = new Reads(books, Clob.book(token), Clob.price(token, "buy"), Clob.price(token, Side.SELL),
                        Clob.midpoint(token), Clob.spread(token), Clob.lastTradePrice(token).price());
                Instant after = Clob.book(token).timestamp();
                if (books.get(0).timestamp().equals(after) && r.book().timestamp().equals(after)) return r;
                assertTrue(System.nanoTime() < deadline, "no minute held the reads of the book of " + token);
            }
        }
    }
}
