package org.marketlab.perps;

import org.junit.jupiter.api.Test;
import org.marketlab.http.NotFoundException;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The perpetuals exchange's public market data read by the toolkit from the sandbox: instruments, tickers, the book,
 * klines, funding rates and the tape, whole across pages and consistent with one another.
 */
class MarketDataTest {

    private final PerpsPublic market = new PerpsPublic(PerpsSandboxFixture.transport());

    @Test
    void instrumentsTickersAndTheBook() {
        List<Instrument> instruments = market.instruments();
        assertTrue(instruments.stream().anyMatch(i -> i.symbol().equals("BTC-USD") && i.instrumentId() == 6 && i.maxLeverage() > 1), instruments.toString());
        List<Ticker> tickers = market.tickers();
        assertEquals(instruments.size(), tickers.size(), "one ticker per instrument");
        for (Ticker t : tickers) {
            assertTrue(t.markPrice().signum() > 0 && t.indexPrice().signum() > 0 && t.openInterest().signum() > 0, t.toString());
            assertTrue(t.nextFunding().isAfter(t.timestamp()), t.toString());
        }
        assertEquals(market.instrumentId("BTC-USD"), market.instrumentId("btc"));
        assertEquals(6, market.instrumentId("6"));

        PerpsBook book = market.book("ETH-USD", 10);
        assertEquals(7, book.instrumentId());
        assertEquals(10, book.bids().size());
        assertTrue(book.bestBid().compareTo(book.bestAsk()) < 0, "bid below ask");
        for (int i = 1; i < book.bids().size(); i++) assertTrue(book.bids().get(i).price().compareTo(book.bids().get(i - 1).price()) < 0, "bids best first");
        for (int i = 1; i < book.asks().size(); i++) assertTrue(book.asks().get(i).price().compareTo(book.asks().get(i - 1).price()) > 0, "asks best first");
        Ticker eth = tickers.stream().filter(t -> t.instrumentId() == 7).findFirst().orElseThrow();
        BigDecimal mid = book.bestBid().add(book.bestAsk()).divide(BigDecimal.valueOf(2));
        assertTrue(mid.subtract(eth.markPrice()).abs().compareTo(eth.markPrice().movePointLeft(2)) < 0, "the book stands about the mark: " + mid + " " + eth);
        var table = book.table();
        assertEquals(20, table.rowCount());
        assertEquals(List.of("side", "price", "quantity", "cumulative"), table.columnNames());
    }

    @Test
    void klinesAcrossPagesHaveNoGapsOrRepeats() {
        Instant to = Instant.now().truncatedTo(ChronoUnit.MINUTES), from = to.minus(Duration.ofHours(10));
        List<Kline> minutes = market.klines("SOL-USD", "1m", from, to);
        assertEquals(601, minutes.size(), "every minute of ten hours, both ends, over two pages of 500");
        for (int i = 1; i < minutes.size(); i++) assertEquals(60_000, minutes.get(i).time().toEpochMilli() - minutes.get(i - 1).time().toEpochMilli());
        for (Kline k : minutes) {
            assertTrue(k.high().compareTo(k.open().max(k.close())) >= 0 && k.low().compareTo(k.open().min(k.close())) <= 0, k.toString());
        }
        // The candles' table is the one Charts.candles draws, with its volume band.
        var candles = org.marketlab.Charts.candles(org.marketlab.tables.RecordTable.of(Kline.class).table("SOL-USD 1m", minutes));
        assertTrue(org.marketlab.Charts.png(candles).length > 10_000);
        // The tape of the same hour holds the hour's volume and trade count.
        Instant hour = to.truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(2));
        Kline h = market.klines("SOL-USD", "1h", hour, hour).get(0);
        List<PublicTrade> tape = market.trades("SOL-USD", hour, hour.plus(Duration.ofHours(1)).minusMillis(1));
        assertEquals(h.trades(), tape.size());
        assertEquals(0, h.volume().compareTo(tape.stream().map(PublicTrade::quantity).reduce(BigDecimal.ZERO, BigDecimal::add)));
    }

    @Test
    void theTapeAndFundingNewestFirstAcrossPages() {
        Instant to = Instant.now(), from = to.minus(Duration.ofHours(12));
        List<PublicTrade> tape = market.trades("BTC-USD", from, to);
        assertTrue(tape.size() > 500, "more than one page: " + tape.size());
        Set<Long> ids = new HashSet<>();
        for (int i = 0; i < tape.size(); i++) {
            assertTrue(ids.add(tape.get(i).tradeId()), "each trade once");
            if (i > 0) assertTrue(!tape.get(i).timestamp().isAfter(tape.get(i - 1).timestamp()), "newest first");
            assertTrue(!tape.get(i).timestamp().isBefore(from) && !tape.get(i).timestamp().isAfter(to));
        }
        List<FundingRate> funding = market.fundingHistory("BTC-USD", to.minus(Duration.ofDays(7)), to);
        assertEquals(21, funding.size(), "three 8-hour periods a day");
        for (int i = 1; i < funding.size(); i++) assertEquals(Duration.ofHours(8), Duration.between(funding.get(i).timestamp(), funding.get(i - 1).timestamp()));
        for (FundingRate f : funding) assertTrue(f.rate().abs().compareTo(new BigDecimal("0.0075")) <= 0, f.toString());
        var table = org.marketlab.tables.RecordTable.of(FundingRate.class).table("funding", funding);
        assertEquals(List.of("timestamp", "funding_rate"), table.columnNames());
        assertTrue(org.marketlab.Charts.png(org.marketlab.Charts.line(table, "timestamp", "funding_rate", "funding", "rate")).length > 5_000);
    }

    @Test
    void badInputSaysWhatIsAllowed() {
        Instant now = Instant.now();
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> market.book("DOGE-USD", 10));
        assertTrue(unknown.getMessage().contains("BTC-USD"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> market.book("BTC-USD", 0));
        IllegalArgumentException interval = assertThrows(IllegalArgumentException.class, () -> market.klines("BTC", "2h", now.minusSeconds(3600), now));
        assertTrue(interval.getMessage().contains("4h"), interval.getMessage());
        assertThrows(IllegalArgumentException.class, () -> market.trades("BTC", now, now.minusSeconds(1)));
        assertThrows(NotFoundException.class, () -> market.book("12345", 10), "an id nobody lists is the service's 404");
    }
}
