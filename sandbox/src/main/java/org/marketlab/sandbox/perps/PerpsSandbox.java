package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.route.Routes;
import org.marketlab.sandbox.route.SocketFaults;
import org.marketlab.sandbox.route.SocketFaults.Fault;
import org.marketlab.sandbox.world.Assets;
import org.marketlab.sandbox.world.Lazy;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;

/**
 * The perpetuals interface of the sandbox ({@code perps} server, REST and the real-time channel {@code /v1/ws}),
 * one of the sandbox's route modules.
 *
 * <p>Where the specification is silent, the sandbox's choices (the toolkit documents the same):
 * <ul>
 *   <li>Signed requests: {@code ts} within {@value #TIMESTAMP_WINDOW_MS} ms of the sandbox's clock, else 401
 *       {@code stale timestamp}; a command's {@code exp} in the future (else 400) and at most
 *       {@value #COMMAND_TIMEOUT_MS} ms ahead (the gateway's default command timeout in the sandbox).</li>
 *   <li>deleteProxy is signed by the owner as an {@code Op} over {@code ["deleteProxy",[proxy]]}, as the official
 *       {@code @polymarket/client} does (see {@link Signatures}).</li>
 *   <li>History reads take {@code start_timestamp} and {@code end_timestamp} (Unix ms, both inclusive; the end
 *       defaults to now), and {@code withdrawal_status} and {@code hash} (withdrawals), {@code direction}
 *       (internal transfers), {@code instrument_id} (funding); any other parameter is refused. They answer
 *       {@code {data, more}}, newest first (ties by id, highest first), at most {@value #PAGE_SIZE}; withdrawals
 *       are timed, filtered and ordered by {@code confirmed_timestamp} when present, else {@code created_timestamp}.
 *       The next page is asked for with {@code end_timestamp} at the last entry's time, the repeats at that
 *       boundary dropped by the client.</li>
 *   <li>The public portfolio takes {@code address}. Open orders are listed at {@code GET /v1/account/open-orders}
 *       (the official client's path; the specification shows no such read).</li>
 *   <li>Weights counted per account as the specification gives them; for the reads it gives none, 2 for the
 *       credentials and open orders, 5 for the private portfolio; cancel as modify, 1 + floor(n/20) plus 1 per
 *       order.</li>
 *   <li>A modification is refused with {@code insufficient_margin} when the open orders would then hold more
 *       margin ({@link PerpsAccount#ORDER_MARGIN_RATE} of their remaining notional) than the collateral not held by
 *       the positions.</li>
 *   <li>The generated histories, and the collateral and funding they make, are as of the sandbox's present;
 *       live fills, signatures, timestamps of signed requests and proxies' expiry go by its wall clock. The
 *       collateral is the generated history's plus what the fills realised less their fees; the portfolio (REST
 *       and the channel's frames alike, {@link Portfolios}) is stamped with the later of the two.</li>
 * </ul>
 * The real-time channel is {@link PerpsChannel}; fills, portfolio snapshots and the account reads beyond the
 * specification ({@code fills}, {@code orders}, {@code balances}, {@code equity}, {@code pnl}) come from
 * {@link PerpsMarket}. Failures are {@code {status: err, error}} with 400, 401 or 404.
 */
public final class PerpsSandbox implements RouteModule {

    public static final long TIMESTAMP_WINDOW_MS = 60_000;
    public static final long COMMAND_TIMEOUT_MS = 30_000;
    public static final int PAGE_SIZE = 100;
    /** The EIP-712 domain names accepted: the sandbox's and the live service's. */
    public static final List<String> DOMAIN_NAMES = Signatures.DOMAIN_NAMES;

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");

    private final long worldSeed;
    /** The world's asset paths the instruments follow, drawn once for every account, on first use. */
    private final Lazy<Assets> assets;
    private final long worldNow;
    /** The sandbox's wall clock in ms: signatures, proxies' expiry. */
    private final LongSupplier clock;
    /** The sandbox's present in ms: how far the accounts' histories reach. */
    private final LongSupplier present;
    private final ProxyRegistry proxies = new ProxyRegistry();
    private final Map<String, PerpsAccount> accounts = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> weights = new ConcurrentHashMap<>();
    private final Trading trading;
    private final PerpsMarket market;
    private final PerpsChannel channel;
    private final PerpsInfo info;
    private final PerpsAccountReads reads;
    private final PositionSnapshots snapshots;
    private final Algorithms algorithms;
    private final Builders builders;
    private final java.util.concurrent.ScheduledExecutorService algorithmTimer;

