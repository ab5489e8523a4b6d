package org.marketlab.sandbox.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import org.marketlab.sandbox.contracts.Chain;
import org.marketlab.sandbox.contracts.Contracts;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.trading.Buckets;
import org.marketlab.sandbox.trading.Engine;
import org.marketlab.sandbox.trading.ExchangeMode;
import org.marketlab.sandbox.wallets.ApiKeys;
import org.marketlab.sandbox.wallets.Ledger;
import org.marketlab.sandbox.wallets.MarketIndex;
import org.marketlab.sandbox.wallets.Wallets;
import org.marketlab.sandbox.world.World;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.function.LongSupplier;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * Order placement and cancellation on the sandbox's order book: signed V2 orders verified by recovering the signer
 * with the sandbox's own EIP-712 code (the maker must be the API key's address and the signer too), tick and
 * minimum-size checks, balance checks, the matching {@link Engine}; fills become trades on both sides in the
 * wallets' ledgers (so the account reads and the Data API list them). Per-signer {@link Buckets} with the three
 * headers; {@link ExchangeMode}s switchable at run time ({@code POST /control/exchange-mode}) with the
 * specification's bodies.
 */
final class TradingApi {

    static final int MAX_BATCH = 15;
    static final int MAX_CANCEL_IDS = 3000;
    static final String CANCEL_ONLY = "Trading is currently cancel-only. New orders are not accepted, but cancels are allowed.";
    static final String POST_ONLY = "post-only mode: only post-only orders and cancels are allowed";
    static final String DISABLED = "Trading is currently disabled. Check the service site for updates.";
    private static final Pattern ORDER_ID = Pattern.compile("0x[0-9a-fA-F]{64}");
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    private final ClobAccountsApi auth;
    /** The deposit wallets (POLY_1271) the sandbox has seen, each bound to the owner that first signed for it. */
    final DepositWallets depositWallets = new DepositWallets();
    private final Notifications notifications;
    private final Wallets wallets;
    private final LongSupplier clock;
    final Engine engine;
    final Buckets buckets;
    private volatile ExchangeMode mode = ExchangeMode.NORMAL;
    private volatile long retryAfterSeconds = 60;
    private final AtomicLong seq = new AtomicLong(2_000_000_000L);
    /** Errors told to the order book for the next orders (control path or Java), oldest first. */
    private final java.util.concurrent.ConcurrentLinkedDeque<String> failNext = new java.util.concurrent.ConcurrentLinkedDeque<>();
    /** The ids of the orders a told error refused, in order (a resubmitted order has the same id: the same signed order). */
    private final List<String> failedOrders = java.util.Collections.synchronizedList(new ArrayList<>());

    /**
     * The order error rows of the specification that no state of the sandbox produces by itself, with their statuses:
     * the engine's, the restart (425, no body) and the refusals of addresses and markets. {@code {id}} stands for the
     * order's id, {@code {address}} for its maker.
     */
    static final Map<String, Integer> ERROR_ROWS = errorRows();
    static final String RESTARTING = "425";

    private static Map<String, Integer> errorRows() {
        Map<String, Integer> m = new java.util.LinkedHashMap<>();
        m.put("order timed out", 500);
        m.put("there are no matching orders", 500);
        m.put("FOK orders are filled or killed", 500);
        m.put("the trade contains rounding issues", 500);
        m.put("the price of the taker's order has a discrepancy greater than allowed with the worst maker order", 500);
        m.put("order {id} crosses the book", 400);
        m.put("order canceled in the CTF exchange contract", 400);
        m.put("order match delayed due to market conditions", 400);
        m.put("the market is not yet ready to process new orders", 400);
        m.put("'{address}' address banned", 400);
        m.put("'{address}' address in closed only mode", 400);
        m.put(RESTARTING, 425);
        return java.util.Collections.unmodifiableMap(m);
    }

    /**
     * The next orders meet these errors, one each, in order: a row of {@link #ERROR_ROWS} (as written there, or {@code 425}).
     * {@code 425} answers the whole next {@code POST /order} or {@code POST /orders} (the engine restarting, nothing
     * placed); a message refuses the next order that passed every check, just before it reaches the book (a single
     * order's answer has the row's status, a batch entry fails with the message).
     */
    void failNext(List<String> rows) {
        for (String r : rows) {
            if (!ERROR_ROWS.containsKey(r)) throw new IllegalArgumentException("'" + r + "' is not one of " + ERROR_ROWS.keySet());
        }
        failNext.addAll(rows);
    }

    List<String> pendingFailures() {
        return List.copyOf(failNext);
    }

    void clearFailures() {
        failNext.clear();
        failedOrders.clear();
    }

    List<String> failedOrders() {
        synchronized (failedOrders) {
            return List.copyOf(failedOrders);
        }
    }

