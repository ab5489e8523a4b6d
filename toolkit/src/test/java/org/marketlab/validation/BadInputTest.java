package org.marketlab.validation;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.marketlab.Charts;
import org.marketlab.Clob;
import org.marketlab.MarketLab;
import org.marketlab.Markets;
import org.marketlab.Perps;
import org.marketlab.clob.Side;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.markets.EventsQuery;
import org.marketlab.perps.Modification;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every validated parameter of every facade, tried with bad values (nulls, empty, negative, zero, huge, NaN,
 * reversed ranges, unknown words, non-ASCII digits, injection strings): each is refused before anything is sent,
 * with an {@link IllegalArgumentException} naming the parameter. The profile points every service at a closed port,
 * so a call that slipped through would end in a {@code ConnectionException}, not the expected exception.
 */
class BadInputTest {

    private static Profile before;

    @BeforeAll
    static void nowhere() {
        before = MarketLab.profile();
        Profile p = Profile.live();
        for (Service s : Service.values()) p = p.withUrl(s, s.webSocket() ? "ws://127.0.0.1:9" : "http://127.0.0.1:9");
        MarketLab.use(p);
    }

    @AfterAll
    static void back() {
        MarketLab.use(before);
    }

    private static final String TOKEN = "44052127076054174695173559235733170212420075037244492572200692849916921080846";
    private static final String ARABIC_DIGITS = "\u0661\u0662\u0663";
    private static final String INJECTION = "1' OR '1'='1";

