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
import org.marketlab.sandbox.wallets.ApiKeys;
import org.marketlab.sandbox.wallets.Ledger;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * The order book's liquidity rewards ({@code clob} host), from the sampling markets of {@link ClobMarketsApi} and the
 * resting orders of the accounts: {@code GET /rewards/markets/current}, {@code /rewards/markets/{condition_id}} and
 * {@code /rewards/markets/multi} (public), {@code /rewards/user}, {@code /rewards/user/total},
 * {@code /rewards/user/percentages} and {@code /rewards/user/markets} (L2), {@code GET /order-scoring} and
 * {@code POST /orders-scoring} (L2), and {@code GET /rebates/current} (public; the sandbox's base fees are 0, so no
 * maker pays a fee to be rebated and the list is empty).
 *
 * <p>How a reward is earned, the sandbox's model of the published scheme: an open order scores on a sampling market
 * when its size is at least the market's minimum and its price lies within the maximum spread {@code v} (cents) of the
 * midpoint; its score is {@code ((v - s) / v)^2 × size}, {@code s} its distance from the midpoint in cents. The book's
 * seeded levels within the spread score the same way (the wallet's seeded orders rest inside those levels), and an
 * account's share of a market is its orders' score over the book's and its placed orders'. A day's earnings are the
 * market's daily rate times that share, counting the orders created before the day's end and open now. Paged answers
 * are {@code {limit, count, next_cursor, data}} with the order book's cursors ({@value #PAGE} a page).
 */
public record RewardsApi(ClobMarketsApi markets, ClobAccountsApi accounts, LongSupplier clock) implements RouteModule {

    static final int PAGE = 500;
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern ORDER_ID = Pattern.compile("0x[0-9a-fA-F]{64}");
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    // ---- public --------------------------------------------------------------------------------------------------

    @Route("GET /rewards/markets/current")
    private void current(Context ctx, Params p) {
        Json.send(ctx, page(markets.sampling(), offset(p), PAGE, e -> {
            ObjectNode o = Json.object();
            o.put("condition_id", e.tokens()[0].conditionId());
            o.put("rewards_max_spread", ClobMarketsApi.maxSpread(e));
            o.put("rewards_min_size", ClobMarketsApi.minSize(e));
            o.set("rewards_config", configs(e, true));
            o.put("sponsored_daily_rate", 0);
            o.put("sponsors_count", 0);
            o.put("native_daily_rate", ClobMarketsApi.dailyRate(e));
            o.put("total_daily_rate", ClobMarketsApi.dailyRate(e));
            return o;
        }));
    }

    @Route("GET /rewards/markets/{condition_id}")
    private void market(Context ctx, Params p) {
        ClobMarketsApi.Entry e = markets.condition(ctx.pathParam("condition_id"));
        List<ClobMarketsApi.Entry> rows = e.sampling() ? List.of(e) : List.of();
        Json.send(ctx, page(rows, offset(p), PAGE, x -> {
            ObjectNode o = Json.object();
            o.put("condition_id", x.tokens()[0].conditionId());
            o.put("question", x.doc().path("question").asText(""));
            o.put("market_slug", x.doc().path("slug").asText(""));
            o.put("event_slug", eventSlug(x));
            o.put("image", x.doc().path("image").asText(""));
            o.put("rewards_max_spread", ClobMarketsApi.maxSpread(x));
            o.put("rewards_min_size", ClobMarketsApi.minSize(x));
            o.put("market_competitiveness", competitiveness(x));
            o.set("tokens", tokens(x));
            o.set("rewards_config", configs(x, false));
            return o;
        }));
    }

    /** Reward markets to discover: filtered by {@code q}, {@code tag_slug}, {@code market_id}, {@code event_id}, ordered by {@code order_by}. */
    @Route("GET /rewards/markets/multi")
    private void multi(Context ctx, Params p) {
        int size = p.between("page_size", 100, 1, PAGE);
        String q = p.string("q");
        List<String> tags = new ArrayList<>(p.list("tag_slug"));
        Long marketId = p.natural("market_id");
        List<String> events = new ArrayList<>(p.list("event_id"));
        String orderBy = p.oneOf("order_by", "rate_per_day", List.of("market_id", "created_at", "volume_24hr", "spread", "competitiveness",
                "max_spread", "min_size", "question", "one_day_price_change", "rate_per_day", "price", "end_date", "start_date", "reward_end_date"), false);
        boolean descending = p.oneOf("position", "DESC", List.of("ASC", "DESC"), true).equals("DESC");
        List<ClobMarketsApi.Entry> rows = new ArrayList<>();
        for (ClobMarketsApi.Entry e : markets.sampling()) {
            JsonNode d = e.doc();
            if (q != null && !d.path("question").asText("").toLowerCase(Locale.ROOT).contains(q.toLowerCase(Locale.ROOT))) continue;
            if (marketId != null && d.path("id").asLong(-1) != marketId) continue;
            if (!events.isEmpty() && !events.contains(eventId(e))) continue;
            if (!tags.isEmpty() && e.tags().stream().map(t -> t.toLowerCase(Locale.ROOT).replace(' ', '-')).noneMatch(tags::contains)) continue;
            rows.add(e);
        }
        Comparator<ClobMarketsApi.Entry> order = switch (orderBy) {
            case "market_id" -> Comparator.comparingLong(e -> e.doc().path("id").asLong());
            case "question" -> Comparator.comparing(e -> e.doc().path("question").asText(""));
            case "volume_24hr" -> Comparator.comparingDouble(e -> e.doc().path("volume24hr").asDouble(0));
            case "competitiveness" -> Comparator.comparingDouble(RewardsApi::competitiveness);
            case "spread", "max_spread" -> Comparator.comparing(ClobMarketsApi::maxSpread);
            case "min_size" -> Comparator.comparing(ClobMarketsApi::minSize);
            case "price" -> Comparator.comparing(e -> markets.price(e.tokens()[0]));
            case "end_date", "reward_end_date" -> Comparator.comparing(e -> String.valueOf(e.tokens()[0].endDate()));
            case "created_at", "start_date" -> Comparator.comparing(e -> String.valueOf(e.tokens()[0].createdAt()));
            case "one_day_price_change" -> Comparator.comparingDouble(e -> e.doc().path("oneDayPriceChange").asDouble(0));
            default -> Comparator.comparing(ClobMarketsApi::dailyRate);
        };
        order = order.thenComparing(e -> e.tokens()[0].conditionId());
        rows.sort(descending ? order.reversed() : order);
        Json.send(ctx, page(rows, offset(p), size, e -> {
            JsonNode d = e.doc();
            World.Token first = e.tokens()[0];
            ObjectNode o = Json.object();
            o.put("condition_id", first.conditionId());
            o.put("market_id", d.path("id").asText());
            o.put("market_slug", d.path("slug").asText(""));
            o.put("question", d.path("question").asText(""));
            o.put("image", d.path("image").asText(""));
            o.put("market_competitiveness", competitiveness(e));
            o.set("rewards_config", configs(e, true));
            o.put("rewards_max_spread", ClobMarketsApi.maxSpread(e));
            o.put("rewards_min_size", ClobMarketsApi.minSize(e));
            o.put("spread", decimal(d.path("spread"), BigDecimal.ZERO));
            o.set("tokens", tokens(e));
            o.put("group_item_title", d.path("groupItemTitle").asText(""));
            o.put("volume_24hr", decimal(d.path("volume24hr"), BigDecimal.ZERO));
            o.put("event_id", eventId(e));
            o.put("event_slug", eventSlug(e));
            o.put("created_at", first.createdAt() == null ? 0 : first.createdAt().toEpochMilli());
            o.put("one_day_price_change", decimal(d.path("oneDayPriceChange"), BigDecimal.ZERO));
            if (first.endDate() == null) o.putNull("end_date");
            else o.put("end_date", first.endDate().toEpochMilli());
            return o;
        }));
    }

    @Route("GET /rebates/current")
    private void rebates(Context ctx, Params p) {
        date(p);
        p.matching("maker_address", Pattern.compile("0x[0-9a-fA-F]{40}"), "a 0x-prefixed address of 40 hex digits");
        Json.send(ctx, Json.array());
    }

    // ---- the account's ---------------------------------------------------------------------------------------------

    @Route("GET /rewards/user")
    private void userEarnings(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        Params p = Params.of(ctx, 400);
        LocalDate day = date(p);
        List<Earning> rows = earnings(key, day);
        Json.send(ctx, page(rows, offset(p), PAGE, r -> {
            ObjectNode o = Json.object();
            o.put("date", day.toString());
            o.put("condition_id", r.market().tokens()[0].conditionId());
            o.put("asset_address", ClobMarketsApi.COLLATERAL);
            o.put("maker_address", r.maker());
            o.put("earnings", r.earnings());
            o.put("asset_rate", BigDecimal.ONE);
            return o;
        }));
    }

    @Route("GET /rewards/user/total")
    private void userTotal(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        Params p = Params.of(ctx, 400);
        LocalDate day = date(p);
        BigDecimal total = BigDecimal.ZERO;
        for (Earning r : earnings(key, day)) total = total.add(r.earnings());
        ArrayNode out = Json.array();
        ObjectNode o = out.addObject();
        o.put("date", day.toString());
        o.put("asset_address", ClobMarketsApi.COLLATERAL);
        o.put("maker_address", accounts.wallets().funder(key.address()));
        o.put("earnings", total);
        o.put("native_earnings", total);
        o.put("sponsored_earnings", BigDecimal.ZERO);
        o.put("asset_rate", BigDecimal.ONE);
        Json.send(ctx, out);
    }

    @Route("GET /rewards/user/percentages")
    private void percentages(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        ObjectNode out = Json.object();
        for (Map.Entry<ClobMarketsApi.Entry, BigDecimal> s : shares(key, null).entrySet()) {
            out.put(s.getKey().tokens()[0].conditionId(), s.getValue().multiply(HUNDRED).setScale(2, RoundingMode.HALF_EVEN).doubleValue());
        }
        Json.send(ctx, out);
    }

    @Route("GET /rewards/user/markets")
    private void userMarkets(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        Params p = Params.of(ctx, 400);
        LocalDate day = date(p);
        int size = p.between("page_size", 100, 1, PAGE);
        Map<ClobMarketsApi.Entry, BigDecimal> shares = shares(key, day);
        List<Earning> rows = earnings(key, day);
        Json.send(ctx, page(rows, offset(p), size, r -> {
            ClobMarketsApi.Entry e = r.market();
            ObjectNode o = Json.object();
            o.put("condition_id", e.tokens()[0].conditionId());
            o.put("earning_percentage", shares.getOrDefault(e, BigDecimal.ZERO).multiply(HUNDRED).setScale(2, RoundingMode.HALF_EVEN).doubleValue());
            ArrayNode earned = o.putArray("earnings");
            earned.addObject().put("asset_address", ClobMarketsApi.COLLATERAL).put("earnings", r.earnings()).put("asset_rate", BigDecimal.ONE);
            o.put("event_slug", eventSlug(e));
            o.put("image", e.doc().path("image").asText(""));
            o.put("maker_address", r.maker());
            o.put("market_competitiveness", competitiveness(e));
            o.put("market_slug", e.doc().path("slug").asText(""));
            o.put("question", e.doc().path("question").asText(""));
            ArrayNode configs = o.putArray("rewards_config");
            for (JsonNode c : configs(e, false)) {
                ObjectNode x = configs.addObject();
                x.put("asset_address", c.get("asset_address").asText());
                x.put("start_date", c.get("start_date").asText());
                x.put("end_date", c.path("end_date").isNull() ? "2500-12-31" : c.get("end_date").asText());
                x.set("rate_per_day", c.get("rate_per_day"));
                x.set("total_rewards", c.get("total_rewards"));
            }
            o.put("rewards_max_spread", ClobMarketsApi.maxSpread(e));
            o.put("rewards_min_size", ClobMarketsApi.minSize(e));
            o.set("tokens", tokens(e));
            return o;
        }));
    }

    @Route("GET /order-scoring")
    private void orderScoring(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        String id = Params.of(ctx, 400).required("order_id", "an order id: 0x and 64 hex digits");
        if (!ORDER_ID.matcher(id).matches()) throw Refusal.badRequest("Invalid orderID");
        Json.send(ctx, Json.object().put("scoring", scoring(key, id)));
    }

    @Route("POST /orders-scoring")
    private void ordersScoring(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        JsonNode body = Json.readOrNull(ctx.bodyAsBytes());
        if (body == null || !body.isArray()) throw Refusal.badRequest("Invalid payload: a JSON array of order ids");
        ObjectNode out = Json.object();
        for (JsonNode id : body) {
            if (!id.isTextual() || !ORDER_ID.matcher(id.asText()).matches()) throw Refusal.badRequest("Invalid orderID");
            out.put(id.asText(), scoring(key, id.asText()));
        }
        Json.send(ctx, out);
    }

    // ---- the model -----------------------------------------------------------------------------------------------

    private record Earning(ClobMarketsApi.Entry market, String maker, BigDecimal earnings) {
    }

    private boolean scoring(ApiKeys.Entry key, String id) {
        for (Ledger.Order o : accounts.openOrders(key.address())) {
            if (!o.id().equalsIgnoreCase(id)) continue;
            ClobMarketsApi.Entry e = markets.byCondition(o.market().conditionId());
            return e != null && e.sampling() && score(e, o.token(), o.price(), o.originalSize()).signum() > 0;
        }
        return false;
    }

    /** {@code ((v - s) / v)^2 × size} when the size reaches the minimum and the price lies within the spread, else 0. */
    private BigDecimal score(ClobMarketsApi.Entry e, World.Token token, BigDecimal price, BigDecimal size) {
        if (size.compareTo(ClobMarketsApi.minSize(e)) < 0) return BigDecimal.ZERO;
        BigDecimal v = ClobMarketsApi.maxSpread(e);
        BigDecimal s = price.subtract(markets.price(token)).abs().multiply(HUNDRED);
        if (s.compareTo(v) >= 0) return BigDecimal.ZERO;
        BigDecimal f = v.subtract(s).divide(v, MathContext.DECIMAL64);
        return f.multiply(f).multiply(size);
    }

    /** The account's share of each sampling market it scores on (by orders created before {@code day}'s end; null: now). */
    private Map<ClobMarketsApi.Entry, BigDecimal> shares(ApiKeys.Entry key, LocalDate day) {
        long until = day == null ? Long.MAX_VALUE : day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toEpochSecond();
        Map<ClobMarketsApi.Entry, BigDecimal> own = new LinkedHashMap<>();
        for (Ledger.Order o : accounts.openOrders(key.address())) {
            if (o.createdAt() >= until) continue;
            ClobMarketsApi.Entry e = markets.byCondition(o.market().conditionId());
            if (e == null || !e.sampling()) continue;
            BigDecimal sc = score(e, o.token(), o.price(), o.originalSize());
            if (sc.signum() > 0) own.merge(e, sc, BigDecimal::add);
        }
        Map<ClobMarketsApi.Entry, BigDecimal> out = new LinkedHashMap<>();
        for (Map.Entry<ClobMarketsApi.Entry, BigDecimal> m : own.entrySet()) {
            BigDecimal book = BigDecimal.ZERO;
            for (World.Token t : m.getKey().tokens()) {
                ObjectNode b = accounts.wallets().quotes().book(t);
                for (String side : List.of("bids", "asks")) {
                    for (JsonNode level : b.path(side)) {
                        book = book.add(score(m.getKey(), t, new BigDecimal(level.get("price").asText()), new BigDecimal(level.get("size").asText())));
                    }
                }
            }
            BigDecimal total = book.max(m.getValue());
            out.put(m.getKey(), m.getValue().divide(total, MathContext.DECIMAL64).min(BigDecimal.ONE));
        }
        return out;
    }

    /** The day's earnings per market (none for a day after the sandbox's clock). */
    private List<Earning> earnings(ApiKeys.Entry key, LocalDate day) {
        List<Earning> out = new ArrayList<>();
        if (day.isAfter(LocalDate.ofInstant(Instant.ofEpochMilli(clock.getAsLong()), ZoneOffset.UTC))) return out;
        String maker = accounts.wallets().funder(key.address());
        for (Map.Entry<ClobMarketsApi.Entry, BigDecimal> s : shares(key, day).entrySet()) {
            BigDecimal earned = ClobMarketsApi.dailyRate(s.getKey()).multiply(s.getValue()).setScale(6, RoundingMode.DOWN);
            if (earned.signum() > 0) out.add(new Earning(s.getKey(), maker, Json.number(earned)));
        }
        return out;
    }

    // ---- shapes --------------------------------------------------------------------------------------------------

    private ArrayNode configs(ClobMarketsApi.Entry e, boolean withId) {
        World.Token first = e.tokens()[0];
        LocalDate today = LocalDate.ofInstant(Instant.ofEpochMilli(clock.getAsLong()), ZoneOffset.UTC);
        LocalDate start = first.createdAt() == null ? today.minusDays(90) : LocalDate.ofInstant(first.createdAt(), ZoneOffset.UTC);
        if (start.isAfter(today)) start = today;
        BigDecimal rate = ClobMarketsApi.dailyRate(e);
        long days = Math.max(1, java.time.temporal.ChronoUnit.DAYS.between(start, today) + 1);
        ArrayNode out = Json.array();
        ObjectNode c = out.addObject();
        if (withId) c.put("id", 0);
        c.put("asset_address", ClobMarketsApi.COLLATERAL);
        c.put("start_date", start.toString());
        if (first.endDate() == null) c.putNull("end_date");
        else c.put("end_date", LocalDate.ofInstant(first.endDate(), ZoneOffset.UTC).toString());
        c.put("rate_per_day", rate);
        c.put("total_rewards", rate.multiply(BigDecimal.valueOf(days)));
        return out;
    }

    private ArrayNode tokens(ClobMarketsApi.Entry e) {
        ArrayNode out = Json.array();
        for (World.Token t : e.tokens()) out.addObject().put("token_id", t.tokenId()).put("outcome", t.outcome()).put("price", markets.price(t));
        return out;
    }

    /** How contested the market's rewards are: the daily rate per 1,000 of liquidity, 0 to 1. */
    private static double competitiveness(ClobMarketsApi.Entry e) {
        double liquidity = e.doc().path("liquidityNum").asDouble(0);
        return liquidity <= 0 ? 0 : Math.min(1, Math.round(ClobMarketsApi.dailyRate(e).doubleValue() * 1000 / liquidity * 1000) / 1000.0);
    }

    private static String eventSlug(ClobMarketsApi.Entry e) {
        JsonNode ev = e.doc().path("events");
        return ev.isArray() && !ev.isEmpty() ? ev.get(0).path("slug").asText("") : "";
    }

    private static String eventId(ClobMarketsApi.Entry e) {
        JsonNode ev = e.doc().path("events");
        return ev.isArray() && !ev.isEmpty() ? ev.get(0).path("id").asText("") : "";
    }

    private static BigDecimal decimal(JsonNode n, BigDecimal dflt) {
        if (n == null || n.isNull() || n.isMissingNode()) return dflt;
        try {
            return Json.number(new BigDecimal(n.asText()));
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    /** {@code date}: a calendar day, YYYY-MM-DD (required). */
    private static LocalDate date(Params p) {
        String v = p.required("date", "a day, YYYY-MM-DD");
        try {
            if (DATE.matcher(v).matches()) return LocalDate.parse(v);
        } catch (DateTimeParseException ignored) {
            // refused below
        }
        throw p.invalid("date", v, "a day, YYYY-MM-DD");
    }

    private static int offset(Params p) {
        try {
            return ClobMarketsApi.offset(p.string("next_cursor"));
        } catch (Refusal r) {
            if ("LTE=".equals(p.string("next_cursor"))) return Integer.MAX_VALUE;
            throw r;
        }
    }

    private static <T> ObjectNode page(List<T> rows, int offset, int size, Function<T, ObjectNode> shape) {
        ObjectNode out = Json.object();
        int from = Math.min(offset, rows.size()), to = Math.min(rows.size(), from + size);
        ArrayNode data = Json.array();
        for (T t : rows.subList(from, to)) data.add(shape.apply(t));
        out.put("limit", size);
        out.put("count", data.size());
        out.put("next_cursor", to >= rows.size() ? ClobMarketsApi.END : ClobMarketsApi.cursor(to));
        out.set("data", data);
        return out;
    }
}