    /** The head of the told errors when it is of the kind asked for (the restart or a message), taken. */
    private String takeFailure(boolean restart) {
        synchronized (failNext) {
            String head = failNext.peekFirst();
            if (head == null || head.equals(RESTARTING) != restart) return null;
            return failNext.pollFirst();
        }
    }

    /** A 425 without a body: the matching engine restarting. */
    static final class Restarting extends Refusal {
        Restarting() {
            super(425, "");
        }

        @Override
        public void answer(Context ctx, String service) {
            ctx.status(status());
        }
    }

    TradingApi(ClobAccountsApi auth, Wallets wallets, LongSupplier clock, Notifications notifications) {
        this.auth = auth;
        this.notifications = notifications;
        this.wallets = wallets;
        this.clock = clock;
        this.buckets = new Buckets(clock);
        // Tiers follow the maker wallet's 30-day volume on the sandbox's order book and in its seeded history.
        buckets.volumes((signer, from, to) -> {
            BigDecimal v = BigDecimal.ZERO;
            for (Ledger.Fill f : wallets.ledger(wallets.funder(signer)).fills) {
                long ms = f.time() * 1000;
                if (ms >= from && ms < to) v = v.add(f.size().multiply(f.price()));
            }
            return v;
        });
        // Books start from the world's seeded levels (the pristine /book), so an order crossing them fills against them.
        this.engine = new Engine(tokenId -> {
            World.Token t = wallets.world().token(tokenId);
            if (t == null || t.closed()) return null;
            ObjectNode b = wallets.quotes().book(t);
            return new Engine.Seed(new Engine.Levels(levels(b.get("bids")), levels(b.get("asks"))),
                    new Engine.LastFill(new BigDecimal(b.get("last_trade_price").asText()), wallets.quotes().seededLastBuy(t)));
        });
    }

    /** Tick sizes and resolutions changed at run time (the order book's routes read the same). */
    volatile MarketStatus status = new MarketStatus();

    private static List<Engine.Level> levels(JsonNode side) {
        List<Engine.Level> out = new ArrayList<>();
        if (side != null) for (JsonNode l : side) out.add(new Engine.Level(new BigDecimal(l.get("price").asText()), new BigDecimal(l.get("size").asText())));
        return out;
    }

    ExchangeMode mode() {
        return mode;
    }

    void mode(ExchangeMode m, long retryAfter) {
        mode = m;
        retryAfterSeconds = retryAfter;
    }

    /** The exchange's mode; {@code POST /control/exchange-mode {"mode": "cancel-only", "retry_after_seconds": 30}} sets it. */
    @Route("GET /control/exchange-mode")
    @Route("POST /control/exchange-mode")
    private void exchangeMode(Context ctx) {
        if (ctx.method() == HandlerType.POST) {
            JsonNode b = body(ctx);
            try {
                mode(ExchangeMode.of(text(b, "mode")), b.path("retry_after_seconds").asLong(60));
            } catch (IllegalArgumentException e) {
                throw Refusal.badRequest(e.getMessage());
            }
        }
        Json.send(ctx, modeBody());
    }

    /** The planted order errors; {@code POST /control/order-errors {"errors": [...], "clear": true}} plants them: see {@link #failNext}. */
    @Route("GET /control/order-errors")
    @Route("POST /control/order-errors")
    private void orderErrors(Context ctx) {
        if (ctx.method() == HandlerType.POST) {
            JsonNode b = body(ctx);
            if (b.path("clear").asBoolean(false)) clearFailures();
            List<String> rows = new ArrayList<>();
            for (JsonNode r : b.path("errors")) rows.add(r.asText());
            try {
                failNext(rows);
            } catch (IllegalArgumentException e) {
                throw Refusal.badRequest(e.getMessage());
            }
        }
        Json.send(ctx, failuresBody());
    }

    /** {@code POST /control/rate-limit}: the buckets' {@code phase}, a signer's {@code tier} ({@code address}), {@code reset}. */
    @Route("POST /control/rate-limit")
    private void setRateLimit(Context ctx) {
        JsonNode b = body(ctx);
        try {
            if (b.hasNonNull("phase")) buckets.phase(Buckets.Phase.valueOf(text(b, "phase").toUpperCase(Locale.ROOT)));
            if (b.hasNonNull("address") && b.hasNonNull("tier")) {
                buckets.tier(text(b, "address"), Buckets.Tier.valueOf(text(b, "tier").toUpperCase(Locale.ROOT)));
            }
            if (b.path("reset").asBoolean(false)) buckets.reset();
        } catch (IllegalArgumentException e) {
            throw Refusal.badRequest("phase is OFF, WARNING or LIVE; tier one of the specification's tiers");
        }
        ObjectNode o = Json.object();
        o.put("phase", buckets.phase().name());
        Json.send(ctx, o);
    }

