package org.marketlab.sandbox.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.contracts.ComboIds;
import org.marketlab.sandbox.contracts.Combos;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.wallets.MarketIndex;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * The Data API's combo reads, v2 shapes ({@code {data, pagination}}, cursor paging as the other v2 routes):
 * {@code GET /v2/positions/combos?user=} (a wallet's combo positions with their legs; filters {@code condition_id},
 * {@code status}, {@code sort_by} {@code FIRST_ENTRY|ENTRY_COST|CURRENT_VALUE|UPDATED}, {@code sort_direction},
 * {@code updated_after}, {@code updated_before}) and {@code GET /v2/activity/combos?user=} (its combo lifecycle rows,
 * newest first; filter {@code condition_id}). Both read {@link Combos}, which the RFQ gateway fills into.
 */
public final class CombosApi implements RouteModule {

    private static final Pattern COMBO_CONDITION = Pattern.compile("0x03[0-9a-fA-F]{60}(0[01])?");
    private static final String COMBO_TEXT = "combo condition ids (0x03 and 60 hex digits, or a combo position id's 64), comma-separated";
    private static final List<String> STATUSES = List.of("OPEN", "REDEEMABLE", "PARTIAL", "RESOLVED_PARTIAL", "RESOLVED_WIN", "RESOLVED_LOSS");
    private static final List<String> SORTS = List.of("FIRST_ENTRY", "ENTRY_COST", "CURRENT_VALUE", "UPDATED");
    private final Combos combos;

    public CombosApi(Combos combos) {
        this.combos = combos;
    }

    /**
     * What a combo read asks for: the rows in the v1 names ({@code /v1/...}, the v2 read's twin) or the v2, the user's
     * and the combos' (their condition ids; empty: every one).
     */
    private record Asked(Context ctx, Params params, boolean v1, String user, Set<String> conditions) {

        /** A page of {@code rows}: v1 under {@code v1Items}, 50 a page by default; v2 under {@code data}, 100; 1,000 at most. */
        <T> void page(String route, String filters, String v1Items, List<T> rows, BiFunction<T, Boolean, ObjectNode> row) {
            if (v1) DataApi.page(ctx, params, "v1/" + route, filters, v1Items, rows, 50, 1000, r -> row.apply(r, true));
            else DataApi.page(ctx, params, route, filters, rows, 100, 1000, r -> row.apply(r, false));
        }
    }

    private Asked asked(Context ctx, Params p) {
        return new Asked(ctx, p, ctx.endpointHandlerPath().startsWith("/v1/"), DataApi.user(p, true), conditions(p));
    }

    @Route("GET /v2/positions/combos")
    @Route("GET /v1/positions/combos")
    private void positions(Context ctx, Params p) {
        Asked asked = asked(ctx, p);
        String user = asked.user();
        Set<String> conditions = asked.conditions();
        Set<String> statuses = new LinkedHashSet<>();
        for (String s : p.list("status")) {
            String u = s.toUpperCase(Locale.ROOT);
            if (!STATUSES.contains(u)) throw p.invalid("status", s, "combo statuses, comma-separated (" + String.join(", ", STATUSES) + ")");
            statuses.add(u);
        }
        if (statuses.contains("REDEEMABLE") && statuses.size() > 1) throw p.invalid("status", String.join(",", statuses), "REDEEMABLE alone");
        String sort = p.oneOf("sort_by", "FIRST_ENTRY", SORTS, true);
        String direction = p.oneOf("sort_direction", "DESC", List.of("ASC", "DESC"), true);
        long after = p.count("updated_after", 0), before = p.count("updated_before", Long.MAX_VALUE);
        if (before < after) throw p.invalid("updated_before", before, "at least updated_after (" + after + ")");
        List<Row> rows = new ArrayList<>();
        for (Combos.Holding h : combos.holdings(user)) {
            if (h.size().signum() == 0) continue;
            if (!conditions.isEmpty() && !conditions.contains(h.combo().conditionId())) continue;
            if (h.updated() < after || h.updated() > before) continue;
            Row r = new Row(h, combos.fair(h.combo()));
            if (!statuses.isEmpty() && !statuses.contains(r.status()) && !(statuses.contains("REDEEMABLE") && r.redeemable())) continue;
            rows.add(r);
        }
        Comparator<Row> order = switch (sort.toUpperCase(Locale.ROOT)) {
            case "ENTRY_COST" -> Comparator.comparing(r -> r.holding.grossCost());
            case "CURRENT_VALUE" -> Comparator.comparing(Row::value);
            case "UPDATED" -> Comparator.comparingLong(r -> r.holding.updated());
            default -> Comparator.comparingLong(r -> r.holding.firstEntry());
        };
        order = order.thenComparing(r -> r.holding.combo().conditionId());
        rows.sort(direction.equalsIgnoreCase("ASC") ? order : order.reversed());
        String filters = String.join("|", user, conditions.toString(), statuses.toString(), sort, direction, after + "-" + before);
        asked.page("positions/combos", filters, "combos", rows, this::position);
    }

