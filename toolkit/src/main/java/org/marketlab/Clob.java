package org.marketlab;

import org.marketlab.clob.RewardMarket;
import org.marketlab.query.PagedQuery;

import org.marketlab.clob.Book;
import org.marketlab.clob.ClobData;
import org.marketlab.clob.ClobSession;
import org.marketlab.signing.Wallet;
import org.marketlab.clob.LastTrade;
import org.marketlab.clob.MarketFeed;
import org.marketlab.clob.OhlcQuery;
import org.marketlab.clob.OutcomeToken;
import org.marketlab.clob.PricesHistoryQuery;
import org.marketlab.clob.Side;
import org.marketlab.markets.Market;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The order book's public market data: books, prices, midpoints, spreads, last trades, tick sizes, the neg-risk
 * flag, price history and OHLC candles of outcome tokens. Every call is paced to the published IP limits; a
 * token id is checked before sending (decimal digits: a market's {@code clobTokenIds}, not its {@code 0x…}
 * conditionId), and the service's errors arrive as typed exceptions ({@code NotFoundException} for a closed
 * market's token, {@code InvalidRequestException}, ...). Prices and sizes are {@link BigDecimal}s.
 *
 * <pre>{@code
 * var token = Clob.tokens(market).get(0).tokenId();
 * Clob.book(token).table();
 * Clob.ohlc(token).fidelity("1h").since(Instant.now().minus(Duration.ofDays(7))).table();
 * Clob.pricesHistory(token).interval("1w").fidelity(60).table();
 * }</pre>
 */
public final class Clob {

    private Clob() {
    }

    private static ClobData data() {
        return new ClobData(MarketLab.transport());
    }

    /**
     * Follows tokens' books live on the order book's market channel: a local book per token, checked against every
     * message, the tape and the best prices over time, with views that redraw themselves in a notebook
     * ({@code feed.depthChart(token)}, {@code feed.tradesTable()}). See {@link MarketFeed}.
     */
    public static MarketFeed live(String... tokenIds) {
        return MarketFeed.open(data(), java.util.Arrays.asList(tokenIds), MarketFeed.Options.defaults());
    }

    /** {@link #live(String...)} of outcome tokens ({@code Clob.tokens(market)}), titled by question and outcome. */
    public static MarketFeed live(OutcomeToken... tokens) {
        List<String> ids = new java.util.ArrayList<>();
        for (OutcomeToken t : tokens) ids.add(tokenId(t));
        return MarketFeed.open(data(), ids, MarketFeed.Options.defaults());
    }

    /** {@link #live(String...)} with other timing or checks ({@code MarketFeed.Options.defaults().verifyHashes(false)}). */
    public static MarketFeed live(MarketFeed.Options options, Collection<String> tokenIds) {
        return MarketFeed.open(data(), tokenIds, options);
    }

    /**
     * A recording of a feed ({@code feed.record(path)}) replayed into the same views and listeners: {@code .play()} at
     * the recorded speed, {@code .play(10)} ten times as fast, {@code .playToEnd()} at once; {@code .bookSnapshots(token,
     * Duration.ofSeconds(1), 5)} reads it as a table of the book over time.
     */
    public static MarketFeed replay(java.nio.file.Path recording) {
        return MarketFeed.replay(recording);
    }

    /** {@link #replay(java.nio.file.Path)} of a file name. */
    public static MarketFeed replay(String recording) {
        return MarketFeed.replay(java.nio.file.Path.of(recording));
    }

    /** The order book of an outcome token; {@code .table()} lists its levels best first with cumulative size. */
    public static Book book(String tokenId) {
        return data().book(tokenId);
    }

    /** The order book of an outcome token (as {@code Clob.tokens(market)} gives). */
    public static Book book(OutcomeToken token) {
        return book(tokenId(token));
    }

    /** Price history of an outcome token, titled by its question and outcome. */
    public static PricesHistoryQuery pricesHistory(OutcomeToken token) {
        return pricesHistory(tokenId(token));
    }

    /**
     * The price histories of many tokens (outcome tokens or token ids), one window and fidelity for all:
     * {@code Clob.pricesHistories(tokens).interval("1m").fidelity(60).toParquet(Path.of("prices"))}.
     */
    public static org.marketlab.clob.PricesHistories pricesHistories(java.util.Collection<?> tokens) {
        if (tokens == null || tokens.isEmpty()) throw new IllegalArgumentException("give one or more tokens (OutcomeToken or token id)");
        java.util.List<String> ids = new java.util.ArrayList<>();
        for (Object t : tokens) {
            if (t instanceof OutcomeToken o) ids.add(tokenId(o));
            else if (t instanceof String s && !s.isBlank()) ids.add(s);
            else throw new IllegalArgumentException("a token is an OutcomeToken or a token id, was " + t);
        }
        return data().histories(ids);
    }