    private ObjectNode failuresBody() {
        ObjectNode o = Json.object();
        ArrayNode pending = o.putArray("pending");
        pendingFailures().forEach(pending::add);
        ArrayNode failed = o.putArray("failed_orders");
        failedOrders().forEach(failed::add);
        return o;
    }

    private ObjectNode modeBody() {
        ObjectNode o = Json.object();
        o.put("mode", mode.wire());
        o.put("retry_after_seconds", retryAfterSeconds);
        return o;
    }

    // ---- placing -----------------------------------------------------------------------------------------------------

    @Route("POST /order")
    private void postOrder(Context ctx) {
        ApiKeys.Entry e = auth.l2(ctx);
        JsonNode b = body(ctx);
        if (!b.isObject() || !b.path("order").isObject()) throw Refusal.badRequest("Invalid order payload");
        refuseByMode(b.path("postOnly").asBoolean(false));
        admit(ctx, buckets.order(e.address(), 1));
        if (takeFailure(true) != null) throw new Restarting();
        ObjectNode result = place(e, b, true);
        if (!result.path("success").asBoolean()) throw Refusal.badRequest(result.path("errorMsg").asText());
        Json.send(ctx, result);
    }

    @Route("POST /orders")
    private void postOrders(Context ctx) {
        ApiKeys.Entry e = auth.l2(ctx);
        JsonNode b = body(ctx);
        if (!b.isArray() || b.isEmpty()) throw Refusal.badRequest("Invalid order payload");
        if (b.size() > MAX_BATCH) throw Refusal.badRequest("Too many orders in payload: " + b.size() + ", max allowed: " + MAX_BATCH);
        if (mode == ExchangeMode.CANCEL_ONLY || mode == ExchangeMode.DISABLED) refuseByMode(false);
        admit(ctx, buckets.order(e.address(), b.size()));
        if (takeFailure(true) != null) throw new Restarting();
        ArrayNode out = Json.array();
        for (JsonNode entry : b) {
            if (!entry.isObject() || !entry.path("order").isObject()) {
                out.add(failure("Invalid order payload"));
            } else if (mode == ExchangeMode.POST_ONLY && !entry.path("postOnly").asBoolean(false)) {
                ObjectNode o = Json.object();
                o.put("errorMsg", POST_ONLY);
                o.put("orderID", "");
                o.put("takingAmount", "");
                o.put("makingAmount", "");
                o.put("status", "");
                o.put("success", true);
                out.add(o);
            } else {
                out.add(place(e, entry, false));
            }
        }
        Json.send(ctx, out);
    }

    private void refuseByMode(boolean postOnly) {
        switch (mode) {
            case CANCEL_ONLY -> throw modeRefusal(CANCEL_ONLY);
            case DISABLED -> throw modeRefusal(DISABLED);
            case POST_ONLY -> {
                if (!postOnly) throw modeRefusal(POST_ONLY);
            }
            default -> {
            }
        }
    }

    /** The {@code code} of the post-only refusal, as the specification writes it. */
    static final String POST_ONLY_CODE = "post_only_mode";

    private Refusal modeRefusal(String message) {
        return new ModeRefused(message, mode == ExchangeMode.POST_ONLY ? POST_ONLY_CODE : mode.wire(), retryAfterSeconds);
    }

    /** A 503 of an exchange mode: {@code {error, code, retry_after_seconds}}. */
    static final class ModeRefused extends Refusal {
        final String code;
        final long retryAfter;

        ModeRefused(String message, String code, long retryAfter) {
            super(503, message);
            this.code = code;
            this.retryAfter = retryAfter;
        }

        /** The delay of the body also in the {@code Retry-After} header (the specification's post-only refusal; the others alike). */
        @Override
        public void answer(Context ctx, String service) {
            ctx.header("Retry-After", Long.toString(retryAfter)).status(status())
                    .json(Map.of("error", getMessage(), "code", code, "retry_after_seconds", retryAfter));
        }
    }

    private static ObjectNode failure(String message) {
        ObjectNode o = Json.object();
        o.put("errorMsg", message);
        o.putNull("orderID");
        o.put("takingAmount", "");
        o.put("makingAmount", "");
        o.put("status", "");
        o.put("success", false);
        return o;
    }

    /**
     * Checks, matches and books one order entry; the result element (success false with the message when refused). A
     * {@code single} order's refusals other than the engine's are thrown, with their status.
     */
    private ObjectNode place(ApiKeys.Entry e, JsonNode entry, boolean single) {
        try {
            return placeChecked(e, entry);
        } catch (Engine.Refused r) {
            return failure(r.getMessage());
        } catch (Refusal r) {
            if (single) throw r;
            return failure(r.getMessage());
        } catch (RuntimeException bad) {
            return failure("Invalid order payload");
        }
    }

