package org.marketlab.sandbox;

import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.world.*;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * the sandbox's present (the wall clock too, unless a test fixes it: {@link Sandbox.Builder#present}).
 */
final class ClobApi implements RouteModule {

    static final int MAX_BATCH = 500;
    static final Map<String, Long> FIDELITY_MINUTES = new LinkedHashMap<>();

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
    private final Map<String, PricePath> paths = new HashMap<>();

    ClobApi(World world, LongSupplier clock, LongSupplier present) {
        this.world = world;
        this.clock = clock;
        this.present = present;
    }

    private volatile org.marketlab.sandbox.trading.Engine live;

    /**
     * The matching engine whose books this interface serves: once an order has touched a token's book, {@code /book},
     * the prices, midpoint, spread and last trade read it (the seeded levels consumed, resting orders added) instead
     * of the seeded book.
     */
    void live(org.marketlab.sandbox.trading.Engine engine) {
        this.live = engine;
    }

    /** The token's book as the engine holds it, or null while untouched (then the seeded book stands). */
    private org.marketlab.sandbox.trading.Engine.Levels liveLevels(World.Token t) {
        org.marketlab.sandbox.trading.Engine e = live;
        return e == null ? null : e.levels(t.tokenId(), clock.getAsLong() / 1000);
    }

    /** An error answer: the body {@code {error}} and a status. */
    static final class ClobError extends RuntimeException {
        final int status;