    static Stream<Arguments> cases() {
        List<Arguments> c = new ArrayList<>();
        // name of the case, the word the message must contain, the call
        // ---- Markets
        add(c, "event(null)", "event id", () -> Markets.event(null));
        add(c, "event('')", "event id", () -> Markets.event(""));
        add(c, "event('../../x')", "event id", () -> Markets.event("../../x"));
        add(c, "event(non-ASCII digits)", "event id", () -> Markets.event(ARABIC_DIGITS));
        add(c, "event(injection)", "event id", () -> Markets.event(INJECTION));
        add(c, "event(20 digits)", "event id", () -> Markets.event("1".repeat(20)));
        add(c, "eventTags(-1)", "event id", () -> Markets.eventTags("-1"));
        add(c, "parseEvents(null)", "json", () -> Markets.parseEvents((String) null));
        add(c, "parseMarkets(null)", "json", () -> Markets.parseMarkets(null));
        add(c, "parseTags(null)", "json", () -> Markets.parseTags(null));
        add(c, "table(null)", "events", () -> Markets.table(null));
        add(c, "marketsTable(list with null)", "events", () -> Markets.marketsTable(Arrays.asList((org.marketlab.markets.Event) null)));
        add(c, "tagsTable(null)", "tags", () -> Markets.tagsTable(null));
        // ---- EventsQuery
        add(c, "limit(-1)", "limit", () -> Markets.events().limit(-1));
        add(c, "offset(-5)", "offset", () -> Markets.events().offset(-5));
        add(c, "pageSize(0)", "pageSize", () -> Markets.events().pageSize(0));
        add(c, "pageSize(huge)", "pageSize", () -> Markets.events().pageSize(Integer.MAX_VALUE));
        add(c, "paging(null)", "paging", () -> Markets.events().paging(null));
        add(c, "onProgress(null)", "listener", () -> Markets.events().onProgress(null));
        add(c, "order(null array)", "order", () -> Markets.events().order((String[]) null));
        add(c, "order(unknown word)", "order", () -> Markets.events().order("volumee"));
        add(c, "order(injection)", "order", () -> Markets.events().order(INJECTION));
        add(c, "ids(null)", "ids", () -> Markets.events().ids((long[]) null));
        add(c, "ids(-1)", "ids", () -> Markets.events().ids(-1L));
        add(c, "ids(List null)", "ids", () -> Markets.events().ids((List<String>) null));
        add(c, "ids(List 'abc')", "ids", () -> Markets.events().ids(List.of("abc")));
        add(c, "ids(List non-ASCII)", "ids", () -> Markets.events().ids(List.of(ARABIC_DIGITS)));
        add(c, "ids(List 10,000 digits)", "ids", () -> Markets.events().ids(List.of("9".repeat(10_000))));
        add(c, "tagId(-1)", "tagId", () -> Markets.events().tagId(-1));
        add(c, "excludeTagIds(null)", "excludeTagIds", () -> Markets.events().excludeTagIds((long[]) null));
        add(c, "excludeTagIds(-2)", "excludeTagIds", () -> Markets.events().excludeTagIds(-2));
        add(c, "slugs(null)", "slugs", () -> Markets.events().slugs((String[]) null));
        add(c, "slugs('')", "slugs", () -> Markets.events().slugs(""));
        add(c, "slugs(injection)", "slugs", () -> Markets.events().slugs("a&id=1"));
        add(c, "tagSlug(null)", "tagSlug", () -> Markets.events().tagSlug(null));
        add(c, "tagSlug(control chars)", "tagSlug", () -> Markets.events().tagSlug("a\r\nX-Evil: 1"));
        add(c, "tagSlug(huge)", "tagSlug", () -> Markets.events().tagSlug("a".repeat(10_000)));
        add(c, "recurrence(null)", "recurrence", () -> Markets.events().recurrence(null));
        add(c, "recurrence(blank)", "recurrence", () -> Markets.events().recurrence("  "));
        add(c, "volumeMin(NaN)", "volumeMin", () -> Markets.events().volumeMin(Double.NaN));
        add(c, "volumeMax(+inf)", "volumeMax", () -> Markets.events().volumeMax(Double.POSITIVE_INFINITY));
        add(c, "liquidityMin(-inf)", "liquidityMin", () -> Markets.events().liquidityMin(Double.NEGATIVE_INFINITY));
        add(c, "liquidityMax(NaN)", "liquidityMax", () -> Markets.events().liquidityMax(Double.NaN));
        add(c, "volume reversed", "volume", () -> Markets.events().volumeMin(10).volumeMax(5));
        add(c, "liquidity reversed", "liquidity", () -> Markets.events().liquidityMax(1).liquidityMin(2));
        add(c, "startDateMin(null)", "startDateMin", () -> Markets.events().startDateMin(null));
        add(c, "startDateMax(null)", "startDateMax", () -> Markets.events().startDateMax(null));
        add(c, "endDateMin(null)", "endDateMin", () -> Markets.events().endDateMin(null));
        add(c, "endDateMax(null)", "endDateMax", () -> Markets.events().endDateMax(null));
        add(c, "startDate reversed", "startDate", () -> Markets.events().startDateMin(Instant.parse("2026-02-01T00:00:00Z"))
                .startDateMax(Instant.parse("2026-01-01T00:00:00Z")));
        add(c, "endDate reversed", "endDate", () -> Markets.events().endDateMax(Instant.EPOCH).endDateMin(Instant.parse("2026-01-01T00:00:00Z")));
        add(c, "relatedTags without a tag", "relatedTags", () -> Markets.events().relatedTags(true).list());
        // ---- Clob
        add(c, "book(null)", "token id", () -> Clob.book((String) null));
        add(c, "book('')", "token id", () -> Clob.book(""));
        add(c, "book(null OutcomeToken)", "token", () -> Clob.book((org.marketlab.clob.OutcomeToken) null));
        add(c, "pricesHistory(null OutcomeToken)", "token", () -> Clob.pricesHistory((org.marketlab.clob.OutcomeToken) null));
        add(c, "ohlc(null OutcomeToken)", "token", () -> Clob.ohlc((org.marketlab.clob.OutcomeToken) null));
        add(c, "outcomesTable(null)", "events", () -> Markets.outcomesTable(null));
        add(c, "book(conditionId)", "token id", () -> Clob.book("0x5fa61cf629832af21ff477c5e7020c3b4562b82b84e6b07c1529aea8c84c9cd5"));
        add(c, "book(10,000 digits)", "token id", () -> Clob.book("7".repeat(10_000)));
        add(c, "book(non-ASCII digits)", "token id", () -> Clob.book(ARABIC_DIGITS));
        add(c, "book(injection)", "token id", () -> Clob.book(INJECTION));
        add(c, "book(negative)", "token id", () -> Clob.book("-1"));
        add(c, "books(null)", "token ids", () -> Clob.books((List<String>) null));
        add(c, "books(empty)", "token ids", () -> Clob.books(List.<String>of()));
        add(c, "books(with a null)", "token id", () -> Clob.books(Arrays.asList(TOKEN, null)));
        add(c, "books(null market)", "market", () -> Clob.books((org.marketlab.markets.Market) null));
        add(c, "price(token, null side)", "side", () -> Clob.price(TOKEN, (Side) null));
        add(c, "price(token, 'HOLD')", "side", () -> Clob.price(TOKEN, "HOLD"));
        add(c, "price(token, null text)", "side", () -> Clob.price(TOKEN, (String) null));
        add(c, "price(bad token, BUY)", "token id", () -> Clob.price("12a", Side.BUY));
        add(c, "prices(empty)", "token ids", () -> Clob.prices(List.of()));
        add(c, "midpoint(' ')", "token id", () -> Clob.midpoint(" "));
        add(c, "midpoints(null)", "token ids", () -> Clob.midpoints(null));
        add(c, "spread(1e5)", "token id", () -> Clob.spread("1e5"));
        add(c, "spreads(bad)", "token id", () -> Clob.spreads(List.of("x")));
        add(c, "lastTradePrice(null)", "token id", () -> Clob.lastTradePrice(null));
        add(c, "lastTradePrices(empty)", "token ids", () -> Clob.lastTradePrices(List.of()));
        add(c, "tickSize(non-ASCII)", "token id", () -> Clob.tickSize(ARABIC_DIGITS));
        add(c, "negRisk(null)", "token id", () -> Clob.negRisk(null));
        add(c, "pricesHistory(null)", "token id", () -> Clob.pricesHistory((String) null).table());
        add(c, "pricesHistory interval unknown", "interval", () -> Clob.pricesHistory(TOKEN).interval("2w"));
        add(c, "pricesHistory interval null", "interval", () -> Clob.pricesHistory(TOKEN).interval(null));
        add(c, "pricesHistory fidelity 0", "fidelity", () -> Clob.pricesHistory(TOKEN).fidelity(0));
        add(c, "pricesHistory fidelity negative", "fidelity", () -> Clob.pricesHistory(TOKEN).fidelity(-60));
        add(c, "pricesHistory start(null)", "start", () -> Clob.pricesHistory(TOKEN).start(null));
        add(c, "pricesHistory end(null)", "end", () -> Clob.pricesHistory(TOKEN).end(null));
        add(c, "pricesHistory reversed", "start", () -> Clob.pricesHistory(TOKEN).start(Instant.parse("2026-02-01T00:00:00Z")).end(Instant.EPOCH));
        add(c, "pricesHistory end alone", "start", () -> Clob.pricesHistory(TOKEN).end(Instant.EPOCH).table());
        add(c, "ohlc(null)", "token id", () -> Clob.ohlc((String) null).list());
        add(c, "ohlc since(null)", "since", () -> Clob.ohlc(TOKEN).since(null));
        add(c, "ohlc until(null)", "until", () -> Clob.ohlc(TOKEN).until(null));
        add(c, "ohlc without since", "since", () -> Clob.ohlc(TOKEN).list());
        add(c, "ohlc fidelity unknown", "fidelity", () -> Clob.ohlc(TOKEN).fidelity("7m"));
        add(c, "ohlc limit 0", "limit", () -> Clob.ohlc(TOKEN).limit(0));
        add(c, "ohlc limit huge", "limit", () -> Clob.ohlc(TOKEN).limit(1_000_000));
        add(c, "ohlc onProgress(null)", "listener", () -> Clob.ohlc(TOKEN).onProgress(null));
        add(c, "ohlc reversed", "since", () -> Clob.ohlc(TOKEN).since(Instant.parse("2026-02-01T00:00:00Z")).until(Instant.EPOCH));
        add(c, "tokens(null market)", "market", () -> Clob.tokens((org.marketlab.markets.Market) null));
        add(c, "parseBook(null)", "json", () -> Clob.parseBook(null));
        add(c, "parsePricesHistory(null)", "json", () -> Clob.parsePricesHistory(null));
        // ---- Charts
        add(c, "depth(null)", "book", () -> Charts.depth(null));
        add(c, "candles(null)", "table", () -> Charts.candles(null));
        add(c, "line(null)", "table", () -> Charts.line((tech.tablesaw.api.Table) null));
        add(c, "line(null, null)", "x", () -> Charts.line(null, null));
        add(c, "bar(null columns)", "categories", () -> Charts.bar(null, null));
        add(c, "scatter(null table)", "table", () -> Charts.scatter(null, "a", "b", "t"));
        add(c, "png(null)", "chart", () -> Charts.png(null));
        add(c, "png(null, w, h)", "chart", () -> Charts.png(null, 100, 100));
        add(c, "png(size 0)", "width", () -> Charts.png(Charts.depth(book()), 0, 0));
        add(c, "png(size huge)", "width", () -> Charts.png(Charts.depth(book()), 100_000, 100));
        add(c, "svg(null)", "chart", () -> Charts.svg(null));
        // ---- Perps, Wallet, Modification
        add(c, "session(null)", "owner", () -> Perps.session(null));
        add(c, "session(w, null options)", "options", () -> Perps.session(Wallet.demo(1), null));
        add(c, "publicPortfolio(null)", "address", () -> Perps.publicPortfolio(null));
        add(c, "publicPortfolio(short)", "address", () -> Perps.publicPortfolio("0x1234"));
        add(c, "publicPortfolio(bad EIP-55)", "checksum", () -> Perps.publicPortfolio("0x7E5F4552091A69125d5DfCb7b8C2659029395BdF"));
        add(c, "publicPortfolio(injection)", "address", () -> Perps.publicPortfolio("0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf&x=1"));
        add(c, "Modification.of(null, '1')", "price", () -> Modification.of(null, "1"));
        add(c, "Modification.of('1', null)", "quantity", () -> Modification.of("1", null));
        add(c, "Modification.of('abc', '1')", "price", () -> Modification.of("abc", "1"));
        add(c, "Modification.of('1e400', '1')", "price", () -> Modification.of("1e400", "1"));
        add(c, "Modification.of('-1', '1')", "price", () -> Modification.of("-1", "1"));
        add(c, "Modification.of('0', '1')", "price", () -> Modification.of("0", "1"));
        add(c, "Modification.of('1', 'NaN')", "quantity", () -> Modification.of("1", "NaN"));
        add(c, "Modification.of('1', non-ASCII)", "quantity", () -> Modification.of("1", ARABIC_DIGITS));
        add(c, "Modification.of('1', huge)", "quantity", () -> Modification.of("1", "9".repeat(10_000)));
        add(c, "Modification.of('1.2.3', '1')", "price", () -> Modification.of("1.2.3", "1"));
        add(c, "new Modification(null, 1)", "price", () -> new Modification(null, BigDecimal.ONE));
        add(c, "new Modification(1, 1e400)", "quantity", () -> new Modification(BigDecimal.ONE, new BigDecimal("1e400")));
        add(c, "fromPrivateKey(null)", "private key", () -> Wallet.fromPrivateKey(null));
        add(c, "fromPrivateKey(short)", "private key", () -> Wallet.fromPrivateKey("0x1234"));
        add(c, "fromPrivateKey(zero)", "[1, n-1]", () -> Wallet.fromPrivateKey("0".repeat(64)));
        add(c, "fromPrivateKey(n)", "[1, n-1]", () -> Wallet.fromPrivateKey("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141"));
        add(c, "fromPrivateKey(n+1)", "[1, n-1]", () -> Wallet.fromPrivateKey("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364142"));
        add(c, "fromPrivateKey(all f)", "[1, n-1]", () -> Wallet.fromPrivateKey("f".repeat(64)));
        add(c, "fromKeystore(null)", "file", () -> Wallet.fromKeystore(null, "pw"));
        add(c, "fromKeystore(missing)", "keystore", () -> Wallet.fromKeystore(Path.of("/nonexistent/UTC--x"), "pw"));
        add(c, "fromEnv(null)", "variable", () -> Wallet.fromEnv(null));
        add(c, "demo(0)", "demo", () -> Wallet.demo(0));
        add(c, "sign(null)", "digest", () -> Wallet.demo(1).sign(null));
        add(c, "sign(5 bytes)", "digest", () -> Wallet.demo(1).sign(new byte[5]));
        add(c, "sign(33 bytes)", "digest", () -> Wallet.demo(1).sign(new byte[33]));
        // ---- MarketLab
        add(c, "use(null profile)", "profile", () -> MarketLab.use((Profile) null));
        add(c, "use(unknown name)", "profile", () -> MarketLab.use("production"));
        return c.stream();
    }