    /** A signed order whose signer and maker are the key's: its id (the EIP-712 digest), side, price and size. */
    private record Signed(String id, String account, String maker, World.Token token, String type, boolean postOnly, boolean buy,
                          BigDecimal price, BigDecimal shares, BigDecimal cash, Long expiration) {

        boolean market() {
            return type.equals("FOK") || type.equals("FAK");
        }
    }

    private ObjectNode placeChecked(ApiKeys.Entry e, JsonNode entry) {
        Signed order = verified(e, entry);
        checkGrid(order);
        String tokenId = order.token().tokenId();
        // One wallet's orders are checked and booked one at a time, so two orders can never both spend the same balance.
        synchronized (lock(order.account())) {
            if (order.buy() ? order.cash().compareTo(available(order.account())) > 0 : order.shares().compareTo(availableShares(order.account(), tokenId)) > 0) {
                throw Refusal.badRequest("not enough balance / allowance");
            }
            if (!approved(order)) throw Refusal.badRequest("not enough balance / allowance");
            String told = takeFailure(false);
            if (told != null) {
                failedOrders.add(order.id());
                throw new Refusal(ERROR_ROWS.get(told), told.replace("{id}", order.id()).replace("{address}", order.maker()));
            }
            Engine.Result r = engine.submit(new Engine.Order(order.id(), order.account(), e.creds().key(), tokenId, order.buy(), order.price(),
                    order.shares(), order.type(), order.expiration(), clock.getAsLong()), order.postOnly(), clock.getAsLong() / 1000);
            if (!r.live() && r.filled().signum() > 0) ended(r.order(), "MATCHED", r.filled());
            for (Engine.Fill f : r.fills()) {
                if (!engine.resting(f.maker().id())) ended(f.maker(), "MATCHED", f.maker().size());
            }
            Booked booked = book(r, order.token());
            Channels c = channels;
            if (c != null) c.placed(r, booked.fills());
            return placed(order, r, booked.txs());
        }
    }

    private final java.util.concurrent.ConcurrentHashMap<String, Object> locks = new java.util.concurrent.ConcurrentHashMap<>();

    private Object lock(String account) {
        return locks.computeIfAbsent(account, a -> new Object());
    }

    /**
     * The wallet's collateral an order may still use: its cash less what its open buy orders hold (the price times the
     * size still open, for its seeded orders and those resting on the book alike).
     */
    BigDecimal available(String account) {
        BigDecimal reserved = BigDecimal.ZERO;
        for (Ledger.Order o : wallets.openSeeded(account)) if (o.side().equals("BUY")) reserved = reserved.add(o.price().multiply(o.originalSize()));
        for (Engine.Resting r : engine.open(account, clock.getAsLong() / 1000)) {
            if (r.order().buy()) reserved = reserved.add(r.order().price().multiply(r.remaining()));
        }
        return wallets.ledger(account).cash.subtract(reserved).max(BigDecimal.ZERO);
    }

    /**
     * Whether the wallet lets the order's exchange settle it on the chain: a bid needs an allowance of the collateral
     * for its cost, an offer the exchange approved as operator of the outcome tokens.
     */
    private boolean approved(Signed order) {
        String exchange = order.token().negRisk() ? Contracts.NEG_RISK_EXCHANGE : Contracts.EXCHANGE;
        Chain chain = auth.chain();
        if (!order.buy()) return chain.approvedForAll(order.account(), Contracts.CONDITIONAL_TOKENS, exchange);
        return new BigDecimal(chain.allowance(order.account(), Contracts.COLLATERAL, exchange)).movePointLeft(6).compareTo(order.cash()) >= 0;
    }

    /** The wallet's shares of a token an order may still sell: those held less what its open sell orders of the token hold. */
    BigDecimal availableShares(String account, String tokenId) {
        Ledger.Position held = wallets.ledger(account).positions.get(tokenId);
        BigDecimal shares = held == null ? BigDecimal.ZERO : held.size();
        for (Ledger.Order o : wallets.openSeeded(account)) if (o.side().equals("SELL") && o.token().tokenId().equals(tokenId)) shares = shares.subtract(o.originalSize());
        for (Engine.Resting r : engine.open(account, clock.getAsLong() / 1000)) {
            if (!r.order().buy() && r.order().tokenId().equals(tokenId)) shares = shares.subtract(r.remaining());
        }
        return shares.max(BigDecimal.ZERO);
    }

    /** Where placed and cancelled orders and booked fills are told (the user channel), once wired. */
    interface Channels {
        /** An order went to the book: its result and the fills booked to the wallets (both sides). */
        void placed(Engine.Result result, List<Ledger.Fill> fills);

        /** Orders left the book by a cancel. */
        void cancelled(List<Engine.Resting> orders);
    }

    volatile Channels channels;