        ClobError(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    @Override
    public String service() {
        return "clob";
    }

    @Override
    public void register(Javalin app) {
        app.exception(ClobError.class, (e, ctx) -> ctx.status(e.status).json(Map.of("error", e.getMessage())));
        // The server's clock, not the world's anchor: clients sign with it, and signatures are checked against it.
        app.get("/time", ctx -> ctx.contentType("application/json").result(Long.toString(clock.getAsLong() / 1000)));
        app.get("/book", ctx -> json(ctx, book(open(ctx.queryParam("token_id")))));
        app.post("/books", ctx -> {
            ArrayNode out = World.JSON.arrayNode();
            for (JsonNode item : batch(ctx)) out.add(book(open(tokenField(item))));
            json(ctx, out);
        });
        app.get("/price", ctx -> {
            World.Token t = open(ctx.queryParam("token_id"));
            json(ctx, obj("price", str(side(ctx.queryParam("side")).equals("BUY") ? bestBid(t) : bestAsk(t))));
        });
        app.post("/prices", ctx -> {
            ObjectNode out = World.JSON.objectNode();
            for (JsonNode item : batch(ctx)) {
                World.Token t = open(tokenField(item));
                String side = side(item.path("side").isTextual() ? item.get("side").asText() : null);
                ObjectNode sides = out.has(t.tokenId()) ? (ObjectNode) out.get(t.tokenId()) : out.putObject(t.tokenId());
                sides.put(side, str(side.equals("BUY") ? bestBid(t) : bestAsk(t)));
            }
            json(ctx, out);
        });
        app.get("/midpoint", ctx -> json(ctx, obj("mid", str(mid(open(ctx.queryParam("token_id")))))));
        app.post("/midpoints", ctx -> keyed(ctx, this::mid));
        app.get("/spread", ctx -> json(ctx, obj("spread", str(spread(open(ctx.queryParam("token_id")))))));
        app.post("/spreads", ctx -> keyed(ctx, this::spread));
        app.get("/last-trade-price", ctx -> {
            World.Token t = known(ctx.queryParam("token_id"), "No orderbook exists for the requested token id");
            ObjectNode o = obj("price", str(lastTrade(t)));
            o.put("side", lastSide(t));
            json(ctx, o);
        });
        app.post("/last-trades-prices", ctx -> {
            ArrayNode out = World.JSON.arrayNode();
            for (JsonNode item : batch(ctx)) {
                World.Token t = known(tokenField(item), "No orderbook exists for the requested token id");
                ObjectNode o = out.addObject();
                o.put("token_id", t.tokenId());
                o.put("price", str(lastTrade(t)));
                o.put("side", lastSide(t));
            }
            json(ctx, out);
        });
        app.get("/tick-size", ctx -> {
            World.Token t = known(ctx.queryParam("token_id"), "market not found");
            ObjectNode o = World.JSON.objectNode();
            o.put("minimum_tick_size", t.tickSize());
            json(ctx, o);
        });
        app.get("/neg-risk", ctx -> {
            World.Token t = known(ctx.queryParam("token_id"), "market not found");
            ObjectNode o = World.JSON.objectNode();
            o.put("neg_risk", t.negRisk());
            json(ctx, o);
        });
        app.get("/prices-history", this::pricesHistory);
        app.get("/ohlc", this::ohlc);
    }

    /** A batch answered as {@code {token_id: value}}. */
    private void keyed(Context ctx, java.util.function.Function<World.Token, BigDecimal> value) throws java.io.IOException {
        ObjectNode out = World.JSON.objectNode();
        for (JsonNode item : batch(ctx)) {
            World.Token t = open(tokenField(item));
            out.put(t.tokenId(), str(value.apply(t)));
        }
        json(ctx, out);
    }

    // ---- tokens ---------------------------------------------------------------------------------------------------

    private World.Token known(String tokenId, String notFound) {
        if (tokenId == null || tokenId.isBlank() || !tokenId.chars().allMatch(Character::isDigit) || tokenId.length() > 80) {
            throw new ClobError(400, "Invalid token id");
        }
        World.Token t = world.token(tokenId);
        if (t == null) throw new ClobError(404, notFound);
        return t;
    }

    /** A token with a live book: closed markets have none. */
    private World.Token open(String tokenId) {
        World.Token t = known(tokenId, "No orderbook exists for the requested token id");
        if (t.closed()) throw new ClobError(404, "No orderbook exists for the requested token id");
        return t;
    }

    /** An item of a batch body: an object with a string {@code token_id}, else the whole body is malformed. */
    private static String tokenField(JsonNode item) {
        JsonNode t = item.isObject() ? item.get("token_id") : null;
        if (t == null || !t.isTextual()) throw new ClobError(400, "Invalid payload");
        return t.asText();
    }

    private static List<JsonNode> batch(Context ctx) {
        JsonNode body;
        try {
            body = Sandbox.MAPPER.readTree(ctx.body());
        } catch (Exception e) {
            throw new ClobError(400, "Invalid payload");
        }
        if (body == null || !body.isArray() || body.isEmpty()) throw new ClobError(400, "Invalid payload");
        if (body.size() > MAX_BATCH) throw new ClobError(400, "Payload exceeds the limit");
        List<JsonNode> out = new java.util.ArrayList<>();
        body.forEach(out::add);
        return out;
    }

    private static String side(String side) {
        if (side == null || !(side.equals("BUY") || side.equals("SELL"))) throw new ClobError(400, "Invalid side");
        return side;
    }

    synchronized PricePath path(World.Token t) {
        return paths.computeIfAbsent(t.tokenId(), k -> {
            World.Token first = t.index() == 0 ? t : firstOf(t);
            return new PricePath(t, first, world.now());
        });
    }

    private World.Token firstOf(World.Token t) {
        for (World.Token x : world.tokens()) if (x.marketId().equals(t.marketId()) && x.index() == 0) return x;
        return t;
    }

    // ---- the book -------------------------------------------------------------------------------------------------

    /** The world's anchor minute. */
    long anchorMinute() {
        return world.now().getEpochSecond() / 60;
    }

    /** The present's minute: books and the ends of histories and candles. */
    private long nowMinute() {
        return present.getAsLong() / 60_000;
    }

    private static BigDecimal tick(World.Token t) {
        return TickQuotes.tick(t);
    }

    BigDecimal bestBid(World.Token t) {
        var l = liveLevels(t);
        if (l != null && !l.bids().isEmpty()) return l.bids().get(0).price();
        return seededBid(t);
    }

    BigDecimal bestAsk(World.Token t) {
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

    BigDecimal mid(World.Token t) {
        return bestBid(t).add(bestAsk(t)).divide(BigDecimal.valueOf(2), tick(t).scale() + 1, RoundingMode.HALF_UP).stripTrailingZeros();
    }

    BigDecimal spread(World.Token t) {
        return bestAsk(t).subtract(bestBid(t));
    }

    BigDecimal lastTrade(World.Token t) {
        org.marketlab.sandbox.trading.Engine e = live;
        var fill = e == null ? null : e.lastFill(t.tokenId());
        if (fill != null) return fill.price();
        return TickQuotes.lastTrade(t, path(t), nowMinute());
    }

    private String lastSide(World.Token t) {
        org.marketlab.sandbox.trading.Engine e = live;
        var fill = e == null ? null : e.lastFill(t.tokenId());
        if (fill != null) return fill.takerBought() ? "BUY" : "SELL";
        return PricePath.unit(PricePath.mix(t.tokenId().hashCode()), 3) < 0.5 ? "BUY" : "SELL";
    }

    /** The book, best price last on both sides, and its hash over the compact JSON with {@code hash} empty. */
    ObjectNode book(World.Token t) {
        return book(t, liveLevels(t));
    }

    /**
     * The book as seeded, whatever has traded since: the levels the matching engine starts a token's book from, and
     * those the demo wallets' seeded orders rest at (so neither depends on what was traded first).
     */
    ObjectNode seededBook(World.Token t) {
        return book(t, null);
    }

    private ObjectNode book(World.Token t, org.marketlab.sandbox.trading.Engine.Levels live) {
        ObjectNode b = World.JSON.objectNode();
        b.put("market", t.conditionId());
        b.put("asset_id", t.tokenId());
        // The book changes once a minute (it is the price path's), so it is stamped with its minute: the same book,
        // the same hash, however often it is read in that minute.
        b.put("timestamp", Long.toString(nowMinute() * 60_000));
        b.put("hash", "");
        ArrayNode bids = b.putArray("bids");
        ArrayNode asks = b.putArray("asks");
        if (live != null) {
            // Best price last on both sides, as the seeded book.
            for (int i = live.bids().size() - 1; i >= 0; i--) level(bids, live.bids().get(i).price(), live.bids().get(i).size());
            for (int i = live.asks().size() - 1; i >= 0; i--) level(asks, live.asks().get(i).price(), live.asks().get(i).size());
        } else {
            seededLevels(t, bids, asks);
        }
        b.put("min_order_size", BigDecimal.valueOf(t.minOrderSize()).stripTrailingZeros().toPlainString());
        b.put("tick_size", tick(t).toPlainString());
        b.put("neg_risk", t.negRisk());
        b.put("last_trade_price", str(live != null ? lastTrade(t) : TickQuotes.lastTrade(t, path(t), nowMinute())));
        b.put("hash", hash(b));
        return b;
    }

    private void seededLevels(World.Token t, ArrayNode bids, ArrayNode asks) {
        BigDecimal bid = seededBid(t), ask = seededAsk(t), tick = tick(t);
        long seed = PricePath.mix(t.tokenId().hashCode());
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
        l.put("price", price.toPlainString());
        l.put("size", size.toPlainString());
    }

    private static BigDecimal size(long seed, int k) {
        double u = PricePath.unit(seed + k * 7919L, k);
        return BigDecimal.valueOf(Math.exp(3 + 3 * u)).setScale(2, RoundingMode.HALF_UP);
    }

    static String hash(ObjectNode book) {
        try {
            ObjectNode copy = book.deepCopy();
            copy.put("hash", "");
            byte[] d = MessageDigest.getInstance("SHA-1").digest(Sandbox.MAPPER.writeValueAsBytes(copy));
            return HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException | java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- history and candles ----------------------------------------------------------------------------------------

    private static final Map<String, Long> INTERVALS = Map.of("1h", 60L, "6h", 360L, "1d", 1440L, "1w", 10080L, "1m", 43200L);

    /** {@code {history: [{t, p}]}}: from startTs to endTs (seconds) or over an interval, every fidelity minutes. */
    private void pricesHistory(Context ctx) throws java.io.IOException {
        String market = ctx.queryParam("market");
        World.Token t = known(market, "market not found");
        String interval = ctx.queryParam("interval");
        Long start = seconds(ctx, "startTs");
        Long end = seconds(ctx, "endTs");
        Long fidelity = null;
        String f = ctx.queryParam("fidelity");
        if (f != null) {
            try {
                fidelity = Long.parseLong(f);
                if (fidelity < 1) throw new NumberFormatException();
            } catch (NumberFormatException e) {
                throw new ClobError(400, "invalid filters: fidelity must be a positive number of minutes, was '" + f + "'");
            }
        }
        PricePath path = path(t);
        long nowMin = nowMinute();
        long from, to;
        if (interval != null) {
            if (start != null || end != null) throw new ClobError(400, "invalid filters: interval cannot be combined with startTs/endTs");
            to = nowMin;
            from = switch (interval) {
                case "max", "all" -> path.startMinute();
                default -> {
                    Long minutes = INTERVALS.get(interval);
                    if (minutes == null) throw new ClobError(400, "invalid filters: interval must be one of max, all, 1m, 1w, 1d, 6h, 1h");
                    yield nowMin - minutes;
                }
            };
        } else {
            if (start == null && end == null) throw new ClobError(400, "invalid filters: startTs and endTs, or interval, are required");
            from = start != null ? start / 60 : path.startMinute();
            to = end != null ? end / 60 : nowMin;
            if (from > to) throw new ClobError(400, "invalid filters: startTs is after endTs");
        }
        from = Math.max(from, path.startMinute());
        to = Math.min(to, nowMin);
        if (fidelity == null) fidelity = defaultFidelity(to - from);
        if ((to - from) / fidelity > 200_000) throw new ClobError(400, "invalid filters: too many points; raise fidelity or narrow the window");
        ObjectNode out = World.JSON.objectNode();
        ArrayNode h = out.putArray("history");
        long first = from % fidelity == 0 ? from : from + (fidelity - from % fidelity);
        for (long m = first; m <= to; m += fidelity) {
            ObjectNode pt = h.addObject();
            pt.put("t", m * 60);
            pt.put("p", Math.round(path.at(m) * 10_000) / 10_000.0);
        }
        json(ctx, out);
    }

    /** Without a fidelity, the finest of 1, 5, 15, 30, 60, 240, 720 or 1440 minutes that keeps a span to 1,000 points. */
    static long defaultFidelity(long minutes) {
        for (long f : new long[]{1, 5, 15, 30, 60, 240, 720}) if (minutes / f < 1000) return f;
        return 1440;
    }

    private void ohlc(Context ctx) throws java.io.IOException {
        String asset = ctx.queryParam("asset_id");
        if (asset == null || asset.isBlank()) throw new ClobError(400, "asset_id is required");
        Long start = seconds(ctx, "startTs");
        if (start == null) throw new ClobError(400, "startTs is required");
        Long end = seconds(ctx, "endTs");
        String fid = ctx.queryParam("fidelity");
        if (fid == null) fid = "1h";
        Long minutes = FIDELITY_MINUTES.get(fid);
        if (minutes == null) throw new ClobError(400, "invalid fidelity: " + fid);
        int limit = 1000;
        String l = ctx.queryParam("limit");
        if (l != null) {
            try {
                limit = Integer.parseInt(l);
            } catch (NumberFormatException e) {
                throw new ClobError(400, "invalid limit: " + l);
            }
            if (limit > 1000) throw new ClobError(400, "limit cannot exceed 1000");
            if (limit < 1) throw new ClobError(400, "invalid limit: " + l);
        }
        World.Token t = known(asset, "market not found");
        PricePath path = path(t);
        long nowMin = nowMinute();
        long from = Math.max(start / 60, path.startMinute());
        long to = Math.min(end != null ? end / 60 : nowMin, nowMin);
        long bucket = bucketStart(from, minutes);
        ObjectNode out = World.JSON.objectNode();
        ArrayNode candles = out.putArray("candles");
        for (int n = 0; n < limit && bucket <= to; bucket += minutes) {
            long lo = Math.max(bucket, path.startMinute());
            long hi = Math.min(bucket + minutes - 1, to);
            if (lo > hi) continue;
            // Every minute of the bucket: a candle agrees with the finer candles and the history inside it.
            double open = r4(path.at(lo)), close = r4(path.at(hi)), high = Math.max(open, close), low = Math.min(open, close), vol = 0;
            for (long m = lo; m <= hi; m++) {
                double p = r4(path.at(m));
                if (p > high) high = p;
                if (p < low) low = p;
                vol += path.volume(m);
            }
            ObjectNode c = candles.addObject();
            c.put("t", bucket * 60);
            c.put("o", open);
            c.put("h", high);
            c.put("l", low);
            c.put("c", close);
            c.put("v", Math.round(vol * 100) / 100.0);
            n++;
        }
        json(ctx, out);
    }

    /** The start of the bucket holding a minute: aligned to the fidelity from the epoch, weeks from a Monday. */
    static long bucketStart(long minute, long minutes) {
        long origin = minutes == 10080 ? 4 * 1440 : 0; // 1970-01-05 was a Monday
        return minute - Math.floorMod(minute - origin, minutes);
    }

    private static double r4(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }

    private static Long seconds(Context ctx, String name) {
        String v = ctx.queryParam(name);
        if (v == null || v.isEmpty()) return null;
        try {
            long s = Long.parseLong(v);
            if (s < 0) throw new NumberFormatException();
            return s;
        } catch (NumberFormatException e) {
            throw new ClobError(400, "invalid filters: " + name + " must be a Unix timestamp in seconds, was '" + v + "'");
        }
    }

    // ---- output -------------------------------------------------------------------------------------------------------

    private static ObjectNode obj(String k, String v) {
        ObjectNode o = World.JSON.objectNode();
        o.put(k, v);
        return o;
    }

    private static String str(BigDecimal v) {
        return v.toPlainString();
    }

    private static void json(Context ctx, JsonNode n) throws java.io.IOException {
        ctx.contentType("application/json").result(Sandbox.MAPPER.writeValueAsBytes(n));
    }
}