    private static org.marketlab.clob.Book book() {
        return Clob.parseBook("{\"asset_id\":\"1\",\"bids\":[{\"price\":\"0.4\",\"size\":\"1\"}],\"asks\":[{\"price\":\"0.6\",\"size\":\"1\"}]}");
    }

    private static void add(List<Arguments> c, String name, String word, Executable call) {
        c.add(Arguments.of(name, word, call));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void refusedBeforeSendingNamingTheParameter(String name, String word, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call, name);
        String m = e.getMessage();
        assertTrue(m != null && m.toLowerCase().contains(word.toLowerCase()), name + ": the message names '" + word + "': " + m);
        assertFalse(m.length() > 1500, name + ": a bounded message, not the value echoed: " + m.length() + " characters");
        assertFalse(m.contains("9".repeat(100)) || m.contains("7".repeat(100)), name + ": huge values are not echoed");
    }

    /** Exactly IllegalArgumentException, never a subclass thrown by a library (NumberFormatException and the like). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void neverARawLibraryException(String name, String word, Executable call) {
        try {
            call.execute();
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getClass() == IllegalArgumentException.class, name + ": " + expected.getClass());
        } catch (Throwable t) {
            throw new AssertionError(name + " threw " + t, t);
        }
    }

    @SuppressWarnings("unused")
    private static EventsQuery q() {
        return Markets.events();
    }
}