    /**
     * An order of the sandbox's other traders (the seeded flow that moves watched books): matched like any order, its
     * fills booked to the wallets it meets (a demo wallet's resting order filled by the flow shows in its trades).
     */
    Engine.Result flow(Engine.Order o) {
        Engine.Result r = engine.submit(o, false, clock.getAsLong() / 1000);
        World.Token token = wallets.world().token(o.tokenId());
        Booked booked = book(r, token);
        Channels c = channels;
        if (c != null && !booked.fills().isEmpty()) c.placed(r, booked.fills());
        return r;
    }

    /** The flow's resting order {@code id} cancelled (false when it is no longer resting). */
    boolean cancelFlow(String owner, String id) {
        return engine.cancel(owner, id) != null;
    }

    private record Booked(List<String> txs, List<Ledger.Fill> fills) {
    }

    /**
     * The entry's order, checked as the order book checks it before its price: its type, owner and signer (the API
     * key's), token, side and amounts, and the signature (the signer recovered from the EIP-712 digest).
     */
    private Signed verified(ApiKeys.Entry e, JsonNode entry) {
        JsonNode o = entry.get("order");
        String owner = text(entry, "owner");
        String type = entry.path("orderType").asText("GTC").toUpperCase(Locale.ROOT);
        boolean postOnly = entry.path("postOnly").asBoolean(false);
        if (!List.of("GTC", "GTD", "FOK", "FAK").contains(type)) throw Refusal.badRequest("Invalid order payload");
        if (postOnly && (type.equals("FOK") || type.equals("FAK"))) throw Refusal.badRequest("Invalid order payload");
        String maker = text(o, "maker").toLowerCase(Locale.ROOT), signer = text(o, "signer").toLowerCase(Locale.ROOT);
        int signatureType = o.path("signatureType").asInt(0);
        if (signatureType < 0 || signatureType > 3) throw Refusal.badRequest("Invalid signature_type");
        // POLY_1271: the maker and signer are a deposit wallet (a contract), whose owner, the key's address, signs for it.
        boolean depositWallet = signatureType == 3;
        String account = depositWallet ? maker : wallets.funder(e.address());
        if (owner == null || !owner.equals(e.creds().key()) || !maker.equals(account)) {
            throw Refusal.badRequest("the order owner has to be the owner of the API KEY");
        }
        if (depositWallet ? !signer.equals(maker) || !depositWallets.allows(maker, e.address()) : !signer.equals(e.address())) {
            throw Refusal.badRequest("the order signer address has to be the address of the API KEY");
        }
        String tokenId = text(o, "tokenId");
        World.Token token = tokenId == null ? null : wallets.world().token(tokenId);
        if (token == null) throw Refusal.badRequest("Invalid token id");
        if (status.resolved(token)) throw Refusal.badRequest("market " + token.conditionId() + " is resolved: it takes no orders");
        String sideText = text(o, "side");
        int side = "BUY".equals(sideText) || "0".equals(sideText) ? 0 : "SELL".equals(sideText) || "1".equals(sideText) ? 1 : -1;
        if (side < 0) throw Refusal.badRequest("Invalid order payload");
        BigInteger makerAmount = new BigInteger(text(o, "makerAmount")), takerAmount = new BigInteger(text(o, "takerAmount"));
        if (makerAmount.signum() <= 0 || takerAmount.signum() <= 0) throw Refusal.badRequest("Invalid order payload");
        String exchange = token.negRisk() ? TypedData.NEG_RISK_EXCHANGE : TypedData.EXCHANGE;
        String metadata = o.path("metadata").asText("0x" + "0".repeat(64)), builderCode = o.path("builder").asText("0x" + "0".repeat(64));
        byte[] digest = TypedData.order(exchange, new BigInteger(text(o, "salt")), maker, signer, new BigInteger(tokenId), makerAmount, takerAmount,
                side, signatureType, new BigInteger(text(o, "timestamp")), metadata, builderCode);
        String recovered = depositWallet
                ? TypedData.depositWalletOwner(exchange, new BigInteger(text(o, "salt")), maker, signer, new BigInteger(tokenId), makerAmount,
                        takerAmount, side, new BigInteger(text(o, "timestamp")), metadata, builderCode, text(o, "signature"))
                : TypedData.signer(digest, text(o, "signature"));
        if (recovered == null || !recovered.equals(depositWallet ? e.address() : signer)) throw Refusal.badRequest("invalid signature");
        if (depositWallet && !depositWallets.bind(maker, e.address())) throw Refusal.badRequest("the order signer address has to be the address of the API KEY");
        boolean buy = side == 0;
        BigDecimal shares = new BigDecimal(buy ? takerAmount : makerAmount).divide(MILLION);
        BigDecimal cash = new BigDecimal(buy ? makerAmount : takerAmount).divide(MILLION);
        BigDecimal price = cash.divide(shares, MathContext.DECIMAL64);
        // A market order's worst price, on the tick grid: its amounts are rounded from a price on the grid, so the nearest tick.
        if (type.equals("FOK") || type.equals("FAK")) price = price.setScale(tick(token).scale(), RoundingMode.HALF_UP);
        return new Signed(Numeric.toHexString(digest), account, maker, token, type, postOnly, buy, price, shares, cash,
                type.equals("GTD") ? o.path("expiration").asLong(0) : null);
    }

