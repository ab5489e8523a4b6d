package org.marketlab.sandbox.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import org.marketlab.sandbox.contracts.Chain;
import org.marketlab.sandbox.contracts.Contracts;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.route.Routes;
import org.marketlab.sandbox.wallets.ApiKeys;
import org.marketlab.sandbox.wallets.Ledger;
import org.marketlab.sandbox.wallets.MarketIndex;
import org.marketlab.sandbox.wallets.Wallets;
import org.marketlab.sandbox.world.World;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.function.LongSupplier;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The order book's account routes ({@code clob} host), verified here independently of any client code:
 * L1 ({@code ClobAuth} EIP-712, recovered with web3j) for {@code POST /auth/api-key} and
 * {@code GET /auth/derive-api-key}; L2 (HMAC-SHA256 keyed with the base64url secret over
 * {@code timestamp + METHOD + path + body}, URL-safe base64 with padding, with {@code POLY_ADDRESS},
 * {@code POLY_SIGNATURE}, {@code POLY_TIMESTAMP}, {@code POLY_API_KEY}, {@code POLY_PASSPHRASE}) for
 * {@code GET /auth/api-keys}, {@code DELETE /auth/api-key}, builder keys ({@code POST}, {@code GET},
 * {@code DELETE /auth/builder-api-key}), {@code GET /data/orders}, {@code GET /data/order/{id}},
 * {@code GET /data/trades}, {@code GET /balance-allowance} and {@code GET /balance-allowance/update};
 * and the public {@code GET /builder/trades}.
 *
 * <p>Where the specification is silent, the sandbox's choices: L1 and L2 timestamps within
 * {@value #TIMESTAMP_WINDOW_S} s of the server's clock; every L2 failure (missing header, unknown or deleted key,
 * wrong passphrase, another address, stale timestamp, wrong signature) is 401 {@code Unauthorized/Invalid api key};
 * creating a key a pair (address, nonce) already has is 400 {@code Could not create api key} (the official clients
 * then derive) and deriving one it lacks is 400 {@code Could not derive api key!}; the seeded wallets start with their
 * nonce-0 key. Pages of {@value #PAGE} rows, cursors the base64 of the next offset from {@code MA==}, ending at
 * {@code LTE=}. A key reads the orders and trades of the wallet its address trades through (demo wallet 3's proxy; the
 * address itself for the others); balances are the signer's own under signature type {@code EOA} (the default) and
 * its proxy's under {@code POLY_PROXY} or {@code GNOSIS_SAFE} (none: zero). A trade is listed from the wallet's side: as {@code TAKER} it is the wallet's order that took,
 * as {@code MAKER} the taker's report with the wallet's order among {@code maker_orders}. Revoking a builder key
 * takes the builder headers of that key, or L2 headers with a body {@code {"key"}}. Builder headers on any of these
 * routes must be complete and valid.
 */
public final class ClobAccountsApi implements RouteModule {

    static final long TIMESTAMP_WINDOW_S = 300;
    static final int PAGE = 100;
    static final String FIRST = "MA==";
    static final String END = "LTE=";
    static final String UNAUTHORIZED = "Unauthorized/Invalid api key";
    static final String L1_MESSAGE = "This message attests that I control the given wallet";
    private static final String MAX_UINT = new BigInteger("2").pow(256).subtract(BigInteger.ONE).toString();
    /** Spenders of the outcome tokens: the exchanges of the public facts (current and neg-risk) and the legacy exchange. */
    static final List<String> SPENDERS = List.of("0xe111180000d2663c0091e4f400237545b87b996b",
            "0xe2222d279d744050d28e00520010520000310f59", "0x4bfb41d5b3570defd03c39a9a4d8de6bd8b8982e");
    private static final Pattern ORDER_ID = Pattern.compile("0x[0-9a-fA-F]{64}");
    private static final Pattern BUILDER_CODE = Pattern.compile("0x[0-9a-fA-F]{64}");
    /** The signature types a balance is asked under: the specification's names, the official clients' numbers and names. */
    private static final List<String> SIGNATURE_TYPES = List.of("0", "1", "2", "3", "EOA", "POLY_PROXY", "GNOSIS_SAFE", "POLY_GNOSIS_SAFE", "POLY_1271");

    private final Wallets wallets;
    /** The chain the allowances are read from (the approvals its node mined). */
    private final Chain chain;
    private final LongSupplier clock;
    private ApiKeys keys;
    private final TradingApi trading;
    /** Where each trade stands on its way to the chain (the user channel moves it on). */
    final TradeStatuses statuses = new TradeStatuses();
    final Notifications notifications;

    public ClobAccountsApi(Wallets wallets, Chain chain, LongSupplier clock) {
        this.wallets = wallets;
        this.chain = chain;
        this.clock = clock;
        this.notifications = new Notifications(wallets);
        this.trading = new TradingApi(this, wallets, clock, notifications);
    }

    /** The exchange's mode now. */
    public org.marketlab.sandbox.trading.ExchangeMode exchangeMode() {
        return trading.mode();
    }

    /** Switches the exchange's mode at run time; {@code retryAfterSeconds} goes in the refusals' bodies. */
    public void exchangeMode(org.marketlab.sandbox.trading.ExchangeMode mode, long retryAfterSeconds) {
        trading.mode(mode, retryAfterSeconds);
    }

    /**
     * The next orders meet these error rows of the specification, one each, in order ({@code POST /control/order-errors}
     * {@code {"errors": [...]}} does the same over HTTP): {@code "425"} answers the whole next order request with 425 and
     * no body (the engine restarting: nothing placed); a message ({@code "order timed out"}, the engine's 500 rows,
     * {@code "order {id} crosses the book"}, {@code "'{address}' address banned"}, ...) refuses the next order that passed
     * every check, before it reaches the book, with the row's status (a batch entry: in its element).
     *
     * @throws IllegalArgumentException for a row the specification does not have
     */
    public void failNextOrders(String... rows) {
        trading.failNext(List.of(rows));
    }

    /** The error rows still to be met. */
    public List<String> pendingOrderFailures() {
        return trading.pendingFailures();
    }

    /** The ids of the orders a told error refused, in order: a resubmitted order shows the same id (the same salt and signature). */
    public List<String> failedOrders() {
        return trading.failedOrders();
    }

    /** Forgets the error rows still to be met and the refused ids. */
    public void clearOrderFailures() {
        trading.clearFailures();
    }

    /** The error rows {@link #failNextOrders} knows, with their statuses. */
    public static Map<String, Integer> orderErrorRows() {
        return TradingApi.ERROR_ROWS;
    }

    /** The per-signer buckets (phase, tiers). */
    /** The matching engine: its books, as {@code /book} shows them once touched. */
    public org.marketlab.sandbox.trading.Engine engine() {
        return trading.engine;
    }

    public org.marketlab.sandbox.trading.Buckets buckets() {
        return trading.buckets;
    }

    TradingApi trading() {
        return trading;
    }

    /** The key's entry when the three parts of the credential match, else null (the user channel's authentication). */
    ApiKeys.Entry authenticate(String apiKey, String secret, String passphrase) {
        if (apiKey == null || secret == null || passphrase == null) return null;
        ApiKeys.Entry e = keys().find(apiKey);
        if (e == null || !e.creds().secret().equals(secret) || !e.creds().passphrase().equals(passphrase)) return null;
        return e;
    }

    /** The chain whose approvals an order needs. */
    Chain chain() {
        return chain;
    }

    /** The wallet a key trades through (its proxy's, for a proxy signer). */
    String funder(ApiKeys.Entry e) {
        return wallets.funder(e.address());
    }

    /** One trade as {@code /data/trades} lists it to {@code address}'s wallet (its status as it stands). */
    ObjectNode tradeReport(String address, Ledger.Fill f) {
        return trade(address, f);
    }

    /** The registry, made on first use (with the seeded wallets' first keys). */
    private synchronized ApiKeys keys() {
        if (keys == null) keys = new ApiKeys(wallets.world().seed(), wallets.signers());
        return keys;
    }

    @Override
    public void register(Javalin app) {
        RouteModule.super.register(app);
        Routes.add(app, trading);
    }

    // ---- keys --------------------------------------------------------------------------------------------------------

    /** {@code POST /auth/api-key} creates the signer's key for the nonce, {@code GET /auth/derive-api-key} reads it again. */
    @Route("POST /auth/api-key")
    @Route("GET /auth/derive-api-key")
    private void createOrDeriveKey(Context ctx) {
        L1 l1 = l1(ctx);
        boolean create = ctx.method() == HandlerType.POST;
        ApiKeys.Creds c = create ? keys().create(l1.address, l1.nonce) : keys().derive(l1.address, l1.nonce);
        if (c == null) throw Refusal.badRequest(create ? "Could not create api key" : "Could not derive api key!");
        Json.send(ctx, creds(c));
    }

    @Route("GET /auth/api-keys")
    private void listKeys(Context ctx) {
        ApiKeys.Entry e = l2(ctx);
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("apiKeys");
        for (String k : keys().keys(e.address())) list.add(k);
        Json.send(ctx, out);
    }

    @Route("DELETE /auth/api-key")
    private void deleteKey(Context ctx) {
        ApiKeys.Entry e = l2(ctx);
        if (!keys().delete(e.creds().key())) throw new Refusal(500, "Could not delete API key");
        Json.send(ctx, Json.EXACT.textNode("OK"));
    }

    @Route("POST /auth/builder-api-key")
    private void createBuilderKey(Context ctx) {
        ApiKeys.Entry e = l2(ctx);
        ApiKeys.BuilderKey b = keys().createBuilder(e.address(), Instant.ofEpochMilli(clock.getAsLong()));
        ObjectNode o = Json.object();
        o.put("key", b.creds().key());
        o.put("secret", b.creds().secret());
        o.put("passphrase", b.creds().passphrase());
        Json.send(ctx, o);
    }

    @Route("GET /auth/builder-api-key")
    private void listBuilderKeys(Context ctx) {
        ApiKeys.Entry e = l2(ctx);
        ArrayNode out = Json.array();
        for (ApiKeys.BuilderKey b : keys().builderKeys(e.address())) {
            ObjectNode o = out.addObject();
            o.put("key", b.creds().key());
            o.put("createdAt", b.createdAt().toString());
            if (b.revokedAt() != null) o.put("revokedAt", b.revokedAt().toString());
            else o.putNull("revokedAt");
        }
        Json.send(ctx, out);
    }

    /** The API keys of this sandbox (for tests and the toolkit's checks). */
    public List<String> apiKeys(String address) {
        return keys().keys(address);
    }

    // ---- authentication -------------------------------------------------------------------------------------------

    private record L1(String address, long nonce) {
    }

    private L1 l1(Context ctx) {
        String address = ctx.header("POLY_ADDRESS");
        String signature = ctx.header("POLY_SIGNATURE");
        String timestamp = ctx.header("POLY_TIMESTAMP");
        String nonce = ctx.header("POLY_NONCE");
        if (address == null || signature == null || timestamp == null || !address.matches("0x[0-9a-fA-F]{40}")) {
            throw Refusal.unauthorized("Invalid L1 Request headers");
        }
        BigInteger n;
        try {
            n = new BigInteger(nonce == null || nonce.isBlank() ? "0" : nonce.trim());
            if (n.signum() < 0 || n.bitLength() > 63) throw new NumberFormatException();
            if (Math.abs(Long.parseLong(timestamp.trim()) - seconds()) > TIMESTAMP_WINDOW_S) {
                throw new NumberFormatException("stale");
            }
        } catch (NumberFormatException e) {
            throw Refusal.unauthorized("Invalid L1 Request headers");
        }
        String signer = TypedData.signer(TypedData.clobAuth(address, timestamp, n, L1_MESSAGE), signature);
        if (signer == null || !signer.equalsIgnoreCase(address)) throw Refusal.unauthorized("Invalid L1 Request headers");
        return new L1(address.toLowerCase(Locale.ROOT), n.longValue());
    }

    /** The key entry of a request with valid L2 headers (and valid builder headers, when any is present). */
    ApiKeys.Entry l2(Context ctx) {
        String address = ctx.header("POLY_ADDRESS");
        String key = ctx.header("POLY_API_KEY");
        String passphrase = ctx.header("POLY_PASSPHRASE");
        String timestamp = ctx.header("POLY_TIMESTAMP");
        String signature = ctx.header("POLY_SIGNATURE");
        if (address == null || key == null || passphrase == null || timestamp == null || signature == null) {
            throw Refusal.unauthorized(UNAUTHORIZED);
        }
        ApiKeys.Entry e = keys().find(key.trim());
        if (e == null || !e.address().equalsIgnoreCase(address.trim()) || !equal(e.creds().passphrase(), passphrase)
                || !fresh(timestamp) || !equal(hmac(e.creds().secret(), timestamp, ctx), signature.trim())) {
            throw Refusal.unauthorized(UNAUTHORIZED);
        }
        builderHeaders(ctx, false);
        return e;
    }

    /** The builder key of a request that must carry one (the RFQ gateway's writes), or null when it carries none or a revoked one. */
    ApiKeys.BuilderKey builderKey(Context ctx) {
        ApiKeys.BuilderKey b = builderHeaders(ctx, false);
        return b == null || b.revokedAt() != null ? null : b;
    }

    /**
     * The account a key trades for when its order names {@code maker} and {@code signer} under {@code signatureType}, by
     * the order book's rules (its own address or the proxy it trades through; a deposit wallet it signs for under
     * {@code POLY_1271}), or null when the key may not trade for them.
     */
    String account(ApiKeys.Entry e, int signatureType, String maker, String signer) {
        boolean deposit = signatureType == 3;
        String account = deposit ? maker : wallets.funder(e.address());
        if (!maker.equals(account)) return null;
        if (deposit ? !signer.equals(maker) || !trading.depositWallets.allows(maker, e.address()) : !signer.equals(e.address())) return null;
        return account;
    }

    /** The collateral an account may still spend: its cash less what its open buy orders hold. */
    BigDecimal available(String account) {
        return trading.available(account);
    }

    /**
     * The address owning the builder key of a request that must carry valid builder headers (the relayer's gasless
     * routes authenticate builders with the keys this order book issues); 401 when they are missing or do not verify.
     */
    public String builderOwner(Context ctx) {
        ApiKeys.BuilderKey b = builderHeaders(ctx, false);
        if (b == null) {
            throw Refusal.unauthorized("builder API key headers required: POLY_BUILDER_API_KEY, POLY_BUILDER_PASSPHRASE, "
                    + "POLY_BUILDER_TIMESTAMP and POLY_BUILDER_SIGNATURE");
        }
        return b.address();
    }

    /** The builder key of the request's builder headers, or null when it carries none (or throws when they are bad). */
    private ApiKeys.BuilderKey builderHeaders(Context ctx, boolean required) {
        String key = ctx.header("POLY_BUILDER_API_KEY");
        String passphrase = ctx.header("POLY_BUILDER_PASSPHRASE");
        String timestamp = ctx.header("POLY_BUILDER_TIMESTAMP");
        String signature = ctx.header("POLY_BUILDER_SIGNATURE");
        if (key == null && passphrase == null && timestamp == null && signature == null) {
            if (required) throw Refusal.badRequest("invalid revoke builder api key headers");
            return null;
        }
        if (key == null || passphrase == null || timestamp == null || signature == null) {
            if (required) throw Refusal.badRequest("invalid revoke builder api key headers");
            throw Refusal.unauthorized(UNAUTHORIZED);
        }
        ApiKeys.BuilderKey b = keys().builder(key.trim());
        if (b == null || !equal(b.creds().passphrase(), passphrase) || !fresh(timestamp)
                || !equal(hmac(b.creds().secret(), timestamp, ctx), signature.trim())) {
            throw Refusal.unauthorized(UNAUTHORIZED);
        }
        return b;
    }

    private long seconds() {
        return clock.getAsLong() / 1000;
    }

    private boolean fresh(String timestamp) {
        try {
            return Math.abs(Long.parseLong(timestamp.trim()) - seconds()) <= TIMESTAMP_WINDOW_S;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** URL-safe base64 (padding kept) of HMAC-SHA256, keyed with the base64-decoded secret, over timestamp + METHOD + path + body. */
    static String hmac(String secret, String timestamp, Context ctx) {
        return hmac(secret, timestamp.trim() + ctx.method().name() + ctx.path() + ctx.body());
    }

    static String hmac(String secret, String message) {
        try {
            byte[] key = Base64.getUrlDecoder().decode(secret.replace('+', '-').replace('/', '_'));
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return Base64.getUrlEncoder().encodeToString(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return "";
        }
    }

    private static boolean equal(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.trim().getBytes(StandardCharsets.UTF_8));
    }

    @Route("DELETE /auth/builder-api-key")
    private void revokeBuilder(Context ctx) {
        ApiKeys.BuilderKey b = builderHeaders(ctx, false);
        String key;
        if (b != null) {
            key = b.creds().key();
        } else {
            ApiKeys.Entry e = l2(ctx);
            JsonNode body;
            try {
                body = ctx.body().isBlank() ? null : Json.MAPPER.readTree(ctx.body());
            } catch (Exception ex) {
                throw Refusal.badRequest("invalid revoke builder api key body");
            }
            if (body == null) {
                // L2 headers alone (how the official V2 client revokes): the address's active builder keys go.
                List<ApiKeys.BuilderKey> active = keys().builderKeys(e.address()).stream().filter(k -> k.revokedAt() == null).toList();
                if (active.isEmpty()) throw new Refusal(500, "could not revoke the builder api key: no active builder key");
                for (ApiKeys.BuilderKey k : active) keys().revokeBuilder(k.creds().key(), Instant.ofEpochMilli(clock.getAsLong()));
                Json.send(ctx, Json.EXACT.textNode("OK"));
                return;
            }
            if (!body.path("key").isTextual()) throw Refusal.badRequest("invalid revoke builder api key body");
            key = body.get("key").asText();
            ApiKeys.BuilderKey owned = keys().builder(key);
            if (owned == null || !owned.address().equals(e.address())) throw new Refusal(500, "could not revoke the builder api key: " + key);
        }
        if (!keys().revokeBuilder(key, Instant.ofEpochMilli(clock.getAsLong()))) throw new Refusal(500, "could not revoke the builder api key: " + key);
        Json.send(ctx, Json.EXACT.textNode("OK"));
    }

    // ---- reads -------------------------------------------------------------------------------------------------------

    @Route("GET /data/orders")
    private void orders(Context ctx) {
        ApiKeys.Entry e = l2(ctx);
        Params p = Params.of(ctx, 400).documented("invalid order params payload");
        Ledger ledger = wallets.ledger(wallets.funder(e.address()));
        String id = p.string("id");
        Filter filter = Filter.of(p);
        int offset = cursor(p);
        List<Ledger.Order> rows = new ArrayList<>();
        List<Ledger.Order> all = wallets.openSeeded(ledger.address);
        all.addAll(trading.open(e.address()));
        for (Ledger.Order o : all) {
            if ((id == null || o.id().equalsIgnoreCase(id)) && filter.test(o.market(), o.token(), null)) rows.add(o);
        }
        rows.sort(Comparator.comparingLong(Ledger.Order::createdAt).reversed().thenComparing(Ledger.Order::id));
        Json.send(ctx, page(rows, offset, o -> order(e, o)));
    }

    /** The open orders of the wallet a key trades for: its seeded ones still open and those resting on the book. */
    List<Ledger.Order> openOrders(String keyAddress) {
        List<Ledger.Order> all = wallets.openSeeded(wallets.funder(keyAddress));
        all.addAll(trading.open(keyAddress));
        return all;
    }

    Wallets wallets() {
        return wallets;
    }

    @Route("GET /data/order/{id}")
    private void order(Context ctx) {
        ApiKeys.Entry e = l2(ctx);
        String id = ctx.pathParam("id");
        if (!ORDER_ID.matcher(id).matches()) throw Refusal.badRequest("Invalid orderID");
        List<Ledger.Order> all = wallets.openSeeded(wallets.funder(e.address()));
        all.addAll(trading.open(e.address()));
        for (Ledger.Order o : all) {
            if (o.id().equalsIgnoreCase(id)) {
                Json.send(ctx, order(e, o));
                return;
            }
        }
        // An order that left the book still reads, with its final status (CANCELED, or MATCHED once filled in full).
        TradingApi.Ended ended = trading.endedOrder(wallets.funder(e.address()), id);
        if (ended != null) {
            ObjectNode n = order(e, ended.order());
            n.put("status", ended.status());
            n.put("size_matched", Orders.four(ended.matched()));
            Json.send(ctx, n);
            return;
        }
        throw Refusal.badRequest("Invalid orderID");
    }

    private ObjectNode order(ApiKeys.Entry e, Ledger.Order o) {
        ObjectNode n = Json.object();
        n.putArray("associate_trades");
        n.put("id", o.id());
        n.put("status", "LIVE");
        n.put("market", o.market().conditionId());
        n.put("original_size", Orders.four(o.originalSize()));
        n.put("outcome", o.token().outcome());
        n.put("maker_address", wallets.funder(e.address()));
        n.put("owner", wallets.owner(e.address()));
        n.put("price", Orders.four(o.price()));
        n.put("side", o.side());
        n.put("size_matched", Orders.four(BigDecimal.ZERO));
        n.put("asset_id", o.token().tokenId());
        // Unix seconds as text, "0" for an order without one (GTC), as the live service and the user channel write it.
        n.put("expiration", o.expiration() == null ? "0" : Long.toString(o.expiration()));
        n.put("order_type", o.type());
        n.put("created_at", o.createdAt());
        return n;
    }

    @Route("GET /data/trades")
    private void trades(Context ctx) {
        ApiKeys.Entry e = l2(ctx);
        Params p = Params.of(ctx, 400).documented("Invalid trade params payload");
        String id = p.string("id");
        String maker = p.string("maker_address");
        Filter filter = Filter.of(p);
        int offset = cursor(p);
        List<Ledger.Fill> rows = new ArrayList<>();
        String funder = wallets.funder(e.address());
        if (maker == null || maker.equalsIgnoreCase(funder)) {
            for (Ledger.Fill f : wallets.ledger(funder).fills) {
                if ((id == null || f.id().equals(id)) && filter.test(f.market(), f.token(), f.time())) rows.add(f);
            }
        }
        rows.sort(Comparator.comparingLong(Ledger.Fill::time).thenComparing(Ledger.Fill::id).reversed());
        Json.send(ctx, page(rows, offset, f -> trade(funder, f)));
    }

    /** One trade as the order book reports it to the wallet: its own taker order, or the taker's report with its maker order. */
    private ObjectNode trade(String address, Ledger.Fill f) {
        ObjectNode n = Json.object();
        String takerSide = f.maker() ? (f.side().equals("BUY") ? "SELL" : "BUY") : f.side();
        n.put("id", f.id());
        n.put("taker_order_id", f.maker() ? f.counterpartyOrderId() : f.orderId());
        n.put("market", f.market().conditionId());
        n.put("asset_id", f.token().tokenId());
        n.put("side", takerSide);
        n.put("size", Orders.four(f.size()));
        n.put("fee_rate_bps", "0");
        n.put("price", Orders.four(f.price()));
        n.put("status", statuses.of(f.id()));
        // Unix seconds as text, as the official clients' models and test captures have them (ccxt reads them as seconds).
        n.put("match_time", Long.toString(f.time()));
        n.put("match_time_nano", Long.toString(f.time()) + "000000000");
        n.put("last_update", Long.toString(f.time() + 12));
        n.put("outcome", f.token().outcome());
        n.put("bucket_index", 0);
        n.put("owner", f.maker() ? f.counterpartyOwner() : wallets.owner(address));
        n.put("maker_address", f.maker() ? f.counterparty() : address);
        n.put("transaction_hash", f.txHash());
        ArrayNode makers = n.putArray("maker_orders");
        ObjectNode m = makers.addObject();
        m.put("asset_id", f.token().tokenId());
        m.put("fee_rate_bps", "0");
        m.put("maker_address", f.maker() ? address : f.counterparty());
        m.put("matched_amount", Orders.four(f.size()));
        m.put("order_id", f.maker() ? f.orderId() : f.counterpartyOrderId());
        m.put("outcome", f.token().outcome());
        m.put("owner", f.maker() ? wallets.owner(address) : f.counterpartyOwner());
        m.put("price", Orders.four(f.price()));
        m.put("side", f.maker() ? f.side() : takerSide.equals("BUY") ? "SELL" : "BUY");
        n.put("trader_side", f.maker() ? "MAKER" : "TAKER");
        return n;
    }

    /** A builder's fee rates in basis points: the sandbox's builder charges none; another code is unknown (404). */
    @Route("GET /fees/builder-fees/{code}")
    private void builderFees(Context ctx) {
        String code = ctx.pathParam("code");
        if (!BUILDER_CODE.matcher(code).matches()) throw Refusal.badRequest("invalid builder code: 0x and 64 hex digits");
        if (!code.equalsIgnoreCase(wallets.builderCode())) throw Refusal.notFound("builder not found");
        Json.send(ctx, Json.object().put("builder_maker_fee_rate_bps", 0).put("builder_taker_fee_rate_bps", 0));
    }

    @Route("GET /builder/trades")
    private void builderTrades(Context ctx) {
        Params p = Params.of(ctx, 400).documented("invalid builder trade params");
        String code = p.matching("builder_code", BUILDER_CODE, "a builder code: 0x and 64 hex digits, not all zero");
        if (code == null || code.matches("0x0{64}")) throw p.missing("builder_code", "a builder code");
        Filter filter = Filter.of(p);
        int offset = cursor(p);
        List<Ledger.Fill> rows = new ArrayList<>();
        if (code.equalsIgnoreCase(wallets.builderCode())) {
            for (String a : wallets.seeded()) {
                for (Ledger.Fill f : wallets.ledger(a).fills) {
                    if (f.builder() && filter.test(f.market(), f.token(), f.time())) rows.add(f);
                }
            }
        }
        rows.sort(Comparator.comparingLong(Ledger.Fill::time).thenComparing(Ledger.Fill::id).reversed());
        Json.send(ctx, page(rows, offset, f -> {
            ObjectNode n = Json.object();
            n.put("id", f.id());
            n.put("tradeType", f.maker() ? "MAKER" : "TAKER");
            n.put("takerOrderHash", f.maker() ? f.counterpartyOrderId() : f.orderId());
            n.put("builder", wallets.builderCode());
            n.put("market", f.market().conditionId());
            n.put("assetId", f.token().tokenId());
            n.put("side", f.side());
            n.put("size", Orders.four(f.size()));
            n.put("sizeUsdc", Orders.four(f.usdc()));
            n.put("price", Orders.four(f.price()));
            n.put("status", "CONFIRMED");
            n.put("outcome", f.token().outcome());
            n.put("outcomeIndex", f.token().index());
            n.put("owner", wallets.owner(f.wallet()));
            n.put("maker", f.wallet());
            n.put("transactionHash", f.txHash());
            n.put("matchTime", Instant.ofEpochSecond(f.time()).toString());
            n.put("bucketIndex", 0);
            n.put("fee", "0");
            n.put("feeUsdc", "0");
            n.put("builderFee", "0");
            n.put("builderCode", wallets.builderCode());
            n.putNull("err_msg");
            n.put("createdAt", Instant.ofEpochSecond(f.time()).toString());
            n.put("updatedAt", Instant.ofEpochSecond(f.time() + 12).toString());
            return n;
        }));
    }

    /**
     * {@code COLLATERAL}: {@code {balance, allowance, allowances}} in base units (6 decimals): the wallet's cash less
     * what its open buy orders hold (seeded and placed here alike: what an order may still use). {@code CONDITIONAL}
     * with {@code token_id}: {@code {balance, allowances}}, the shares held less what its open sell orders of the token
     * hold. {@code allowances} maps each exchange to its approval. The update route answers the same figures.
     */
    @Route("GET /balance-allowance")
    @Route("GET /balance-allowance/update")
    private void balance(Context ctx) {
        ApiKeys.Entry e = l2(ctx);
        Params p = Params.of(ctx, 400);
        String signatureType = p.documented("Invalid signature_type").oneOf("signature_type", "EOA", SIGNATURE_TYPES, true);
        String type = p.documented("Invalid asset type").oneOf("asset_type", null, List.of("COLLATERAL", "CONDITIONAL"), true);
        if (type == null) throw p.documented("Invalid asset type").missing("asset_type", "COLLATERAL or CONDITIONAL");
        // EOA: the signer's own address; POLY_PROXY and GNOSIS_SAFE: the proxy wallet it trades through (if any).
        boolean eoa = signatureType.equals("0") || signatureType.equals("EOA");
        boolean deposit = signatureType.equals("3") || signatureType.equals("POLY_1271");
        // POLY_1271: the deposit wallet the key's address signs for on this order book (none yet: zero).
        String holder = eoa ? e.address() : deposit ? trading.depositWallets.of(e.address()) : wallets.proxyWallet(e.address());
        Ledger ledger = holder == null ? Ledger.empty(e.address()) : wallets.ledger(holder);
        ObjectNode out = Json.object();
        // The allowances the holder gave on the chain: the collateral's to each exchange, the outcome tokens' operators.
        String owner = holder == null ? e.address() : holder;
        ObjectNode allowances = Json.object();
        if (type.equals("COLLATERAL")) {
            out.put("balance", Wallets.baseUnits(holder == null ? BigDecimal.ZERO : trading.available(ledger.address)));
            out.put("allowance", chain.allowance(owner, Contracts.COLLATERAL, SPENDERS.get(0)).toString());
            for (String s : SPENDERS) allowances.put(s, chain.allowance(owner, Contracts.COLLATERAL, s).toString());
        } else {
            String token = p.string("token_id");
            if (!ClobApi.wellFormed(token)) throw Refusal.badRequest("Invalid token id");
            World.Token t = wallets.world().token(token);
            if (t == null) throw Refusal.badRequest("Invalid token id");
            out.put("balance", Wallets.baseUnits(holder == null ? BigDecimal.ZERO : trading.availableShares(ledger.address, token)));
            for (String s : SPENDERS) allowances.put(s, chain.approvedForAll(owner, Contracts.CONDITIONAL_TOKENS, s) ? MAX_UINT : "0");
        }
        out.set("allowances", allowances);
        Json.send(ctx, out);
    }

    // ---- paging ------------------------------------------------------------------------------------------------------

    /** The offset of {@code next_cursor}: {@code MA==} (or none) is the start, {@code LTE=} the end. */
    private static int cursor(Params p) {
        String c = p.string("next_cursor");
        if (c == null || c.equals(FIRST)) return 0;
        if (c.equals(END)) return Integer.MAX_VALUE;
        try {
            int offset = Integer.parseInt(new String(Base64.getDecoder().decode(c), StandardCharsets.UTF_8));
            if (offset < 0) throw new NumberFormatException();
            return offset;
        } catch (IllegalArgumentException e) {
            throw p.invalid("next_cursor", c, "a next_cursor of this route");
        }
    }

    private static <T> ObjectNode page(List<T> rows, int offset, Function<T, ObjectNode> row) {
        ObjectNode out = Json.object();
        ArrayNode data = out.putArray("data");
        int from = Math.min(offset, rows.size()), to = Math.min(rows.size(), from + PAGE);
        for (T t : rows.subList(from, to)) data.add(row.apply(t));
        out.put("next_cursor", to < rows.size() ? Base64.getEncoder().encodeToString(Integer.toString(to).getBytes(StandardCharsets.UTF_8)) : END);
        out.put("limit", PAGE);
        out.put("count", data.size());
        return out;
    }

    /** The filters the order and trade reads share: {@code market}, {@code asset_id}, and {@code after}/{@code before} (Unix seconds). */
    private record Filter(String market, String asset, Long after, Long before) {

        static Filter of(Params p) {
            return new Filter(p.string("market"), p.string("asset_id"), p.integer("after"), p.integer("before"));
        }

        /** Whether a row of this market and token, at this time (null: an order, which has no trade time), passes. */
        boolean test(MarketIndex.Market m, World.Token t, Long time) {
            if (market != null && !m.conditionId().equalsIgnoreCase(market)) return false;
            if (asset != null && !t.tokenId().equals(asset)) return false;
            return time == null || (after == null || time >= after) && (before == null || time <= before);
        }
    }

    private static ObjectNode creds(ApiKeys.Creds c) {
        ObjectNode o = Json.object();
        o.put("apiKey", c.key());
        o.put("secret", c.secret());
        o.put("passphrase", c.passphrase());
        return o;
    }
}