    /** OHLC candles of an outcome token, titled by its question and outcome. */
    public static OhlcQuery ohlc(OutcomeToken token) {
        return ohlc(tokenId(token));
    }

    private static String tokenId(OutcomeToken token) {
        if (token == null) throw new IllegalArgumentException("token must be an outcome token (Clob.tokens(market)), was null");
        org.marketlab.markets.TokenNames.put(token.tokenId(), token.name());
        return token.tokenId();
    }

    /** The books of many tokens, in the order given; more than {@value ClobData#MAX_BATCH} are fetched in several requests. */
    public static List<Book> books(Collection<String> tokenIds) {
        return data().books(tokenIds);
    }

    /** The books of every outcome of a market (a closed market has none: {@code NotFoundException}). */
    public static List<Book> books(Market market) {
        return data().books(market);
    }

    /**
     * The liquidity of many books, a row per book: outcome, best bid and ask, midpoint, spread (and as a percentage of
     * the midpoint), the shares within 5 cents of the midpoint and their imbalance, and the slippage of a 100-share buy
     * in cents. {@code tokens} are token ids, outcome tokens ({@code Clob.tokens(market)}) or books already read;
     * books are read in batches.
     */
    public static tech.tablesaw.api.Table booksTable(Collection<?> tokens) {
        return booksTable(tokens, org.marketlab.clob.BooksTable.WITHIN_CENTS, org.marketlab.clob.BooksTable.TRADE_SIZE);
    }

    /** {@link #booksTable(Collection)} with the depth counted within {@code withinCents} and the slippage of a {@code tradeSize}-share buy. */
    public static tech.tablesaw.api.Table booksTable(Collection<?> tokens, double withinCents, double tradeSize) {
        if (tokens == null || tokens.isEmpty()) throw new IllegalArgumentException("give one or more tokens (token ids, OutcomeToken or Book)");
        List<Book> books = new java.util.ArrayList<>();
        List<String> ids = new java.util.ArrayList<>();
        for (Object t : tokens) {
            if (t instanceof Book b) books.add(b);
            else if (t instanceof OutcomeToken o) ids.add(tokenId(o));
            else if (t instanceof String s && !s.isBlank()) ids.add(s);
            else throw new IllegalArgumentException("a token is a token id, an OutcomeToken or a Book, was " + t);
        }
        if (!books.isEmpty() && !ids.isEmpty()) throw new IllegalArgumentException("give tokens or books, not both");
        return org.marketlab.clob.BooksTable.of(books.isEmpty() ? books(ids) : books, withinCents, tradeSize);
    }

    /** The best bid ({@code BUY}) or best ask ({@code SELL}). */
    public static BigDecimal price(String tokenId, Side side) {
        return data().price(tokenId, side);
    }

    /** The best bid ({@code "BUY"}) or best ask ({@code "SELL"}), the side in any case. */
    public static BigDecimal price(String tokenId, String side) {
        return data().price(tokenId, Side.of(side));
    }

    /** Best bid ({@code BUY}) and best ask ({@code SELL}) of each token, by token id. */
    public static Map<String, Map<Side, BigDecimal>> prices(Collection<String> tokenIds) {
        return data().prices(tokenIds);
    }

    /** Halfway between the best bid and the best ask. */
    public static BigDecimal midpoint(String tokenId) {
        return data().midpoint(tokenId);
    }

    /**
     * Midpoints by token id. The service refuses a whole batch for one closed market's token without naming it; the
     * toolkit then splits the batch to find it, and the exception names every refused id ({@link #midpointsLenient}
     * returns the others instead).
     */
    public static Map<String, BigDecimal> midpoints(Collection<String> tokenIds) {
        return data().midpoints(tokenIds);
    }

    /**
     * Midpoints of the ids that have a book, and a table of the others ({@code result.failuresTable()}): for a list
     * that may hold closed markets' tokens. {@link #midpoints} instead fails naming the refused ids.
     */
    public static org.marketlab.clob.BatchResult<BigDecimal> midpointsLenient(Collection<String> tokenIds) {
        return data().midpointsLenient(tokenIds);
    }

    /** Spreads of the ids that have a book, and a table of the others (as {@link #midpointsLenient}). */
    public static org.marketlab.clob.BatchResult<BigDecimal> spreadsLenient(Collection<String> tokenIds) {
        return data().spreadsLenient(tokenIds);
    }

    /** Best ask minus best bid. */
    public static BigDecimal spread(String tokenId) {
        return data().spread(tokenId);
    }

    /** Spreads by token id. */
    public static Map<String, BigDecimal> spreads(Collection<String> tokenIds) {
        return data().spreads(tokenIds);
    }