    private BigDecimal tick(World.Token token) {
        return status.tick(token).stripTrailingZeros();
    }

    /** The price on the market's tick grid, a limit order's size at least the minimum, a GTD order's expiration more than a minute ahead. */
    private void checkGrid(Signed order) {
        World.Token token = order.token();
        BigDecimal tick = tick(token);
        BigDecimal price = order.price();
        if (price.remainder(tick).signum() != 0 || price.compareTo(tick) < 0 || price.compareTo(BigDecimal.ONE.subtract(tick)) > 0) {
            throw Refusal.badRequest("order " + order.id() + " is invalid. Price (" + price.stripTrailingZeros().toPlainString()
                    + ") breaks minimum tick size rule: " + tick.toPlainString());
        }
        BigDecimal min = BigDecimal.valueOf(token.minOrderSize()).stripTrailingZeros();
        if (!order.market() && order.shares().compareTo(min) < 0) {
            throw Refusal.badRequest("order " + order.id() + " is invalid. Size (" + order.shares().stripTrailingZeros().toPlainString()
                    + ") lower than the minimum: " + min.toPlainString());
        }
        if (order.expiration() != null && order.expiration() <= clock.getAsLong() / 1000 + 60) throw Refusal.badRequest("invalid expiration");
    }

    /** The answer of a placed order: what it took and gave, its status, transactions and trades. */
    private static ObjectNode placed(Signed order, Engine.Result r, List<String> txs) {
        BigDecimal filledCash = BigDecimal.ZERO;
        for (Engine.Fill f : r.fills()) filledCash = filledCash.add(f.size().multiply(f.price()));
        ObjectNode out = Json.object();
        out.put("errorMsg", "");
        out.put("orderID", order.id());
        out.put("takingAmount", r.fills().isEmpty() ? "" : Json.number(order.buy() ? r.filled() : filledCash).toPlainString());
        out.put("makingAmount", r.fills().isEmpty() ? "" : Json.number(order.buy() ? filledCash : r.filled()).toPlainString());
        out.put("status", r.live() ? "live" : r.fills().isEmpty() ? "unmatched" : "matched");
        out.put("success", true);
        ArrayNode hashes = out.putArray("transactionsHashes");
        txs.forEach(hashes::add);
        ArrayNode trades = out.putArray("tradeIDs");
        for (int i = 0; i < r.fills().size(); i++) trades.add(tradeId(order.id(), i));
        return out;
    }

    /** The transaction that settles a trade. */
    static String txHash(String tradeId) {
        return "0x" + Numeric.toHexStringNoPrefix(Hash.sha3((tradeId + ":tx").getBytes(StandardCharsets.UTF_8)));
    }

    static String tradeId(String orderId, int i) {
        byte[] h = Hash.sha3((orderId + ":" + i).getBytes(StandardCharsets.UTF_8));
        String x = Numeric.toHexStringNoPrefix(h);
        return x.substring(0, 8) + "-" + x.substring(8, 12) + "-4" + x.substring(13, 16) + "-8" + x.substring(17, 20) + "-" + x.substring(20, 32);
    }

    /** The fills into both wallets' ledgers (the house's sides, the seeded book and flow, keep none); the transaction hashes. */
    private Booked book(Engine.Result r, World.Token token) {
        List<String> txs = new ArrayList<>();
        List<Ledger.Fill> booked = new ArrayList<>();
        long time = clock.getAsLong() / 1000;
        MarketIndex.Market market = wallets.markets().byToken(token.tokenId());
        for (int i = 0; i < r.fills().size(); i++) {
            Engine.Fill f = r.fills().get(i);
            String id = tradeId(f.taker().id(), i);
            String tx = txHash(id);
            txs.add(tx);
            bookSide(f, f.taker(), f.maker(), false, id, tx, time, market, token, booked);
            bookSide(f, f.maker(), f.taker(), true, id, tx, time, market, token, booked);
        }
        return new Booked(txs, booked);
    }

    /** One side of a fill into its owner's ledger and notifications, unless the house holds that side. */
    private void bookSide(Engine.Fill f, Engine.Order own, Engine.Order other, boolean maker, String id, String tx, long time,
                          MarketIndex.Market market, World.Token token, List<Ledger.Fill> booked) {
        if (Engine.house(own.owner())) return;
        String side = own.buy() ? "BUY" : "SELL";
        notifications.filled(own.owner(), own.id(), token, side, own.type(), own.price(), own.size(), f.size(), tx, id, time);
        Ledger.Fill fill = new Ledger.Fill(own.owner(), seq.getAndIncrement(), id, market, token, side,
                f.price(), f.size(), time, tx, maker, own.id(), other.owner(), other.id(), other.apiKey(), false, -1);
        wallets.addFills(own.owner(), List.of(fill));
        booked.add(fill);
    }

