package org.marketlab.clob;

import org.marketlab.markets.TokenNames;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.marketlab.config.Service;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.http.NotFoundException;
import org.marketlab.http.ServiceException;
import org.marketlab.internal.Args;
import org.marketlab.internal.query.Read;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Document;
import org.marketlab.time.Timestamps;
import org.marketlab.config.Connection;
import org.marketlab.internal.transport.Transport;
import org.marketlab.markets.Market;
import org.marketlab.query.PagedQuery;
import tech.tablesaw.api.Table;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;

/** The order book's public market data for one transport: what the {@code Clob} facade calls. */
public final class ClobData {

    /**
     * Ids per batch request. The specification does not publish the service's maximum; the toolkit splits
     * larger batches into requests of this size, and the sandbox refuses more with {@code Payload exceeds the limit}.
     */
    public static final int MAX_BATCH = 500;

    /** What a {@code GET /book} answer must carry to be a book: the token and both sides (empty arrays allowed). */
    static final List<String> REQUIRED_BOOK_FIELDS = List.of("asset_id", "bids", "asks");

    private final Transport t;

    /** The transport this data is read over (a live feed's resyncs and channel share it). */
    Transport transport() {
        return t;
    }

    public ClobData(Connection connection) {
        Transport transport = Transport.of(connection);
        this.t = Objects.requireNonNull(transport);
    }

    /** A query of {@code GET /prices-history} for one outcome token. */
    public PricesHistoryQuery history(String tokenId) {
        return new PricesHistoryQuery(t, token(tokenId));
    }

    /** The price histories of many tokens, one request per token. */
    public PricesHistories histories(java.util.List<String> tokenIds) {
        java.util.List<String> ids = new java.util.ArrayList<>();
        for (String id : tokenIds) ids.add(token(id));
        return new PricesHistories(ids, history(ids.get(0)), null);
    }

    /** A query of {@code GET /ohlc} candles for one outcome token (1h by default). */
    public OhlcQuery ohlc(String assetId) {
        return new OhlcQuery(t, token(assetId));
    }

    /**
     * The order book's description of a market ({@code GET /markets/{condition_id}}); an unknown id is
     * {@code NotFoundException: market not found}.
     */
    public ClobMarket market(String conditionId) {
        String id = ClobSession.condition(conditionId, "condition id");
        return ClobMarket.read(t.send(Call.get(Service.CLOB, "/markets/" + id, Query.empty())));
    }

    /** The markets that pay liquidity rewards, every page ({@code GET /sampling-simplified-markets}). */
    public PagedQuery<?, RewardMarket> rewardMarkets() {
        return new PlainQuery<>(Read.of(Endpoints.REWARD_MARKETS, t::send, t.resources().clock()));
    }

    // ---- checks the service would make, made before sending ------------------------------------------------------

    static String token(String tokenId) {
        return Args.digits(tokenId, "token id", Args.MAX_TOKEN_DIGITS,
                "outcome token ids are decimal digits (Market.clobTokenIds(), e.g. Clob.tokens(market)); a market's conditionId (0x…) is not one");
    }

    private static List<String> tokens(Collection<String> ids) {
        Args.notNull(ids, "token ids");
        if (ids.isEmpty()) throw new IllegalArgumentException("token ids is empty; give at least one outcome token id");
        List<String> out = new ArrayList<>(ids.size());
        for (String id : ids) out.add(token(id));
        return out;
    }

    /** Answers keyed by token need each token once. */
    private static List<String> distinct(List<String> ids) {
        return List.copyOf(new java.util.LinkedHashSet<>(ids));
    }

    // ---- single reads -----------------------------------------------------------------------------------------------

    public Book book(String tokenId) {
        Call call = Call.get(Service.CLOB, "/book", Query.empty().with("token_id", token(tokenId)));
        Document r = t.send(call);
        return book(r, r.tree());
    }

    public BigDecimal price(String tokenId, Side side) {
        String id = token(tokenId);
        return decimalField(Call.get(Service.CLOB, "/price", Query.empty().with("token_id", id).with("side", Side.require(side).name())), "price");
    }

    public BigDecimal midpoint(String tokenId) {
        Call call = Call.get(Service.CLOB, "/midpoint", Query.empty().with("token_id", token(tokenId)));
        Document r = t.send(call);
        JsonNode n = r.tree();
        return decimal(r, n.has("mid") ? n.get("mid") : n.get("mid_price"), "mid");
    }

    public BigDecimal spread(String tokenId) {
        return decimalField(Call.get(Service.CLOB, "/spread", Query.empty().with("token_id", token(tokenId))), "spread");
    }