    /** The price and taker side of the token's last trade (a closed market's too). */
    public static LastTrade lastTradePrice(String tokenId) {
        return data().lastTradePrice(tokenId);
    }

    /** Last trades by token id. */
    public static Map<String, LastTrade> lastTradePrices(Collection<String> tokenIds) {
        return data().lastTradePrices(tokenIds);
    }

    /** The smallest price step of the token's market (0.1, 0.01, 0.001 or 0.0001). */
    public static BigDecimal tickSize(String tokenId) {
        return data().tickSize(tokenId);
    }

    /** Whether the token's market belongs to a neg-risk (mutually exclusive outcomes) event. */
    public static boolean negRisk(String tokenId) {
        return data().negRisk(tokenId);
    }

    /** A market as the order book describes it: outcome tokens, prices, winner, tick and minimum sizes ({@code GET /markets/{condition_id}}). */
    public static org.marketlab.clob.ClobMarket market(String conditionId) {
        return data().market(conditionId);
    }

    /** The order book's clock ({@code GET /time}). */
    public static java.time.Instant serverTime() {
        return data().serverTime();
    }

    /** Whether the order book answers its health check ({@code GET /ok}). */
    public static boolean ok() {
        return data().ok();
    }

    /**
     * Price history of a token as a (time, price) table: a window ({@code start}, {@code end}) or an interval back
     * from now ({@code max}, {@code all}, {@code 1m}, {@code 1w}, {@code 1d}, {@code 6h}, {@code 1h}; {@code max}
     * if neither is given), at a fidelity in minutes.
     */
    public static PricesHistoryQuery pricesHistory(String tokenId) {
        return data().history(tokenId);
    }

    /**
     * OHLC candles of a token as a (time, open, high, low, close, volume) table: {@code since} is required,
     * {@code until} defaults to now, fidelity one of 1m, 5m, 15m, 30m, 1h (default), 4h, 1d, 1w; windows of more
     * than {@code limit} (at most 1,000) candles are fetched page by page.
     */
    public static OhlcQuery ohlc(String assetId) {
        return data().ohlc(assetId);
    }

    /** The last price in each step of a (time, price) table, at the step's start ({@code Duration.ofHours(1)}). */
    public static tech.tablesaw.api.Table resample(tech.tablesaw.api.Table history, java.time.Duration step) {
        return org.marketlab.clob.PriceSeries.resample(history, step);
    }

    /** The change and log return between consecutive points of a (time, price) table. */
    public static tech.tablesaw.api.Table returns(tech.tablesaw.api.Table history) {
        return org.marketlab.clob.PriceSeries.returns(history);
    }

    /**
     * The markets that pay liquidity rewards, with the rewards' terms (daily rate, minimum size, maximum spread):
     * {@code Clob.rewardMarkets().table()}.
     */
    public static PagedQuery<?, RewardMarket> rewardMarkets() {
        return data().rewardMarkets();
    }

    /** A market's outcome tokens (token id, outcome name, price, market id, question). */
    public static List<OutcomeToken> tokens(Market market) {
        return ClobData.tokens(market);
    }

    /**
     * The order-book account of {@code wallet}: its API credentials resumed from the credential store, or created
     * (else derived) with an L1 signature and stored owner-only; reads signed with L2 headers per attempt.
     * {@code Clob.session(Wallet.demo(1))} on the sandbox.
     */
    public static ClobSession session(Wallet wallet) {
        return ClobSession.open(MarketLab.transport(), wallet, ClobSession.Options.defaults());
    }

    /**
     * With options: a proxy signature type and its funder,
     * {@code Clob.session(w, ClobSession.Options.defaults().signatureType(SignatureType.POLY_PROXY, "0x…"))}.
     */
    public static ClobSession session(Wallet wallet, ClobSession.Options options) {
        return ClobSession.open(MarketLab.transport(), wallet, options);
    }

    /**
     * The embedded sandbox's exchange-mode and rate-limiter switches ({@code Clob.sandbox().exchangeMode(ExchangeMode.CANCEL_ONLY,
     * Duration.ofSeconds(30))}); refused on another profile.
     */
    public static org.marketlab.clob.SandboxSwitches sandbox() {
        return new org.marketlab.clob.SandboxSwitches(MarketLab.transport());
    }

    /** Reads a saved {@code GET /prices-history} document into a (time, price) table. */
    public static tech.tablesaw.api.Table parsePricesHistory(String json) {
        return ClobData.parsePricesHistory(json);
    }

    /** Reads a saved {@code GET /book} document (levels in any order). */
    public static Book parseBook(String json) {
        return ClobData.parseBook(json);
    }
}