    // ---- cancelling ----------------------------------------------------------------------------------------------------

    @Route("DELETE /order")
    private void cancelOne(Context ctx) {
        ApiKeys.Entry e = auth.l2(ctx);
        JsonNode b = body(ctx);
        String id = text(b, "orderID");
        if (id == null) throw Refusal.badRequest("Invalid order payload");
        if (mode == ExchangeMode.DISABLED) throw modeRefusal(DISABLED);
        if (!ORDER_ID.matcher(id).matches()) throw Refusal.badRequest("Invalid orderID");
        admit(ctx, buckets.cancel(e.address(), 1));
        Json.send(ctx, cancelled(e, List.of(id)));
    }

    @Route("DELETE /orders")
    private void cancelMany(Context ctx) {
        ApiKeys.Entry e = auth.l2(ctx);
        JsonNode b = body(ctx);
        if (!b.isArray()) throw Refusal.badRequest("Invalid order payload");
        if (b.size() > MAX_CANCEL_IDS) throw Refusal.badRequest("Too many orders in payload, max allowed: " + MAX_CANCEL_IDS);
        if (mode == ExchangeMode.DISABLED) throw modeRefusal(DISABLED);
        List<String> ids = new ArrayList<>();
        for (JsonNode n : b) {
            if (!n.isTextual() || !ORDER_ID.matcher(n.asText()).matches()) throw Refusal.badRequest("Invalid orderID");
            ids.add(n.asText());
        }
        admit(ctx, buckets.cancel(e.address(), Math.max(1, ids.size())));
        Json.send(ctx, cancelled(e, ids));
    }

    private ObjectNode cancelled(ApiKeys.Entry e, List<String> ids) {
        ObjectNode out = Json.object();
        ArrayNode done = out.putArray("canceled");
        ObjectNode not = out.putObject("not_canceled");
        String funder = wallets.funder(e.address());
        List<Engine.Resting> gone = new ArrayList<>();
        for (String id : ids) {
            // An order on the engine's book, or one of the wallet's seeded open orders.
            Engine.Resting resting = engine.cancel(funder, id.toLowerCase(Locale.ROOT));
            String deposit = depositWallets.of(e.address());
            if (resting == null && deposit != null) resting = engine.cancel(deposit, id.toLowerCase(Locale.ROOT));
            if (resting != null) gone.add(resting);
            List<Ledger.Order> seeded = resting != null ? List.of() : wallets.cancelSeeded(funder, o -> o.id().equalsIgnoreCase(id));
            if (resting != null || !seeded.isEmpty()) {
                done.add(id);
                notifyCancelled(funder, resting == null ? List.of() : List.of(resting), seeded);
            } else {
                not.put(id, "Order not found or already canceled");
            }
        }
        Channels c = channels;
        if (c != null && !gone.isEmpty()) c.cancelled(gone);
        return out;
    }

    /** Every open order of the account, or ({@code /cancel-market-orders}) those of the body's {@code market} and {@code asset_id}. */
    @Route("DELETE /cancel-all")
    @Route("DELETE /cancel-market-orders")
    private void cancelAll(Context ctx) {
        JsonNode b = ctx.endpointHandlerPath().equals("/cancel-market-orders") ? body(ctx) : null;
        String market = b == null ? null : text(b, "market");
        String asset = b == null ? null : text(b, "asset_id");
        ApiKeys.Entry e = auth.l2(ctx);
        if (mode == ExchangeMode.DISABLED) throw modeRefusal(DISABLED);
        admit(ctx, buckets.cancel(e.address(), 1));
        String funder = wallets.funder(e.address());
        List<Engine.Resting> gone = engine.cancelAll(funder, o -> (asset == null || asset.isEmpty() || o.tokenId().equals(asset))
                && (market == null || market.isEmpty() || market.equalsIgnoreCase(wallets.world().token(o.tokenId()).conditionId())));
        // The wallet's seeded open orders the request covers go too.
        List<Ledger.Order> seeded = wallets.cancelSeeded(funder, o -> (asset == null || asset.isEmpty() || o.token().tokenId().equals(asset))
                && (market == null || market.isEmpty() || market.equalsIgnoreCase(o.market().conditionId())));
        Channels c = channels;
        if (c != null && !gone.isEmpty()) c.cancelled(gone);
        headers(ctx, buckets.debitCancels(e.address(), gone.size() + seeded.size()));
        notifyCancelled(funder, gone, seeded);
        ObjectNode out = Json.object();
        ArrayNode done = out.putArray("canceled");
        gone.forEach(r -> done.add(r.order().id()));
        seeded.forEach(o -> done.add(o.id()));
        out.putObject("not_canceled");
        Json.send(ctx, out);
    }