    public LastTrade lastTradePrice(String tokenId) {
        String id = token(tokenId);
        Call call = Call.get(Service.CLOB, "/last-trade-price", Query.empty().with("token_id", id));
        Document r = t.send(call);
        JsonNode n = r.tree();
        return new LastTrade(id, decimal(r, n.get("price"), "price"), side(r, n.get("side")));
    }

    public BigDecimal tickSize(String tokenId) {
        return decimalField(Call.get(Service.CLOB, "/tick-size", Query.empty().with("token_id", token(tokenId))), "minimum_tick_size");
    }

    public boolean negRisk(String tokenId) {
        Call call = Call.get(Service.CLOB, "/neg-risk", Query.empty().with("token_id", token(tokenId)));
        Document r = t.send(call);
        JsonNode n = r.tree().get("neg_risk");
        if (n == null || !(n.isBoolean() || n.isTextual())) throw r.malformed("expected {neg_risk: boolean}", null);
        return n.asBoolean();
    }

    /** The order book's clock ({@code GET /time}: a bare integer of Unix seconds). */
    public java.time.Instant serverTime() {
        Call call = Call.get(Service.CLOB, "/time", Query.empty());
        Document r = t.send(call);
        String text = new String(r.body(), StandardCharsets.UTF_8).trim();
        if (text.length() > 1 && text.startsWith("\"") && text.endsWith("\"")) text = text.substring(1, text.length() - 1);
        try {
            return java.time.Instant.ofEpochSecond(Long.parseLong(text));
        } catch (NumberFormatException e) {
            throw r.malformed("expected Unix seconds as a bare integer", e);
        }
    }

    /** Whether the order book answers its health check ({@code GET /ok}); failures throw as any call does. */
    public boolean ok() {
        t.send(Call.get(Service.CLOB, "/ok", Query.empty()));
        return true;
    }

    // ---- batches ----------------------------------------------------------------------------------------------------

    public List<Book> books(Collection<String> tokenIds) {
        List<Book> out = new ArrayList<>();
        batched(tokens(tokenIds), "/books", id -> body("token_id", id), r -> {
            JsonNode n = r.tree();
            if (!n.isArray()) throw r.malformed("expected a JSON array of books", null);
            for (JsonNode b : n) out.add(book(r, b));
        });
        return out;
    }

    /** Best bid ({@code BUY}) and best ask ({@code SELL}) of each token. */
    public Map<String, Map<Side, BigDecimal>> prices(Collection<String> tokenIds) {
        List<String> ids = distinct(tokens(tokenIds));
        List<String[]> pairs = new ArrayList<>();
        for (String id : ids) {
            pairs.add(new String[]{id, "BUY"});
            pairs.add(new String[]{id, "SELL"});
        }
        Map<String, Map<Side, BigDecimal>> out = new LinkedHashMap<>();
        for (int i = 0; i < pairs.size(); i += MAX_BATCH) {
            List<String[]> part = pairs.subList(i, Math.min(pairs.size(), i + MAX_BATCH));
            ArrayNode body = JsonNodeFactory.instance.arrayNode();
            for (String[] p : part) body.addObject().put("token_id", p[0]).put("side", p[1]);
            Call call = post("/prices", body);
            Document r = t.send(call);
            JsonNode n = r.tree();
            if (!n.isObject()) throw r.malformed("expected {token_id: {BUY, SELL}}", null);
            n.fields().forEachRemaining(e -> {
                Map<Side, BigDecimal> sides = out.computeIfAbsent(e.getKey(), k -> new LinkedHashMap<>());
                e.getValue().fields().forEachRemaining(s -> sides.put(side(r, JsonNodeFactory.instance.textNode(s.getKey())),
                        decimal(r, s.getValue(), "price")));
            });
        }
        return out;
    }

    /** The books of every outcome of a market (a closed market has none: {@code NotFoundException}). */
    public List<Book> books(Market market) {
        return books(tokens(market).stream().map(OutcomeToken::tokenId).toList());
    }

    public Map<String, BigDecimal> midpoints(Collection<String> tokenIds) {
        return perToken(tokenIds, "/midpoints");
    }

    public Map<String, BigDecimal> spreads(Collection<String> tokenIds) {
        return perToken(tokenIds, "/spreads");
    }

    public Map<String, LastTrade> lastTradePrices(Collection<String> tokenIds) {
        Map<String, LastTrade> out = new LinkedHashMap<>();
        batched(distinct(tokens(tokenIds)), "/last-trades-prices", id -> body("token_id", id), r -> {
            JsonNode n = r.tree();
            if (!n.isArray()) throw r.malformed("expected a JSON array of {token_id, price, side}", null);
            for (JsonNode e : n) {
                String id = e.path("token_id").asText();
                out.put(id, new LastTrade(id, decimal(r, e.get("price"), "price"), side(r, e.get("side"))));
            }
        });
        return out;
    }