    @Route("GET /v2/activity/combos")
    @Route("GET /v1/activity/combos")
    private void activity(Context ctx, Params p) {
        Asked asked = asked(ctx, p);
        List<Combos.Activity> rows = combos.activity(asked.user()).stream()
                .filter(a -> asked.conditions().isEmpty() || asked.conditions().contains(a.combo().conditionId())).toList();
        asked.page("activity/combos", asked.user() + "|" + asked.conditions(), "activity", rows, this::activityRow);
    }

    /** The combo condition ids asked for (a position id's 32 bytes name its condition's 31), lower case. */
    private static Set<String> conditions(Params p) {
        Set<String> out = new LinkedHashSet<>();
        for (String c : p.list("condition_id")) {
            if (!COMBO_CONDITION.matcher(c).matches()) throw p.invalid("condition_id", c, COMBO_TEXT);
            out.add(c.substring(0, 64).toLowerCase(Locale.ROOT));
        }
        if (out.size() > 20) throw p.invalid("condition_id", out.size() + " condition ids", "at most 20 condition ids");
        return out;
    }

    /** A held combo valued now: its YES at the legs' joint probability. */
    private record Row(Combos.Holding holding, BigDecimal price) {
        String status() {
            return holding.combo().status();
        }

        boolean redeemable() {
            return status().equals("RESOLVED_WIN");
        }

        BigDecimal value() {
            return holding.size().multiply(price);
        }
    }

    /**
     * A combo position row, in the v2 names or the v1 ones ({@code user_address}, {@code shares_balance}, {@code side},
     * {@code module_id}, {@code total_cost_usdc}).
     */
    private ObjectNode position(Row r, boolean v1) {
        Combos.Holding h = r.holding();
        Combos.Combo c = h.combo();
        ObjectNode o = Json.object();
        o.put("combo_condition_id", c.conditionId());
        o.put("combo_position_id", c.yes().toString());
        if (v1) {
            o.put("side", "YES");
            o.put("module_id", ComboIds.COMBO_MODULE);
            o.put("user_address", h.wallet());
            o.put("shares_balance", Json.number(h.size()));
        } else {
            o.put("proxy_wallet", h.wallet());
            o.put("outcome_index", 0);
            o.put("outcome_label", "Yes");
            o.put("current_size", Json.number(h.size()));
            o.put("current_price_usdc", Json.number(r.price()));
            o.put("current_value_usdc", Json.number(r.value().setScale(6, RoundingMode.HALF_UP)));
            o.put("gross_entry_cost_usdc", Json.number(h.grossCost()));
            o.put("entry_fees_usdc", Json.number(h.fees()));
        }
        o.put("entry_avg_price_usdc", Json.number(h.avgPrice()));
        o.put("entry_cost_usdc", Json.number(h.grossCost().subtract(h.fees()).setScale(2, RoundingMode.HALF_UP)));
        o.put("realized_payout_usdc", Json.number(h.realized().max(BigDecimal.ZERO)));
        if (v1) o.put("total_cost_usdc", Json.number(h.grossCost()));
        o.put("status", r.status());
        o.put("redeemable", r.redeemable());
        o.put("first_entry_at", iso(h.firstEntry()));
        Long resolved = resolvedAt(c);
        if (resolved == null) o.putNull("resolved_at");
        else o.put("resolved_at", iso(resolved));
        o.put("updated_at", iso(h.updated()));
        o.put("legs_total", c.legs().size());
        o.put("legs_resolved", c.resolvedLegs());
        o.put("legs_pending", c.legs().size() - c.resolvedLegs());
        o.set("legs", legs(c));
        return o;
    }

