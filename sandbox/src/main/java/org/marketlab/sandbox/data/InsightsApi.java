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
import org.marketlab.sandbox.wallets.Wallets;
import org.marketlab.sandbox.world.World;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The Data API's analytics ({@code data} host), read from the same seeded wallets as {@link DataApi}: the trader
 * leaderboard and a wallet's standing ({@code /v2/leaderboard}), the biggest winners ({@code /v2/biggest-winners}),
 * the builders' leaderboard and daily volume ({@code /v2/builders/leaderboard}, {@code /v2/builders/volume}), a
 * wallet's statistics, PnL series and volume ({@code /v2/user-stats}, {@code /v2/user-pnl}, {@code /v2/user-volume}),
 * outcome tokens and resolutions ({@code /v2/tokens}, {@code /v2/resolutions}), events' live volume
 * ({@code /v2/live-volume}, and v1 {@code /live-volume}), the v2 price history ({@code /v2/prices-history}) and a
 * wallet's accounting snapshot ({@code /v1/accounting/snapshot}, a ZIP of CSV files); and the v1 forms of the boards
 * ({@code /v1/leaderboard}, {@code /v1/builders/leaderboard}, {@code /v1/builders/volume}), the same figures.
 *
 * <p>How the figures are made, the sandbox's choices: a wallet's worth at an instant is its collateral then plus its
 * shares then at the token's price then (the order book's price path; a resolved market's payout after its end). A
 * window's PnL is the worth at its end less the worth at its start ({@code all}: less the first deposit), so the
 * all-time PnL is the positions' realised plus unrealised PnL. Volume is the collateral the wallet's fills moved.
 * Windows ({@code time_period}) are {@code day}, {@code week}, {@code month} and {@code all}, back from the world's
 * anchor. The traders ranked are the seeded wallets; the builder is the sandbox's one (its code is the one
 * {@code /builder/trades} answers); live volume is the collateral of the fills in the event's markets over the last 24
 * hours. Lists page by cursor ({@code {data, pagination}}); a cursor binds its route. A price-history window
 * ({@code start} to {@code end}) may span at most {@value #MAX_WINDOW_DAYS} days, as the live service's.
 */
public final class InsightsApi implements RouteModule {

    static final int MAX_WINDOW_DAYS = 15;
    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
    private static final Pattern CONDITION = Pattern.compile("0x[0-9a-fA-F]{64}");
    private static final Map<String, Long> WINDOWS = Map.of("day", 86_400L, "week", 7 * 86_400L, "month", 30 * 86_400L);
    private static final Map<String, Long> PNL_INTERVALS = Map.of("1m", 30 * 86_400L, "1w", 7 * 86_400L, "1d", 86_400L, "12h", 43_200L, "6h", 21_600L);
    private static final Map<String, Long> PNL_FIDELITIES = Map.of("1d", 86_400L, "18h", 64_800L, "12h", 43_200L, "3h", 10_800L, "1h", 3_600L);
    private static final Map<String, Long> HISTORY_INTERVALS = Map.of("1h", 3_600L, "6h", 21_600L, "1d", 86_400L, "1w", 7 * 86_400L, "1m", 30 * 86_400L);

    private final Wallets wallets;
    private final long now;

    public InsightsApi(Wallets wallets) {
        this.wallets = wallets;
        this.now = wallets.world().now().getEpochSecond();
    }

    // ---- leaderboards --------------------------------------------------------------------------------------------

    private record Standing(String wallet, BigDecimal pnl, BigDecimal volume) {
    }

    private List<Standing> standings(long from) {
        List<Standing> out = new ArrayList<>();
        for (String a : wallets.seeded()) {
            Ledger l = wallets.ledger(a);
            BigDecimal start = from <= 0 ? l.deposit : worth(l, from);
            BigDecimal volume = BigDecimal.ZERO;
            for (Ledger.Fill f : l.fills) if (f.time() >= from) volume = volume.add(f.usdc());
            out.add(new Standing(a, worth(l, now).subtract(start), volume));
        }
        return out;
    }

    @Route("GET /v2/leaderboard")
    private void leaderboard(Context ctx, Params p) {
        long from = window(p);
        p.string("category");
        String user = user(p, false);
        String sortBy = p.oneOf("sort_by", "PNL", List.of("PNL", "VOLUME"), true);
        List<Standing> all = standings(from);
        Comparator<Standing> byPnl = Comparator.comparing(Standing::pnl).reversed().thenComparing(Standing::wallet);
        Comparator<Standing> byVolume = Comparator.comparing(Standing::volume).reversed().thenComparing(Standing::wallet);
        if (user != null) {
            List<Standing> pnl = new ArrayList<>(all), vol = new ArrayList<>(all);
            pnl.sort(byPnl);
            vol.sort(byVolume);
            ObjectNode out = Json.object();
            Standing s = all.stream().filter(x -> x.wallet().equals(user)).findFirst().orElse(null);
            if (s == null) {
                out.putNull("data");
            } else {
                ObjectNode d = trader(s, out.putObject("data"));
                d.put("rank_pnl", indexOf(pnl, user) + 1);
                d.put("rank_volume", indexOf(vol, user) + 1);
            }
            Json.send(ctx, out);
            return;
        }
        all.sort(sortBy.equals("VOLUME") ? byVolume : byPnl);
        page(ctx, p, "leaderboard", all, 100, 1000, (s, rank) -> trader(s, Json.object()).put("rank", rank));
    }

    private static int indexOf(List<Standing> rows, String wallet) {
        for (int i = 0; i < rows.size(); i++) if (rows.get(i).wallet().equals(wallet)) return i;
        return -1;
    }

    private static ObjectNode trader(Standing s, ObjectNode o) {
        o.put("user_id", s.wallet());
        o.put("pnl", money(s.pnl()));
        o.put("volume", money(s.volume()));
        o.putNull("user_name");
        o.putNull("profile_image");
        o.putNull("x_username");
        o.put("verified", false);
        return o;
    }

    /** Resolved positions that won, largest PnL first. */
    @Route("GET /v2/biggest-winners")
    private void biggestWinners(Context ctx, Params p) {
        long from = window(p);
        p.string("category");
        record Win(String wallet, Ledger.Position position, BigDecimal pnl, long resolvedAt) {
        }
        List<Win> wins = new ArrayList<>();
        for (String a : wallets.seeded()) {
            for (Ledger.Position pos : wallets.ledger(a).positions.values()) {
                if (!pos.market().resolved()) continue;
                long resolvedAt = pos.token().endDate() == null ? pos.lastTime() : pos.token().endDate().getEpochSecond();
                BigDecimal pnl = pos.realized().add(pos.unrealized());
                if (pnl.signum() > 0 && resolvedAt >= from) wins.add(new Win(a, pos, pnl, resolvedAt));
            }
        }
        wins.sort(Comparator.comparing(Win::pnl).reversed().thenComparing(Win::wallet).thenComparing(w -> w.position().token().tokenId()));
        page(ctx, p, "biggest-winners", wins, 100, 1000, (w, rank) -> {
            MarketIndex.Market m = w.position().market();
            ObjectNode o = Json.object();
            o.put("kind", "market");
            o.put("win_rank", rank);
            o.put("user_id", w.wallet());
            o.put("pnl", money(w.pnl()));
            o.put("initial_value", money(w.position().boughtCost()));
            o.put("final_value", money(w.position().boughtCost().add(w.pnl())));
            o.put("resolved_at", w.resolvedAt());
            o.putNull("user_name");
            o.putNull("profile_image");
            o.put("event_title", m.title());
            o.put("condition_id", m.conditionId());
            o.put("position_id", w.position().token().tokenId());
            o.put("event_id", m.eventId());
            o.put("event_slug", m.eventSlug());
            return o;
        });
    }

    /** The sandbox's one builder: its volume (the collateral of the fills it brought) and users, in all or by day. */
    /** The leaderboard over a window, or ({@code /volume}) the daily volume of the last week. */
    @Route("GET /v2/builders/leaderboard")
    @Route("GET /v2/builders/volume")
    private void builders(Context ctx, Params p) {
        boolean daily = ctx.endpointHandlerPath().endsWith("/volume");
        long from = daily ? now - 7 * 86_400L : window(p);
        if (daily) {
            String interval = p.oneOf("interval", "week", List.of("day", "week", "month", "all"), false);
            from = interval.equals("all") ? 0 : now - WINDOWS.get(interval);
        }
        Map<String, BuilderDay> byDay = builderDays(from, daily);
        List<String> days = new ArrayList<>(byDay.keySet());
        if (!daily) {
            page(ctx, p, "builders", days, 100, 1000, (day, rank) -> builder(byDay.get(day).volume(), byDay.get(day).users().size(), rank));
            return;
        }
        ObjectNode out = Json.object();
        ArrayNode data = out.putArray("data");
        for (String day : days) data.add(builder(byDay.get(day).volume(), byDay.get(day).users().size(), 1).put("date", day));
        Json.send(ctx, out);
    }

    /** The builder's fills since {@code from}: per UTC day ({@code daily}), or all in one row keyed {@code all}. */
    private record BuilderDay(BigDecimal volume, Set<String> users) {
    }

    private Map<String, BuilderDay> builderDays(long from, boolean daily) {
        Map<String, BuilderDay> byDay = new java.util.TreeMap<>();
        for (String a : wallets.seeded()) {
            for (Ledger.Fill f : wallets.ledger(a).fills) {
                if (!f.builder() || f.time() < from) continue;
                String day = daily ? java.time.LocalDate.ofEpochDay(Math.floorDiv(f.time(), 86_400L)).toString() : "all";
                BuilderDay d = byDay.computeIfAbsent(day, k -> new BuilderDay(BigDecimal.ZERO, new LinkedHashSet<>()));
                d.users().add(a);
                byDay.put(day, new BuilderDay(d.volume().add(f.usdc()), d.users()));
            }
        }
        return byDay;
    }

    // ---- the v1 forms of the boards (the official @polymarket/client reads them): bare arrays in camelCase, paged by
    // limit and offset, the window named timePeriod (DAY, the default, WEEK, MONTH or ALL) ----------------------------

    private long windowV1(Params p) {
        String w = p.oneOf("timePeriod", "DAY", List.of("DAY", "WEEK", "MONTH", "ALL"), true).toLowerCase(Locale.ROOT);
        return w.equals("all") ? 0 : now - WINDOWS.get(w);
    }

    /** {@code limit} (1 to {@code max}, default {@code dflt}) and {@code offset} (0 to 1000) of a v1 board: the rows on the page. */
    private static <T> List<T> pageV1(Params p, List<T> rows, int dflt, int max) {
        int limit = p.between("limit", dflt, 1, max);
        long offset = p.count("offset", 0);
        if (offset > 1000) throw p.invalid("offset", offset, "0 to 1000");
        int from = (int) Math.min(offset, rows.size());
        return rows.subList(from, Math.min(rows.size(), from + limit));
    }

    /**
     * {@code /v1/leaderboard}: the traders by PnL ({@code orderBy=PNL}, the default) or volume ({@code VOL}) over the
     * window, each {@code {rank, proxyWallet, userName, vol, pnl, profileImage, xUsername, verifiedBadge}} (rank as
     * text, from 1); {@code user} (or {@code userName}, which no seeded wallet has) narrows it to that wallet's row.
     */
    @Route("GET /v1/leaderboard")
    private void leaderboardV1(Context ctx, Params p) {
        long from = windowV1(p);
        p.oneOf("category", "OVERALL", List.of("OVERALL", "POLITICS", "SPORTS", "CRYPTO", "CULTURE", "MENTIONS", "WEATHER", "ECONOMICS", "TECH", "FINANCE"), true);
        boolean byVolume = p.oneOf("orderBy", "PNL", List.of("PNL", "VOL"), true).equalsIgnoreCase("VOL");
        String user = user(p, false);
        String userName = p.string("userName");
        List<Standing> all = standings(from);
        all.sort((byVolume ? Comparator.comparing(Standing::volume) : Comparator.comparing(Standing::pnl)).reversed().thenComparing(Standing::wallet));
        List<ObjectNode> rows = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            Standing s = all.get(i);
            if (user != null && !s.wallet().equals(user) || userName != null) continue;
            ObjectNode o = Json.object();
            o.put("rank", String.valueOf(i + 1));
            o.put("proxyWallet", s.wallet());
            o.put("userName", "");
            o.put("vol", money(s.volume()));
            o.put("pnl", money(s.pnl()));
            o.put("profileImage", "");
            o.put("xUsername", "");
            o.put("verifiedBadge", false);
            rows.add(o);
        }
        ArrayNode out = Json.array();
        for (ObjectNode o : pageV1(p, rows, 25, 50)) out.add(o);
        Json.send(ctx, out);
    }

    /**
     * {@code /v1/builders/leaderboard} ({@code {rank, builder, volume, activeUsers, verified, builderLogo}}, paged) and
     * {@code /v1/builders/volume} (the same per UTC day, with its start {@code dt}): the sandbox's builder over the window.
     */
    @Route("GET /v1/builders/leaderboard")
    @Route("GET /v1/builders/volume")
    private void buildersV1(Context ctx, Params p) {
        boolean daily = ctx.endpointHandlerPath().endsWith("/volume");
        Map<String, BuilderDay> byDay = builderDays(windowV1(p), daily);
        List<ObjectNode> rows = new ArrayList<>();
        for (Map.Entry<String, BuilderDay> e : byDay.entrySet()) {
            ObjectNode o = Json.object();
            if (daily) o.put("dt", e.getKey() + "T00:00:00Z");
            o.put("rank", "1");
            o.put("builder", "MarketLab sandbox builder");
            o.putNull("builderLogo");
            o.put("verified", false);
            o.put("volume", money(e.getValue().volume()));
            o.put("activeUsers", e.getValue().users().size());
            rows.add(o);
        }
        ArrayNode out = Json.array();
        for (ObjectNode o : daily ? rows : pageV1(p, rows, 25, 50)) out.add(o);
        Json.send(ctx, out);
    }

    private ObjectNode builder(BigDecimal volume, int users, int rank) {
        ObjectNode o = Json.object();
        o.put("rank", rank);
        o.put("builder_name", "MarketLab sandbox builder");
        o.put("builder_code", wallets.builderCode());
        o.putNull("profile_image");
        o.put("verified", false);
        o.put("volume", money(volume));
        o.put("active_users", users);
        return o;
    }

    // ---- a wallet ------------------------------------------------------------------------------------------------

    /** A read of one wallet: its parameters, the {@code user} it names (required) and that wallet's books. */
    private record Wallet(Params params, String user, Ledger ledger) {
    }

    private Wallet wallet(Context ctx) {
        Params p = Params.of(ctx, 400);
        String user = user(p, true);
        return new Wallet(p, user, wallets.ledger(user));
    }

    @Route("GET /v2/user-stats")
    private void userStats(Context ctx) {
        Wallet w = wallet(ctx);
        String user = w.user();
        Ledger l = w.ledger();
        ObjectNode out = Json.object();
        if (l.fills.isEmpty() && l.activity.isEmpty()) {
            out.putNull("data");
            Json.send(ctx, out);
            return;
        }
        ObjectNode d = out.putObject("data");
        Set<String> traded = new LinkedHashSet<>();
        for (Ledger.Fill f : l.fills) traded.add(f.market().conditionId());
        BigDecimal biggest = BigDecimal.ZERO;
        for (Ledger.Position pos : l.positions.values()) biggest = biggest.max(pos.realized().add(pos.market().resolved() ? pos.unrealized() : BigDecimal.ZERO));
        d.put("proxy_wallet", user);
        d.put("trades", traded.size());
        d.put("biggest_win", money(biggest));
        d.put("views", Math.floorMod(user.hashCode(), 5000));
        d.put("join_date", l.activity.isEmpty() ? now : l.activity.get(0).time());
        List<ObjectNode> points = pnlPoints(l, List.of(now));
        d.set("all_time_pnl", points.get(0));
        Json.send(ctx, out);
    }

    @Route("GET /v2/user-pnl")
    private void userPnl(Context ctx) {
        Wallet w = wallet(ctx);
        Params p = w.params();
        Ledger l = w.ledger();
        String interval = p.oneOf("interval", "1m", List.of("max", "all", "1m", "1w", "1d", "12h", "6h"), false);
        String fidelity = p.oneOf("fidelity", "1d", List.of("1d", "18h", "12h", "3h", "1h"), false);
        long step = PNL_FIDELITIES.get(fidelity);
        long from = PNL_INTERVALS.containsKey(interval) ? now - PNL_INTERVALS.get(interval)
                : l.activity.isEmpty() ? now : l.activity.get(0).time();
        if ((now - from) / step > 5_000) throw p.invalid("fidelity", fidelity, "coarse enough for at most 5,000 points over the interval");
        List<Long> times = new ArrayList<>();
        for (long t = now - Math.floorDiv(now - from, step) * step; t <= now; t += step) times.add(t);
        ObjectNode out = Json.object();
        ObjectNode d = out.putObject("data");
        d.put("proxy_wallet", w.user());
        d.put("interval", interval);
        d.put("fidelity", fidelity);
        d.put("source_fidelity", fidelity);
        ArrayNode pts = d.putArray("points");
        pnlPoints(l, times).forEach(pts::add);
        Json.send(ctx, out);
    }

    @Route("GET /v2/user-volume")
    private void userVolume(Context ctx) {
        Wallet w = wallet(ctx);
        Params p = w.params();
        Long start = p.seconds("start"), end = p.seconds("end");
        BigDecimal shares = BigDecimal.ZERO, usdc = BigDecimal.ZERO;
        int n = 0;
        for (Ledger.Fill f : w.ledger().fills) {
            if (start != null && f.time() < start || end != null && f.time() > end) continue;
            shares = shares.add(f.size());
            usdc = usdc.add(f.usdc());
            n++;
        }
        ObjectNode out = Json.object();
        out.putObject("data").put("volume", money(shares)).put("volume_usdc", money(usdc)).put("trade_count", n);
        Json.send(ctx, out);
    }

    /**
     * The wallet's cumulative figures at each of {@code times} (ascending): average-cost realised PnL (as
     * {@link Ledger} keeps it), the unrealised PnL at the prices then, fills, shares and collateral traded.
     */
    private List<ObjectNode> pnlPoints(Ledger l, List<Long> times) {
        Map<String, BigDecimal[]> held = new HashMap<>(); // token -> {size, cost}
        Map<String, World.Token> tokens = new HashMap<>();
        BigDecimal realized = BigDecimal.ZERO, volume = BigDecimal.ZERO, volumeUsdc = BigDecimal.ZERO, rewards = BigDecimal.ZERO;
        int trades = 0, i = 0;
        List<ObjectNode> out = new ArrayList<>();
        List<Ledger.Activity> rows = l.activity;
        for (long t : times) {
            for (; i < rows.size() && rows.get(i).time() <= t; i++) {
                Ledger.Activity a = rows.get(i);
                if (a.type().equals("REWARD")) rewards = rewards.add(a.usdcSize());
                if (!a.type().equals("TRADE") && !a.type().equals("REDEEM")) continue;
                BigDecimal[] h = held.computeIfAbsent(a.token().tokenId(), k -> new BigDecimal[]{BigDecimal.ZERO, BigDecimal.ZERO});
                tokens.put(a.token().tokenId(), a.token());
                if (a.type().equals("TRADE")) {
                    trades++;
                    volume = volume.add(a.size());
                    volumeUsdc = volumeUsdc.add(a.usdcSize());
                }
                if (a.type().equals("TRADE") && a.side().equals("BUY")) {
                    h[0] = h[0].add(a.size());
                    h[1] = h[1].add(a.usdcSize());
                } else {
                    BigDecimal leaving = h[0].signum() == 0 ? BigDecimal.ZERO
                            : a.size().compareTo(h[0]) == 0 ? h[1] : h[1].multiply(a.size()).divide(h[0], 6, RoundingMode.HALF_EVEN);
                    realized = realized.add(a.usdcSize().subtract(leaving));
                    h[1] = h[1].subtract(leaving);
                    h[0] = h[0].subtract(a.size());
                }
            }
            BigDecimal unrealized = BigDecimal.ZERO;
            for (Map.Entry<String, BigDecimal[]> e : held.entrySet()) {
                if (e.getValue()[0].signum() <= 0) continue;
                unrealized = unrealized.add(e.getValue()[0].multiply(price(tokens.get(e.getKey()), t)).subtract(e.getValue()[1]));
            }
            ObjectNode pt = Json.object();
            pt.put("timestamp", t);
            pt.put("source_block", 60_000_000L + t / 2);
            pt.put("trade_count", trades);
            pt.put("realized_market_pnl", money(realized));
            pt.put("realized_lp_pnl", money(rewards));
            pt.put("realized_combo_pnl", 0);
            pt.put("realized_pnl", money(realized.add(rewards)));
            pt.put("unrealized_pnl", money(unrealized));
            pt.put("volume", money(volume));
            pt.put("volume_usdc", money(volumeUsdc));
            pt.put("reward_income", money(rewards));
            pt.put("fees_paid", 0);
            out.add(pt);
        }
        return out;
    }

    /** Collateral at {@code t} plus the shares held then at their prices then. */
    private BigDecimal worth(Ledger l, long t) {
        BigDecimal cash = l.deposit;
        Map<String, BigDecimal> shares = new HashMap<>();
        Map<String, World.Token> tokens = new HashMap<>();
        for (Ledger.Activity a : l.activity) {
            if (a.time() > t) break;
            cash = cash.add(switch (a.type()) {
                case "TRADE" -> a.side().equals("BUY") ? a.usdcSize().negate() : a.usdcSize();
                case "SPLIT" -> a.usdcSize().negate();
                case "MERGE", "REDEEM", "REWARD" -> a.usdcSize();
                default -> BigDecimal.ZERO;
            });
            if (a.token() == null || !(a.type().equals("TRADE") || a.type().equals("REDEEM"))) continue;
            tokens.put(a.token().tokenId(), a.token());
            BigDecimal change = a.type().equals("TRADE") && a.side().equals("BUY") ? a.size() : a.size().negate();
            shares.merge(a.token().tokenId(), change, BigDecimal::add);
        }
        for (Map.Entry<String, BigDecimal> e : shares.entrySet()) {
            if (e.getValue().signum() > 0) cash = cash.add(e.getValue().multiply(price(tokens.get(e.getKey()), t)));
        }
        return cash;
    }

    /** The token's price at {@code t}: the order book's path, or the payout once a resolved market ended. */
    private BigDecimal price(World.Token token, long t) {
        MarketIndex.Market m = wallets.markets().byToken(token.tokenId());
        if (m != null && m.resolved() && token.endDate() != null && t >= token.endDate().getEpochSecond()) return BigDecimal.valueOf(m.payout(token.index()));
        long minute = Math.max(wallets.quotes().firstMinute(token), Math.min(t / 60, wallets.quotes().lastMinute(token)));
        return BigDecimal.valueOf(wallets.quotes().priceAt(token, minute)).setScale(6, RoundingMode.HALF_EVEN);
    }

    // ---- markets -------------------------------------------------------------------------------------------------

    @Route("GET /v2/tokens")
    private void tokens(Context ctx, Params p) {
        Set<String> tokenIds = p.list("token_id");
        Set<String> conditions = p.list("condition", "condition_id");
        if (tokenIds.isEmpty() == conditions.isEmpty()) throw p.missing("token_id", "token ids, or condition (condition ids), one of the two");
        if (tokenIds.size() > 50) throw p.invalid("token_id", tokenIds.size() + " token ids", "at most 50");
        if (conditions.size() > 10) throw p.invalid("condition", conditions.size() + " condition ids", "at most 10");
        List<World.Token> rows = new ArrayList<>();
        for (String c : conditions) {
            if (!CONDITION.matcher(c).matches()) throw p.invalid("condition", c, "condition ids: 0x and 64 hex digits");
            MarketIndex.Market m = wallets.markets().byCondition(c.toLowerCase(Locale.ROOT));
            if (m != null) rows.addAll(List.of(m.tokens()));
        }
        for (String id : tokenIds) {
            World.Token t = wallets.world().token(id);
            if (t != null) rows.add(t);
        }
        ObjectNode out = Json.object();
        ArrayNode data = out.putArray("data");
        for (World.Token t : rows) {
            MarketIndex.Market m = wallets.markets().byToken(t.tokenId());
            if (m == null) continue;
            ObjectNode o = data.addObject();
            o.put("token_id", t.tokenId());
            o.put("condition_id", m.conditionId());
            o.putNull("structural_condition_id");
            o.put("module", m.negRisk() ? "neg_risk" : "binary");
            o.put("outcome_index", t.index());
            o.put("clob_index", t.index());
            o.put("outcome", t.outcome());
            o.put("opposite_token_id", m.other(t).tokenId());
            o.put("resolved", m.resolved());
            if (m.resolved()) o.put("final_price", m.payout(t.index()));
            else o.putNull("final_price");
            o.put("title", m.title());
            o.put("market_slug", m.slug());
            o.put("closed", m.closed());
            o.put("neg_risk", m.negRisk());
            o.putNull("neg_risk_market_id");
            o.putNull("question_index");
            o.put("event_id", m.eventId());
            o.put("event_slug", m.eventSlug());
        }
        Json.send(ctx, out);
    }

    @Route("GET /v2/resolutions")
    private void resolutions(Context ctx, Params p) {
        Set<String> conditions = p.list("condition_id", "condition");
        Set<String> events = p.list("event_id");
        String question = p.string("question_id");
        List<MarketIndex.Market> rows = new ArrayList<>();
        for (String c : conditions) {
            MarketIndex.Market m = wallets.markets().byCondition(c.toLowerCase(Locale.ROOT));
            if (m != null) rows.add(m);
        }
        for (String e : events) rows.addAll(wallets.markets().byEvent(e));
        if (conditions.isEmpty() && events.isEmpty() && question == null) throw p.missing("condition_id", "condition ids, event ids or a question id");
        ObjectNode out = Json.object();
        ArrayNode data = out.putArray("data");
        for (MarketIndex.Market m : rows) {
            World.Token first = m.tokens()[0];
            long end = first.endDate() == null ? now : first.endDate().getEpochSecond();
            ObjectNode o = data.addObject();
            o.putNull("question_id");
            o.put("condition_id", m.conditionId());
            o.put("status", m.resolved() ? "resolved" : m.closed() ? "proposed" : "initialized");
            o.put("extended_review", false);
            o.put("was_disputed", false);
            o.put("new_version_q", false);
            o.put("last_update_timestamp", Math.min(end, now));
            o.put("market_type", m.negRisk() ? "INCREMENTAL_NEGRISK" : "BINARY");
            if (m.resolved()) {
                o.put("price", m.payout(0));
                ArrayNode payouts = o.putArray("payouts");
                payouts.add(m.payout(0));
                payouts.add(m.payout(1));
                o.put("resolved_at", end);
            }
        }
        Json.send(ctx, out);
    }

    /** The taker volume of each market of the events over the last day (v1: {@code [{total, markets: [{market, value}]}]}). */
    @Route("GET /v2/live-volume")
    @Route("GET /live-volume")
    private void liveVolume(Context ctx, Params p) {
        boolean v2 = ctx.endpointHandlerPath().startsWith("/v2/");
        Set<String> events = p.list(v2 ? "event_id" : "id", "id", "event_id");
        if (events.isEmpty()) throw p.missing(v2 ? "event_id" : "id", "one or more event ids");
        Map<String, BigDecimal> byCondition = new LinkedHashMap<>();
        for (String e : events) for (MarketIndex.Market m : wallets.markets().byEvent(e)) byCondition.put(m.conditionId(), BigDecimal.ZERO);
        Set<String> seen = new java.util.HashSet<>();
        for (String a : wallets.seeded()) {
            for (Ledger.Fill f : wallets.ledger(a).fills) {
                if (f.time() >= now - 86_400L && byCondition.containsKey(f.market().conditionId()) && seen.add(f.id())) {
                    byCondition.merge(f.market().conditionId(), f.usdc(), BigDecimal::add);
                }
            }
        }
        BigDecimal total = BigDecimal.ZERO;
        for (BigDecimal v : byCondition.values()) total = total.add(v);
        if (v2) {
            ObjectNode out = Json.object();
            ObjectNode d = out.putObject("data");
            d.put("taker_volume_total", money(total));
            ArrayNode markets = d.putArray("conditions");
            byCondition.forEach((c, v) -> markets.addObject().put("condition_id", c).put("taker_volume", money(v)));
            Json.send(ctx, out);
        } else {
            ArrayNode out = Json.array();
            ObjectNode o = out.addObject();
            o.put("total", money(total));
            ArrayNode markets = o.putArray("markets");
            byCondition.forEach((c, v) -> markets.addObject().put("market", c).put("value", money(v)));
            Json.send(ctx, out);
        }
    }

    /**
     * {@code token_id} with {@code interval} (back from the present), {@code start}/{@code end} (seconds, at most
     * {@value #MAX_WINDOW_DAYS} days apart) or {@code as_of} (the one price then); {@code bucket_seconds} between
     * points (default: the finest keeping the window to 1,000 points, at least 60).
     */
    @Route("GET /v2/prices-history")
    private void pricesHistory(Context ctx, Params p) {
        String tokenId = p.required("token_id", "an outcome token id");
        World.Token token = wallets.world().token(tokenId);
        String interval = p.oneOf("interval", null, List.of("max", "all", "1m", "1w", "1d", "6h", "1h"), false);
        Long start = p.seconds("start"), end = p.seconds("end"), asOf = p.seconds("as_of");
        int given = (interval != null ? 1 : 0) + (start != null ? 1 : 0) + (asOf != null ? 1 : 0);
        if (given != 1) throw p.invalid("interval", String.valueOf(interval), "given alone: one of interval, start (with end) or as_of");
        Long bucket = p.integer("bucket_seconds", "60 to 86400");
        if (bucket != null && (bucket < 60 || bucket > 86_400)) throw p.invalid("bucket_seconds", bucket, "60 to 86400");
        long present = now;
        long from, to;
        if (asOf != null) {
            from = to = asOf;
        } else if (start != null) {
            to = end != null ? end : present;
            if (to < start || to - start > MAX_WINDOW_DAYS * 86_400L) {
                throw p.invalid("end", to, "no earlier than start and at most " + MAX_WINDOW_DAYS + " days after it (interval is too long)");
            }
            from = start;
        } else {
            to = present;
            from = HISTORY_INTERVALS.containsKey(interval) ? to - HISTORY_INTERVALS.get(interval)
                    : token == null ? to : wallets.quotes().firstMinute(token) * 60;
        }
        long step = bucket != null ? bucket : Math.max(60, ((to - from) / 1000 / 60 + 1) * 60);
        List<Long> times = new ArrayList<>();
        if (token != null) {
            long first = Math.max(from, wallets.quotes().firstMinute(token) * 60);
            for (long t = first - Math.floorMod(first, step); t <= to; t += step) if (t >= first || asOf != null) times.add(t);
            if (asOf != null && times.isEmpty()) times.add(asOf);
        }
        long s = step;
        page(ctx, p, "prices-history", times, 1000, 10_000, (t, i) -> {
            ObjectNode o = Json.object();
            o.put("timestamp", t);
            o.put("price", price(token, t));
            o.put("resolution_seconds", s);
            return o;
        });
    }

    /** {@code user}: a ZIP of {@code positions.csv} and {@code activity.csv}, the wallet's books as of now. */
    @Route("GET /v1/accounting/snapshot")
    private void snapshot(Context ctx) {
        Wallet w = wallet(ctx);
        Ledger l = w.ledger();
        StringBuilder positions = new StringBuilder("condition_id,token_id,outcome,size,avg_price,cost,current_price,current_value,realized_pnl,unrealized_pnl,status\n");
        for (Ledger.Position pos : l.positions.values()) {
            positions.append(String.join(",", pos.market().conditionId(), pos.token().tokenId(), csv(pos.token().outcome()), plain(pos.size()),
                    plain(pos.avgPrice()), plain(pos.cost()), plain(pos.curPrice()), plain(pos.currentValue()), plain(pos.realized()),
                    plain(pos.unrealized()), pos.status().name())).append('\n');
        }
        StringBuilder activity = new StringBuilder("timestamp,type,condition_id,token_id,side,size,usdc_size,price,transaction_hash\n");
        for (Ledger.Activity a : l.activity) {
            activity.append(String.join(",", Long.toString(a.time()), a.type(), a.market().conditionId(), a.token() == null ? "" : a.token().tokenId(),
                    a.side(), plain(a.size()), plain(a.usdcSize()), plain(a.price()), a.txHash())).append('\n');
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, StringBuilder> f : Map.of("positions.csv", positions, "activity.csv", activity).entrySet()) {
                ZipEntry entry = new ZipEntry(f.getKey());
                entry.setTime(now * 1000);
                zip.putNextEntry(entry);
                zip.write(f.getValue().toString().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ctx.contentType("application/zip").header("Content-Disposition", "attachment; filename=\"accounting-" + w.user() + ".zip\"").result(bytes.toByteArray());
    }

    private static String csv(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private static String plain(BigDecimal v) {
        return Json.number(v).toPlainString();
    }

    // ---- shared --------------------------------------------------------------------------------------------------

    /** The window's first second: {@code time_period} day, week, month (back from the anchor) or all (0). */
    private long window(Params p) {
        String w = p.oneOf("time_period", "all", List.of("day", "week", "month", "all"), false);
        return w.equals("all") ? 0 : now - WINDOWS.get(w);
    }

    private static String user(Params p, boolean required) {
        String u = p.matching("user", ADDRESS, "a 0x-prefixed address of 40 hex digits");
        if (u == null && required) throw p.missing("user", "a 0x-prefixed address of 40 hex digits");
        return u == null ? null : u.toLowerCase(Locale.ROOT);
    }

    private static BigDecimal money(BigDecimal v) {
        return Json.number(v.setScale(6, RoundingMode.HALF_EVEN));
    }

    /** One row and its 1-based rank. */
    private interface Row<T> {
        ObjectNode shape(T row, int rank);
    }

    /** A cursor page of {@code rows}: {@code {data, pagination: {limit, offset, has_more, next_cursor}}}. */
    private static <T> void page(Context ctx, Params p, String route, List<T> rows, int defaultLimit, int maxLimit, Row<T> shape) {
        String cursor = p.string("cursor");
        int offset = 0, limit;
        if (cursor != null) {
            String[] parts;
            try {
                parts = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8).split(":");
            } catch (IllegalArgumentException e) {
                parts = new String[0];
            }
            if (parts.length != 3 || !parts[0].equals(route)) throw p.invalid("cursor", cursor, "a pagination.next_cursor of this route");
            try {
                offset = Integer.parseInt(parts[1]);
                limit = Integer.parseInt(parts[2]);
            } catch (NumberFormatException e) {
                throw p.invalid("cursor", cursor, "a pagination.next_cursor of this route");
            }
        } else {
            limit = p.between("limit", defaultLimit, 1, maxLimit);
        }
        ObjectNode out = Json.object();
        ArrayNode data = out.putArray("data");
        int to = Math.min(rows.size(), offset + limit);
        for (int i = Math.min(offset, rows.size()); i < to; i++) data.add(shape.shape(rows.get(i), i + 1));
        boolean more = to < rows.size();
        ObjectNode pg = out.putObject("pagination");
        pg.put("limit", limit);
        pg.put("offset", offset);
        pg.put("has_more", more);
        if (more) pg.put("next_cursor", Base64.getUrlEncoder().withoutPadding().encodeToString((route + ":" + to + ":" + limit).getBytes(StandardCharsets.UTF_8)));
        else pg.putNull("next_cursor");
        Json.send(ctx, out);
    }
}