    /** Midpoints of the ids that have a book, and the failure of each that has none. */
    public BatchResult<BigDecimal> midpointsLenient(Collection<String> tokenIds) {
        return perTokenLenient(tokenIds, "/midpoints");
    }

    /** Spreads of the ids that have a book, and the failure of each that has none. */
    public BatchResult<BigDecimal> spreadsLenient(Collection<String> tokenIds) {
        return perTokenLenient(tokenIds, "/spreads");
    }

    /**
     * A keyed batch read where every id must succeed. The service refuses a whole batch for one bad id without
     * naming it; the ids are then found by splitting the batch, and the exception (of the refusal's type) names them.
     */
    private Map<String, BigDecimal> perToken(Collection<String> tokenIds, String path) {
        BatchResult<BigDecimal> r = perTokenLenient(tokenIds, path);
        if (r.complete()) return r.values();
        ServiceException first = r.failures().values().iterator().next();
        List<String> bad = new ArrayList<>(r.failures().keySet());
        String named = String.join(", ", bad.subList(0, Math.min(bad.size(), 10))) + (bad.size() > 10 ? " and " + (bad.size() - 10) + " more" : "");
        String detail = bad.size() + " of " + (r.values().size() + bad.size()) + " token ids refused: " + named
                + "; Clob." + path.substring(1) + "Lenient(...) returns the others with a table of failures";
        throw renamed(first, detail);
    }

    private BatchResult<BigDecimal> perTokenLenient(Collection<String> tokenIds, String path) {
        List<String> ids = distinct(tokens(tokenIds));
        Map<String, BigDecimal> values = new LinkedHashMap<>();
        Map<String, ServiceException> failures = new LinkedHashMap<>();
        for (int i = 0; i < ids.size(); i += MAX_BATCH) {
            keyed(ids.subList(i, Math.min(ids.size(), i + MAX_BATCH)), path, values, failures);
        }
        Map<String, BigDecimal> ordered = new LinkedHashMap<>();
        Map<String, ServiceException> failed = new LinkedHashMap<>();
        for (String id : ids) {
            if (values.containsKey(id)) ordered.put(id, values.get(id));
            else if (failures.containsKey(id)) failed.put(id, failures.get(id));
        }
        return new BatchResult<>(ordered, failed);
    }

    /** One keyed batch request; a refusal of the batch (404, 400) is narrowed down by halves to the ids refused alone. */
    private void keyed(List<String> ids, String path, Map<String, BigDecimal> values, Map<String, ServiceException> failures) {
        ArrayNode body = JsonNodeFactory.instance.arrayNode();
        for (String id : ids) body.add(body("token_id", id));
        Document r;
        try {
            r = t.send(post(path, body));
        } catch (NotFoundException | InvalidRequestException e) {
            if (ids.size() == 1) {
                failures.put(ids.get(0), e);
                return;
            }
            int half = ids.size() / 2;
            keyed(ids.subList(0, half), path, values, failures);
            keyed(ids.subList(half, ids.size()), path, values, failures);
            return;
        }
        JsonNode n = r.tree();
        if (!n.isObject()) throw r.malformed("expected {token_id: value}", null);
        n.fields().forEachRemaining(e -> values.put(e.getKey(), decimal(r, e.getValue(), "value of " + e.getKey())));
    }

    /** The same kind of exception with the offending ids added. */
    private static ServiceException renamed(ServiceException e, String detail) {
        String endpoint = e.endpoint();
        java.time.Duration after = e.retryAfter().orElse(null);
        if (e instanceof NotFoundException) return new NotFoundException(e.status(), e.serverMessage(), endpoint, after, detail, e);
        if (e instanceof InvalidRequestException) return new InvalidRequestException(e.status(), e.serverMessage(), endpoint, after, detail, e);
        return new ServiceException(e.status(), e.serverMessage(), endpoint, after, detail, e);
    }

    private void batched(List<String> ids, String path, java.util.function.Function<String, JsonNode> item,
                         java.util.function.Consumer<Document> read) {
        for (int i = 0; i < ids.size(); i += MAX_BATCH) {
            ArrayNode body = JsonNodeFactory.instance.arrayNode();
            for (String id : ids.subList(i, Math.min(ids.size(), i + MAX_BATCH))) body.add(item.apply(id));
            Call call = post(path, body);
            read.accept(t.send(call));
        }
    }

    private static JsonNode body(String k, String v) {
        return JsonNodeFactory.instance.objectNode().put(k, v);
    }

