package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.route.Refusal;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * The server-run order algorithms of the perpetuals exchange, as the official client drives them.
 *
 * <p><b>TWAP</b> ({@code createTwap}, {@code controlTwap}, {@code cancelTwap}; {@code GET /v1/account/twaps}): a parent
 * quantity sliced over {@code dur} (5 minutes to 24 hours) every {@code ivl} ms (0 or omitted: every 30 s when that
 * divides the duration, else one slice; otherwise at least 30 000 and an exact divisor). A slice is an immediate-or-cancel
 * order at the mark moved by {@code slip_bps} (0: the venue default, 300) against the parent, kept inside
 * {@code min_px}/{@code max_px}; it fills at the mark as a taker, or not at all when the bound stops it. Each slice takes
 * what is left over the slices left, in whole lots of the instrument and at least one ({@code rnd}: up to 20 % more or
 * less, the last one what remains). A paused run
 * skips its slices, keeping its end; the run ends after its last slice and leaves the list.
 *
 * <p><b>Chase</b> ({@code createChase}, {@code cancelChase}; {@code GET /v1/account/chases}): a post-only child order
 * resting one tick inside the mark on its own side (a bid one cent below the account's mark, an offer one cent above),
 * re-priced there as the mark moves, never past {@code lim} nor further than {@code max_dist} (or
 * {@code max_dist_bps}) from where it started, until it is filled (by the account's fill process) or the chase is
 * cancelled, which cancels the child. The child cannot be cancelled or modified by itself.
 *
 * <p>Every command is signed like the other trading operations, over {@code [type, [its arguments in order]]} without
 * the nulls; it is checked in full before it acts, and answers {@code {status: ok, ...}} or {@code {status: err, error}}.
 * Slices and re-pricing run on the sandbox's clock every second, and on demand through {@link #runDue(long)}.
 */
final class Algorithms {

    static final long MIN_DURATION_MS = 300_000;
    static final long MAX_DURATION_MS = 86_400_000;
    static final long MIN_INTERVAL_MS = 30_000;
    static final int DEFAULT_SLIPPAGE_BPS = 300;
    private static final BigDecimal CENT = new BigDecimal("0.01");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final Trading trading;
    private final Function<String, PerpsAccount> accounts;
    private final LongSupplier clock;
    private final LongFunction<BigDecimal> marketMark;
    private final AtomicLong ids = new AtomicLong(1);
    /** Running and paused TWAPs, and running chases, per owner, in creation order. */
    private final Map<String, List<ObjectNode>> twaps = new ConcurrentHashMap<>();
    private final Map<String, List<ObjectNode>> chases = new ConcurrentHashMap<>();
    /** Each running chase's child order (the live node the account's book holds while it is open). */
    private final Map<Long, ObjectNode> children = new ConcurrentHashMap<>();

    Algorithms(Trading trading, Function<String, PerpsAccount> accounts, LongSupplier clock, LongFunction<BigDecimal> marketMark) {
        this.trading = trading;
        this.accounts = accounts;
        this.clock = clock;
        this.marketMark = marketMark;
    }

    // ---- TWAP ---------------------------------------------------------------------------------------------------------

    ObjectNode createTwap(JsonNode body) {
        JsonNode a = Bodies.args(body, "createTwap");
        long iid = uint32(a, "iid");
        BigDecimal qty = sideAndQuantity(a);
        long dur = range(a, "dur", MIN_DURATION_MS, MAX_DURATION_MS, true);
        Long ivlGiven = a.has("ivl") ? range(a, "ivl", 0, dur, true) : null;
        if (ivlGiven != null && ivlGiven != 0 && (ivlGiven < MIN_INTERVAL_MS || dur % ivlGiven != 0)) {
            throw Refusal.badRequest("op.args.ivl must be 0 (derived) or at least " + MIN_INTERVAL_MS + " ms and divide dur exactly");
        }
        long slip = a.has("slip_bps") ? range(a, "slip_bps", 0, 10_000, true) : 0;
        BigDecimal min = a.has("min_px") ? decimal(a, "min_px", true) : BigDecimal.ZERO;
        BigDecimal max = a.has("max_px") ? decimal(a, "max_px", true) : BigDecimal.ZERO;
        if (min.signum() > 0 && max.signum() > 0 && min.compareTo(max) >= 0) throw Refusal.badRequest("op.args.max_px must exceed min_px when both are set");
        String coid = coid(a);
        ArrayNode op = JSON.arrayNode().add("createTwap");
        op.addArray().add(iid).add(a.get("buy").asBoolean()).add(a.get("qty").asText()).add(dur).add(a.get("ivl")).add(a.path("rnd").asBoolean(false))
                .add(slip).add(a.get("min_px")).add(a.get("max_px")).add(a.path("ro").asBoolean(false)).add(a.get("c"));
        String owner = trading.verify(body, op, null).owner();
        if (marketMark.apply(iid) == null) return error("unknown instrument " + iid);
        long ivl = ivlGiven == null || ivlGiven == 0 ? (dur % MIN_INTERVAL_MS == 0 ? MIN_INTERVAL_MS : dur) : ivlGiven;
        long now = clock.getAsLong();
        List<ObjectNode> runs = twaps.computeIfAbsent(owner, k -> new ArrayList<>());
        synchronized (runs) {
            if (coid != null && runs.stream().anyMatch(t -> coid.equals(t.path("coid").asText(null)))) return error("duplicate client order id " + coid);
            ObjectNode t = JSON.objectNode();
            t.put("twid", ids.getAndIncrement()).put("iid", iid).put("buy", a.get("buy").asBoolean()).put("qty", qty.toPlainString()).put("fill", "0");
            t.put("dur", dur).put("ivl", ivl).put("rnd", a.path("rnd").asBoolean(false)).put("slip_bps", slip);
            t.put("min_px", min.toPlainString()).put("max_px", max.toPlainString()).put("ro", a.path("ro").asBoolean(false)).put("st", "running");
            t.put("slices", 0).put("slice_count", (int) (dur / ivl)).put("sts", now).put("ets", now + dur).put("cts", now);
            t.putNull("avg_px");
            if (coid != null) t.put("coid", coid);
            t.put("cost", "0").put("next", 0); // the sandbox's own: the notional filled, the next slice's index
            runs.add(t);
            runTwaps(owner, now);
            return JSON.objectNode().put("status", "ok").put("twid", t.get("twid").asLong()).put("ts", now);
        }
    }

    ObjectNode controlTwap(JsonNode body) {
        JsonNode a = Bodies.args(body, "controlTwap");
        long id = range(a, "twid", 1, (1L << 53) - 1, true);
        String act = a.path("act").asText();
        if (!act.equals("pause") && !act.equals("resume")) throw Refusal.badRequest("op.args.act must be pause or resume, was '" + act + "'");
        ArrayNode op = JSON.arrayNode().add("controlTwap");
        op.addArray().add(id).add(act);
        String owner = trading.verify(body, op, null).owner();
        List<ObjectNode> runs = twaps.getOrDefault(owner, new ArrayList<>());
        synchronized (runs) {
            runTwaps(owner, clock.getAsLong());
            ObjectNode t = find(runs, "twid", id);
            if (t == null) return error("twap " + id + " not found: unknown, ended or not this account's");
            t.put("st", act.equals("pause") ? "paused" : "running");
            return JSON.objectNode().put("status", "ok");
        }
    }

    /** A cancel command's run id and the owner whose proxy signed {@code [type, [id]]}. */
    private record Named(String owner, long id) {
    }

    private Named named(JsonNode body, String type, String field) {
        long id = range(Bodies.args(body, type), field, 1, (1L << 53) - 1, true);
        ArrayNode op = JSON.arrayNode().add(type);
        op.addArray().add(id);
        return new Named(trading.verify(body, op, null).owner(), id);
    }

    ObjectNode cancelTwap(JsonNode body) {
        Named n = named(body, "cancelTwap", "twid");
        String owner = n.owner();
        long id = n.id();
        List<ObjectNode> runs = twaps.getOrDefault(owner, new ArrayList<>());
        synchronized (runs) {
            runTwaps(owner, clock.getAsLong());
            ObjectNode t = find(runs, "twid", id);
            if (t == null) return error("twap " + id + " not found: unknown, ended or not this account's");
            runs.remove(t);
            return JSON.objectNode().put("status", "ok");
        }
    }

    ArrayNode twaps(String owner) {
        List<ObjectNode> runs = twaps.getOrDefault(owner, new ArrayList<>());
        synchronized (runs) {
            runTwaps(owner, clock.getAsLong());
            return shown(runs, "twid");
        }
    }

    /** The slices of {@code owner}'s runs due by {@code now} (the runs' lock held); a run past its last slice ends. */
    private void runTwaps(String owner, long now) {
        List<ObjectNode> runs = twaps.get(owner);
        if (runs == null) return;
        PerpsAccount account = accounts.apply(owner);
        for (ObjectNode t : List.copyOf(runs)) {
            int count = t.get("slice_count").asInt();
            while (t.get("next").asInt() < count && t.get("sts").asLong() + t.get("next").asLong() * t.get("ivl").asLong() <= now) {
                int k = t.get("next").asInt();
                t.put("next", k + 1);
                if (t.get("st").asText().equals("running")) slice(account, t, count - k);
            }
            BigDecimal left = new BigDecimal(t.get("qty").asText()).subtract(new BigDecimal(t.get("fill").asText()));
            if (t.get("next").asInt() >= count || left.signum() <= 0) runs.remove(t);
        }
    }

    /** One slice of {@code t}, {@code left} slices (this one included) remaining. */
    private void slice(PerpsAccount account, ObjectNode t, int left) {
        BigDecimal rest = new BigDecimal(t.get("qty").asText()).subtract(new BigDecimal(t.get("fill").asText()));
        if (rest.signum() <= 0) return;
        long iid = t.get("iid").asLong();
        PerpsInfo.Instrument instrument = PerpsInfo.instrument(iid);
        int scale = instrument == null ? Math.max(3, rest.scale()) : instrument.quantityDecimals();
        BigDecimal lot = BigDecimal.ONE.scaleByPowerOfTen(-scale);
        BigDecimal qty = left <= 1 ? rest : rest.divide(BigDecimal.valueOf(left), scale, RoundingMode.DOWN);
        if (t.get("rnd").asBoolean() && left > 1) {
            double jitter = 0.8 + new SplittableRandom(t.get("twid").asLong() * 31 + left).nextDouble() * 0.4;
            qty = qty.multiply(BigDecimal.valueOf(jitter)).setScale(scale, RoundingMode.DOWN);
        }
        qty = qty.max(lot).min(rest); // at least one lot a slice, so a small parent ends early rather than never trading
        BigDecimal mark = marketMark.apply(iid);
        if (mark == null) return;
        boolean buy = t.get("buy").asBoolean();
        int bps = t.get("slip_bps").asInt() == 0 ? DEFAULT_SLIPPAGE_BPS : t.get("slip_bps").asInt();
        BigDecimal limit = mark.multiply(BigDecimal.ONE.add(BigDecimal.valueOf(buy ? bps : -bps, 4))).setScale(mark.scale(), RoundingMode.HALF_EVEN);
        BigDecimal min = new BigDecimal(t.get("min_px").asText()), max = new BigDecimal(t.get("max_px").asText());
        if (buy && max.signum() > 0) limit = limit.min(max);
        if (!buy && min.signum() > 0) limit = limit.max(min);
        ObjectNode entry = JSON.objectNode().put("iid", iid).put("buy", buy).put("qty", qty.toPlainString()).put("p", limit.toPlainString())
                .put("tif", "ioc").put("po", false).put("ro", t.get("ro").asBoolean());
        synchronized (account) {
            Trading.Placed placed = trading.place(account, entry);
            t.put("slices", t.get("slices").asInt() + 1);
            if (placed.order() == null) return;
            t.put("oid", placed.order().get("oid").asLong());
            BigDecimal filled = new BigDecimal(placed.order().get("fill").asText());
            if (filled.signum() == 0) return;
            BigDecimal total = new BigDecimal(t.get("fill").asText()).add(filled);
            BigDecimal cost = new BigDecimal(t.get("cost").asText()).add(filled.multiply(mark));
            t.put("fill", total.toPlainString()).put("cost", cost.toPlainString());
            t.put("avg_px", cost.divide(total, mark.scale() + 2, RoundingMode.HALF_EVEN).toPlainString());
        }
    }

    // ---- chase --------------------------------------------------------------------------------------------------------

    ObjectNode createChase(JsonNode body) {
        JsonNode a = Bodies.args(body, "createChase");
        long iid = uint32(a, "iid");
        BigDecimal qty = sideAndQuantity(a);
        BigDecimal lim = a.has("lim") ? decimal(a, "lim", true) : BigDecimal.ZERO;
        BigDecimal dist = a.has("max_dist") ? decimal(a, "max_dist", true) : BigDecimal.ZERO;
        long bps = a.has("max_dist_bps") ? range(a, "max_dist_bps", 1, 1000, true) : 0;
        if (bps > 0 && dist.signum() > 0) throw Refusal.badRequest("op.args: max_dist or max_dist_bps, not both");
        String coid = coid(a);
        boolean buy = a.get("buy").asBoolean();
        ArrayNode op = JSON.arrayNode().add("createChase");
        op.addArray().add(iid).add(buy).add(a.get("qty").asText()).add(a.get("lim")).add(a.get("max_dist")).add(a.get("max_dist_bps"))
                .add(a.path("po").asBoolean(true)).add(a.path("ro").asBoolean(false)).add(a.get("c"));
        String owner = trading.verify(body, op, null).owner();
        BigDecimal market = marketMark.apply(iid);
        if (market == null) return error("unknown instrument " + iid);
        PerpsAccount account = accounts.apply(owner);
        List<ObjectNode> running = chases.computeIfAbsent(owner, k -> new ArrayList<>());
        synchronized (running) {
            synchronized (account) {
                if (coid != null && (account.orderByCoid(coid) != null || running.stream().anyMatch(c -> coid.equals(c.path("coid").asText(null))))) {
                    return error("duplicate client order id " + coid);
                }
                account.markOr(iid, market);
                BigDecimal price = target(market, buy, lim, BigDecimal.ZERO, BigDecimal.ZERO, 0);
                ObjectNode entry = JSON.objectNode().put("iid", iid).put("buy", buy).put("qty", qty.toPlainString()).put("p", price.toPlainString())
                        .put("tif", "gtc").put("po", a.path("po").asBoolean(true)).put("ro", a.path("ro").asBoolean(false));
                if (coid != null) entry.put("c", coid);
                Trading.Placed placed = trading.place(account, entry);
                if (placed.order() == null) return placed.ack(); // refused before anything was kept
                ObjectNode ack = placed.ack();
                long now = clock.getAsLong();
                ObjectNode c = JSON.objectNode();
                c.put("chid", ids.getAndIncrement()).put("iid", iid).put("buy", buy).put("qty", qty.toPlainString()).put("fill", "0");
                c.put("lim", lim.toPlainString()).put("max_dist", dist.toPlainString()).put("max_dist_bps", bps);
                c.put("po", a.path("po").asBoolean(true)).put("ro", a.path("ro").asBoolean(false));
                c.put("reference_price", price.toPlainString()).put("reprices", 0).put("post_only_rejections", 0).put("cts", now);
                if (coid != null) c.put("coid", coid);
                c.put("oid", ack.get("oid").asLong()).put("start", price.toPlainString());
                placed.order().put("chid", c.get("chid").asLong());
                children.put(c.get("chid").asLong(), placed.order());
                running.add(c);
                return JSON.objectNode().put("status", "ok").put("chid", c.get("chid").asLong()).put("ts", now);
            }
        }
    }

    ObjectNode cancelChase(JsonNode body) {
        Named n = named(body, "cancelChase", "chid");
        String owner = n.owner();
        long id = n.id();
        List<ObjectNode> running = chases.getOrDefault(owner, new ArrayList<>());
        PerpsAccount account = accounts.apply(owner);
        synchronized (running) {
            runChases(owner);
            ObjectNode c = find(running, "chid", id);
            if (c == null) return error("chase " + id + " not found: unknown, ended or not this account's");
            running.remove(c);
            children.remove(id);
            synchronized (account) {
                trading.cancelChild(account, c.get("oid").asLong());
            }
            return JSON.objectNode().put("status", "ok");
        }
    }

    ArrayNode chases(String owner) {
        List<ObjectNode> running = chases.getOrDefault(owner, new ArrayList<>());
        synchronized (running) {
            runChases(owner);
            return shown(running, "chid");
        }
    }

    /** Each chase of {@code owner} follows its child: filled or gone, it ends; else the child is re-priced to its target. */
    private void runChases(String owner) {
        List<ObjectNode> running = chases.get(owner);
        if (running == null) return;
        PerpsAccount account = accounts.apply(owner);
        synchronized (account) {
            for (ObjectNode c : List.copyOf(running)) {
                long iid = c.get("iid").asLong();
                ObjectNode child = children.get(c.get("chid").asLong());
                if (Trading.open(account, c.get("oid").asLong()) == null) { // filled, or cancelled with every order
                    c.put("fill", child.get("fill").asText());
                    running.remove(c);
                    children.remove(c.get("chid").asLong());
                    continue;
                }
                c.put("fill", child.get("fill").asText());
                boolean buy = c.get("buy").asBoolean();
                BigDecimal target = target(account.mark(iid), buy, new BigDecimal(c.get("lim").asText()), new BigDecimal(c.get("start").asText()),
                        new BigDecimal(c.get("max_dist").asText()), c.get("max_dist_bps").asInt());
                if (target.compareTo(new BigDecimal(child.get("p").asText())) != 0) {
                    trading.reprice(account, child, target);
                    c.put("reference_price", target.toPlainString()).put("reprices", c.get("reprices").asInt() + 1);
                }
            }
        }
    }

    /** One cent inside the mark on the order's side, within {@code lim} and the distance from {@code start} (0: unset). */
    private static BigDecimal target(BigDecimal mark, boolean buy, BigDecimal lim, BigDecimal start, BigDecimal dist, long bps) {
        BigDecimal p = buy ? mark.subtract(CENT) : mark.add(CENT);
        if (lim.signum() > 0) p = buy ? p.min(lim) : p.max(lim);
        BigDecimal reach = bps > 0 ? start.multiply(BigDecimal.valueOf(bps, 4)) : dist;
        if (start.signum() > 0 && reach.signum() > 0) p = p.max(start.subtract(reach)).min(start.add(reach));
        return p.max(CENT).setScale(2, RoundingMode.HALF_EVEN);
    }

    // ---- both ---------------------------------------------------------------------------------------------------------

    /** Runs every account's TWAP slices and chase re-pricing due by {@code now} (ms). */
    void runDue(long now) {
        for (Map.Entry<String, List<ObjectNode>> e : twaps.entrySet()) {
            synchronized (e.getValue()) {
                runTwaps(e.getKey(), now);
            }
        }
        for (Map.Entry<String, List<ObjectNode>> e : chases.entrySet()) {
            synchronized (e.getValue()) {
                runChases(e.getKey());
            }
        }
    }

    /** The runs as the official client reads them, in ascending id order, without the sandbox's own fields. */
    private static ArrayNode shown(List<ObjectNode> runs, String id) {
        ArrayNode out = JSON.arrayNode();
        runs.stream().sorted((x, y) -> Long.compare(x.get(id).asLong(), y.get(id).asLong())).forEach(r -> {
            ObjectNode x = r.deepCopy();
            x.remove(List.of("cost", "next", "start"));
            out.add(x);
        });
        return out;
    }

    private static ObjectNode find(List<ObjectNode> runs, String field, long id) {
        for (ObjectNode r : runs) if (r.get(field).asLong() == id) return r;
        return null;
    }

    /** The parent's quantity, after checking it and its side ({@code buy}). */
    private static BigDecimal sideAndQuantity(JsonNode a) {
        if (!a.path("buy").isBoolean()) throw Refusal.badRequest("op.args.buy must be true or false");
        BigDecimal qty = decimal(a, "qty", true);
        if (qty.signum() <= 0) throw Refusal.badRequest("op.args.qty must be positive");
        return qty;
    }

    private static long uint32(JsonNode a, String field) {
        return range(a, field, 0, 4_294_967_295L, true);
    }

    private static long range(JsonNode a, String field, long min, long max, boolean required) {
        JsonNode n = a.path(field);
        if (!n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < min || n.asLong() > max) {
            throw Refusal.badRequest("op.args." + field + " must be an integer from " + min + " to " + max + ", was " + (n.isMissingNode() ? "missing" : n.toString()));
        }
        return n.asLong();
    }

    private static BigDecimal decimal(JsonNode a, String field, boolean required) {
        JsonNode n = a.path(field);
        if (!n.isTextual() || !DECIMAL.matcher(n.asText()).matches()) {
            throw Refusal.badRequest("op.args." + field + " must be a non-negative decimal string, was " + (n.isMissingNode() ? "missing" : n.toString()));
        }
        return new BigDecimal(n.asText());
    }

    private static String coid(JsonNode a) {
        if (!a.has("c")) return null;
        String c = a.get("c").asText("");
        if (!Trading.COID.matcher(c).matches()) throw Refusal.badRequest("op.args.c must be 32 lower-case hex characters");
        return c;
    }

    private static ObjectNode error(String message) {
        return JSON.objectNode().put("status", "err").put("error", message);
    }
}
