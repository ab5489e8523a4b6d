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
import org.marketlab.sandbox.trading.Engine;
import org.marketlab.sandbox.world.Hash;
import org.marketlab.sandbox.world.PricePath;
import org.marketlab.sandbox.world.Recent;
import org.marketlab.sandbox.world.TickQuotes;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The order book's public market data: {@code /book}, {@code /books}, {@code /price}, {@code /prices},
 * {@code /midpoint}, {@code /midpoints}, {@code /spread}, {@code /spreads}, {@code /last-trade-price},
 * {@code /last-trades-prices}, {@code /tick-size}, {@code /neg-risk}, {@code /prices-history}, {@code /ohlc} and
 * {@code /time}, with the specification's error messages and statuses.
 *
 * <p>Where the specification is silent: a batch holds at most {@value #MAX_BATCH} ids; a closed market's
 * token, or an unknown one, has no book (404); {@code /prices-history} without a fidelity picks the finest that
 * keeps the span to 1,000 points ({@link #defaultFidelity}) and refuses more than 200,000 points;
 * {@code /ohlc} answers {@code {candles: [{t, o, h, l, c, v}]}} with {@code t} the bucket start in Unix
 * seconds, buckets aligned to the fidelity from the Unix epoch (weeks from Monday 00:00 UTC), at most
 * {@code limit} (default and maximum 1,000) of them from the bucket holding {@code startTs}; {@code /time} is
 * the sandbox's wall clock (what signatures are checked against), while books, histories and candles are as of
 * the sandbox's present (the wall clock too, unless a test fixes it with the sandbox builder's {@code present}).
 */
public final class ClobApi implements RouteModule {

    static final int MAX_BATCH = 500;
    static final Map<String, Long> FIDELITY_MINUTES = new LinkedHashMap<>();
    static final String NO_BOOK = "No orderbook exists for the requested token id";
    static final String NO_MARKET = "market not found";

    static {
        FIDELITY_MINUTES.put("1m", 1L);
        FIDELITY_MINUTES.put("5m", 5L);
        FIDELITY_MINUTES.put("15m", 15L);
        FIDELITY_MINUTES.put("30m", 30L);
        FIDELITY_MINUTES.put("1h", 60L);
        FIDELITY_MINUTES.put("4h", 240L);
        FIDELITY_MINUTES.put("1d", 1440L);
        FIDELITY_MINUTES.put("1w", 10080L);
    }

    private final World world;
    /** The sandbox's wall clock in ms: {@code /time}. */
    private final LongSupplier clock;
    /** The sandbox's present in ms: books, the ends of histories and candles. */
    private final LongSupplier present;
    /** The paths of the tokens asked for lately (each holds its event's model, rebuilt from the seed when dropped). */
    private final Map<String, PricePath> paths = Recent.of(4096);
    private volatile Engine live;
    /** Tick sizes changed and markets resolved while the sandbox runs. */
    final MarketStatus status = new MarketStatus();

    /**
     * @param clock   the sandbox's wall clock in ms ({@code /time})
     * @param present the sandbox's present in ms: books, the ends of histories and candles
     */
    public ClobApi(World world, LongSupplier clock, LongSupplier present) {
        this.world = world;
        this.clock = clock;
        this.present = present;
    }

    /**
     * The matching engine whose books this interface serves: once an order has touched a token's book, {@code /book},
     * the prices, midpoint, spread and last trade read it (the seeded levels consumed, resting orders added) instead
     * of the seeded book.
     */
    public void live(Engine engine) {
        this.live = engine;
    }

    /** The token's book as the engine holds it, or null while untouched (then the seeded book stands). */
    private Engine.Levels liveLevels(World.Token t) {
        Engine.Snapshot s = liveSnapshot(t);
        return s == null ? null : s.levels();
    }

    private Engine.Snapshot liveSnapshot(World.Token t) {
        Engine e = live;
        return e == null ? null : e.snapshot(t.tokenId(), clock.getAsLong() / 1000);
    }

    /** The order book's prices of the world, for the seeded wallets: the same paths and books these routes serve. */
    public Quotes quotes() {
        return new Quotes(this);
    }

    /** The server's clock, not the world's anchor: clients sign with it, and signatures are checked against it. */
    @Route("GET /time")
    private void time(Context ctx) {
        ctx.contentType("application/json").result(Long.toString(clock.getAsLong() / 1000));
    }

    @Route("GET /book")
    private void oneBook(Context ctx) {
        Json.send(ctx, book(open(tokenParam(ctx))));
    }

    @Route("POST /books")
    private void books(Context ctx) {
        Json.send(ctx, each(ctx, item -> book(open(tokenField(item)))));
    }

    /** {@code {mid}} or {@code {spread}} of one token's book. */
    @Route("GET /midpoint")
    @Route("GET /spread")
    private void figure(Context ctx) {
        boolean mid = ctx.endpointHandlerPath().equals("/midpoint");
        World.Token t = open(tokenParam(ctx));
        Json.send(ctx, obj(mid ? "mid" : "spread", str(mid ? mid(t) : spread(t))));
    }

    /** The midpoints or the spreads of a batch of tokens' books. */
    @Route("POST /midpoints")
    @Route("POST /spreads")
    private void figures(Context ctx) {
        keyed(ctx, ctx.endpointHandlerPath().equals("/midpoints") ? this::mid : this::spread);
    }

    @Route("GET /last-trade-price")
    private void lastTradePrice(Context ctx) {
        Json.send(ctx, lastTradeOf(known(tokenParam(ctx), NO_BOOK), false));
    }

    @Route("POST /last-trades-prices")
    private void lastTradesPrices(Context ctx) {
        Json.send(ctx, each(ctx, item -> lastTradeOf(known(tokenField(item), NO_BOOK), true)));
    }

    @Route("GET /tick-size")
    private void tickSize(Context ctx) {
        Json.send(ctx, World.JSON.objectNode().put("minimum_tick_size", tick(known(tokenParam(ctx), NO_MARKET))));
    }

    @Route("GET /neg-risk")
    private void negRisk(Context ctx) {
        Json.send(ctx, World.JSON.objectNode().put("neg_risk", known(tokenParam(ctx), NO_MARKET).negRisk()));
    }

    @Route("GET /price")
    private void price(Context ctx) {
        World.Token t = open(tokenParam(ctx));
        String side = side(Params.of(ctx, 400).string("side"));
        Json.send(ctx, obj("price", str(side.equals("BUY") ? bestBid(t) : bestAsk(t))));
    }

    @Route("POST /prices")
    private void prices(Context ctx) {
        ObjectNode out = World.JSON.objectNode();
        for (JsonNode item : batch(ctx)) {
            World.Token t = open(tokenField(item));
            String side = side(item.path("side").isTextual() ? item.get("side").asText() : null);
            ObjectNode sides = out.has(t.tokenId()) ? (ObjectNode) out.get(t.tokenId()) : out.putObject(t.tokenId());
            sides.put(side, str(side.equals("BUY") ? bestBid(t) : bestAsk(t)));
        }
        Json.send(ctx, out);
    }

    /** {@code {price, side}} of the last trade, with {@code token_id} in a batch. */
    private ObjectNode lastTradeOf(World.Token t, boolean withToken) {
        ObjectNode o = World.JSON.objectNode();
        if (withToken) o.put("token_id", t.tokenId());
        o.put("price", str(lastTrade(t)));
        o.put("side", lastSide(t));
        return o;
    }

    /** A batch answered as an array, an element per item. */
    private static ArrayNode each(Context ctx, Function<JsonNode, ObjectNode> answer) {
        ArrayNode out = World.JSON.arrayNode();
        for (JsonNode item : batch(ctx)) out.add(answer.apply(item));
        return out;
    }

    /** A batch answered as {@code {token_id: value}}. */
    private void keyed(Context ctx, Function<World.Token, BigDecimal> value) {
        ObjectNode out = World.JSON.objectNode();
        for (JsonNode item : batch(ctx)) {
            World.Token t = open(tokenField(item));
            out.put(t.tokenId(), str(value.apply(t)));
        }
        Json.send(ctx, out);
    }

    // ---- tokens ---------------------------------------------------------------------------------------------------

    private static String tokenParam(Context ctx) {
        return Params.of(ctx, 400).string("token_id");
    }

    /** A token id the order book reads: 1 to 80 digits (else the specification's {@code Invalid token id}). */
    static boolean wellFormed(String tokenId) {
        return tokenId != null && !tokenId.isBlank() && tokenId.length() <= 80 && tokenId.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private World.Token known(String tokenId, String notFound) {
        if (!wellFormed(tokenId)) throw Refusal.badRequest("Invalid token id");
        World.Token t = world.token(tokenId);
        if (t == null) throw Refusal.notFound(notFound);
        return t;
    }

    /** A token with a live book: closed markets (and markets resolved while the sandbox runs) have none. */
    private World.Token open(String tokenId) {
        World.Token t = known(tokenId, NO_BOOK);
        if (t.closed() || status.resolved(t)) throw Refusal.notFound(NO_BOOK);
        return t;
    }

    /** An item of a batch body: an object with a string {@code token_id}, else the whole body is malformed. */
    private static String tokenField(JsonNode item) {
        JsonNode t = item.isObject() ? item.get("token_id") : null;
        if (t == null || !t.isTextual()) throw Refusal.badRequest("Invalid payload");
        return t.asText();
    }

    private static List<JsonNode> batch(Context ctx) {
        JsonNode body = Json.readOrNull(ctx.bodyAsBytes());
        if (body == null || !body.isArray() || body.isEmpty()) throw Refusal.badRequest("Invalid payload");
        if (body.size() > MAX_BATCH) throw Refusal.badRequest("Payload exceeds the limit");
        List<JsonNode> out = new ArrayList<>();
        body.forEach(out::add);
        return out;
    }

    private static String side(String side) {
        if (side == null || !(side.equals("BUY") || side.equals("SELL"))) throw Refusal.badRequest("Invalid side");
        return side;
    }

    /** The token's price path: what its histories, candles, seeded books and tape are read from. */
    public PricePath path(World.Token t) {
        synchronized (paths) {
            PricePath p = paths.get(t.tokenId());
            if (p != null) return p;
        }
        PricePath p = world.path(t);
        synchronized (paths) {
            paths.putIfAbsent(t.tokenId(), p);
        }
        return p;
    }

    // ---- the book -------------------------------------------------------------------------------------------------

    /** The world's anchor minute. */
    long anchorMinute() {
        return world.now().getEpochSecond() / 60;
    }

    /** The present's minute: books, the ends of histories, candles and tapes. */
    long presentMinute() {
        return nowMinute();
    }

    private long nowMinute() {
        return present.getAsLong() / 60_000;
    }

    /** The token's tick size: the world's, or the one it was changed to. */
    BigDecimal tick(World.Token t) {
        return status.tick(t);
    }

    public BigDecimal bestBid(World.Token t) {
        var l = liveLevels(t);
        if (l != null && !l.bids().isEmpty()) return l.bids().get(0).price();
        return seededBid(t);
    }

    public BigDecimal bestAsk(World.Token t) {
        var l = liveLevels(t);
        if (l != null && !l.asks().isEmpty()) return l.asks().get(0).price();
        return seededAsk(t);
    }

    private BigDecimal seededBid(World.Token t) {
        return TickQuotes.bid(t, path(t).at(nowMinute()));
    }

    private BigDecimal seededAsk(World.Token t) {
        return TickQuotes.ask(t, path(t).at(nowMinute()));
    }

    public BigDecimal mid(World.Token t) {
        return bestBid(t).add(bestAsk(t)).divide(BigDecimal.valueOf(2), tick(t).scale() + 1, RoundingMode.HALF_UP).stripTrailingZeros();
    }

    public BigDecimal spread(World.Token t) {
        return bestAsk(t).subtract(bestBid(t));
    }

    public BigDecimal lastTrade(World.Token t) {
        Engine e = live;
        var fill = e == null ? null : e.lastFill(t.tokenId());
        if (fill != null) return fill.price();
        return TickQuotes.lastTrade(t, path(t), nowMinute());
    }

    private String lastSide(World.Token t) {
        Engine e = live;
        var fill = e == null ? null : e.lastFill(t.tokenId());
        if (fill != null) return fill.takerBought() ? "BUY" : "SELL";
        return seededLastBuy(t) ? "BUY" : "SELL";
    }

    /** Whether the last trade of the world's tape before now was a buy (its taker bought); a token with none reads as a buy. */
    boolean seededLastBuy(World.Token t) {
        org.marketlab.sandbox.world.Tape.Trade last = path(t).tape().last(t.index(), nowMinute() * 60 + 59);
        return last == null || "BUY".equals(last.side());
    }

    /** The last trade before the sandbox's first, as the seeded book shows it now (what a book starts from). */
    Engine.LastFill seededLastFill(World.Token t) {
        return new Engine.LastFill(TickQuotes.lastTrade(t, path(t), nowMinute()), seededLastBuy(t));
    }

    /**
     * The book, best price last on both sides, and its hash over the compact JSON with {@code hash} empty. A book the
     * matching engine holds is stamped with the time of its last change; the seeded book with its minute.
     */
    ObjectNode book(World.Token t) {
        Engine.Snapshot s = liveSnapshot(t);
        if (s == null) return seeded(t);
        return summary(t, s.levels(), s.changedAt(), s.last());
    }

    /**
     * The book summary of {@code levels} stamped {@code timestamp} (ms) with {@code last} as its last trade (the seeded
     * one when null), and its hash: what {@code /book} serves and the market channel's hashes are taken over.
     */
    ObjectNode summary(World.Token t, Engine.Levels levels, long timestamp, Engine.LastFill last) {
        ObjectNode b = World.JSON.objectNode();
        b.put("market", t.conditionId());
        b.put("asset_id", t.tokenId());
        b.put("timestamp", Long.toString(timestamp));
        b.put("hash", "");
        ArrayNode bids = b.putArray("bids");
        ArrayNode asks = b.putArray("asks");
        for (int i = levels.bids().size() - 1; i >= 0; i--) level(bids, levels.bids().get(i).price(), levels.bids().get(i).size());
        for (int i = levels.asks().size() - 1; i >= 0; i--) level(asks, levels.asks().get(i).price(), levels.asks().get(i).size());
        b.put("min_order_size", str(BigDecimal.valueOf(t.minOrderSize())));
        b.put("tick_size", str(tick(t)));
        b.put("neg_risk", t.negRisk());
        b.put("last_trade_price", str(last != null ? last.price() : TickQuotes.lastTrade(t, path(t), nowMinute())));
        b.put("hash", hash(b));
        return b;
    }

    /**
     * The book as seeded, whatever has traded since: the levels the matching engine starts a token's book from, and
     * those the demo wallets' seeded orders rest at (so neither depends on what was traded first).
     */
    ObjectNode seededBook(World.Token t) {
        return seeded(t);
    }

    private ObjectNode seeded(World.Token t) {
        ObjectNode b = World.JSON.objectNode();
        b.put("market", t.conditionId());
        b.put("asset_id", t.tokenId());
        // The seeded book changes once a minute (it is the price path's), so it is stamped with its minute: the same
        // book, the same hash, however often it is read in that minute.
        b.put("timestamp", Long.toString(nowMinute() * 60_000));
        b.put("hash", "");
        ArrayNode bids = b.putArray("bids");
        ArrayNode asks = b.putArray("asks");
        seededLevels(t, bids, asks);
        b.put("min_order_size", str(BigDecimal.valueOf(t.minOrderSize())));
        b.put("tick_size", str(tick(t)));
        b.put("neg_risk", t.negRisk());
        b.put("last_trade_price", str(TickQuotes.lastTrade(t, path(t), nowMinute())));
        b.put("hash", hash(b));
        return b;
    }

    private void seededLevels(World.Token t, ArrayNode bids, ArrayNode asks) {
        BigDecimal bid = seededBid(t), ask = seededAsk(t), tick = tick(t);
        long seed = Hash.mix(t.tokenId().hashCode());
        for (int k = 9; k >= 0; k--) {
            BigDecimal p = bid.subtract(tick.multiply(BigDecimal.valueOf(k)));
            if (p.compareTo(tick) < 0) continue;
            level(bids, p, size(seed, k));
        }
        for (int k = 9; k >= 0; k--) {
            BigDecimal p = ask.add(tick.multiply(BigDecimal.valueOf(k)));
            if (p.compareTo(BigDecimal.ONE.subtract(tick)) > 0) continue;
            level(asks, p, size(seed, 100 + k));
        }
    }

    private static void level(ArrayNode side, BigDecimal price, BigDecimal size) {
        ObjectNode l = side.addObject();
        l.put("price", str(price));
        l.put("size", str(size));
    }

    private static BigDecimal size(long seed, int k) {
        double u = Hash.unit(seed + k * 7919L, k);
        return BigDecimal.valueOf(Math.exp(3 + 3 * u)).setScale(2, RoundingMode.HALF_UP);
    }

    static String hash(ObjectNode book) {
        try {
            ObjectNode copy = book.deepCopy();
            copy.put("hash", "");
            byte[] d = MessageDigest.getInstance("SHA-1").digest(Json.bytes(copy));
            return HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- history and candles ----------------------------------------------------------------------------------------

    /** The longest startTs-to-endTs window {@code /prices-history} answers: 15 days. */
    static final long MAX_WINDOW_MINUTES = 15 * 1440;
    private static final Map<String, Long> INTERVALS = Map.of("1h", 60L, "6h", 360L, "1d", 1440L, "1w", 10080L, "1m", 43200L);

    /** {@code {history: [{t, p}]}}: from startTs to endTs (seconds) or over an interval, every fidelity minutes. */
    @Route("GET /prices-history")
    private void pricesHistory(Context ctx) {
        Params p = Params.of(ctx, 400).prefixed("invalid filters: ");
        World.Token t = known(p.string("market"), NO_MARKET);
        PricePath path = path(t);
        long[] window = window(p, path);
        long from = window[0], to = window[1];
        Long fidelity = p.integer("fidelity", "a positive number of minutes");
        if (fidelity != null && fidelity < 1) throw p.invalid("fidelity", fidelity, "a positive number of minutes");
        if (fidelity == null) fidelity = defaultFidelity(to - from);
        if ((to - from) / fidelity > 200_000) {
            throw p.invalid("fidelity", fidelity, "large enough for at most 200,000 points over the window (or narrow the window)");
        }
        long first = from % fidelity == 0 ? from : from + (fidelity - from % fidelity);
        PricePath.Reader prices = path.reader();
        // Written point by point as generated, with no tree in between: a research read asks for thousands of these.
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream(64 + 24 * (int) Math.min(200_000, Math.max(0, (to - first) / fidelity + 1)));
        try (com.fasterxml.jackson.core.JsonGenerator g = Json.MAPPER.getFactory().createGenerator(body)) {
            g.writeStartObject();
            g.writeArrayFieldStart("history");
            for (long m = first; m <= to; m += fidelity) {
                g.writeStartObject();
                g.writeNumberField("t", m * 60);
                g.writeFieldName("p");
                g.writeNumber(r4(prices.at(m)));
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        ctx.contentType("application/json").result(body.toByteArray());
    }

    /** The history's first and last minute: an interval back from the present, or {@code startTs} to {@code endTs}, within the path. */
    private long[] window(Params p, PricePath path) {
        String interval = p.string("interval");
        Long start = p.seconds("startTs");
        Long end = p.seconds("endTs");
        long nowMin = nowMinute();
        long from, to;
        if (interval != null) {
            if (start != null || end != null) throw p.invalid("interval", interval, "absent when startTs or endTs is given");
            to = nowMin;
            from = switch (interval) {
                case "max", "all" -> path.startMinute();
                default -> {
                    Long minutes = INTERVALS.get(interval);
                    if (minutes == null) throw p.invalid("interval", interval, "one of max, all, 1m, 1w, 1d, 6h, 1h");
                    yield nowMin - minutes;
                }
            };
        } else {
            if (start == null && end == null) throw p.missing("startTs", "a Unix timestamp in seconds, with endTs or alone (or interval instead)");
            from = start != null ? start / 60 : path.startMinute();
            to = end != null ? end / 60 : nowMin;
            if (from > to) throw p.invalid("startTs", start, "at most endTs (" + end + ")");
            // The live service refuses a window longer than 15 days, whatever the fidelity.
            if (to - from > MAX_WINDOW_MINUTES) throw Refusal.badRequest("invalid filters: interval is too long (startTs to endTs spans at most 15 days)");
        }
        return new long[]{Math.max(from, path.startMinute()), Math.min(to, nowMin)};
    }

    /** Without a fidelity, the finest of 1, 5, 15, 30, 60, 240, 720 or 1440 minutes that keeps a span to 1,000 points. */
    static long defaultFidelity(long minutes) {
        for (long f : new long[]{1, 5, 15, 30, 60, 240, 720}) if (minutes / f < 1000) return f;
        return 1440;
    }

    /** {@code {candles: [{t, o, h, l, c, v}]}}: the specification's messages for the parameters it names. */
    @Route("GET /ohlc")
    private void ohlc(Context ctx) {
        Params p = Params.of(ctx, 400);
        String asset = p.documented("asset_id is required").required("asset_id", "a token id");
        Long start = p.prefixed("invalid filters: ").seconds("startTs");
        if (start == null) throw Refusal.badRequest("startTs is required");
        Long end = p.prefixed("invalid filters: ").seconds("endTs");
        String fidelity = p.stringOr("fidelity", "1h");
        Long minutes = FIDELITY_MINUTES.get(fidelity);
        if (minutes == null) throw Refusal.badRequest("invalid fidelity: " + fidelity);
        Long limit = p.integer("limit", "1 to 1000");
        if (limit != null && limit > 1000) throw Refusal.badRequest("limit cannot exceed 1000");
        if (limit != null && limit < 1) throw p.invalid("limit", limit, "1 to 1000");
        World.Token t = known(asset, NO_MARKET);
        Json.send(ctx, candles(path(t), start, end, minutes, limit == null ? 1000 : limit.intValue()));
    }

    /** At most {@code limit} candles of {@code minutes}, from the bucket holding {@code start} to {@code end} (or the present). */
    private ObjectNode candles(PricePath path, long start, Long end, long minutes, int limit) {
        long nowMin = nowMinute();
        long from = Math.max(start / 60, path.startMinute());
        long to = Math.min(end != null ? end / 60 : nowMin, nowMin);
        long bucket = bucketStart(from, minutes);
        ObjectNode out = World.JSON.objectNode();
        ArrayNode candles = out.putArray("candles");
        PricePath.Reader prices = path.reader();
        org.marketlab.sandbox.world.Tape tape = path.tape();
        for (int n = 0; n < limit && bucket <= to; bucket += minutes) {
            long lo = Math.max(bucket, path.startMinute());
            long hi = Math.min(bucket + minutes - 1, to);
            if (lo > hi) continue;
            // Every minute of the bucket: a candle agrees with the finer candles and the history inside it; its
            // volume is the shares of this outcome its trades moved.
            double open = r4(prices.at(lo)), high = open, low = open, close = open;
            for (long m = lo; m <= hi; m++) {
                double p = r4(prices.at(m));
                if (p > high) high = p;
                if (p < low) low = p;
                close = p;
            }
            double vol = tape.shares(path.outcome(), lo * 60, hi * 60 + 59);
            ObjectNode c = candles.addObject();
            c.put("t", bucket * 60);
            c.put("o", open);
            c.put("h", high);
            c.put("l", low);
            c.put("c", close);
            c.put("v", Math.round(vol * 100) / 100.0);
            n++;
        }
        return out;
    }

    /** The start of the bucket holding a minute: aligned to the fidelity from the epoch, weeks from a Monday. */
    static long bucketStart(long minute, long minutes) {
        long origin = minutes == 10080 ? 4 * 1440 : 0; // 1970-01-05 was a Monday
        return minute - Math.floorMod(minute - origin, minutes);
    }

    private static double r4(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }

    // ---- output -------------------------------------------------------------------------------------------------------

    private static ObjectNode obj(String k, String v) {
        ObjectNode o = World.JSON.objectNode();
        o.put(k, v);
        return o;
    }

    /** A decimal as the order book writes one: plain, without trailing zeros ({@code 0.5}, {@code 120}, {@code 0}). */
    static String str(BigDecimal v) {
        return v.signum() == 0 ? "0" : v.stripTrailingZeros().toPlainString();
    }
}
