package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.world.Assets;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.Predicate;

/**
 * The perpetuals exchange's public market data ({@code /v1/info/*}, no authentication): {@code instruments},
 * {@code tickers}, {@code statistics}, {@code book}, {@code fees}, {@code registered}, {@code klines}, {@code funding}
 * and {@code trades}.
 *
 * <p>The market is the world's: the instruments are the eight the accounts trade (ids 1 to 8, {@code SP500-USD} to
 * {@code SOL-USD}, {@link PerpsAccount#INSTRUMENTS}), each following its asset's path ({@link Assets}, the path the
 * accounts' entries, marks and funding charges are read from), so ids, names and prices agree between these reads and
 * the accounts. The mark at a moment is the asset's level then (between two minutes' levels, the geometric blend of
 * both); the funding rate of each 8-hour period is the world's ({@link FundingRates}, the rate the accounts are
 * charged); the index is the mark less the premium that rate pays, {@code mark / (1 + rate)}. The public tape has up to
 * three trades a minute at the mark, each buying when the mark rises over its minute; the book stands around the mark,
 * its sizes redrawn every five seconds. Klines are the mark's open, high, low and close over the bucket (sampled every
 * minute, or sixty times a bucket for the wider ones) with the tape's volume and count. History reads answer
 * {@code {data, more}}: klines oldest first, funding and trades newest first, {@value #PAGE} at most.
 */
final class PerpsInfo {

    static final int PAGE = 500;
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final long MINUTE = 60_000L;
    private static final long HOUR = 60 * MINUTE;
    private static final long DAY = 24 * HOUR;
    static final long FUNDING_INTERVAL = 8 * HOUR;
    private static final Map<String, Long> INTERVALS = Map.of("1s", 1_000L, "1m", MINUTE, "5m", 5 * MINUTE, "15m", 15 * MINUTE,
            "1h", HOUR, "4h", 4 * HOUR, "1d", DAY, "1w", 7 * DAY);

    /**
     * One listed instrument: its id and symbol (as the accounts trade them), category, base asset, decimals and
     * leverage, and its row in the accounts' instrument tables ({@link PerpsAccount#INSTRUMENTS}).
     */
    record Instrument(long id, String symbol, String category, String base, int priceDecimals, int quantityDecimals,
                      int maxLeverage, int row) {
    }

    static final List<Instrument> INSTRUMENTS = instruments();

    private static List<Instrument> instruments() {
        List<Instrument> out = new ArrayList<>();
        for (int k = 0; k < PerpsAccount.INSTRUMENTS.length; k++) {
            String base = PerpsAccount.ASSETS[k];
            Assets.Asset asset = Assets.bySymbol(base);
            boolean crypto = List.of("BTC", "ETH", "SOL").contains(base);
            String category = crypto ? "crypto" : asset.dollars() ? "commodity" : "index";
            // Quantities to the decimals that keep one unit's step near a dollar or less.
            int quantityDecimals = (int) Math.max(1, Math.min(5, Math.ceil(Math.log10(asset.level())) - 1));
            int leverage = base.equals("BTC") || base.equals("ETH") ? 50 : crypto ? 20 : category.equals("index") ? 20 : 10;
            out.add(new Instrument(PerpsAccount.INSTRUMENTS[k], PerpsAccount.SYMBOLS[k], category, base, PerpsAccount.PRICE_DECIMALS[k],
                    quantityDecimals, leverage, k));
        }
        return List.copyOf(out);
    }

    private final long seed;
    private final Supplier<Assets> assets;
    private final LongSupplier clock;
    private final Predicate<String> registered;

    /**
     * @param seed       the world's seed
     * @param assets     the world's asset paths (made on first use)
     * @param clock      the sandbox's wall clock in ms: the present of these reads
     * @param registered whether an address has registered
     */
    PerpsInfo(long seed, Supplier<Assets> assets, LongSupplier clock, Predicate<String> registered) {
        this.seed = seed;
        this.assets = assets;
        this.clock = clock;
        this.registered = registered;
    }

    // ---- the path ------------------------------------------------------------------------------------------------

    /** The mark of {@code i} at {@code t} (ms): its asset's level on the world's path, blended between minutes. */
    double mark(Instrument i, long t) {
        Assets a = assets.get();
        Assets.Asset asset = Assets.bySymbol(i.base());
        long m = Math.floorDiv(t, MINUTE);
        double f = (double) Math.floorMod(t, MINUTE) / MINUTE;
        double from = a.level(asset, m);
        return f == 0 ? from : from * Math.pow(a.level(asset, m + 1) / from, f);
    }