    /**
     * @param worldSeed the world's seed (accounts are generated from it and the owner's address)
     * @param worldNow  the world's anchor time (account histories run from 90 days before it to two days after)
     * @param clock     the sandbox's wall clock in ms: timestamps are checked against it
     * @param present   the sandbox's present in ms: what has happened by then is what the accounts show
     */
    public PerpsSandbox(long worldSeed, Instant worldNow, LongSupplier clock, LongSupplier present) {
        this.worldSeed = worldSeed;
        this.worldNow = worldNow.toEpochMilli();
        this.clock = clock;
        this.present = present;
        this.assets = new Lazy<>(() -> Assets.of(worldSeed, Math.floorDiv(worldNow.toEpochMilli(), 60_000)));
        PerpsChannel[] ch = new PerpsChannel[1];
        this.builders = new Builders(clock);
        this.market = new PerpsMarket(worldSeed, clock, this::accountOf, (owner, name, data) -> ch[0].push(owner, name, data), builders);
        this.info = new PerpsInfo(worldSeed, assets, clock, address -> proxies.registered(address));
        this.trading = new Trading(proxies, this::accountOf, clock, builders, new Trading.Changes() {
            @Override
            public void changed(PerpsAccount account, ObjectNode order, boolean modified) {
                market.changed(account, order, modified);
            }

            @Override
            public void created(PerpsAccount account, ObjectNode order, java.math.BigDecimal mark) {
                market.created(account, order, mark);
            }

            @Override
            public void armed(PerpsAccount account, ObjectNode order) {
                market.armed(account, order);
            }
        }, iid -> {
            PerpsInfo.Instrument i = PerpsInfo.instrument(iid);
            return i == null ? null : info.markPrice(i, clock.getAsLong());
        });
        this.reads = new PerpsAccountReads(market);
        this.snapshots = new PositionSnapshots(this::accountOf, market, info, this::latest);
        this.algorithms = new Algorithms(trading, this::accountOf, clock, iid -> {
            PerpsInfo.Instrument i = PerpsInfo.instrument(iid);
            return i == null ? null : java.math.BigDecimal.valueOf(info.mark(i, clock.getAsLong())).setScale(i.priceDecimals(), java.math.RoundingMode.HALF_EVEN);
        });
        this.algorithmTimer = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sandbox-perps-algorithms");
            t.setDaemon(true);
            return t;
        });
        this.channel = ch[0] = new PerpsChannel(proxies, trading, market, clock, this::accountCommand);
    }

    // ---- for tests --------------------------------------------------------------------------------------------------

    /** The account of {@code owner} (generated on first use, from the world seed and the address). */
    public PerpsAccount account(String owner) {
        if (owner == null || !owner.matches("0x[0-9a-fA-F]{40}")) throw new IllegalArgumentException("not an address: " + owner);
        return accountOf(owner);
    }

    /** When the proxy stops being accepted, if it is registered. */
    public Optional<Instant> proxyExpiry(String proxy) {
        return Optional.ofNullable(proxies.find(proxy)).map(p -> Instant.ofEpochMilli(p.expiry()));
    }

    /** Request weight spent by the account of {@code owner} (public reads count under no account). */
    public long weight(String owner) {
        AtomicLong w = weights.get(owner.toLowerCase(Locale.ROOT));
        return w == null ? 0 : w.get();
    }

    /** Request weight spent on the public reads. */
    public long publicWeight() {
        AtomicLong w = weights.get("public");
        return w == null ? 0 : w.get();
    }

    /** The real-time channel: its faults and counters (successful {@code auth} frames among them). */
    public PerpsChannel channel() {
        return channel;
    }

    /** The simulated market: the fill process and the portfolio snapshots. */
    public PerpsMarket market() {
        return market;
    }

    private PerpsAccount accountOf(String owner) {
        return accounts.computeIfAbsent(owner.toLowerCase(Locale.ROOT), o -> new PerpsAccount(o, worldSeed, worldNow, present, assets.get()));
    }

    /**
     * What has happened by now: the later of the present (how far the generated histories reach) and the wall clock
     * (when live fills happen). Snapshots are stamped with it, and histories read up to it by default.
     */
    private long latest() {
        return Math.max(present.getAsLong(), clock.getAsLong());
    }

    private void spend(String who, long weight) {
        weights.computeIfAbsent(who, k -> new AtomicLong()).addAndGet(weight);
    }

    // ---- routes -----------------------------------------------------------------------------------------------------

    /** The routes declared here and {@link PerpsInfo}'s, the real-time channel, and the timers that end with the server. */
    @Override
    public void register(Javalin app) {
        RouteModule.super.register(app);
        Routes.add(app, info);
        app.events(e -> {
            e.serverStarted(() -> algorithmTimer.scheduleWithFixedDelay(this::runAlgorithmsQuietly, 1, 1, java.util.concurrent.TimeUnit.SECONDS));
            e.serverStopping(algorithmTimer::shutdownNow);
        });
        channel.register(app);
        app.events(e -> e.serverStopping(market::close)); // the market's timer ends with its server
    }

    @Route("POST /v1/account/invite")
    private void invite(Context ctx) {
        ProxyRegistry.Proxy p = authenticated(ctx, 1);
        json(ctx, accountOf(p.owner()).invite(clock.getAsLong()));
    }

    @Route("DELETE /v1/trade/orders/all")
    private void cancelAll(Context ctx) {
        Trading.Result r = trading.cancelAll(Bodies.object(ctx.body()), null);
        spend(r.proxy().owner(), 1 + r.entries().size());
        json(ctx, JSON.objectNode().put("status", "ok"));
    }

    /** An account read that takes no parameters: the weight it spends and its answer for the authenticated owner. */
    private record OwnerRead(long weight, Function<String, JsonNode> answer) {
    }

    /** The account read that takes no parameters at {@code path}. */
    private OwnerRead ownerRead(String path) {
        return switch (path) {
            case "/v1/account/stats" -> new OwnerRead(2, owner -> reads.stats(accountOf(owner), latest()));
            case "/v1/account/auto-cancel" -> new OwnerRead(2, owner -> reads.autoCancelStatus(accountOf(owner), clock.getAsLong()));
            case "/v1/account/balances" -> new OwnerRead(2, owner -> market.balances(accountOf(owner)));
            case "/v1/account/portfolio" -> new OwnerRead(5, owner -> Portfolios.of(accountOf(owner), latest()));
            case "/v1/account/twaps" -> new OwnerRead(2, algorithms::twaps);
            case "/v1/account/chases" -> new OwnerRead(2, algorithms::chases);
            default -> throw new IllegalStateException("no account read at " + path);
        };
    }

    @Route("GET /v1/account/stats")
    @Route("GET /v1/account/auto-cancel")
    @Route("GET /v1/account/balances")
    @Route("GET /v1/account/portfolio")
    @Route("GET /v1/account/twaps")
    @Route("GET /v1/account/chases")
    private void ownerRead(Context ctx) {
        OwnerRead read = ownerRead(ctx.endpointHandlerPath());
        json(ctx, read.answer().apply(authenticated(ctx, read.weight()).owner()));
    }

    @Route("GET /v1/account/config")
    private void config(Context ctx) {
        PerpsAccount a = accountOf(authenticated(ctx, 2).owner());
        json(ctx, reads.config(a, Params.of(ctx, 400).natural("instrument_id")));
    }

    @Route("PATCH /v1/trade/auto-cancel")
    private void armAutoCancel(Context ctx) {
        json(ctx, autoCancel(Bodies.object(ctx.body()), null));
    }

    @Route("POST /v1/account/notifications/read")
    private void markRead(Context ctx) {
        PerpsAccount a = accountOf(authenticated(ctx, 1).owner());
        reads.markRead(a, Bodies.object(ctx.body().isBlank() ? "{}" : ctx.body()), clock.getAsLong());
        json(ctx, JSON.objectNode().put("status", "ok"));
    }

    @Route("POST /v1/info/position-snapshots")
    private void positionSnapshots(Context ctx) {
        spend("public", 5);
        json(ctx, snapshots.answer(Bodies.object(ctx.body()), ownerOrNull(ctx)));
    }

    @Route("GET /v1/info/assets")
    private void collateralAssets(Context ctx) {
        spend("public", 2);
        ArrayNode out = JSON.arrayNode();
        asset(out, "USDC", "0x3c499c542cef5e3811e1192ce70d8cc03d5c3359", 6, "1", "1.00");
        asset(out, "USDT", "0xc2132d05d31c914a87c6611c10748aeb04b58e8f", 6, "0.98", "1.50");
        asset(out, "WETH", "0x7ceb23fd6bc0add59e62ac25578270cff1b9f619", 18, "0.85", "0.0005");
        json(ctx, out);
    }

    /** A TWAP: created ({@code POST}), paused or resumed ({@code PATCH}), cancelled ({@code DELETE}); each signed. */
    @Route("POST /v1/trade/twaps")
    @Route("PATCH /v1/trade/twaps")
    @Route("DELETE /v1/trade/twaps")
    private void twap(Context ctx) {
        JsonNode command = Bodies.object(ctx.body());
        json(ctx, switch (ctx.method()) {
            case POST -> algorithms.createTwap(command);
            case PATCH -> algorithms.controlTwap(command);
            default -> algorithms.cancelTwap(command);
        });
    }

    /** A chase: created ({@code POST}) or cancelled ({@code DELETE}); each signed. */
    @Route("POST /v1/trade/chases")
    @Route("DELETE /v1/trade/chases")
    private void chase(Context ctx) {
        JsonNode command = Bodies.object(ctx.body());
        json(ctx, ctx.method() == HandlerType.POST ? algorithms.createChase(command) : algorithms.cancelChase(command));
    }

    // ---- builder fees ({@link Builders}): a builder's status, a trader's approvals, a builder's receipts and their totals

    @Route("GET /v1/info/builder")
    private void builder(Context ctx, Params p) {
        String address = p.matching("address", ADDRESS, "0x followed by 40 hex digits");
        if (address == null) throw p.missing("address", "0x followed by 40 hex digits");
        spend("public", 1);
        json(ctx, builders.status(address));
    }

    @Route("GET /v1/account/builder-approvals")
    private void builderApprovals(Context ctx) {
        ProxyRegistry.Proxy proxy = authenticated(ctx, 2);
        Params p = Params.of(ctx, 400);
        p.onlyThese(List.of("builder"));
        json(ctx, builders.approvals(proxy.owner(), p.matching("builder", ADDRESS, "0x followed by 40 hex digits")));
    }

    /** A builder's receipts ({@code builder-earnings}) or their totals ({@code builder-earnings-summary}, no cursor). */
    @Route("GET /v1/account/builder-earnings")
    @Route("GET /v1/account/builder-earnings-summary")
    private void builderEarnings(Context ctx) {
        ProxyRegistry.Proxy proxy = authenticated(ctx, 5);
        Params p = Params.of(ctx, 400);
        boolean summary = ctx.endpointHandlerPath().endsWith("-summary");
        p.onlyThese(summary ? List.of("start_timestamp", "end_timestamp", "as_of_sequence")
                : List.of("start_timestamp", "end_timestamp", "as_of_sequence", "cursor"));
        json(ctx, summary ? builders.summary(proxy.owner(), p) : builders.earnings(proxy.owner(), p));
    }

    /**
     * {@code approveBuilder}: args {@code {builder, max_fee_rate, approval_version}}, sent with the trader's proxy headers
     * and signed by the trader (the proxy's owner) over {@code ["approveBuilder", [builder, max_fee_rate, approval_version]]},
     * the texts as sent. Checked before it is kept (see {@link Builders#approve}).
     */
    @Route("POST /v1/account/builder-approvals")
    private void approveBuilder(Context ctx) {
        ProxyRegistry.Proxy proxy = authenticated(ctx, 1);
        Bodies.Command command = Bodies.command(ctx.body(), "approveBuilder");
        String builder = command.address("builder");
        String rate = command.text("max_fee_rate");
        long version = command.integer("approval_version");
        java.math.BigDecimal max;
        try {
            max = new java.math.BigDecimal(rate);
        } catch (NumberFormatException e) {
            throw Refusal.badRequest("op.args.max_fee_rate must be a decimal string such as \"0.0003\" (3 basis points), was '" + rate + "'");
        }
        if (max.signum() < 0) throw Refusal.badRequest("op.args.max_fee_rate must not be negative, was " + rate);
        if (version < 1) throw Refusal.badRequest("op.args.approval_version must be 1 or more, was " + version);
        Bodies.Signature s = command.signature();
        Trading.fresh(s.ts(), clock.getAsLong());
        ArrayNode op = JSON.arrayNode().add("approveBuilder");
        op.addArray().add(builder).add(rate).add(version);
        byte[] packed = Signatures.compact(op);
        if (!Signatures.signedBy(proxy.owner(), name -> Signatures.op(name, packed, s.salt(), s.ts()), s.sig())) {
            throw Refusal.unauthorized("invalid signature: the account's owner " + proxy.owner() + " did not sign this approveBuilder");
        }
        json(ctx, builders.approve(proxy.owner(), builder, max, version));
    }

    /** {@code autoCancel}: args {@code {time}} (ms; 0 disarms), signed over {@code ["autoCancel", [time]]}. */
    private ObjectNode autoCancel(JsonNode body, String owner) {
        JsonNode args = Bodies.args(body, "autoCancel");
        if (!args.path("time").canConvertToLong() || args.get("time").asLong() < 0) throw Refusal.badRequest("op.args.time must be a time in ms (0 disarms)");
        long time = args.get("time").asLong();
        ArrayNode op = JSON.arrayNode().add("autoCancel");
        op.addArray().add(time);
        ProxyRegistry.Proxy p = trading.verify(body, op, owner);
        ObjectNode out = reads.autoCancel(accountOf(p.owner()), time, clock.getAsLong());
        if (out == null) throw Refusal.badRequest("auto_cancel_daily_limit_reached");
        return out;
    }

    /**
     * The channel's commands beyond trading: {@code updateLeverage} ({@code {iid, lev, cross}}), {@code updateLeverages}
     * ({@code [{iid, lev, cross}]}), {@code updateMargin} ({@code {iid, amt}}) and {@code autoCancel}, each checked against
     * the authenticated account's proxies before it acts. Null for a command it does not know.
     */
    private JsonNode accountCommand(String type, JsonNode frame, String owner) {
        JsonNode args = frame.path("op").path("args");
        switch (type) {
            case "updateLeverage" -> {
                ArrayNode op = JSON.arrayNode().add("updateLeverage");
                op.addArray().add(args.path("iid").asLong()).add(args.path("lev").asInt()).add(args.path("cross").asBoolean());
                ProxyRegistry.Proxy p = trading.verify(frame, op, owner);
                return reads.leverage(accountOf(p.owner()), args.path("iid").asLong(), args.path("lev").asInt(), args.path("cross").asBoolean());
            }
            case "updateLeverages" -> {
                if (!args.isArray() || args.isEmpty()) throw Refusal.badRequest("op.args must be a non-empty array of {iid, lev, cross}");
                ArrayNode op = JSON.arrayNode().add("updateLeverages");
                ArrayNode rows = op.addArray();
                for (JsonNode u : args) rows.addArray().add(u.path("iid").asLong()).add(u.path("lev").asInt()).add(u.path("cross").asBoolean());
                ProxyRegistry.Proxy p = trading.verify(frame, op, owner);
                ArrayNode out = JSON.arrayNode();
                for (JsonNode u : args) out.add(reads.leverage(accountOf(p.owner()), u.path("iid").asLong(), u.path("lev").asInt(), u.path("cross").asBoolean()));
                return out;
            }
            case "updateMargin" -> {
                ArrayNode op = JSON.arrayNode().add("updateMargin");
                op.addArray().add(args.path("iid").asLong()).add(args.path("amt").asText());
                ProxyRegistry.Proxy p = trading.verify(frame, op, owner);
                PerpsAccount a = accountOf(p.owner());
                boolean held = a.positionRows().stream().anyMatch(x -> x.get("instrument_id").asLong() == args.path("iid").asLong());
                if (!held) return JSON.objectNode().put("status", "err").put("error", "no position on instrument " + args.path("iid").asLong());
                return JSON.objectNode().put("status", "ok");
            }
            case "autoCancel" -> {
                return autoCancel(frame, owner);
            }
            default -> {
                return null;
            }
        }
    }

    /** {@code {items, unread, durable_source_seq, has_more, next_cursor}}, oldest first, {@code limit} (default 50) a page. */
    @Route("GET /v1/account/notifications")
    private void notifications(Context ctx) {
        PerpsAccount a = accountOf(authenticated(ctx, 2).owner());
        Params p = Params.of(ctx, 400);
        int limit = p.between("limit", 50, 1, 200);
        Long since = p.natural("since_seq");
        String cursor = p.string("cursor");
        int from = 0;
        if (cursor != null) {
            try {
                from = Integer.parseInt(new String(java.util.Base64.getUrlDecoder().decode(cursor), java.nio.charset.StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw p.invalid("cursor", cursor, "a next_cursor of this route");
            }
        }
        List<ObjectNode> all = reads.notifications(a);
        if (since != null) all = all.subList((int) Math.min(since, all.size()), all.size());
        int to = Math.min(all.size(), from + limit);
        ObjectNode out = JSON.objectNode();
        ArrayNode items = out.putArray("items");
        for (int i = Math.min(from, all.size()); i < to; i++) items.add(all.get(i));
        out.put("unread", reads.unread(reads.notifications(a)));
        out.put("durable_source_seq", reads.notifications(a).size());
        out.put("has_more", to < all.size());
        if (to < all.size()) out.put("next_cursor", java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(Integer.toString(to).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        else out.putNull("next_cursor");
        json(ctx, out);
    }

    @Route("GET /v1/account/fills")
    private void fills(Context ctx) {
        PerpsAccount a = accountOf(authenticated(ctx, 10).owner());
        Params p = PerpsInfo.history(ctx, "instrument_id");
        Long instrument = p.natural("instrument_id");
        page(ctx, p, market.fillRows(a), f -> f.get("timestamp").asLong(),
                f -> instrument == null || f.get("instrument_id").asLong() == instrument, "trade_id");
    }

    /**
     * Orders that ended (filled, cancelled) and open ones, newest update first, as one array in the long names (the
     * official client's shape; it pages nothing here), filtered by {@code instrument_id}, {@code order_id},
     * {@code client_order_id} and the update time ({@code start_timestamp}, {@code end_timestamp}).
     */
    @Route("GET /v1/account/orders")
    private void orderHistory(Context ctx) {
        PerpsAccount a = accountOf(authenticated(ctx, 10).owner());
        Params p = PerpsInfo.history(ctx, "instrument_id", "order_id", "client_order_id");
        Long instrument = p.natural("instrument_id");
        Long oid = p.natural("order_id");
        Long start = p.natural("start_timestamp");
        Long end = p.natural("end_timestamp");
        String coid = p.string("client_order_id");
        List<ObjectNode> rows = new ArrayList<>();
        for (ObjectNode o : market.orderHistory(a)) {
            long t = o.get("uts").asLong();
            if ((instrument == null || o.get("iid").asLong() == instrument) && (oid == null || o.get("oid").asLong() == oid)
                    && (coid == null || coid.equals(o.path("coid").asText())) && (start == null || t >= start) && (end == null || t <= end)) {
                rows.add(o);
            }
        }
        rows.sort(Comparator.<ObjectNode>comparingLong(o -> o.get("uts").asLong()).thenComparingLong(o -> o.get("oid").asLong()).reversed());
        ArrayNode out = JSON.arrayNode();
        for (ObjectNode o : rows) out.add(LongNames.order(o));
        json(ctx, out);
    }

    @Route("GET /v1/account/deposits")
    private void deposits(Context ctx) {
        PerpsAccount a = accountOf(authenticated(ctx, 10).owner());
        page(ctx, PerpsInfo.history(ctx), a.depositRows(), PerpsAccount::pagingTime, d -> true, "created_timestamp");
    }

    /** {@code [timestamp, value]} points, oldest first, one per portfolio snapshot, within the time filters: the equity or the pnl. */
    @Route("GET /v1/account/equity")
    @Route("GET /v1/account/pnl")
    private void points(Context ctx) {
        boolean pnl = ctx.endpointHandlerPath().endsWith("/pnl");
        PerpsAccount a = accountOf(authenticated(ctx, 10).owner());
        Params p = PerpsInfo.history(ctx, "interval");
        Long start = p.natural("start_timestamp");
        Long end = p.natural("end_timestamp");
        ArrayNode rows = JSON.arrayNode();
        for (JsonNode point : market.points(a, pnl)) {
            long t = point.get(0).asLong();
            if ((start == null || t >= start) && (end == null || t <= end) && rows.size() < PAGE_SIZE) rows.add(point);
        }
        ObjectNode out = JSON.objectNode();
        out.set("data", rows);
        out.put("more", false);
        json(ctx, out);
    }

    /**
     * {@code POST /__sandbox/perps}: a JSON object with any of {@code closeConnections} (true), {@code silence} (true),
     * {@code dropFrames}, {@code duplicateFrames} (next N), {@code delayMillis}, {@code fillIntervalMillis},
     * {@code portfolioIntervalMillis}, {@code fillNow} (an owner address), {@code clear} (true). Answers
     * {@code {status: ok, closed, silenced}}, or 400.
     */
    @Route("POST /__sandbox/perps")
    private void control(Context ctx) throws IOException {
        JsonNode n;
        try {
            n = Bodies.object(ctx.body());
        } catch (Refusal e) {
            ctx.status(400).json(Map.of("error", "expected a JSON object such as {\"dropFrames\": 1}"));
            return;
        }
        ObjectNode out = JSON.objectNode().put("status", "ok");
        try {
            SocketFaults faults = channel.faults();
            if (n.path("clear").asBoolean()) faults.clear();
            if (n.has("dropFrames")) faults.next(Fault.DROP, n.get("dropFrames").asInt());
            if (n.has("duplicateFrames")) faults.next(Fault.DUPLICATE, n.get("duplicateFrames").asInt());
            if (n.has("delayMillis")) faults.delayMessages(n.get("delayMillis").asLong());
            if (n.has("fillIntervalMillis")) market.fillInterval(n.get("fillIntervalMillis").asLong());
            if (n.has("portfolioIntervalMillis")) market.portfolioInterval(n.get("portfolioIntervalMillis").asLong());
            if (n.hasNonNull("fillNow")) out.set("fill", market.fillNow(account(n.get("fillNow").asText()).owner()));
            if (n.path("silence").asBoolean()) out.put("silenced", faults.silence());
            if (n.path("closeConnections").asBoolean()) out.put("closed", faults.closeConnections());
        } catch (IllegalArgumentException e) {
            ctx.status(400).json(Map.of("error", e.getMessage()));
            return;
        }
        json(ctx, out);
    }

    @Route("POST /v1/account/proxy")
    private void createProxy(Context ctx) throws IOException {
        Bodies.Command command = Bodies.command(ctx.body(), "createProxy");
        String owner = command.address("owner").toLowerCase(Locale.ROOT);
        String proxy = command.address("proxy");
        long expiry = command.integer("expiry");
        Bodies.Signature s = command.signature();
        long now = clock.getAsLong();
        Trading.fresh(s.ts(), now);
        if (expiry <= now) throw Refusal.badRequest("expiry " + expiry + " has passed: it must lie in the future (Unix ms)");
        if (!Signatures.signedBy(owner, name -> Signatures.createProxy(name, proxy, expiry, s.salt(), s.ts()), s.sig())) {
            throw Refusal.unauthorized("invalid signature: the owner " + owner + " did not sign this CreateProxy");
        }
        JsonNode label = command.body().path("label");
        ProxyRegistry.Proxy p = proxies.register(owner, proxy, expiry, label.isTextual() ? label.asText() : null);
        spend(owner, 1);
        json(ctx, JSON.objectNode().put("status", "ok").put("secret", p.secret()));
    }

    /** The perpetuals' deposit contract, whose domain a withdrawal is signed in; the collateral it holds. */
    static final String DEPOSIT_CONTRACT = "0xdca4af75705dbb50f62437045aff9921947917d2";
    static final String COLLATERAL = "0xc011a7e12a19f7b1f670d46f03b03f3342e82dfb";

    /** How a withdrawal is paid on the chain: to an address, an amount of collateral; the transaction's hash. */
    private volatile java.util.function.BiFunction<String, java.math.BigDecimal, String> payout;

    /** Where withdrawals are paid: the sandbox's chain. */
    public void payouts(java.util.function.BiFunction<String, java.math.BigDecimal, String> payout) {
        this.payout = payout;
    }

    /**
     * {@code POST /v1/account/withdraw}: a withdrawal the account's owner signed (EIP-712 {@code Withdraw} in the deposit
     * contract's domain, {@code ts} in Unix seconds), paid to {@code to} on the chain. A refusal the service gives in its
     * body ({@code {"status": "err", "error"}}) comes before any effect.
     */
    @Route("POST /v1/account/withdraw")
    private void withdraw(Context ctx) throws IOException {
        Bodies.Command command = Bodies.command(ctx.body(), "withdraw");
        String account = command.address("account").toLowerCase(Locale.ROOT);
        String token = command.address("token");
        String to = command.address("to").toLowerCase(Locale.ROOT);
        String amountText = command.text("amount");
        if (!amountText.matches("[1-9][0-9]{0,30}")) throw Refusal.badRequest("amount must be a positive whole number of base units (6 decimals), was '" + amountText + "'");
        java.math.BigInteger amount = new java.math.BigInteger(amountText);
        Bodies.Signature s = command.signature();
        long ts = s.ts();
        ObjectNode out = JSON.objectNode();
        long now = clock.getAsLong();
        if (Math.abs(ts * 1000 - now) > TIMESTAMP_WINDOW_MS) {
            json(ctx, out.put("status", "err").put("error", "stale timestamp: ts " + ts + " is not within " + TIMESTAMP_WINDOW_MS / 1000 + " s of the service's clock (Unix seconds)"));
            return;
        }
        if (!token.equalsIgnoreCase(COLLATERAL)) {
            json(ctx, out.put("status", "err").put("error", "unsupported token " + token + ": withdrawals pay the collateral " + COLLATERAL));
            return;
        }
        if (!Signatures.signedBy(account, name -> Signatures.withdraw(name, DEPOSIT_CONTRACT, account, token, amount, java.math.BigInteger.ZERO, to, s.salt(), ts), s.sig())) {
            json(ctx, out.put("status", "err").put("error", "invalid signature: the account " + account + " did not sign this Withdraw"));
            return;
        }
        java.util.function.BiFunction<String, java.math.BigDecimal, String> pay = payout;
        if (pay == null) {
            json(ctx, out.put("status", "err").put("error", "withdrawals are not available: no chain to pay them on"));
            return;
        }
        spend(account, 1);
        try {
            long id = accountOf(account).withdraw(to, new java.math.BigDecimal(amount).movePointLeft(6), java.math.BigDecimal.ZERO, pay);
            json(ctx, out.put("status", "ok").put("withdraw_id", id));
        } catch (IllegalArgumentException e) {
            json(ctx, out.put("status", "err").put("error", e.getMessage()));
        }
    }

    @Route("DELETE /v1/account/proxy")
    private void deleteProxy(Context ctx) throws IOException {
        Bodies.Command command = Bodies.command(ctx.body(), "deleteProxy");
        String proxy = command.address("proxy");
        Bodies.Signature s = command.signature();
        Trading.fresh(s.ts(), clock.getAsLong());
        ProxyRegistry.Proxy p = proxies.find(proxy);
        if (p == null) throw Refusal.notFound("proxy " + proxy + " not found");
        byte[] op = Signatures.deleteProxy(proxy);
        if (!Signatures.signedBy(p.owner(), name -> Signatures.op(name, op, s.salt(), s.ts()), s.sig())) {
            throw Refusal.unauthorized("invalid signature: the proxy's owner did not sign this deleteProxy");
        }
        proxies.delete(proxy);
        spend(p.owner(), 1);
        json(ctx, JSON.objectNode().put("status", "ok"));
    }

    @Route("GET /v1/account/credentials")
    private void credentials(Context ctx) throws IOException {
        ProxyRegistry.Proxy p = authenticated(ctx, 2);
        ObjectNode out = JSON.objectNode().put("address", p.owner());
        ArrayNode keys = out.putArray("keys");
        for (ProxyRegistry.Proxy k : proxies.of(p.owner(), clock.getAsLong())) {
            ObjectNode key = keys.addObject().put("proxy", k.address()).put("expiry", k.expiry());
            if (k.label() != null) key.put("label", k.label());
        }
        json(ctx, out);
    }

    @Route("GET /v1/account/withdrawals")
    private void withdrawals(Context ctx) {
        PerpsAccount a = accountOf(authenticated(ctx, 10).owner());
        Params p = PerpsInfo.history(ctx, "withdrawal_status", "hash");
        String status = p.oneOf("withdrawal_status", null, PerpsAccount.WITHDRAWAL_STATUSES, false);
        String hash = p.string("hash");
        page(ctx, p, a.withdrawalRows(), PerpsAccount::pagingTime,
                w -> (status == null || w.get("status").asText().equals(status)) && (hash == null || w.get("hash").asText().equalsIgnoreCase(hash)),
                "withdraw_id");
    }

    @Route("GET /v1/account/internal-transfers")
    private void internalTransfers(Context ctx) {
        PerpsAccount a = accountOf(authenticated(ctx, 10).owner());
        Params p = PerpsInfo.history(ctx, "direction");
        String direction = p.oneOf("direction", null, List.of("in", "out"), false);
        page(ctx, p, a.transferRows(), t -> t.get("created_timestamp").asLong(),
                t -> direction == null || t.get("direction").asText().equals(direction), "transfer_id");
    }

    @Route("GET /v1/account/funding")
    private void funding(Context ctx) {
        PerpsAccount a = accountOf(authenticated(ctx, 10).owner());
        Params p = PerpsInfo.history(ctx, "instrument_id");
        Long instrument = p.natural("instrument_id");
        if (instrument != null && instrument > 4_294_967_295L) throw p.invalid("instrument_id", instrument, "0 to 4294967295");
        page(ctx, p, a.fundingRows(), f -> f.get("timestamp").asLong(),
                f -> instrument == null || f.get("instrument_id").asLong() == instrument, "id");
    }

    /** The official client's long-named order form. */
    @Route("GET /v1/account/open-orders")
    private void openOrders(Context ctx) {
        PerpsAccount a = accountOf(authenticated(ctx, 2).owner());
        Long instrument = PerpsInfo.history(ctx, "instrument_id").natural("instrument_id");
        ArrayNode out = JSON.arrayNode();
        List<JsonNode> open = new ArrayList<>(a.openOrders());
        open.addAll(a.triggers());
        for (JsonNode o : open) {
            if (instrument != null && o.get("iid").asLong() != instrument) continue;
            out.add(LongNames.order(o));
        }
        json(ctx, out);
    }

    /** Orders modified by client order id ({@code PATCH}) or cancelled ({@code DELETE}), weighed as the specification gives. */
    @Route("PATCH /v1/trade/orders-coid")
    @Route("DELETE /v1/trade/orders")
    private void trade(Context ctx) throws IOException {
        boolean modify = ctx.method() == HandlerType.PATCH;
        JsonNode body = Bodies.object(ctx.body());
        Trading.Result r = modify ? trading.modify(body, null) : trading.cancel(body, null);
        int n = r.entries().size();
        spend(r.proxy().owner(), 1 + n / 20 + n);
        json(ctx, r.entries());
    }

    @Route("GET /v1/info/portfolio")
    private void publicPortfolio(Context ctx) {
        Params p = Params.of(ctx, 400);
        String address = p.matching("address", ADDRESS, "0x followed by 40 hex digits");
        if (address == null) throw p.missing("address", "0x followed by 40 hex digits");
        spend("public", 5);
        PerpsAccount a = accountOf(address);
        ObjectNode out = JSON.objectNode();
        ArrayNode ps = out.putArray("positions");
        for (ObjectNode position : a.positionRows()) {
            ObjectNode x = ps.addObject();
            for (String f : List.of("instrument_id", "symbol", "size", "entry_price", "unrealized_pnl", "return_on_equity")) x.set(f, position.get(f));
        }
        out.put("equity", a.collateral().add(a.unrealizedPnl()).toPlainString());
        out.put("timestamp", latest());
        json(ctx, out);
    }

    private static void asset(ArrayNode out, String asset, String address, int decimals, String ratio, String fee) {
        out.addObject().put("asset", asset).put("address", address).put("decimals", decimals).put("collateral_ratio", ratio).put("withdrawal_fee", fee);
    }

    // ---- helpers ------------------------------------------------------------------------------------------------------

    /** The live proxy the request's headers name and authenticate, charging its account {@code weight}. */
    private ProxyRegistry.Proxy authenticated(Context ctx, long weight) {
        String address = header(ctx, "SERVICE-PROXY", "POLYMARKET-PROXY");
        String secret = header(ctx, "SERVICE-SECRET", "POLYMARKET-SECRET");
        if (address == null || secret == null) {
            throw Refusal.unauthorized("missing proxy headers: the proxy address and secret (SERVICE-PROXY and SERVICE-SECRET)");
        }
        ProxyRegistry.Proxy p = proxies.authenticate(address, secret, clock.getAsLong());
        spend(p.owner(), weight);
        fireAutoCancel(p.owner());
        return p;
    }

    /**
     * Runs the TWAP slices and chase re-pricing due by {@code at}, as the sandbox's timer does every second at its
     * clock: tests move a TWAP through its slices without waiting for them.
     */
    public void runAlgorithms(Instant at) {
        algorithms.runDue(at.toEpochMilli());
    }

    private void runAlgorithmsQuietly() {
        try {
            algorithms.runDue(clock.getAsLong());
        } catch (RuntimeException ignored) {
            // the timer must keep running
        }
    }

    /** The account whose live proxy the request's headers name and authenticate, or null (no headers, or not valid). */
    private String ownerOrNull(Context ctx) {
        String address = header(ctx, "SERVICE-PROXY", "POLYMARKET-PROXY");
        String secret = header(ctx, "SERVICE-SECRET", "POLYMARKET-SECRET");
        if (address == null || secret == null) return null;
        try {
            return proxies.authenticate(address, secret, clock.getAsLong()).owner();
        } catch (Refusal e) {
            return null;
        }
    }

    /** The account's auto-cancel switch, when its time has come: every open order cancelled. */
    void fireAutoCancel(String owner) {
        PerpsAccount a = accountOf(owner);
        if (!reads.due(a, clock.getAsLong())) return;
        synchronized (a) {
            trading.cancelEverything(a);
        }
    }

    private static String header(Context ctx, String... names) {
        for (String n : names) {
            String v = ctx.header(n); // servlet header lookup ignores case
            if (v != null && !v.isBlank()) return v.trim();
        }
        return null;
    }

    private void page(Context ctx, Params p, List<ObjectNode> all, ToLongFunction<JsonNode> time, Predicate<ObjectNode> filter, String idField) {
        Long start = p.natural("start_timestamp");
        Long end = p.natural("end_timestamp");
        long to = end != null ? end : latest();
        if (start != null && start > to) throw p.invalid("start_timestamp", start, "not after end_timestamp (" + to + ")");
        List<ObjectNode> rows = new ArrayList<>();
        for (ObjectNode n : all) {
            long t = time.applyAsLong(n);
            if ((start == null || t >= start) && t <= to && filter.test(n)) rows.add(n);
        }
        rows.sort(Comparator.<ObjectNode>comparingLong(time::applyAsLong).thenComparingLong(n -> n.get(idField).asLong()).reversed());
        ObjectNode out = JSON.objectNode();
        out.set("data", JSON.arrayNode().addAll(rows.subList(0, Math.min(PAGE_SIZE, rows.size()))));
        out.put("more", rows.size() > PAGE_SIZE);
        json(ctx, out);
    }

    private static void json(Context ctx, JsonNode n) {
        Json.send(ctx, n);
    }
}