    /** Cancels every open order of the wallet a key trades for (the heartbeat's dead-man switch); how many went. */
    int cancelAllFor(String keyAddress) {
        String funder = wallets.funder(keyAddress);
        List<Engine.Resting> gone = engine.cancelAll(funder, o -> true);
        List<Ledger.Order> seeded = wallets.cancelSeeded(funder, o -> true);
        notifyCancelled(funder, gone, seeded);
        return gone.size() + seeded.size();
    }

    private void notifyCancelled(String wallet, List<Engine.Resting> resting, List<Ledger.Order> seeded) {
        long now = clock.getAsLong() / 1000;
        for (Engine.Resting r : resting) {
            Engine.Order o = r.order();
            World.Token t = wallets.world().token(o.tokenId());
            if (t == null) continue;
            notifications.cancelled(wallet, o.id(), t, o.buy() ? "BUY" : "SELL", o.type(), o.price(), o.size(), r.matched(), now);
            ended(o, "CANCELED", r.matched());
        }
        for (Ledger.Order o : seeded) {
            notifications.cancelled(wallet, o.id(), o.token(), o.side(), o.type(), o.price(), o.originalSize(), BigDecimal.ZERO, now);
            ended.put(o.id().toLowerCase(Locale.ROOT), new Ended(wallet, o, "CANCELED", BigDecimal.ZERO));
        }
    }

    /** An order that left the book, as {@code GET /data/order/{id}} still answers it: cancelled, or matched in full. */
    record Ended(String wallet, Ledger.Order order, String status, BigDecimal matched) {
    }

    private final Map<String, Ended> ended = new java.util.concurrent.ConcurrentHashMap<>();

    private void ended(Engine.Order o, String status, BigDecimal matched) {
        World.Token t = wallets.world().token(o.tokenId());
        if (t == null || o.owner().equals(Engine.SEEDED_MAKER)) return;
        Ledger.Order order = new Ledger.Order(o.id(), wallets.markets().byToken(o.tokenId()), t, o.buy() ? "BUY" : "SELL", o.price(), o.size(),
                o.createdAt() / 1000, o.type(), o.expiration());
        ended.put(o.id().toLowerCase(Locale.ROOT), new Ended(o.owner(), order, status, matched));
    }

    /** The wallet's order of this id that left the book, or null. */
    Ended endedOrder(String wallet, String id) {
        Ended e = ended.get(id.toLowerCase(Locale.ROOT));
        return e != null && e.wallet().equalsIgnoreCase(wallet) ? e : null;
    }

    // ---- limiter -------------------------------------------------------------------------------------------------------

    private void admit(Context ctx, Buckets.Decision d) {
        if (buckets.phase() == Buckets.Phase.OFF) return;
        headers(ctx, d);
        if (!d.admitted()) {
            ctx.header("Retry-After", Long.toString(d.retryAfterSeconds()));
            throw new Refusal(429, "Too Many Requests");
        }
    }

    private void headers(Context ctx, Buckets.Decision d) {
        if (buckets.phase() == Buckets.Phase.OFF) return;
        ctx.header("Svc-RateLimit-Remaining", BigDecimal.valueOf(d.remaining()).setScale(3, RoundingMode.FLOOR).stripTrailingZeros().toPlainString());
        ctx.header("Svc-RateLimit-Reset", Long.toString(d.resetSeconds()));
        ctx.header("Svc-RateLimit-Tier", d.tier().label());
        if (d.warning()) ctx.header("Svc-RateLimit-Warning", "true");
    }

    /** The account's orders resting on the sandbox's book, as the account reads list them. */
    List<Ledger.Order> open(String address) {
        List<Ledger.Order> out = new ArrayList<>();
        List<Engine.Resting> resting = new ArrayList<>(engine.open(wallets.funder(address), clock.getAsLong() / 1000));
        String deposit = depositWallets.of(address);
        if (deposit != null) resting.addAll(engine.open(deposit, clock.getAsLong() / 1000));
        for (Engine.Resting r : resting) {
            Engine.Order o = r.order();
            World.Token t = wallets.world().token(o.tokenId());
            out.add(new Ledger.Order(o.id(), wallets.markets().byToken(o.tokenId()), t, o.buy() ? "BUY" : "SELL", o.price(), o.size(),
                    o.createdAt() / 1000, o.type(), o.expiration()));
        }
        return out;
    }

    // ---- parsing -------------------------------------------------------------------------------------------------------

    private static JsonNode body(Context ctx) {
        try {
            byte[] b = ctx.bodyAsBytes();
            return b.length == 0 ? Json.object() : Json.MAPPER.readTree(b);
        } catch (Exception e) {
            throw Refusal.badRequest("Invalid order payload");
        }
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
