package org.marketlab;

import org.marketlab.clob.Book;
import org.marketlab.clob.ClobData;
import org.marketlab.clob.LastTrade;
import org.marketlab.clob.OhlcQuery;
import org.marketlab.clob.OutcomeToken;
import org.marketlab.clob.PricesHistoryQuery;
import org.marketlab.clob.Queries;
import org.marketlab.clob.Side;
import org.marketlab.http.Transport;
import org.marketlab.markets.Market;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The order book's public market data, paced like every call.
 *
 * <pre>{@code
 * var token = Clob.tokens(market).get(0).tokenId();
 * Clob.book(token).table();
 * Clob.ohlc(token).fidelity("1h").since(Instant.now().minus(Duration.ofDays(7))).table();
 * }</pre>
 */
public final class Clob {

    private Clob() {
    }

    private static ClobData data() {
        return new ClobData(Transport.current());
    }

    public static Book book(String tokenId) {
        return data().book(tokenId);
    }

    public static List<Book> books(Collection<String> tokenIds) {
        return data().books(tokenIds);
    }

    /** The books of every outcome of a market. */
    public static List<Book> books(Market market) {
        return data().books(market);
    }

    /** The best bid ({@code BUY}) or best ask ({@code SELL}). */
    public static BigDecimal price(String tokenId, Side side) {
        return data().price(tokenId, side);
    }

    /** The best bid ({@code "BUY"}) or best ask ({@code "SELL"}), the side in any case. */
    public static BigDecimal price(String tokenId, String side) {
        return data().price(tokenId, Side.of(side));
    }

    public static Map<String, Map<Side, BigDecimal>> prices(Collection<String> tokenIds) {
        return data().prices(tokenIds);
    }

    public static BigDecimal midpoint(String tokenId) {
        return data().midpoint(tokenId);
    }

    public static Map<String, BigDecimal> midpoints(Collection<String> tokenIds) {
        return data().midpoints(tokenIds);
    }

    public static BigDecimal spread(String tokenId) {
        return data().spread(tokenId);
    }

    public static Map<String, BigDecimal> spreads(Collection<String> tokenIds) {
        return data().spreads(tokenIds);
    }

    public static LastTrade lastTradePrice(String tokenId) {
        return data().lastTradePrice(tokenId);
    }

    public static Map<String, LastTrade> lastTradePrices(Collection<String> tokenIds) {
        return data().lastTradePrices(tokenIds);
    }

    public static BigDecimal tickSize(String tokenId) {
        return data().tickSize(tokenId);
    }

    public static boolean negRisk(String tokenId) {
        return data().negRisk(tokenId);
    }

    /** The order book's clock ({@code GET /time}). */
    public static java.time.Instant serverTime() {
        return data().serverTime();
    }

    /** Whether the order book answers its health check ({@code GET /ok}). */
    public static boolean ok() {
        return data().ok();
    }

    /** Price history of a token: choose a window or an interval, and a fidelity. */
    public static PricesHistoryQuery pricesHistory(String tokenId) {
        return Queries.history(Transport.current(), tokenId);
    }

    /** OHLC candles of a token: {@code since} is required. */
    public static OhlcQuery ohlc(String assetId) {
        return Queries.ohlc(Transport.current(), assetId);
    }

    /** A market's outcome tokens (outcome name, token id, price). */
    public static List<OutcomeToken> tokens(Market market) {
        return ClobData.tokens(market);
    }

    /** The outcome tokens of a row of a markets table. */
    public static List<OutcomeToken> tokens(tech.tablesaw.api.Row marketsTableRow) {
        return ClobData.tokens(marketsTableRow);
    }

    /** Reads a saved {@code GET /prices-history} document into a (time, price) table. */
    public static tech.tablesaw.api.Table parsePricesHistory(String json) {
        return data().parsePricesHistory(json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Reads a saved {@code GET /book} document. */
    public static Book parseBook(String json) {
        return data().parseBook(json);
    }
}