    private Call post(String path, JsonNode body) {
        try {
            // A read, though sent as POST: safe to retry.
            return new Call(Service.CLOB, "POST", path, Query.empty(), Map.of(), t.resources().json().writeValueAsBytes(body), Call.Safety.IDEMPOTENT);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- markets ----------------------------------------------------------------------------------------------------

    /** The outcome tokens of a market, with the outcome names and prices the market record carries. */
    public static List<OutcomeToken> tokens(Market m) {
        Args.notNull(m, "market");
        List<String> ids = m.clobTokenIds();
        if (ids.isEmpty()) throw new IllegalArgumentException("market " + m.id() + " has no clobTokenIds (not traded on the order book)");
        List<OutcomeToken> out = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            String outcome = i < m.outcomes().size() ? m.outcomes().get(i) : "outcome " + i;
            BigDecimal price = i < m.outcomePrices().size() ? m.outcomePrices().get(i) : null;
            out.add(new OutcomeToken(ids.get(i), outcome, price, m.id(), m.question()));
            TokenNames.put(ids.get(i), m.question(), outcome);
        }
        return out;
    }

    // ---- reading ----------------------------------------------------------------------------------------------------

    /** Reads a saved {@code GET /prices-history} document ({@code {history: [{t, p}]}}) into time and price columns. */
    /** Reads a saved {@code GET /prices-history} document into a (time, price) table. */
    public static Table parsePricesHistory(String json) {
        return parsePricesHistory(Document.file("of prices history", json));
    }

    /** Reads a saved {@code GET /book} document (levels in any order). */
    public static Book parseBook(String json) {
        return parseBook(Document.file("of a book", json));
    }

    static Table parsePricesHistory(Document d) {
        return PricesHistoryQuery.read(d);
    }

    /** Reads a saved {@code GET /book} document. */
    static Book parseBook(Document d) {
        return book(d, d.tree());
    }

    private static Book book(Document r, JsonNode n) {
        if (!n.isObject()) throw r.malformed("expected a book object", null);
        for (String required : REQUIRED_BOOK_FIELDS) {
            JsonNode v = n.get(required);
            if (v == null || v.isNull()) throw r.malformed("the book has no '" + required + "' (required: " + REQUIRED_BOOK_FIELDS + ")", null);
        }
        if (!n.get("asset_id").isValueNode()) throw r.malformed("asset_id is not a string", null);
        JsonNode ts = n.get("timestamp");
        java.time.Instant time;
        try {
            time = ts == null || ts.isNull() ? null : Timestamps.parse(ts.asText());
        } catch (IllegalArgumentException e) {
            throw r.malformed("timestamp: " + e.getMessage(), e);
        }
        return new Book(text(n, "market"), text(n, "asset_id"), time, text(n, "hash"),
                levels(r, n.get("bids"), "bids"), levels(r, n.get("asks"), "asks"),
                optionalDecimal(r, n.get("min_order_size"), "min_order_size"),
                optionalDecimal(r, n.get("tick_size"), "tick_size"),
                n.hasNonNull("neg_risk") ? n.get("neg_risk").asBoolean() : null,
                optionalDecimal(r, n.get("last_trade_price"), "last_trade_price"));
    }

    private static List<Level> levels(Document r, JsonNode a, String name) {
        if (!a.isArray()) throw r.malformed(name + " is not an array of {price, size}", null);
        List<Level> out = new ArrayList<>(a.size());
        for (JsonNode l : a) if (!l.isObject()) throw r.malformed(name + " holds an entry that is not a {price, size} object", null);
        for (JsonNode l : a) out.add(new Level(decimal(r, l.get("price"), name + " price"), decimal(r, l.get("size"), name + " size")));
        return out;
    }

    private static String text(JsonNode n, String f) {
        JsonNode v = n.get(f);
        return v == null || v.isNull() ? null : v.asText();
    }

    private BigDecimal decimalField(Call call, String field) {
        Document r = t.send(call);
        return decimal(r, r.tree().get(field), field);
    }

    static BigDecimal decimal(Document r, JsonNode v, String what) {
        if (v == null || v.isNull()) throw r.malformed("no " + what, null);
        String text = v.isValueNode() ? v.asText().trim() : "";
        try {
            if (text.length() > 100) throw new NumberFormatException("longer than 100 characters");
            BigDecimal d = new BigDecimal(text);
            if (Math.abs((long) d.scale()) > 100) throw new NumberFormatException("exponent out of range");
            return d;
        } catch (NumberFormatException e) {
            throw r.malformed(what + " '" + Args.shown(text) + "' is not a decimal", e);
        }
    }

    private static BigDecimal optionalDecimal(Document r, JsonNode v, String what) {
        return v == null || v.isNull() || v.asText().isEmpty() ? null : decimal(r, v, what);
    }

    private static Side side(Document r, JsonNode v) {
        if (v == null || v.isNull() || v.asText().isEmpty()) return null;
        try {
            return Side.valueOf(v.asText().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw r.malformed("side '" + v.asText() + "' is neither BUY nor SELL", e);
        }
    }

}
