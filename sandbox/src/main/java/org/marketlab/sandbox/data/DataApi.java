package org.marketlab.sandbox.data;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.wallets.Ledger;
import org.marketlab.sandbox.wallets.MarketIndex;
import org.marketlab.sandbox.wallets.SyntheticTape;
import org.marketlab.sandbox.wallets.Wallets;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The public Data API ({@code data} host) from the seeded wallets: v1 routes (bare arrays or objects, camelCase,
 * {@code limit}/{@code offset} with offsets up to {@value #MAX_OFFSET}) and v2 routes (every answer {@code {data}},
 * paged ones {@code {data, pagination: {limit, offset, has_more, next_cursor}}}, snake_case, cursor-only paging,
 * at most {@value #MAX_CONDITIONS} condition ids, a miss answered as {@code []} or {@code null}).
 *
 * <p>v1: {@code /positions}, {@code /closed-positions}, {@code /trades}, {@code /activity}, {@code /value},
 * {@code /traded}, {@code /holders}, {@code /oi}, and {@code /} (health). v2: {@code /v2/positions} (status
 * {@code OPEN} — every position holding shares, redeemable ones included —, {@code REDEEMABLE} or {@code CLOSED}),
 * {@code /v2/trades}, {@code /v2/activity}, {@code /v2/value}, {@code /v2/holders}, {@code /v2/oi}, {@code /v2/status}.
 *
 * <p>Where the documents are silent, the sandbox's choices: a v2 cursor carries the page size and the position
 * and binds the filters it was made under (re-send them: a cursor with other filters, or a bare cursor, is a 400);
 * feeds are newest first unless {@code sort_direction=ASC}; {@code taker_only} (v1 {@code takerOnly}) defaults to
 * true, so a wallet's maker fills show with {@code taker_only=false}; non-trade activity rows carry an empty
 * {@code asset} and {@code side} and outcome index 999; {@code /v2/value} answers {@code {data: {proxy_wallet, value}}}. The
 * analytics beside these (leaderboards, user statistics, PnL and volume, tokens, resolutions, live volume, the v2 price
 * history, the accounting snapshot) are {@link InsightsApi}.
 *
 * <p>A market's trades, holders and open interest are the world's ({@link org.marketlab.sandbox.world.Tape}): with a
 * {@code market}/{@code condition} or {@code eventId} and no {@code user}, {@code /trades} lists the market's public
 * tape, every participant's trades (the seeded wallets' among them: their fills are parts of tape trades); holders are
 * the seeded wallets and the market's crowd, whose shares of each outcome add up to the complete sets outstanding; open
 * interest is priced gross, every holder's shares at their current prices. With no filter at all {@code /trades} lists
 * the seeded wallets' fills, and {@code /oi} the sum of every open market's complete sets.
 */
public record DataApi(Wallets wallets) implements RouteModule {

    static final int MAX_OFFSET = 10_000;
    static final int MAX_CONDITIONS = 20;
    private static final Pattern HASH64 = Pattern.compile("0x[0-9a-fA-F]{64}");
    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
    private static final Set<String> TYPES = Set.of("TRADE", "SPLIT", "MERGE", "REDEEM", "REWARD", "CONVERSION", "DEPOSIT",
            "WITHDRAWAL", "YIELD", "MAKER_REBATE", "TAKER_REBATE", "REFERRAL_REWARD");

    /** The orders of positions: v1 names, then v2's. */
    private static final List<String> POSITION_SORTS = List.of("CURRENT", "INITIAL", "TOKENS", "CASHPNL", "PERCENTPNL", "REALIZEDPNL",
            "TITLE", "PRICE", "AVGPRICE", "TIMESTAMP", "RESOLVING", "CURRENT_VALUE", "ENTRY_COST", "SIZE", "UNREALIZED_PNL", "PERCENT_PNL",
            "REALIZED_PNL", "AVG_PRICE");
    private static final List<String> ACTIVITY_SORTS = List.of("TIMESTAMP", "TOKENS", "CASH");
    private static final List<String> DIRECTIONS = List.of("ASC", "DESC");

    @Route("GET /")
    @Route("GET /v2/status")
    private void status(Context ctx) {
        Json.send(ctx, Json.object().put("data", "OK"));
    }

    // ---- v1 -------------------------------------------------------------------------------------------------------

    @Route("GET /positions")
    private void positionsV1(Context ctx, Params q) {
        String user = user(q, true);
        Set<String> markets = conditions(q, "market");
        Set<String> events = q.list("eventId");
        BigDecimal threshold = q.decimal(BigDecimal.ONE, "sizeThreshold");
        Boolean redeemable = q.bool("redeemable");
        Boolean mergeable = q.bool("mergeable");
        String title = lower(q.string("title"));
        List<Ledger.Position> rows = new ArrayList<>();
        for (Ledger.Position p : wallets.ledger(user).positions.values()) {
            if (p.size().signum() == 0 || p.size().compareTo(threshold) < 0) continue;
            if (!inMarkets(p.market(), markets, events)) continue;
            if (redeemable != null && redeemable != p.redeemable()) continue;
            if (mergeable != null && mergeable) continue;
            if (title != null && !p.market().title().toLowerCase(Locale.ROOT).contains(title)) continue;
            rows.add(p);
        }
        rows.sort(positionOrder(choice(q, "TOKENS", POSITION_SORTS, "sortBy"), choice(q, "DESC", DIRECTIONS, "sortDirection")));
        ArrayNode out = Json.array();
        for (Ledger.Position p : slice(rows, offset(q), limitV1(q, 100, 500))) out.add(position(user, p, false));
        Json.send(ctx, out);
    }

    @Route("GET /closed-positions")
    private void closedV1(Context ctx, Params q) {
        String user = user(q, true);
        Set<String> markets = conditions(q, "market");
        Set<String> events = q.list("eventId");
        String title = lower(q.string("title"));
        List<Ledger.Position> rows = new ArrayList<>();
        for (Ledger.Position p : wallets.ledger(user).positions.values()) {
            if (p.status() != Ledger.Status.CLOSED || !inMarkets(p.market(), markets, events)) continue;
            if (title != null && !p.market().title().toLowerCase(Locale.ROOT).contains(title)) continue;
            rows.add(p);
        }
        rows.sort(positionOrder(choice(q, "REALIZEDPNL", POSITION_SORTS, "sortBy"), choice(q, "DESC", DIRECTIONS, "sortDirection")));
        ArrayNode out = Json.array();
        for (Ledger.Position p : slice(rows, offset(q), limitV1(q, 10, 50))) {
            ObjectNode o = out.addObject();
            o.put("proxyWallet", user);
            o.put("asset", p.token().tokenId());
            o.put("conditionId", p.market().conditionId());
            o.put("avgPrice", Json.number(p.avgPrice()));
            o.put("totalBought", Json.number(p.totalBought()));
            o.put("realizedPnl", Json.number(p.realized()));
            o.put("curPrice", Json.number(p.curPrice()));
            o.put("timestamp", p.lastTime());
            marketV1(o, p.market(), p.token(), true);
        }
        Json.send(ctx, out);
    }

    @Route("GET /trades")
    private void tradesV1(Context ctx, Params q) {
        String user = user(q, false);
        int offset = offset(q), limit = limitV1(q, 100, MAX_OFFSET);
        List<Ledger.Fill> fills = fills(user, conditions(q, "market"), q.list("eventId"), side(q),
                q.bool("takerOnly") != Boolean.FALSE, amount(q, "filterType", "filterAmount"), null, null, true, offset + limit);
        ArrayNode out = Json.array();
        for (Ledger.Fill f : slice(fills, offset, limit)) {
            ObjectNode o = out.addObject();
            o.put("proxyWallet", owner(f, user));
            o.put("side", f.side());
            o.put("asset", f.token().tokenId());
            o.put("conditionId", f.market().conditionId());
            o.put("size", Json.number(f.size()));
            o.put("price", Json.number(f.price()));
            o.put("timestamp", f.time());
            marketV1(o, f.market(), f.token(), false);
            profile(o);
            o.put("transactionHash", f.txHash());
        }
        Json.send(ctx, out);
    }

    @Route("GET /activity")
    private void activityV1(Context ctx, Params q) {
        String user = user(q, true);
        List<Ledger.Activity> rows = activity(user, conditions(q, "market"), q.list("eventId"), types(q), side(q),
                seconds(q, "start"), seconds(q, "end"), choice(q, "TIMESTAMP", ACTIVITY_SORTS, "sortBy"), choice(q, "DESC", DIRECTIONS, "sortDirection"));
        ArrayNode out = Json.array();
        for (Ledger.Activity a : slice(rows, offset(q), limitV1(q, 100, 500))) {
            ObjectNode o = activityRow(user, a, false);
            noProfile(o);
            out.add(o);
        }
        Json.send(ctx, out);
    }

    @Route("GET /value")
    private void valueV1(Context ctx, Params q) {
        String user = user(q, true);
        Set<String> markets = conditions(q, "market");
        ArrayNode out = Json.array();
        ObjectNode o = out.addObject();
        o.put("user", user);
        o.put("value", Json.number(value(user, markets)));
        Json.send(ctx, out);
    }

    @Route("GET /traded")
    private void tradedV1(Context ctx, Params q) {
        String user = user(q, true);
        Set<String> traded = new LinkedHashSet<>();
        for (Ledger.Fill f : wallets.ledger(user).fills) traded.add(f.market().conditionId());
        ObjectNode o = Json.object();
        o.put("user", user);
        o.put("traded", traded.size());
        Json.send(ctx, o);
    }

    @Route("GET /holders")
    private void holdersV1(Context ctx, Params q) {
        Set<String> markets = conditions(q, "market");
        if (markets.isEmpty()) throw q.missing("market", "one or more condition ids, comma-separated");
        int limit = limitV1(q, 20, 500);
        BigDecimal min = q.decimal(BigDecimal.ONE, "minBalance");
        ArrayNode out = Json.array();
        for (String c : markets) {
            MarketIndex.Market m = wallets.markets().byCondition(c.toLowerCase(Locale.ROOT));
            if (m == null) continue;
            for (World.Token t : m.tokens()) {
                ObjectNode group = out.addObject();
                group.put("token", t.tokenId());
                ArrayNode holders = group.putArray("holders");
                for (Wallets.Holder h : slice(holders(t, min), 0, limit)) {
                    ObjectNode o = holders.addObject();
                    o.put("proxyWallet", h.address());
                    o.putNull("bio");
                    o.put("asset", t.tokenId());
                    o.putNull("pseudonym");
                    o.put("amount", Json.number(h.position().size()));
                    o.put("displayUsernamePublic", false);
                    o.put("outcomeIndex", t.index());
                    o.putNull("name");
                    o.putNull("profileImage");
                    o.putNull("profileImageOptimized");
                    o.put("verified", false);
                }
            }
        }
        Json.send(ctx, out);
    }

    /**
     * {@code /v1/market-positions}: per outcome token of one market ({@code market}, a condition id), the positions in
     * it: {@code status} {@code OPEN} (the default: every holder, the seeded wallets and the market's crowd, as
     * {@code /holders} lists them), {@code CLOSED} (the seeded wallets that sold out) or {@code ALL}; {@code user}
     * narrows to one wallet; {@code sortBy} {@code TOKENS} (the default), {@code CASH_PNL}, {@code REALIZED_PNL} or
     * {@code TOTAL_PNL}, {@code sortDirection} {@code DESC} (the default) or {@code ASC}; {@code limit} (default 20, at
     * most 500) and {@code offset} page each token's list.
     */
    @Route("GET /v1/market-positions")
    private void marketPositionsV1(Context ctx, Params q) {
        String condition = q.matching("market", HASH64, "a condition id (0x followed by 64 hex digits)");
        if (condition == null) throw q.missing("market", "a condition id (0x followed by 64 hex digits)");
        String user = user(q, false);
        String status = q.oneOf("status", "OPEN", List.of("OPEN", "CLOSED", "ALL"), true).toUpperCase(Locale.ROOT);
        String sortBy = q.oneOf("sortBy", "TOKENS", List.of("TOKENS", "CASH_PNL", "REALIZED_PNL", "TOTAL_PNL"), true).toUpperCase(Locale.ROOT);
        boolean ascending = q.oneOf("sortDirection", "DESC", List.of("ASC", "DESC"), true).equalsIgnoreCase("ASC");
        int offset = offset(q), limit = limitV1(q, 20, 500);
        Function<Ledger.Position, BigDecimal> key = switch (sortBy) {
            case "CASH_PNL" -> Ledger.Position::unrealized;
            case "REALIZED_PNL" -> Ledger.Position::realized;
            case "TOTAL_PNL" -> x -> x.realized().add(x.unrealized());
            default -> Ledger.Position::size;
        };
        ArrayNode out = Json.array();
        MarketIndex.Market m = wallets.markets().byCondition(condition.toLowerCase(Locale.ROOT));
        if (m == null) {
            Json.send(ctx, out);
            return;
        }
        for (World.Token t : m.tokens()) {
            List<Wallets.Holder> rows = new ArrayList<>();
            if (!status.equals("CLOSED")) rows.addAll(wallets.holders(t));
            if (!status.equals("OPEN")) {
                for (String a : wallets.seeded()) {
                    Ledger.Position p = wallets.ledger(a).positions.get(t.tokenId());
                    if (p != null && p.size().signum() == 0) rows.add(new Wallets.Holder(a, p));
                }
            }
            rows.removeIf(h -> user != null && !h.address().equals(user));
            Comparator<Wallets.Holder> order = Comparator.comparing(h -> key.apply(h.position()));
            rows.sort((ascending ? order : order.reversed()).thenComparing(Wallets.Holder::address));
            ObjectNode group = out.addObject();
            group.put("token", t.tokenId());
            ArrayNode positions = group.putArray("positions");
            for (Wallets.Holder h : slice(rows, offset, limit)) {
                Ledger.Position p = h.position();
                ObjectNode o = positions.addObject();
                o.put("proxyWallet", h.address());
                o.putNull("name");
                o.putNull("profileImage");
                o.put("verified", false);
                o.put("asset", t.tokenId());
                o.put("conditionId", m.conditionId());
                o.put("avgPrice", Json.number(p.avgPrice()));
                o.put("size", Json.number(p.size()));
                o.put("currPrice", Json.number(p.curPrice()));
                o.put("currentValue", Json.number(p.currentValue()));
                o.put("cashPnl", Json.number(p.unrealized()));
                o.put("totalBought", Json.number(p.totalBought()));
                o.put("realizedPnl", Json.number(p.realized()));
                o.put("totalPnl", Json.number(p.realized().add(p.unrealized())));
                o.put("outcome", t.outcome());
                o.put("outcomeIndex", t.index());
            }
        }
        Json.send(ctx, out);
    }

    @Route("GET /oi")
    private void oiV1(Context ctx, Params q) {
        ArrayNode out = Json.array();
        for (Map.Entry<String, BigDecimal> e : openInterest(conditions(q, "market")).entrySet()) {
            ObjectNode o = out.addObject();
            o.put("market", e.getKey());
            o.put("value", Json.number(e.getValue()));
        }
        Json.send(ctx, out);
    }

    // ---- v2 -------------------------------------------------------------------------------------------------------

    @Route("GET /v2/positions")
    private void positionsV2(Context ctx, Params q) {
        Scope scope = scope(q, false);
        String user = scope.user();
        Set<String> markets = scope.markets(), events = scope.events();
        if (user == null && markets.isEmpty()) throw q.missing("user", ADDRESS_TEXT + " (or condition: one or more condition ids)");
        String status = choice(q, "OPEN", List.of("OPEN", "REDEEMABLE", "CLOSED"), "status");
        BigDecimal threshold = q.decimal(BigDecimal.ZERO, "size_threshold", "sizeThreshold");
        String title = lower(q.string("title"));
        String sortBy = choice(q, "CURRENT_VALUE", POSITION_SORTS, "sort_by", "sortBy");
        String direction = choice(q, "DESC", DIRECTIONS, "sort_direction", "sortDirection");
        Comparator<Ledger.Position> order = positionOrder(sortBy, direction);
        record Row(String owner, Ledger.Position p) {
        }
        List<Row> rows = new ArrayList<>();
        List<String> owners = user != null ? List.of(user) : wallets.seeded();
        for (String owner : owners) {
            for (Ledger.Position p : wallets.ledger(owner).positions.values()) {
                boolean keep = switch (status) {
                    case "OPEN" -> p.size().signum() > 0;
                    case "REDEEMABLE" -> p.status() == Ledger.Status.REDEEMABLE;
                    default -> p.status() == Ledger.Status.CLOSED;
                };
                if (!keep || p.size().compareTo(threshold) < 0 || !inMarkets(p.market(), markets, events)) continue;
                if (title != null && !p.market().title().toLowerCase(Locale.ROOT).contains(title)) continue;
                rows.add(new Row(owner, p));
            }
        }
        rows.sort(Comparator.comparing(Row::p, order).thenComparing(Row::owner));
        String filters = String.join("|", String.valueOf(user), markets.toString(), events.toString(), status, threshold.toPlainString(),
                String.valueOf(title), sortBy, direction);
        page(ctx, q, "positions", filters, rows, 100, 500, r -> position(r.owner(), r.p(), true));
    }

    @Route("GET /v2/trades")
    private void tradesV2(Context ctx, Params q) {
        Scope scope = scope(q, false);
        String user = scope.user();
        Set<String> markets = scope.markets(), events = scope.events();
        String side = side(q);
        boolean takerOnly = q.bool("taker_only", "takerOnly") != Boolean.FALSE;
        Predicate<Ledger.Fill> amount = amount(q, "filter_type", "filter_amount");
        Long start = seconds(q, "start"), end = seconds(q, "end");
        boolean descending = choice(q, "DESC", DIRECTIONS, "sort_direction", "sortDirection").equals("DESC");
        String filters = String.join("|", String.valueOf(user), markets.toString(), events.toString(), String.valueOf(side),
                Boolean.toString(takerOnly), stringOr(q, "", "filter_type", "filterType"), stringOr(q, "", "filter_amount", "filterAmount"),
                String.valueOf(start), String.valueOf(end), Boolean.toString(descending));
        Cursor window = cursor(q, "trades", filters, 100, 1000);
        List<Ledger.Fill> fills;
        int skip = window.offset;
        if (SyntheticTape.holds(user)) {
            fills = SyntheticTape.fills(wallets.markets(), wallets.anchorSecond(), descending);
        } else {
            // A later page of a tape starts at the second the last one ended (the cursor's), so that page k reads
            // about a page of trades instead of the k pages before it.
            if (window.at != null) {
                if (descending) end = end == null ? window.at : Math.min(end, window.at);
                else start = start == null ? window.at : Math.max(start, window.at);
                skip = window.atCount;
            }
            fills = fills(user, markets, events, side, takerOnly, amount, start, end, descending, skip + window.limit + 1);
        }
        page(ctx, window, skip, fills, Ledger.Fill::time, f -> {
            ObjectNode o = Json.object();
            o.put("proxy_wallet", owner(f, user));
            o.put("token_id", f.token().tokenId());
            o.put("condition_id", f.market().conditionId());
            o.put("side", f.side());
            o.put("price", Json.number(f.price()));
            o.put("size", Json.number(f.size()));
            o.put("timestamp", f.time());
            o.put("transaction_hash", f.txHash());
            o.put("title", f.market().title());
            o.put("slug", f.market().slug());
            o.put("icon", f.market().icon());
            o.put("event_slug", f.market().eventSlug());
            o.put("outcome", f.token().outcome());
            o.put("outcome_index", f.token().index());
            return o;
        });
    }

    @Route("GET /v2/activity")
    private void activityV2(Context ctx, Params q) {
        Scope scope = scope(q, true);
        String user = scope.user();
        Set<String> markets = scope.markets(), events = scope.events();
        Set<String> types = types(q);
        String side = side(q);
        Long start = seconds(q, "start"), end = seconds(q, "end");
        String direction = choice(q, "DESC", DIRECTIONS, "sort_direction", "sortDirection");
        String sortBy = choice(q, "TIMESTAMP", List.of("TIMESTAMP"), "sort_by", "sortBy");
        List<Ledger.Activity> rows = activity(user, markets, events, types, side, start, end, sortBy, direction);
        String filters = String.join("|", user, markets.toString(), events.toString(), types.toString(), String.valueOf(side),
                String.valueOf(start), String.valueOf(end), direction);
        page(ctx, q, "activity", filters, rows, 100, 1000, a -> activityRow(user, a, true));
    }

    /** One activity row, v1 (camelCase) or v2 (snake_case, the token as {@code token_id}). */
    private static ObjectNode activityRow(String user, Ledger.Activity a, boolean v2) {
        ObjectNode o = Json.object();
        o.put(v2 ? "proxy_wallet" : "proxyWallet", user);
        o.put("timestamp", a.time());
        o.put(v2 ? "condition_id" : "conditionId", a.market().conditionId());
        o.put("type", a.type());
        o.put("size", Json.number(a.size()));
        o.put(v2 ? "usdc_size" : "usdcSize", Json.number(a.usdcSize()));
        o.put(v2 ? "transaction_hash" : "transactionHash", a.txHash());
        o.put("price", Json.number(a.price()));
        o.put(v2 ? "token_id" : "asset", a.token() == null ? "" : a.token().tokenId());
        o.put("side", a.side());
        o.put(v2 ? "outcome_index" : "outcomeIndex", a.token() == null ? 999 : a.token().index());
        o.put("title", a.market().title());
        o.put("slug", a.market().slug());
        o.put("icon", a.market().icon());
        o.put(v2 ? "event_slug" : "eventSlug", a.market().eventSlug());
        o.put("outcome", a.token() == null ? "" : a.token().outcome());
        return o;
    }

    @Route("GET /v2/value")
    private void valueV2(Context ctx, Params q) {
        String user = user(q, true);
        ObjectNode out = Json.object();
        ObjectNode d = out.putObject("data");
        d.put("proxy_wallet", user);
        d.put("value", Json.number(value(user, conditions(q, "condition", "condition_id", "conditionId"))));
        Json.send(ctx, out);
    }

    @Route("GET /v2/holders")
    private void holdersV2(Context ctx, Params q) {
        noOffset(q);
        Set<String> markets = conditions(q, "condition", "condition_id", "conditionId");
        if (markets.isEmpty()) throw q.missing("condition", "one or more condition ids, comma-separated");
        BigDecimal min = q.decimal(BigDecimal.ZERO, "min_balance", "minBalance");
        List<World.Token> tokens = new ArrayList<>();
        for (String c : markets) {
            MarketIndex.Market m = wallets.markets().byCondition(c.toLowerCase(Locale.ROOT));
            if (m != null) tokens.addAll(List.of(m.tokens()));
        }
        Cursor cursor = cursor(q, "holders", String.join("|", markets.toString(), min.toPlainString()), 100, 1000);
        ObjectNode out = Json.object();
        ArrayNode data = out.putArray("data");
        boolean more = false;
        for (World.Token t : tokens) {
            List<Wallets.Holder> all = holders(t, min);
            ObjectNode group = data.addObject();
            group.put("token_id", t.tokenId());
            ArrayNode holders = group.putArray("holders");
            for (Wallets.Holder h : slice(all, cursor.offset, cursor.limit)) {
                ObjectNode o = holders.addObject();
                o.put("proxy_wallet", h.address());
                o.put("token_id", t.tokenId());
                o.put("amount", Json.number(h.position().size()));
                o.put("outcome_index", t.index());
                o.put("display_username_public", false);
                o.putNull("name");
                o.putNull("pseudonym");
                o.putNull("profile_image");
                o.put("verified", false);
            }
            more |= all.size() > cursor.offset + cursor.limit;
        }
        pagination(out, cursor, more, null, 0);
        Json.send(ctx, out);
    }

    @Route("GET /v2/oi")
    private void oiV2(Context ctx, Params q) {
        ObjectNode out = Json.object();
        ArrayNode data = out.putArray("data");
        for (Map.Entry<String, BigDecimal> e : openInterest(conditions(q, "condition", "condition_id", "conditionId")).entrySet()) {
            ObjectNode o = data.addObject();
            o.put("condition_id", e.getKey());
            o.put("value", Json.number(e.getValue()));
        }
        Json.send(ctx, out);
    }

    // ---- reads over the wallets -------------------------------------------------------------------------------------

    /**
     * The fills a trade read selects: one wallet's; with no user, the public tape of the markets (or events) asked
     * for, every participant's trades; with neither, every seeded wallet's. Newest first unless asked. A tape is read
     * only as far as the page needs ({@code upTo} rows).
     */
    private List<Ledger.Fill> fills(String user, Set<String> markets, Set<String> events, String side, boolean takerOnly,
                                    Predicate<Ledger.Fill> amount, Long start, Long end, boolean descending, int upTo) {
        if (user == null && (!markets.isEmpty() || !events.isEmpty())) {
            return tapes(markets, events, side, takerOnly, amount, start, end, descending, upTo);
        }
        List<Ledger.Fill> out = new ArrayList<>();
        for (String owner : user != null ? List.of(user) : wallets.seeded()) {
            for (Ledger.Fill f : wallets.ledger(owner).fills) {
                if (takerOnly && f.maker()) continue;
                if (side != null && !side.equals(f.side())) continue;
                if (!inMarkets(f.market(), markets, events) || !amount.test(f)) continue;
                if (start != null && f.time() < start || end != null && f.time() > end) continue;
                out.add(f);
            }
        }
        Comparator<Ledger.Fill> order = Comparator.comparingLong(Ledger.Fill::time).thenComparing(Ledger.Fill::id);
        out.sort(descending ? order.reversed() : order);
        return out;
    }

    /** The tapes of the markets asked for (directly or by event), merged in time order, the first {@code upTo} rows. */
    private List<Ledger.Fill> tapes(Set<String> markets, Set<String> events, String side, boolean takerOnly,
                                    Predicate<Ledger.Fill> amount, Long start, Long end, boolean descending, int upTo) {
        List<MarketIndex.Market> chosen = new ArrayList<>();
        for (String c : markets) {
            MarketIndex.Market m = wallets.markets().byCondition(c);
            if (m != null) chosen.add(m);
        }
        if (!events.isEmpty()) chosen.addAll(wallets.markets().ofEvents(events));
        long from = start != null ? start : 0, to = Math.min(end != null ? end : Long.MAX_VALUE, wallets.tapeEnd());
        Predicate<Ledger.Fill> keep = f -> (side == null || side.equals(f.side())) && amount.test(f);
        List<Ledger.Fill> out = new ArrayList<>();
        for (MarketIndex.Market m : chosen) out.addAll(wallets.tape(m, from, to, descending, takerOnly, upTo, keep));
        Comparator<Ledger.Fill> order = Comparator.comparingLong(Ledger.Fill::time).thenComparingLong(Ledger.Fill::seq)
                .thenComparing(Ledger.Fill::maker).thenComparing(Ledger.Fill::wallet);
        out.sort(descending ? order.reversed() : order);
        return out.size() > upTo ? new ArrayList<>(out.subList(0, upTo)) : out;
    }

    private static String owner(Ledger.Fill f, String user) {
        return user != null ? user : f.wallet();
    }

    private List<Ledger.Activity> activity(String user, Set<String> markets, Set<String> events, Set<String> types, String side,
                                           Long start, Long end, String sortBy, String direction) {
        List<Ledger.Activity> out = new ArrayList<>();
        for (Ledger.Activity a : wallets.ledger(user).activity) {
            if (!types.isEmpty() && !types.contains(a.type())) continue;
            if (side != null && !side.equals(a.side())) continue;
            if (!inMarkets(a.market(), markets, events)) continue;
            if (start != null && a.time() < start || end != null && a.time() > end) continue;
            out.add(a);
        }
        Comparator<Ledger.Activity> order = switch (sortBy) {
            case "TIMESTAMP" -> Comparator.comparingLong(Ledger.Activity::time);
            case "TOKENS" -> Comparator.comparing(Ledger.Activity::size);
            case "CASH" -> Comparator.comparing(Ledger.Activity::usdcSize);
            default -> throw new IllegalArgumentException(sortBy); // read by choice(...) from ACTIVITY_SORTS
        };
        order = order.thenComparingLong(Ledger.Activity::seq);
        out.sort(direction(direction) ? order.reversed() : order);
        return out;
    }

    private BigDecimal value(String user, Set<String> markets) {
        BigDecimal v = BigDecimal.ZERO;
        for (Ledger.Position p : wallets.ledger(user).positions.values()) {
            if (inMarkets(p.market(), markets, Set.of())) v = v.add(p.currentValue());
        }
        return v;
    }

    private List<Wallets.Holder> holders(World.Token t, BigDecimal min) {
        List<Wallets.Holder> out = new ArrayList<>();
        for (Wallets.Holder h : wallets.holders(t)) if (h.position().size().compareTo(min) >= 0) out.add(h);
        return out;
    }

    /** Per requested market (or {@code GLOBAL} for none), in the order asked; unknown ids are left out. */
    private Map<String, BigDecimal> openInterest(Set<String> markets) {
        Map<String, BigDecimal> out = new java.util.LinkedHashMap<>();
        if (markets.isEmpty()) {
            out.put("GLOBAL", wallets.globalOpenInterest());
            return out;
        }
        for (String c : markets) {
            MarketIndex.Market m = wallets.markets().byCondition(c.toLowerCase(Locale.ROOT));
            if (m != null) out.put(m.conditionId(), wallets.openInterest(m));
        }
        return out;
    }

    private static boolean inMarkets(MarketIndex.Market m, Set<String> markets, Set<String> events) {
        return (markets.isEmpty() || markets.contains(m.conditionId())) && (events.isEmpty() || events.contains(m.eventId()));
    }

    // ---- rows ----------------------------------------------------------------------------------------------------------

    /** One position row, v1 (camelCase) or v2 (snake_case, with its {@code status}, without {@code eventId}). */
    private static ObjectNode position(String user, Ledger.Position p, boolean v2) {
        ObjectNode o = Json.object();
        o.put(v2 ? "proxy_wallet" : "proxyWallet", user);
        o.put(v2 ? "token_id" : "asset", p.token().tokenId());
        o.put(v2 ? "condition_id" : "conditionId", p.market().conditionId());
        o.put(v2 ? "current_size" : "size", Json.number(p.size()));
        o.put(v2 ? "avg_price" : "avgPrice", Json.number(p.avgPrice()));
        o.put(v2 ? "entry_cost_usdc" : "initialValue", Json.number(p.cost()));
        o.put(v2 ? "current_value" : "currentValue", Json.number(p.currentValue()));
        o.put(v2 ? "unrealized_pnl" : "cashPnl", Json.number(p.unrealized()));
        o.put(v2 ? "percent_pnl" : "percentPnl", Json.number(p.percentPnl()));
        o.put(v2 ? "total_size" : "totalBought", Json.number(p.totalBought()));
        o.put(v2 ? "realized_pnl" : "realizedPnl", Json.number(p.realized()));
        if (!v2) o.put("percentRealizedPnl", Json.number(p.percentRealizedPnl()));
        o.put(v2 ? "current_price" : "curPrice", Json.number(p.curPrice()));
        if (v2) {
            o.put("status", p.status().name());
            o.put("entry_fees_usdc", BigDecimal.ZERO);
            o.put("total_cost_usdc", Json.number(p.boughtCost()));
            o.put("total_pnl", Json.number(p.realized().add(p.unrealized())));
            o.put("percent_realized_pnl", Json.number(p.percentRealizedPnl()));
            o.put("archived", false);
            o.put("verified", false);
        }
        o.put("redeemable", p.redeemable());
        o.put("mergeable", false);
        o.put("title", p.market().title());
        o.put("slug", p.market().slug());
        o.put("icon", p.market().icon());
        o.put(v2 ? "event_slug" : "eventSlug", p.market().eventSlug());
        if (!v2) o.put("eventId", p.market().eventId());
        o.put("outcome", p.token().outcome());
        o.put(v2 ? "outcome_index" : "outcomeIndex", p.token().index());
        World.Token other = p.market().other(p.token());
        o.put(v2 ? "opposite_outcome" : "oppositeOutcome", other.outcome());
        o.put(v2 ? "opposite_token_id" : "oppositeAsset", other.tokenId());
        o.put(v2 ? "end_date" : "endDate", p.market().endDate());
        o.put(v2 ? "negative_risk" : "negativeRisk", p.market().negRisk());
        return o;
    }

    private static void marketV1(ObjectNode o, MarketIndex.Market m, World.Token t, boolean opposite) {
        o.put("title", m.title());
        o.put("slug", m.slug());
        o.put("icon", m.icon());
        o.put("eventSlug", m.eventSlug());
        o.put("outcome", t.outcome());
        o.put("outcomeIndex", t.index());
        if (opposite) {
            World.Token other = m.other(t);
            o.put("oppositeOutcome", other.outcome());
            o.put("oppositeAsset", other.tokenId());
            o.put("endDate", m.endDate());
        }
    }

    /** An activity row of a wallet without a public profile: its profile fields empty, as the official clients read them (text). */
    private static void noProfile(ObjectNode o) {
        for (String f : new String[]{"name", "pseudonym", "bio", "profileImage", "profileImageOptimized"}) o.put(f, "");
    }

    /** The seeded wallets have no public profile. */
    private static void profile(ObjectNode o) {
        o.putNull("name");
        o.putNull("pseudonym");
        o.putNull("bio");
        o.putNull("profileImage");
        o.putNull("profileImageOptimized");
    }

    private static Comparator<Ledger.Position> positionOrder(String sortBy, String direction) {
        Function<Ledger.Position, Comparable> key = switch (sortBy.toUpperCase(Locale.ROOT)) {
            case "CURRENT", "CURRENT_VALUE" -> Ledger.Position::currentValue;
            case "INITIAL", "ENTRY_COST" -> Ledger.Position::cost;
            case "TOKENS", "SIZE" -> Ledger.Position::size;
            case "CASHPNL", "UNREALIZED_PNL" -> Ledger.Position::unrealized;
            case "PERCENTPNL", "PERCENT_PNL" -> Ledger.Position::percentPnl;
            case "REALIZEDPNL", "REALIZED_PNL" -> Ledger.Position::realized;
            case "TITLE" -> p -> p.market().title();
            case "PRICE" -> Ledger.Position::curPrice;
            case "AVGPRICE", "AVG_PRICE" -> Ledger.Position::avgPrice;
            case "TIMESTAMP" -> Ledger.Position::lastTime;
            case "RESOLVING" -> p -> String.valueOf(p.market().endDate());
            default -> throw new IllegalArgumentException(sortBy); // read by choice(...) from POSITION_SORTS
        };
        @SuppressWarnings("unchecked")
        Comparator<Ledger.Position> order = Comparator.comparing(p -> (Comparable<Object>) key.apply(p));
        if (direction(direction)) order = order.reversed();
        return order.thenComparing(p -> p.token().tokenId());
    }

    /** True for descending. */
    private static boolean direction(String d) {
        return switch (d.toUpperCase(Locale.ROOT)) {
            case "DESC" -> true;
            case "ASC" -> false;
            default -> throw new IllegalArgumentException(d); // read by choice(...) from DIRECTIONS
        };
    }

    // ---- paging ------------------------------------------------------------------------------------------------------

    /**
     * Where a v2 read stands: its binding (route and filters), the rows already listed ({@code offset}) and the page
     * size; on a time-ordered feed also the second the last page ended at ({@code at}, null if not known) and how
     * many rows of that second it listed ({@code atCount}).
     */
    private record Cursor(String binding, int offset, int limit, Long at, int atCount) {
        Cursor(String binding, int offset, int limit) {
            this(binding, offset, limit, null, 0);
        }
    }

    /** A v2 page of rows: the cursor's window, or the first {@code limit}. */
    static <T> void page(Context ctx, Params p, String route, String filters, List<T> rows, int defaultLimit, int maxLimit,
                          Function<T, ObjectNode> row) {
        page(ctx, p, route, filters, "data", rows, defaultLimit, maxLimit, row);
    }

    /** {@link #page} with the rows under {@code items} (the v1 combo reads list {@code combos} and {@code activity}). */
    static <T> void page(Context ctx, Params p, String route, String filters, String items, List<T> rows, int defaultLimit, int maxLimit,
                         Function<T, ObjectNode> row) {
        Cursor c = cursor(p, route, filters, defaultLimit, maxLimit);
        page(ctx, c, c.offset, items, rows, null, row);
    }

    /**
     * A v2 page of {@code rows} from row {@code skip} on, {@code c.limit} of them. With {@code time} (the rows in time
     * order), the next cursor also carries the second the page ended at and how many rows of that second the pages
     * so far listed, for the next page to start there.
     */
    private static <T> void page(Context ctx, Cursor c, int skip, List<T> rows, java.util.function.ToLongFunction<T> time, Function<T, ObjectNode> row) {
        page(ctx, c, skip, "data", rows, time, row);
    }

    private static <T> void page(Context ctx, Cursor c, int skip, String items, List<T> rows, java.util.function.ToLongFunction<T> time,
                                 Function<T, ObjectNode> row) {
        ObjectNode out = Json.object();
        ArrayNode data = out.putArray(items);
        List<T> shown = slice(rows, skip, c.limit);
        for (T t : shown) data.add(row.apply(t));
        boolean more = rows.size() > skip + c.limit;
        Long at = null;
        int atCount = 0;
        if (more && time != null && !shown.isEmpty()) {
            at = time.applyAsLong(shown.get(shown.size() - 1));
            // The rows are in time order, so the listed rows of the page's last second end the listing: counted from
            // the page's end back, a page costs its own rows however deep into the tape it starts.
            for (int i = skip + shown.size() - 1; i >= 0 && time.applyAsLong(rows.get(i)) == at; i--) atCount++;
        }
        pagination(out, c, more, at, atCount);
        Json.send(ctx, out);
    }

    /**
     * {@code pagination}; the next cursor names the route, the next position, the size and a digest of the filters
     * (and, on a time-ordered feed, the second the page ended at and the rows of it listed so far).
     */
    private static void pagination(ObjectNode out, Cursor c, boolean more, Long at, int atCount) {
        ObjectNode p = out.putObject("pagination");
        p.put("limit", c.limit);
        p.put("offset", c.offset);
        p.put("has_more", more);
        p.put("next_cursor", more ? encode(c.binding, c.offset + c.limit, c.limit, at, atCount) : null);
    }

    private static String encode(String binding, int offset, int limit, Long at, int atCount) {
        String s = binding + ":" + offset + ":" + limit + (at == null ? "" : ":" + at + ":" + atCount);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String binding(String route, String filters) {
        byte[] d = org.web3j.crypto.Hash.sha256((route + "|" + filters).getBytes(StandardCharsets.UTF_8));
        return route + ":" + Wallets.hex(java.util.Arrays.copyOf(d, 8));
    }

    private static Cursor cursor(Params p, String route, String filters, int defaultLimit, int maxLimit) {
        String binding = binding(route, filters);
        String cursor = p.string("cursor");
        if (cursor == null) return new Cursor(binding, 0, p.between("limit", defaultLimit, 1, maxLimit));
        String[] parts;
        try {
            parts = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8).split(":");
        } catch (IllegalArgumentException e) {
            parts = new String[0];
        }
        String issued = "a pagination.next_cursor of this route";
        if (parts.length != 4 && parts.length != 6 || !parts[0].equals(route)) throw p.invalid("cursor", cursor, issued);
        if (!(parts[0] + ":" + parts[1]).equals(binding)) {
            throw p.invalid("cursor", cursor, issued + ", sent with the filters of the first page (these are other filters)");
        }
        try {
            int offset = Integer.parseInt(parts[2]), limit = Integer.parseInt(parts[3]);
            if (offset < 0 || limit < 1 || limit > maxLimit) throw new NumberFormatException();
            if (parts.length == 4) return new Cursor(binding, offset, limit);
            int atCount = Integer.parseInt(parts[5]);
            if (atCount < 0 || atCount > offset) throw new NumberFormatException();
            return new Cursor(binding, offset, limit, Long.parseLong(parts[4]), atCount);
        } catch (NumberFormatException e) {
            throw p.invalid("cursor", cursor, issued);
        }
    }

    /** Who and what a v2 read is about: {@code user}, the condition ids and the event ids (no {@code offset}: v2 pages by cursor). */
    private record Scope(String user, Set<String> markets, Set<String> events) {
    }

    private static Scope scope(Params p, boolean userRequired) {
        noOffset(p);
        return new Scope(user(p, userRequired), conditions(p, "condition", "condition_id", "conditionId"), p.list("event_id", "eventId"));
    }

    private static void noOffset(Params p) {
        p.absent("offset", "absent: v2 routes page by cursor (follow pagination.next_cursor)");
    }

    private static <T> List<T> slice(List<T> rows, int offset, int limit) {
        if (offset >= rows.size()) return List.of();
        return rows.subList(offset, Math.min(rows.size(), offset + limit));
    }

    /** v1 {@code offset}: 0 to {@value #MAX_OFFSET}. */
    private static int offset(Params p) {
        long v = p.count("offset", 0);
        if (v > MAX_OFFSET) throw p.invalid("offset", v, "0 to " + MAX_OFFSET);
        return (int) v;
    }

    /** v1 page size: the default when absent, capped at the route's maximum. */
    private static int limitV1(Params p, int defaultLimit, int max) {
        return p.capped("limit", defaultLimit, max);
    }

    // ---- parameters ----------------------------------------------------------------------------------------------------

    private static final String ADDRESS_TEXT = "a 0x-prefixed address of 40 hex digits";

    /** {@code user}: an address, lower case; null when absent and not required. */
    static String user(Params p, boolean required) {
        String u = p.matching("user", ADDRESS, ADDRESS_TEXT);
        if (u == null && required) throw p.missing("user", ADDRESS_TEXT);
        return u == null ? null : u.toLowerCase(Locale.ROOT);
    }

    /** Condition ids under any of {@code names}, comma-separated or repeated: at most {@value #MAX_CONDITIONS}, lower case. */
    private static Set<String> conditions(Params p, String... names) {
        Set<String> out = new LinkedHashSet<>();
        for (String c : p.list(names)) {
            if (!HASH64.matcher(c).matches()) throw p.invalid(names[0], c, "condition ids (0x and 64 hex digits), comma-separated");
            out.add(c.toLowerCase(Locale.ROOT));
        }
        if (out.size() > MAX_CONDITIONS) throw p.invalid(names[0], out.size() + " condition ids", "at most " + MAX_CONDITIONS + " condition ids");
        return out;
    }

    private static Set<String> types(Params p) {
        Set<String> out = new LinkedHashSet<>();
        for (String t : p.list("type")) {
            String u = t.toUpperCase(Locale.ROOT);
            if (!TYPES.contains(u)) throw p.invalid("type", t, "activity types, comma-separated (" + String.join(", ", new TreeSet<>(TYPES)) + ")");
            out.add(u);
        }
        return out;
    }

    private static String side(Params p) {
        return p.oneOf("side", null, List.of("BUY", "SELL"), true);
    }

    /** Unix seconds, 0 or more; 0 counts as absent. */
    private static Long seconds(Params p, String name) {
        Long v = p.seconds(name);
        return v == null || v == 0 ? null : v;
    }

    /** {@code filterType} CASH or TOKENS with {@code filterAmount}: the smallest trade kept. */
    private static Predicate<Ledger.Fill> amount(Params p, String typeName, String amountName) {
        String camelType = typeName.contains("_") ? "filterType" : typeName, camelAmount = amountName.contains("_") ? "filterAmount" : amountName;
        String type = p.string(typeName, camelType);
        BigDecimal min = p.decimal(null, amountName, camelAmount);
        if (type == null && min == null) return f -> true;
        String t = type == null ? "TOKENS" : type.toUpperCase(Locale.ROOT);
        if (!t.equals("CASH") && !t.equals("TOKENS")) throw p.invalid(typeName, type, "CASH or TOKENS");
        BigDecimal m = min == null ? BigDecimal.ZERO : min;
        return t.equals("CASH") ? f -> f.usdc().compareTo(m) >= 0 : f -> f.size().compareTo(m) >= 0;
    }

    /**
     * One of {@code allowed} (any letter case; given back upper case) under the first of {@code names} given (a v2
     * parameter and its v1 spelling), or {@code dflt}.
     */
    private static String choice(Params p, String dflt, List<String> allowed, String... names) {
        String v = p.string(names);
        if (v == null) return dflt;
        String u = v.toUpperCase(Locale.ROOT);
        if (!allowed.contains(u)) throw p.invalid(names[0], v, Params.choices(allowed));
        return u;
    }

    private static String stringOr(Params p, String dflt, String... names) {
        String v = p.string(names);
        return v == null ? dflt : v;
    }

    private static String lower(String s) {
        return s == null || s.isBlank() ? null : s.toLowerCase(Locale.ROOT);
    }
}
