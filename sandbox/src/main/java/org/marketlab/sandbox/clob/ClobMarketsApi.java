package org.marketlab.sandbox.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.world.Lazy;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The order book's market descriptions, as the official clients read them around an order: {@code GET /version},
 * {@code GET /markets/{condition_id}}, the cursor-paged lists {@code GET /markets}, {@code /sampling-markets},
 * {@code /simplified-markets} and {@code /sampling-simplified-markets} ({@code {limit, count, next_cursor, data}}),
 * {@code GET /markets-by-token/{token_id}} ({@code {condition_id, primary_token_id, secondary_token_id}}),
 * {@code GET /clob-markets/{condition_id}} (the compact {@code {c, t:[{t, o}], mts, mos, nr, mbf, tbf, fd, r, ...}}) and
 * {@code GET /fee-rate} ({@code ?token_id=} or {@code /fee-rate/{token_id}}: {@code {base_fee}}). Everything is read
 * from the world the other routes serve: the market-data documents (question, slug, description, dates, tick and
 * minimum sizes, neg-risk, fees) and the order book's prices ({@link ClobApi#mid}, the midpoint {@code /midpoint}
 * answers; a closed market's tokens keep their final prices).
 *
 * <p>Where the documents are silent, the sandbox's choices: {@code /version} answers {@code {"version": 2}} (the V2
 * orders this order book verifies); lists are in the world's market order, {@value #PAGE} markets a page, cursors
 * the base64 of the next offset from {@code MA==} (an empty cursor starts too) and {@code LTE=} after the last page;
 * a cursor that is not one of these is 400 {@code invalid next_cursor}. "Sampling" markets (those with liquidity
 * rewards) are the open markets with at least {@value #REWARDS_LIQUIDITY} of liquidity; their rewards are a daily
 * rate of one collateral unit per 1,000 of liquidity (at most 1,000), a minimum size of ten minimum orders and a
 * maximum spread of 3.5 cents (1.5 on a 0.001 tick); other markets carry {@code rates: null} and zeros. The base
 * fees are the markets' {@code makerBaseFee}/{@code takerBaseFee} (0 in the sandbox), so the fee curve {@code fd}
 * has rate 0. In {@code /clob-markets}, {@code r} holds {@code mi} (the rewards' minimum size) and {@code ma} (their
 * maximum spread) for sampling markets and is empty otherwise. A malformed condition id is 400 {@code Invalid market},
 * a malformed token id 400 {@code Invalid token id}; unknown ones are 404 {@code market not found}.
 */
public final class ClobMarketsApi implements RouteModule {

    public static final int PAGE = 1000;
    static final double REWARDS_LIQUIDITY = org.marketlab.sandbox.wallets.MarketIndex.REWARDS_LIQUIDITY;
    static final String FIRST = "MA==";
    static final String END = "LTE=";
    static final String INVALID_CURSOR = "invalid next_cursor";
    /** The collateral the rewards are paid in (USDC on Polygon). */
    public static final String COLLATERAL = "0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174";

    /** One market of the world: its market-data document, its event's tag labels and its two outcome tokens. */
    record Entry(JsonNode doc, List<String> tags, World.Token[] tokens) {
        boolean open() {
            return !tokens[0].closed();
        }

        boolean sampling() {
            return open() && doc.path("liquidityNum").asDouble(0) >= REWARDS_LIQUIDITY;
        }
    }

    private final ClobApi prices;
    /** The world's markets in order and by condition and token: indexed on first use (a start need not wait for it). */
    private final Lazy<Index> index;

    private record Index(List<Entry> markets, Map<String, Entry> byCondition, Map<String, Entry> byToken) {
    }

    public ClobMarketsApi(World world, ClobApi prices) {
        this.prices = prices;
        this.index = new Lazy<>(() -> build(world));
    }

    private Index index() {
        return index.get();
    }

    private static Index build(World world) {
        List<Entry> markets = new ArrayList<>();
        Map<String, Entry> byCondition = new HashMap<>();
        Map<String, Entry> byToken = new HashMap<>();
        Map<String, World.Token[]> tokens = new HashMap<>();
        for (World.Token t : world.tokens()) tokens.computeIfAbsent(t.conditionId(), k -> new World.Token[2])[t.index()] = t;
        for (World.EventFacts e : world.events()) {
            List<String> tags = new ArrayList<>();
            for (JsonNode t : e.document().path("tags")) tags.add(t.path("label").asText());
            for (JsonNode m : e.document().path("markets")) {
                World.Token[] pair = tokens.get(m.path("conditionId").asText());
                if (pair == null || pair[0] == null || pair[1] == null) continue;
                Entry entry = new Entry(m, Collections.unmodifiableList(tags), pair);
                markets.add(entry);
                byCondition.put(pair[0].conditionId().toLowerCase(java.util.Locale.ROOT), entry);
                byToken.put(pair[0].tokenId(), entry);
                byToken.put(pair[1].tokenId(), entry);
            }
        }
        return new Index(Collections.unmodifiableList(markets), byCondition, byToken);
    }

    @Route("GET /version")
    private void version(Context ctx) {
        Json.send(ctx, World.JSON.objectNode().put("version", 2));
    }

    /** One page of every market, or of the sampling ones; each in full, or ({@code simplified}) its short form. */
    @Route("GET /markets")
    @Route("GET /sampling-markets")
    @Route("GET /simplified-markets")
    @Route("GET /sampling-simplified-markets")
    private void markets(Context ctx) {
        String path = ctx.endpointHandlerPath();
        page(ctx, path.startsWith("/sampling-") ? Entry::sampling : e -> true, path.contains("simplified") ? this::simplified : this::market);
    }

    /** One market by condition id: in full, or ({@code /clob-markets}) its compact form. */
    @Route("GET /markets/{condition_id}")
    @Route("GET /clob-markets/{condition_id}")
    private void marketByCondition(Context ctx) {
        Entry e = condition(ctx.pathParam("condition_id"));
        Json.send(ctx, ctx.endpointHandlerPath().startsWith("/clob-") ? compact(e) : market(e));
    }

    @Route("GET /markets-by-token/{token_id}")
    private void marketByToken(Context ctx) {
        Entry e = token(ctx.pathParam("token_id"));
        ObjectNode o = World.JSON.objectNode();
        o.put("condition_id", e.tokens[0].conditionId());
        o.put("primary_token_id", e.tokens[0].tokenId());
        o.put("secondary_token_id", e.tokens[1].tokenId());
        Json.send(ctx, o);
    }

    /** A token's fee rate, the token named by the {@code token_id} parameter or in the path. */
    @Route("GET /fee-rate")
    @Route("GET /fee-rate/{token_id}")
    private void feeRate(Context ctx) {
        String id = ctx.pathParamMap().containsKey("token_id") ? ctx.pathParam("token_id") : Params.of(ctx, 400).string("token_id");
        Json.send(ctx, feeRate(token(id)));
    }

    // ---- lookups --------------------------------------------------------------------------------------------------

    /** The markets that pay liquidity rewards, in the world's market order. */
    List<Entry> sampling() {
        List<Entry> out = new ArrayList<>();
        for (Entry e : index().markets()) if (e.sampling()) out.add(e);
        return out;
    }

    /** Every market, in the world's market order. */
    List<Entry> entries() {
        return index().markets();
    }

    /** The market of a well-formed condition id, or null when there is none. */
    Entry byCondition(String conditionId) {
        return conditionId == null ? null : index().byCondition().get(conditionId.toLowerCase(java.util.Locale.ROOT));
    }

    /** The market of a condition id: 400 {@code Invalid market} when malformed, 404 when unknown. */
    Entry condition(String conditionId) {
        if (conditionId == null || !conditionId.matches("0x[0-9a-fA-F]{64}")) throw Refusal.badRequest("Invalid market");
        Entry e = index().byCondition().get(conditionId.toLowerCase(java.util.Locale.ROOT));
        if (e == null) throw Refusal.notFound(ClobApi.NO_MARKET);
        return e;
    }

    private Entry token(String tokenId) {
        if (!ClobApi.wellFormed(tokenId)) throw Refusal.badRequest("Invalid token id");
        Entry e = index().byToken().get(tokenId);
        if (e == null) throw Refusal.notFound(ClobApi.NO_MARKET);
        return e;
    }

    // ---- pages ----------------------------------------------------------------------------------------------------

    private void page(Context ctx, Predicate<Entry> which, java.util.function.Function<Entry, ObjectNode> shape) {
        int offset = offset(Params.of(ctx, 400).string("next_cursor"));
        List<Entry> selected = new ArrayList<>();
        for (Entry e : index().markets()) if (which.test(e)) selected.add(e);
        ObjectNode out = World.JSON.objectNode();
        ArrayNode data = World.JSON.arrayNode();
        int end = Math.min(selected.size(), offset + PAGE);
        for (int i = Math.min(offset, selected.size()); i < end; i++) data.add(shape.apply(selected.get(i)));
        out.put("limit", PAGE);
        out.put("count", data.size());
        out.put("next_cursor", end >= selected.size() ? END : cursor(end));
        out.set("data", data);
        Json.send(ctx, out);
    }

    public static String cursor(int offset) {
        return Base64.getEncoder().encodeToString(Integer.toString(offset).getBytes(StandardCharsets.US_ASCII));
    }

    /** The offset a cursor stands for: {@code MA==} (or none, or empty) is 0; {@code LTE=} and foreign cursors are refused. */
    static int offset(String cursor) {
        if (cursor == null || cursor.isEmpty()) return 0;
        try {
            int n = Integer.parseInt(new String(Base64.getDecoder().decode(cursor), StandardCharsets.US_ASCII));
            if (n >= 0 && cursor.equals(cursor(n))) return n;
        } catch (IllegalArgumentException notOurs) {
            // falls through to the refusal
        }
        throw Refusal.badRequest(INVALID_CURSOR);
    }

    // ---- shapes ---------------------------------------------------------------------------------------------------

    /** A market as {@code GET /markets/{condition_id}} and the full lists describe it. */
    private ObjectNode market(Entry e) {
        JsonNode d = e.doc;
        World.Token first = e.tokens[0];
        ObjectNode o = World.JSON.objectNode();
        o.put("enable_order_book", d.path("enableOrderBook").asBoolean(true));
        o.put("active", d.path("active").asBoolean(!first.closed()));
        o.put("closed", first.closed());
        o.put("archived", d.path("archived").asBoolean(false));
        o.put("accepting_orders", !first.closed());
        o.put("accepting_order_timestamp", first.createdAt() == null ? null : first.createdAt().toString());
        o.put("minimum_order_size", Json.number(BigDecimal.valueOf(first.minOrderSize())));
        o.put("minimum_tick_size", Json.number(BigDecimal.valueOf(first.tickSize())));
        o.put("condition_id", first.conditionId());
        o.put("question_id", d.path("questionID").asText(null));
        o.put("question", d.path("question").asText(null));
        o.put("description", d.path("description").asText(null));
        o.put("market_slug", d.path("slug").asText(null));
        o.put("end_date_iso", first.endDate() == null ? null : first.endDate().toString());
        o.put("game_start_time", d.path("gameStartTime").isTextual() ? d.get("gameStartTime").asText() : null);
        o.put("seconds_delay", d.path("secondsDelay").asInt(0));
        o.put("fpmm", "");
        o.put("maker_base_fee", d.path("makerBaseFee").asInt(0));
        o.put("taker_base_fee", d.path("takerBaseFee").asInt(0));
        o.put("notifications_enabled", d.path("notificationsEnabled").asBoolean(true));
        o.put("neg_risk", first.negRisk());
        o.put("neg_risk_market_id", first.negRisk() ? d.path("negRiskMarketID").asText("") : "");
        o.put("neg_risk_request_id", first.negRisk() ? d.path("questionID").asText("") : "");
        o.put("icon", d.path("icon").asText(null));
        o.put("image", d.path("image").asText(null));
        o.set("rewards", rewards(e));
        o.put("is_50_50_outcome", false);
        o.set("tokens", tokens(e));
        ArrayNode tags = o.putArray("tags");
        e.tags.forEach(tags::add);
        return o;
    }

    /** The short form of the simplified lists. */
    private ObjectNode simplified(Entry e) {
        ObjectNode o = World.JSON.objectNode();
        o.put("condition_id", e.tokens[0].conditionId());
        o.set("rewards", rewards(e));
        o.set("tokens", tokens(e));
        o.put("active", e.doc.path("active").asBoolean(e.open()));
        o.put("closed", !e.open());
        o.put("archived", e.doc.path("archived").asBoolean(false));
        o.put("accepting_orders", e.open());
        return o;
    }

    /** {@code GET /clob-markets/{condition_id}}: the compact form the official clients cache per token. */
    private ObjectNode compact(Entry e) {
        World.Token first = e.tokens[0];
        ObjectNode o = World.JSON.objectNode();
        o.put("c", first.conditionId());
        o.put("gst", e.doc.path("gameStartTime").isTextual() ? e.doc.get("gameStartTime").asText() : null);
        ObjectNode r = o.putObject("r");
        if (e.sampling()) {
            r.put("mi", minSize(e));
            r.put("ma", maxSpread(e));
        }
        ArrayNode t = o.putArray("t");
        for (World.Token k : e.tokens) t.addObject().put("t", k.tokenId()).put("o", k.outcome());
        o.put("mos", Json.number(BigDecimal.valueOf(first.minOrderSize())));
        o.put("mts", Json.number(BigDecimal.valueOf(first.tickSize())));
        o.put("nr", first.negRisk());
        o.put("mbf", e.doc.path("makerBaseFee").asInt(0));
        o.put("tbf", e.doc.path("takerBaseFee").asInt(0));
        o.put("ao", e.open());
        o.put("rfqe", false);
        o.put("ibce", false);
        ObjectNode fd = o.putObject("fd");
        fd.put("r", e.doc.path("takerBaseFee").asInt(0) / 10_000.0);
        fd.put("e", 0);
        fd.put("to", false);
        return o;
    }

    private ObjectNode feeRate(Entry e) {
        return World.JSON.objectNode().put("base_fee", e.doc.path("takerBaseFee").asInt(0));
    }

    private ArrayNode tokens(Entry e) {
        ArrayNode arr = World.JSON.arrayNode();
        for (World.Token t : e.tokens) {
            ObjectNode n = arr.addObject();
            n.put("token_id", t.tokenId());
            n.put("outcome", t.outcome());
            n.put("price", price(t));
            n.put("winner", t.closed() && t.price() >= 0.5);
        }
        return arr;
    }

    private ObjectNode rewards(Entry e) {
        ObjectNode r = World.JSON.objectNode();
        if (!e.sampling()) {
            r.putNull("rates");
            r.put("min_size", 0);
            r.put("max_spread", 0);
            return r;
        }
        ArrayNode rates = r.putArray("rates");
        rates.addObject().put("asset_address", COLLATERAL).put("rewards_daily_rate", dailyRate(e));
        r.put("min_size", minSize(e));
        r.put("max_spread", maxSpread(e));
        return r;
    }

    /** The daily rate of a sampling market's rewards: one collateral unit per 1,000 of liquidity, at most 1,000. */
    static BigDecimal dailyRate(Entry e) {
        return BigDecimal.valueOf(Math.min(1000, Math.floor(e.doc.path("liquidityNum").asDouble(0) / 1000))).setScale(0, java.math.RoundingMode.DOWN);
    }

    /** The token's price as the market lists show it: the midpoint while open, the final price once closed. */
    BigDecimal price(World.Token t) {
        return t.closed() ? BigDecimal.valueOf(t.price()) : prices.mid(t);
    }

    static BigDecimal minSize(Entry e) {
        return Json.number(BigDecimal.valueOf(e.tokens[0].minOrderSize()).multiply(BigDecimal.TEN));
    }

    static BigDecimal maxSpread(Entry e) {
        return new BigDecimal(e.tokens[0].tickSize() < 0.01 ? "1.5" : "3.5");
    }
}
