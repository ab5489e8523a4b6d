package org.marketlab.clob;

import org.marketlab.markets.TokenNames;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Document;
import org.marketlab.time.Timestamps;
import org.marketlab.internal.transport.Transport;
import org.marketlab.markets.Market;
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

    private final Transport t;

    public ClobData(Transport transport) {
        this.t = Objects.requireNonNull(transport);
    }

    /** A query of {@code GET /prices-history} for one outcome token. */
    public PricesHistoryQuery history(String tokenId) {
        return new PricesHistoryQuery(t, token(tokenId), null, null, null, null);
    }

    /** A query of {@code GET /ohlc} candles for one outcome token (1h by default). */
    public OhlcQuery ohlc(String assetId) {
        if (assetId == null || assetId.isBlank()) throw new IllegalArgumentException("asset id is required (an outcome token id)");
        return new OhlcQuery(t, token(assetId), null, null, "1h", OhlcQuery.MAX_LIMIT, null);
    }

    // ---- checks the service would make, made before sending ------------------------------------------------------

    static String token(String tokenId) {
        if (tokenId == null || tokenId.isBlank()) {
            throw new IllegalArgumentException("token id is empty; give an outcome token id (Market.clobTokenIds(), e.g. Clob.tokens(market))");
        }
        String id = tokenId.trim();
        if (!id.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("token id '" + Book.shortId(id) + "' is not a token id: outcome token ids are decimal digits"
                    + " (Market.clobTokenIds()); a market's conditionId (0x…) is not one");
        }
        return id;
    }

    private static List<String> tokens(Collection<String> ids) {
        if (ids == null || ids.isEmpty()) throw new IllegalArgumentException("no token ids given");
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

    private Map<String, BigDecimal> perToken(Collection<String> tokenIds, String path) {
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        batched(distinct(tokens(tokenIds)), path, id -> body("token_id", id), r -> {
            JsonNode n = r.tree();
            if (!n.isObject()) throw r.malformed("expected {token_id: value}", null);
            n.fields().forEachRemaining(e -> out.put(e.getKey(), decimal(r, e.getValue(), "value of " + e.getKey())));
        });
        return out;
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
            return new Call(Service.CLOB, "POST", path, Query.empty(), Map.of(), t.json().writeValueAsBytes(body), Call.Safety.IDEMPOTENT);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- markets ----------------------------------------------------------------------------------------------------

    /** The outcome tokens of a market, with the outcome names and prices the market record carries. */
    public static List<OutcomeToken> tokens(Market m) {
        Objects.requireNonNull(m, "market");
        List<String> ids = m.clobTokenIds();
        if (ids.isEmpty()) throw new IllegalArgumentException("market " + m.id() + " has no clobTokenIds (not traded on the order book)");
        List<OutcomeToken> out = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            String outcome = i < m.outcomes().size() ? m.outcomes().get(i) : "outcome " + i;
            BigDecimal price = i < m.outcomePrices().size() ? m.outcomePrices().get(i) : null;
            out.add(new OutcomeToken(ids.get(i), outcome, price, m.id(), m.question()));
            TokenNames.put(ids.get(i), TokenNames.name(m.question(), outcome));
        }
        return out;
    }

    // ---- reading ----------------------------------------------------------------------------------------------------

    /** Reads a saved {@code GET /prices-history} document ({@code {history: [{t, p}]}}) into time and price columns. */
    public static Table parsePricesHistory(Document d) {
        return PricesHistoryQuery.read(d);
    }

    /** Reads a saved {@code GET /book} document. */
    public static Book parseBook(Document d) {
        return book(d, d.tree());
    }

    private static Book book(Document r, JsonNode n) {
        if (!n.isObject()) throw r.malformed("expected a book object", null);
        JsonNode ts = n.get("timestamp");
        return new Book(text(n, "market"), text(n, "asset_id"),
                ts == null || ts.isNull() ? null : Timestamps.parse(ts.asText()), text(n, "hash"),
                levels(r, n.get("bids"), "bids"), levels(r, n.get("asks"), "asks"),
                optionalDecimal(r, n.get("min_order_size"), "min_order_size"),
                optionalDecimal(r, n.get("tick_size"), "tick_size"),
                n.hasNonNull("neg_risk") ? n.get("neg_risk").asBoolean() : null,
                optionalDecimal(r, n.get("last_trade_price"), "last_trade_price"));
    }

    private static List<Level> levels(Document r, JsonNode a, String name) {
        if (a == null || a.isNull()) return List.of();
        if (!a.isArray()) throw r.malformed(name + " is not an array of {price, size}", null);
        List<Level> out = new ArrayList<>(a.size());
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
        try {
            return new BigDecimal(v.asText().trim());
        } catch (NumberFormatException e) {
            throw r.malformed(what + " '" + v.asText() + "' is not a decimal", e);
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