    /** The mark of {@code i} at {@code t} to the instrument's decimals: what the accounts are marked at. */
    BigDecimal markPrice(Instrument i, long t) {
        return price(i, mark(i, t));
    }

    /** The index: the mark less the premium the period's funding rate pays. */
    double index(Instrument i, long t) {
        return mark(i, t) / (1 + fundingRate(i, t).doubleValue());
    }

    /** A value in [-1, 1) from the seed, the instrument, a stream and a grid point. */
    private double uniform(long iid, long stream, long k) {
        return (mix(seed * 0x9E3779B97F4A7C15L + iid * 0xC2B2AE3D27D4EB4FL + stream * 0x165667B19E3779F9L + k) >>> 11) * 0x1.0p-52 - 1;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The funding rate of the 8-hour period ending at {@code periodEnd}: the world's, the one the accounts are charged. */
    BigDecimal fundingRate(Instrument i, long periodEnd) {
        return FundingRates.rate(seed, i.row(), periodEnd);
    }

    /** A trade of the public tape. */
    record Trade(long id, long time, boolean buy, BigDecimal price, BigDecimal quantity) {
    }

    /** The tape's trades in the minute starting at {@code minuteStart}, in time order. */
    List<Trade> tradesIn(Instrument i, long minuteStart) {
        long m = Math.floorDiv(minuteStart, MINUTE);
        long h = mix(seed ^ mix(i.id() * 31 + m));
        int n = (int) Math.floorMod(h, 4L);
        List<Trade> out = new ArrayList<>(n);
        long[] at = new long[n];
        for (int j = 0; j < n; j++) at[j] = m * MINUTE + Math.floorMod(mix(h + j), MINUTE);
        java.util.Arrays.sort(at);
        for (int j = 0; j < n; j++) {
            long t = at[j];
            double price = mark(i, t);
            boolean buy = mark(i, m * MINUTE + MINUTE) >= mark(i, m * MINUTE) ^ Math.floorMod(mix(h + 17 + j), 5L) == 0;
            double notional = 500 + Math.floorMod(mix(h + 101 + j), 40_000L);
            BigDecimal qty = BigDecimal.valueOf(notional / price).setScale(i.quantityDecimals(), RoundingMode.HALF_UP);
            if (qty.signum() == 0) qty = BigDecimal.ONE.movePointLeft(i.quantityDecimals());
            out.add(new Trade(m * 4 + j, t, buy, price(i, price), qty));
        }
        return out;
    }

    private static BigDecimal price(Instrument i, double p) {
        return BigDecimal.valueOf(p).setScale(i.priceDecimals(), RoundingMode.HALF_UP);
    }

    static Instrument instrument(long id) {
        for (Instrument i : INSTRUMENTS) if (i.id() == id) return i;
        return null;
    }

    // ---- routes --------------------------------------------------------------------------------------------------

    @Route("GET /v1/info/instruments")
    private void instruments(Context ctx) {
        Params p = Params.of(ctx, 400);
        Long only = p.natural("instrument_id");
        String category = p.oneOf("category", null, List.of("equity", "commodity", "index", "crypto"), false);
        ArrayNode out = JSON.arrayNode();
        for (Instrument i : INSTRUMENTS) {
            if (only != null && i.id() != only || category != null && !category.equals(i.category())) continue;
            ObjectNode o = out.addObject();
            o.put("instrument_id", i.id());
            o.put("instrument_type", "perpetual");
            o.put("category", i.category());
            o.put("symbol", i.symbol());
            o.put("display_symbol", i.base() + "-USD");
            o.put("close_only", false);
            o.put("base_asset", i.base());
            o.put("quote_asset", "USDC");
            o.put("funding_interval", "8h");
            o.put("quantity_decimals", i.quantityDecimals());
            o.put("price_decimals", i.priceDecimals());
            o.put("price_bounds", "0.05");
            o.put("liquidation_fee", "0.005");
            o.put("max_order_count", 200);
            o.put("min_notional", "10");
            o.put("max_market_notional", "1000000");
            o.put("max_limit_notional", "5000000");
            o.put("max_leverage", i.maxLeverage());
            o.put("isolated_only", false); // the accounts hold cross and isolated positions on every instrument
            ArrayNode tiers = o.putArray("risk_tiers");
            tiers.addObject().put("lower_bound", "0").put("max_leverage", i.maxLeverage());
            tiers.addObject().put("lower_bound", "1000000").put("max_leverage", Math.max(1, i.maxLeverage() / 2));
            tiers.addObject().put("lower_bound", "5000000").put("max_leverage", Math.max(1, i.maxLeverage() / 5));
            o.put("ui_live_time", 1_700_000_000_000L);
        }
        Json.send(ctx, out);
    }

    private interface Row {
        ObjectNode of(Instrument i, long now);
    }

    @Route("GET /v1/info/tickers")
    private void tickers(Context ctx) {
        Json.send(ctx, each(ctx, this::ticker));
    }

    @Route("GET /v1/info/statistics")
    private void statistics(Context ctx) {
        Json.send(ctx, each(ctx, this::statistic));
    }

    /** {@code {registered}}: whether {@code address} has registered a proxy. */
    @Route("GET /v1/info/registered")
    private void registered(Context ctx, Params p) {
        String address = p.matching("address", java.util.regex.Pattern.compile("0x[0-9a-fA-F]{40}"), "0x followed by 40 hex digits");
        if (address == null) throw p.missing("address", "0x followed by 40 hex digits");
        Json.send(ctx, JSON.objectNode().put("registered", registered.test(address)));
    }

    /** One row per instrument ({@code instrument_id} chooses one). */
    private ArrayNode each(Context ctx, Row row) {
        Long only = Params.of(ctx, 400).natural("instrument_id");
        long now = clock.getAsLong();
        ArrayNode out = JSON.arrayNode();
        for (Instrument i : INSTRUMENTS) if (only == null || only == i.id()) out.add(row.of(i, now));
        return out;
    }

    private ObjectNode ticker(Instrument i, long now) {
        ObjectNode o = JSON.objectNode();
        o.put("instrument_id", i.id());
        o.put("symbol", i.symbol());
        o.put("index_price", price(i, index(i, now)).toPlainString());
        o.put("mark_price", price(i, mark(i, now)).toPlainString());
        o.put("last_price", lastTrade(i, now).price().toPlainString());
        o.put("mid_price", price(i, mark(i, now)).toPlainString());
        o.put("open_interest", openInterest(i, now).toPlainString());
        long next = Math.floorDiv(now, FUNDING_INTERVAL) * FUNDING_INTERVAL + FUNDING_INTERVAL;
        o.put("funding_rate", fundingRate(i, now).toPlainString());
        o.put("next_funding", next);
        o.put("timestamp", now);
        return o;
    }

    private ObjectNode statistic(Instrument i, long now) {
        ObjectNode o = JSON.objectNode();
        o.put("instrument_id", i.id());
        o.put("symbol", i.symbol());
        BigDecimal volume = BigDecimal.ZERO;
        ArrayNode klines = JSON.arrayNode();
        long start = Math.floorDiv(now - DAY, HOUR) * HOUR;
        for (long b = start; b < now; b += HOUR) {
            ArrayNode k = candle(i, b, Math.min(b + HOUR, now), HOUR);
            volume = volume.add(new BigDecimal(k.get(5).asText()));
            klines.add(k);
        }
        o.put("volume", volume.toPlainString());
        o.put("open_price", price(i, mark(i, now - DAY)).toPlainString());
        o.set("klines", klines);
        return o;
    }

    /** Open interest: a slow path of its own, about two days of the tape's notional. */
    private BigDecimal openInterest(Instrument i, long now) {
        double base = 2 * 24 * 60 * 1.5 * 20_000 / Assets.bySymbol(i.base()).level();
        return BigDecimal.valueOf(base * (1 + 0.3 * uniform(i.id(), 99, Math.floorDiv(now, 6 * HOUR)))).setScale(i.quantityDecimals(), RoundingMode.HALF_UP);
    }

    private Trade lastTrade(Instrument i, long now) {
        for (long m = Math.floorDiv(now, MINUTE) * MINUTE; m > now - DAY; m -= MINUTE) {
            List<Trade> ts = tradesIn(i, m);
            for (int j = ts.size() - 1; j >= 0; j--) if (ts.get(j).time() <= now) return ts.get(j);
        }
        return new Trade(0, now, true, price(i, mark(i, now)), BigDecimal.ZERO);
    }

    @Route("GET /v1/info/book")
    private void book(Context ctx) {
        Params p = Params.of(ctx, 400);
        Instrument i = required(p);
        int depth = p.between("depth", 100, 1, 1000);
        long now = clock.getAsLong();
        double mid = mark(i, now);
        BigDecimal tick = BigDecimal.ONE.movePointLeft(i.priceDecimals());
        BigDecimal bid = price(i, mid).subtract(tick), ask = price(i, mid).add(tick);
        long slot = Math.floorDiv(now, 5_000L);
        ObjectNode o = JSON.objectNode();
        o.put("instrument_id", i.id());
        ArrayNode bids = o.putArray("bids"), asks = o.putArray("asks");
        // Levels a few basis points apart, deeper further out.
        BigDecimal step = BigDecimal.valueOf(Math.max(tick.doubleValue(), mid * 0.0002)).setScale(i.priceDecimals(), RoundingMode.UP);
        for (int k = 0; k < Math.min(depth, 25); k++) {
            double size = (2_000 + Math.floorMod(mix(seed + i.id() * 7 + slot * 131 + k), 30_000L)) * (1 + k * 0.15) / mid;
            BigDecimal qty = BigDecimal.valueOf(size).setScale(i.quantityDecimals(), RoundingMode.HALF_UP).max(BigDecimal.ONE.movePointLeft(i.quantityDecimals()));
            bids.addArray().add(bid.subtract(step.multiply(BigDecimal.valueOf(k))).toPlainString()).add(qty.toPlainString());
            double sizeAsk = (2_000 + Math.floorMod(mix(seed + i.id() * 11 + slot * 137 + k), 30_000L)) * (1 + k * 0.15) / mid;
            BigDecimal qtyAsk = BigDecimal.valueOf(sizeAsk).setScale(i.quantityDecimals(), RoundingMode.HALF_UP).max(BigDecimal.ONE.movePointLeft(i.quantityDecimals()));
            asks.addArray().add(ask.add(step.multiply(BigDecimal.valueOf(k))).toPlainString()).add(qtyAsk.toPlainString());
        }
        o.put("timestamp", now);
        o.put("sequence", slot);
        Json.send(ctx, o);
    }

    @Route("GET /v1/info/fees")
    private void fees(Context ctx) {
        Json.send(ctx, fees());
    }

    private ObjectNode fees() {
        ObjectNode out = JSON.objectNode();
        ArrayNode schedule = out.putArray("fee_schedule");
        for (String category : List.of("crypto", "index", "equity", "commodity")) {
            ObjectNode e = schedule.addObject();
            e.put("instrument_type", "perpetual");
            e.put("category", category);
            e.put("taker_fee_rate", "0.00045");
            e.put("maker_fee_rate", "0.00015");
            ArrayNode tiers = e.putArray("tiers");
            tiers.addObject().put("min_volume_30d", "0").put("taker_fee_rate", "0.00045").put("maker_fee_rate", "0.00015");
            tiers.addObject().put("min_volume_30d", "5000000").put("taker_fee_rate", "0.0004").put("maker_fee_rate", "0.0001");
            tiers.addObject().put("min_volume_30d", "25000000").put("taker_fee_rate", "0.00035").put("maker_fee_rate", "0.00005");
        }
        return out;
    }

    /** {@code [[timestamp, open, high, low, close, volume, trades], ...]} oldest first, from {@code start_timestamp}. */
    @Route("GET /v1/info/klines")
    private void klines(Context ctx) {
        InstrumentRead r = read(ctx, "instrument_id", "interval");
        String interval = r.params().oneOf("interval", "1h", List.copyOf(new java.util.TreeSet<>(INTERVALS.keySet())), false);
        long width = INTERVALS.get(interval);
        long[] window = r.window();
        Page page = new Page();
        for (long b = Math.floorDiv(window[0], width) * width; b <= window[1] && !page.full(); b += width) {
            page.rows.add(candle(r.instrument(), b, Math.min(b + width, r.now()), width));
        }
        page.send(ctx);
    }

    private ArrayNode candle(Instrument i, long from, long to, long width) {
        long step = Math.max(width >= HOUR ? width / 60 : MINUTE, 1_000L);
        if (width < MINUTE) step = width;
        double open = mark(i, from), high = open, low = open, close = open;
        for (long t = from + step; t < Math.max(to, from + 1); t += step) {
            double m = mark(i, t);
            high = Math.max(high, m);
            low = Math.min(low, m);
            close = m;
        }
        BigDecimal volume = BigDecimal.ZERO;
        long trades = 0;
        if (width <= DAY) {
            for (long m = Math.floorDiv(from, MINUTE) * MINUTE; m < Math.max(to, from + 1); m += MINUTE) {
                for (Trade t : tradesIn(i, m)) {
                    if (t.time() >= from && t.time() < Math.max(to, from + 1)) {
                        volume = volume.add(t.quantity());
                        trades++;
                    }
                }
            }
        } else {
            // A week's bucket: the tape of one minute in sixty, scaled to the bucket.
            for (long m = Math.floorDiv(from, MINUTE) * MINUTE; m < to; m += HOUR) {
                for (Trade t : tradesIn(i, m)) {
                    volume = volume.add(t.quantity().multiply(BigDecimal.valueOf(60)));
                    trades += 60;
                }
            }
        }
        ArrayNode k = JSON.arrayNode();
        k.add(from).add(price(i, open).toPlainString()).add(price(i, high).toPlainString()).add(price(i, low).toPlainString())
                .add(price(i, close).toPlainString()).add(volume.toPlainString()).add(trades);
        return k;
    }

    /** {@code [{funding_rate, timestamp}]} newest first: one per 8-hour period ending in the window. */
    @Route("GET /v1/info/funding")
    private void funding(Context ctx) {
        InstrumentRead r = read(ctx, "instrument_id");
        long[] window = r.window();
        Page page = new Page();
        for (long t = Math.floorDiv(Math.min(window[1], r.now()), FUNDING_INTERVAL) * FUNDING_INTERVAL; t >= window[0] && !page.full(); t -= FUNDING_INTERVAL) {
            page.rows.addObject().put("funding_rate", fundingRate(r.instrument(), t).toPlainString()).put("timestamp", t);
        }
        page.send(ctx);
    }

    /** The public tape in the window, newest first. */
    @Route("GET /v1/info/trades")
    private void trades(Context ctx) {
        InstrumentRead r = read(ctx, "instrument_id");
        Instrument i = r.instrument();
        long[] window = r.window();
        long to = Math.min(window[1], r.now());
        Page page = new Page();
        outer:
        for (long m = Math.floorDiv(to, MINUTE) * MINUTE; m + MINUTE > window[0]; m -= MINUTE) {
            List<Trade> ts = tradesIn(i, m);
            for (int j = ts.size() - 1; j >= 0; j--) {
                Trade t = ts.get(j);
                if (t.time() > to || t.time() < window[0]) continue;
                if (page.full()) break outer;
                ObjectNode o = page.rows.addObject();
                o.put("trade_id", t.id() * INSTRUMENTS.size() + INSTRUMENTS.indexOf(i));
                o.put("instrument_id", i.id());
                o.put("side", t.buy() ? "long" : "short");
                o.put("price", t.price().toPlainString());
                o.put("quantity", t.quantity().toPlainString());
                o.put("timestamp", t.time());
            }
        }
        page.send(ctx);
    }

    /** A public read of one instrument's history: its parameters, the instrument they name and the present (ms). */
    private record InstrumentRead(Params params, Instrument instrument, long now) {

        /** {@code [from, to]} of {@link PerpsInfo#window}. */
        long[] window() {
            return PerpsInfo.window(params, now);
        }
    }

    /** The parameters ({@link #history}), the instrument they must name ({@code instrument_id}) and the present. */
    private InstrumentRead read(Context ctx, String... filters) {
        Params p = history(ctx, filters);
        return new InstrumentRead(p, required(p), clock.getAsLong());
    }

    /** The rows of one {@code {data, more}} answer, {@value #PAGE} at most. */
    private static final class Page {
        final ArrayNode rows = JSON.arrayNode();
        private boolean more;

        /** Whether the page holds {@value #PAGE} rows: then there are more, and the read stops. */
        boolean full() {
            if (rows.size() == PAGE) more = true;
            return more;
        }

        void send(Context ctx) {
            ObjectNode out = JSON.objectNode();
            out.set("data", rows);
            out.put("more", more);
            Json.send(ctx, out);
        }
    }

    // ---- parameters ----------------------------------------------------------------------------------------------

    /**
     * The parameters of a history read (the public ones here, the account's in {@link PerpsSandbox}):
     * {@code start_timestamp}, {@code end_timestamp} and its {@code filters}, no others.
     */
    static Params history(Context ctx, String... filters) {
        Params p = Params.of(ctx, 400);
        List<String> allowed = new ArrayList<>(List.of(filters));
        allowed.add("start_timestamp");
        allowed.add("end_timestamp");
        p.onlyThese(allowed);
        return p;
    }

    /** {@code start_timestamp} (default a day before the end) to {@code end_timestamp} (default now), both inclusive, ms. */
    private static long[] window(Params p, long now) {
        Long start = p.natural("start_timestamp"), end = p.natural("end_timestamp");
        long to = end != null ? end : now;
        long from = start != null ? start : to - DAY;
        if (from > to) throw p.invalid("start_timestamp", from, "not after end_timestamp (" + to + ")");
        return new long[]{from, to};
    }

    private static Instrument required(Params p) {
        Long id = p.natural("instrument_id");
        if (id == null) throw p.missing("instrument_id", "a listed instrument's id");
        Instrument i = instrument(id);
        if (i == null) throw Refusal.notFound("instrument " + id + " not found");
        return i;
    }
}