    /** A combo lifecycle row, in the v2 names or the v1 ones ({@code user_address}, {@code tx_hash}, {@code module_id}, {@code tx_dttm}). */
    private ObjectNode activityRow(Combos.Activity a, boolean v1) {
        ObjectNode o = Json.object();
        o.put("id", a.id());
        o.put("type", a.type());
        o.put(v1 ? "user_address" : "proxy_wallet", a.wallet());
        o.put("combo_condition_id", a.combo().conditionId());
        o.put("combo_position_id", a.combo().yes().toString());
        if (v1) o.put("module_id", ComboIds.COMBO_MODULE);
        o.put("amount_usdc", Json.number(a.amount()));
        if (v1) o.putNull("payout_usdc");
        o.put("timestamp", a.time());
        if (v1) {
            o.put("tx_dttm", iso(a.time()));
            o.put("log_index", 0);
        }
        o.put(v1 ? "tx_hash" : "transaction_hash", a.txHash());
        o.put("block_number", a.block());
        o.set("legs", legs(a.combo()));
        return o;
    }

    /** The combo's legs, each with its market (the leg's outcome, its price now and, once resolved, when). */
    private ArrayNode legs(Combos.Combo c) {
        ArrayNode out = Json.array();
        int i = 0;
        for (Combos.Leg l : c.legs()) {
            MarketIndex.Market m = l.market();
            JsonNode doc = combos.document(m);
            ObjectNode o = out.addObject();
            o.put("leg_index", i++);
            o.put("leg_position_id", l.positionId().toString());
            o.put("leg_condition_id", Combos.conditionId(m));
            o.put("leg_outcome_index", l.outcome());
            o.put("leg_outcome_label", l.token().outcome());
            o.put("leg_status", l.status());
            if (l.status().equals("OPEN")) o.putNull("leg_resolved_at");
            else if (endSecond(m) == null) o.putNull("leg_resolved_at");
            else o.put("leg_resolved_at", iso(endSecond(m)));
            o.put("leg_current_price", Json.number(combos.price(l)));
            ObjectNode market = o.putObject("market");
            market.put("market_id", l.token().marketId());
            market.put("slug", m.slug());
            market.put("title", m.title());
            market.put("question", m.title());
            if (doc.hasNonNull("groupItemTitle")) market.put("group_item_title", doc.path("groupItemTitle").asText());
            ArrayNode outcomes = market.putArray("outcomes");
            for (var t : m.tokens()) outcomes.add(t.outcome());
            market.put("outcome", l.token().outcome());
            if (doc.hasNonNull("image")) market.put("image_url", doc.path("image").asText());
            if (m.icon() != null) market.put("icon_url", m.icon());
            ArrayNode tags = market.putArray("tags");
            combos.tags(m).forEach(tags::add);
            if (endSecond(m) != null) market.put("end_date", iso(endSecond(m)));
            ObjectNode event = market.putObject("event");
            event.put("event_id", m.eventId());
            event.put("event_slug", m.eventSlug());
        }
        return out;
    }

    /** When the combo's outcome became known: its last leg's resolution, or the first losing leg's. Null while open. */
    private static Long resolvedAt(Combos.Combo c) {
        String s = c.status();
        if (!s.equals("RESOLVED_WIN") && !s.equals("RESOLVED_LOSS")) return null;
        long at = 0;
        for (Combos.Leg l : c.legs()) {
            Long end = endSecond(l.market());
            if (end != null && !l.status().equals("OPEN")) at = Math.max(at, end);
        }
        return at == 0 ? null : at;
    }

    /** A market's end date (the world writes it as a day), Unix seconds, or null when it has none. */
    private static Long endSecond(MarketIndex.Market m) {
        String end = m.endDate();
        if (end == null || end.length() < 10) return null;
        try {
            return java.time.LocalDate.parse(end.substring(0, 10)).atStartOfDay(java.time.ZoneOffset.UTC).toEpochSecond();
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    private static String iso(long second) {
        return Instant.ofEpochSecond(second).toString();
    }
}
