package org.marketlab.sandbox.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import org.marketlab.sandbox.route.RouteModule;
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

    private final Wallets wallets;
    private final LongSupplier clock;
    private ApiKeys keys;
    private final TradingApi trading;

    ClobAccountsApi(Wallets wallets, LongSupplier clock) {
        this.wallets = wallets;
        this.clock = clock;
        this.trading = new TradingApi(this, wallets, clock);
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

    /** The registry, made on first use (with the seeded wallets' first keys). */
    private synchronized ApiKeys keys() {
        if (keys == null) keys = new ApiKeys(wallets.world().seed(), wallets.signers());
        return keys;
    }

    @Override
    public String service() {
        return "clob";
    }

    @Override
    public void register(Javalin app) {
        app.exception(Wire.Refused.class, (e, ctx) -> {
            if (e instanceof TradingApi.Restarting) {
                ctx.status(e.status); // the engine restarting: no body
            } else if (e instanceof TradingApi.ModeRefused m) {
                // The delay of the body, also in the Retry-After header (the specification's post-only refusal; the others alike).
                ctx.header("Retry-After", Long.toString(m.retryAfter)).status(e.status).json(TradingApi.modeError(m));
            } else {
                ctx.status(e.status).json(Map.of("error", e.getMessage()));
            }
        });
        trading.register(app);
        app.post("/auth/api-key", ctx -> {
            L1 l1 = l1(ctx);
            ApiKeys.Creds c = keys().create(l1.address, l1.nonce);
            if (c == null) throw Wire.refused(400, "Could not create api key");
            Wire.send(ctx, creds(c));
        });
        app.get("/auth/derive-api-key", ctx -> {
            L1 l1 = l1(ctx);
            ApiKeys.Creds c = keys().derive(l1.address, l1.nonce);
            if (c == null) throw Wire.refused(400, "Could not derive api key!");
            Wire.send(ctx, creds(c));
        });
        app.get("/auth/api-keys", ctx -> {
            ApiKeys.Entry e = l2(ctx);
            ObjectNode out = Wire.object();
            ArrayNode list = out.putArray("apiKeys");
            for (String k : keys().keys(e.address())) list.add(k);
            Wire.send(ctx, out);
        });
        app.delete("/auth/api-key", ctx -> {
            ApiKeys.Entry e = l2(ctx);
            if (!keys().delete(e.creds().key())) throw Wire.refused(500, "Could not delete API key");
            Wire.send(ctx, Wire.JSON.textNode("OK"));
        });
        app.post("/auth/builder-api-key", ctx -> {
            ApiKeys.Entry e = l2(ctx);
            ApiKeys.BuilderKey b = keys().createBuilder(e.address(), Instant.ofEpochMilli(clock.getAsLong()));
            ObjectNode o = Wire.object();
            o.put("key", b.creds().key());
            o.put("secret", b.creds().secret());
            o.put("passphrase", b.creds().passphrase());
            Wire.send(ctx, o);
        });
        app.get("/auth/builder-api-key", ctx -> {
            ApiKeys.Entry e = l2(ctx);
            ArrayNode out = Wire.JSON.arrayNode();
            for (ApiKeys.BuilderKey b : keys().builderKeys(e.address())) {
                ObjectNode o = out.addObject();
                o.put("key", b.creds().key());
                o.put("createdAt", b.createdAt().toString());
                if (b.revokedAt() != null) o.put("revokedAt", b.revokedAt().toString());
                else o.putNull("revokedAt");
            }
            Wire.send(ctx, out);
        });
        app.delete("/auth/builder-api-key", this::revokeBuilder);
        app.get("/data/orders", this::orders);
        app.get("/data/order/{id}", this::order);
        app.get("/data/trades", this::trades);
        app.get("/builder/trades", this::builderTrades);
        app.get("/balance-allowance", ctx -> balance(ctx, false));
        app.get("/balance-allowance/update", ctx -> balance(ctx, true));
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
            throw Wire.refused(401, "Invalid L1 Request headers");
        }
        BigInteger n;
        try {
            n = new BigInteger(nonce == null || nonce.isBlank() ? "0" : nonce.trim());
            if (n.signum() < 0 || n.bitLength() > 63) throw new NumberFormatException();
            if (Math.abs(Long.parseLong(timestamp.trim()) - seconds()) > TIMESTAMP_WINDOW_S) {
                throw new NumberFormatException("stale");
            }
        } catch (NumberFormatException e) {
            throw Wire.refused(401, "Invalid L1 Request headers");
        }
        String signer = TypedData.signer(TypedData.clobAuth(address, timestamp, n, L1_MESSAGE), signature);
        if (signer == null || !signer.equalsIgnoreCase(address)) throw Wire.refused(401, "Invalid L1 Request headers");
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
            throw Wire.refused(401, UNAUTHORIZED);
        }
        ApiKeys.Entry e = keys().find(key.trim());
        if (e == null || !e.address().equalsIgnoreCase(address.trim()) || !equal(e.creds().passphrase(), passphrase)
                || !fresh(timestamp) || !equal(hmac(e.creds().secret(), timestamp, ctx), signature.trim())) {
            throw Wire.refused(401, UNAUTHORIZED);
        }
        builderHeaders(ctx, false);
        return e;
    }

    /** The builder key of the request's builder headers, or null when it carries none (or throws when they are bad). */
    private ApiKeys.BuilderKey builderHeaders(Context ctx, boolean required) {
        String key = ctx.header("POLY_BUILDER_API_KEY");
        String passphrase = ctx.header("POLY_BUILDER_PASSPHRASE");
        String timestamp = ctx.header("POLY_BUILDER_TIMESTAMP");
        String signature = ctx.header("POLY_BUILDER_SIGNATURE");
        if (key == null && passphrase == null && timestamp == null && signature == null) {
            if (required) throw Wire.refused(400, "invalid revoke builder api key headers");
            return null;
        }
        if (key == null || passphrase == null || timestamp == null || signature == null) {
            if (required) throw Wire.refused(400, "invalid revoke builder api key headers");
            throw Wire.refused(401, UNAUTHORIZED);
        }
        ApiKeys.BuilderKey b = keys().builder(key.trim());
        if (b == null || !equal(b.creds().passphrase(), passphrase) || !fresh(timestamp)
                || !equal(hmac(b.creds().secret(), timestamp, ctx), signature.trim())) {
            throw Wire.refused(401, UNAUTHORIZED);
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

    private void revokeBuilder(Context ctx) {
        ApiKeys.BuilderKey b = builderHeaders(ctx, false);
        String key;
        if (b != null) {
            key = b.creds().key();
        } else {
            ApiKeys.Entry e = l2(ctx);
            JsonNode body;
            try {
                body = ctx.body().isBlank() ? null : Wire.MAPPER.readTree(ctx.body());
            } catch (Exception ex) {
                throw Wire.refused(400, "invalid revoke builder api key body");
            }
            if (body == null) throw Wire.refused(400, "invalid revoke builder api key headers");
            if (!body.path("key").isTextual()) throw Wire.refused(400, "invalid revoke builder api key body");
            key = body.get("key").asText();
            ApiKeys.BuilderKey owned = keys().builder(key);
            if (owned == null || !owned.address().equals(e.address())) throw Wire.refused(500, "could not revoke the builder api key: " + key);
        }
        if (!keys().revokeBuilder(key, Instant.ofEpochMilli(clock.getAsLong()))) throw Wire.refused(500, "could not revoke the builder api key: " + key);
        Wire.send(ctx, Wire.JSON.textNode("OK"));
    }

    // ---- reads -------------------------------------------------------------------------------------------------------

    private void orders(Context ctx) {
        ApiKeys.Entry e = l2(ctx);
        Ledger ledger = wallets.ledger(wallets.funder(e.address()));
        String id = ctx.queryParam("id"), market = ctx.queryParam("market"), asset = ctx.queryParam("asset_id");
        int offset = cursor(ctx, "invalid order params payload");
        List<Ledger.Order> rows = new ArrayList<>();
        List<Ledger.Order> all = wallets.openSeeded(ledger.address);
        all.addAll(trading.open(e.address()));
        for (Ledger.Order o : all) {
            if (id != null && !id.isEmpty() && !o.id().equalsIgnoreCase(id)) continue;
            if (market != null && !market.isEmpty() && !o.market().conditionId().equalsIgnoreCase(market)) continue;
            if (asset != null && !asset.isEmpty() && !o.token().tokenId().equals(asset)) continue;
            rows.add(o);
        }
        rows.sort(Comparator.comparingLong(Ledger.Order::createdAt).reversed().thenComparing(Ledger.Order::id));
        Wire.send(ctx, page(rows, offset, o -> order(e, o)));
    }

    private void order(Context ctx) {
        ApiKeys.Entry e = l2(ctx);
        String id = ctx.pathParam("id");
        if (!ORDER_ID.matcher(id).matches()) throw Wire.refused(400, "Invalid orderID");
        List<Ledger.Order> all = wallets.openSeeded(wallets.funder(e.address()));
        all.addAll(trading.open(e.address()));
        for (Ledger.Order o : all) {
            if (o.id().equalsIgnoreCase(id)) {
                Wire.send(ctx, order(e, o));
                return;
            }
        }
        throw Wire.refused(400, "Invalid orderID");
    }

    private ObjectNode order(ApiKeys.Entry e, Ledger.Order o) {
        ObjectNode n = Wire.object();
        n.putArray("associate_trades");
        n.put("id", o.id());
        n.put("status", "LIVE");
        n.put("market", o.market().conditionId());
        n.put("original_size", Wire.four(o.originalSize()));
        n.put("outcome", o.token().outcome());
        n.put("maker_address", wallets.funder(e.address()));
        n.put("owner", wallets.owner(e.address()));
        n.put("price", Wire.four(o.price()));
        n.put("side", o.side());
        n.put("size_matched", Wire.four(BigDecimal.ZERO));
        n.put("asset_id", o.token().tokenId());
        if (o.expiration() == null) n.putNull("expiration");
        else n.put("expiration", Long.toString(o.expiration()));
        n.put("order_type", o.type());
        n.put("created_at", o.createdAt());
        return n;
    }

    private void trades(Context ctx) {
        ApiKeys.Entry e = l2(ctx);
        String id = ctx.queryParam("id"), market = ctx.queryParam("market"), asset = ctx.queryParam("asset_id");
        String maker = ctx.queryParam("maker_address");
        Long after = seconds(ctx, "after", "Invalid trade params payload"), before = seconds(ctx, "before", "Invalid trade params payload");
        int offset = cursor(ctx, "Invalid trade params payload");
        List<Ledger.Fill> rows = new ArrayList<>();
        String funder = wallets.funder(e.address());
        if (maker == null || maker.isEmpty() || maker.equalsIgnoreCase(funder)) {
            for (Ledger.Fill f : wallets.ledger(funder).fills) {
                if (id != null && !id.isEmpty() && !f.id().equals(id)) continue;
                if (market != null && !market.isEmpty() && !f.market().conditionId().equalsIgnoreCase(market)) continue;
                if (asset != null && !asset.isEmpty() && !f.token().tokenId().equals(asset)) continue;
                if (after != null && f.time() < after || before != null && f.time() > before) continue;
                rows.add(f);
            }
        }
        rows.sort(Comparator.comparingLong(Ledger.Fill::time).thenComparing(Ledger.Fill::id).reversed());
        Wire.send(ctx, page(rows, offset, f -> trade(funder, f)));
    }

    /** One trade as the order book reports it to the wallet: its own taker order, or the taker's report with its maker order. */
    private ObjectNode trade(String address, Ledger.Fill f) {
        ObjectNode n = Wire.object();
        String takerSide = f.maker() ? (f.side().equals("BUY") ? "SELL" : "BUY") : f.side();
        n.put("id", f.id());
        n.put("taker_order_id", f.maker() ? f.counterpartyOrderId() : f.orderId());
        n.put("market", f.market().conditionId());
        n.put("asset_id", f.token().tokenId());
        n.put("side", takerSide);
        n.put("size", Wire.four(f.size()));
        n.put("fee_rate_bps", "0");
        n.put("price", Wire.four(f.price()));
        n.put("status", "CONFIRMED");
        n.put("match_time", Instant.ofEpochSecond(f.time()).toString());
        n.put("last_update", Instant.ofEpochSecond(f.time() + 12).toString());
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
        m.put("matched_amount", Wire.four(f.size()));
        m.put("order_id", f.maker() ? f.orderId() : f.counterpartyOrderId());
        m.put("outcome", f.token().outcome());
        m.put("owner", f.maker() ? wallets.owner(address) : f.counterpartyOwner());
        m.put("price", Wire.four(f.price()));
        m.put("side", f.maker() ? f.side() : takerSide.equals("BUY") ? "SELL" : "BUY");
        n.put("trader_side", f.maker() ? "MAKER" : "TAKER");
        return n;
    }

    private void builderTrades(Context ctx) {
        String code = ctx.queryParam("builder_code");
        if (code == null || !code.matches("0x[0-9a-fA-F]{64}") || code.matches("0x0{64}")) throw Wire.refused(400, "invalid builder trade params");
        String market = ctx.queryParam("market"), asset = ctx.queryParam("asset_id");
        Long after = seconds(ctx, "after", "invalid builder trade params"), before = seconds(ctx, "before", "invalid builder trade params");
        int offset = cursor(ctx, "invalid builder trade params");
        List<Ledger.Fill> rows = new ArrayList<>();
        if (code.equalsIgnoreCase(wallets.builderCode())) {
            for (String a : wallets.seeded()) {
                for (Ledger.Fill f : wallets.ledger(a).fills) {
                    if (!f.builder()) continue;
                    if (market != null && !market.isEmpty() && !f.market().conditionId().equalsIgnoreCase(market)) continue;
                    if (asset != null && !asset.isEmpty() && !f.token().tokenId().equals(asset)) continue;
                    if (after != null && f.time() < after || before != null && f.time() > before) continue;
                    rows.add(f);
                }
            }
        }
        rows.sort(Comparator.comparingLong(Ledger.Fill::time).thenComparing(Ledger.Fill::id).reversed());
        Wire.send(ctx, page(rows, offset, f -> {
            ObjectNode n = Wire.object();
            n.put("id", f.id());
            n.put("tradeType", f.maker() ? "MAKER" : "TAKER");
            n.put("takerOrderHash", f.maker() ? f.counterpartyOrderId() : f.orderId());
            n.put("builder", wallets.builderCode());
            n.put("market", f.market().conditionId());
            n.put("assetId", f.token().tokenId());
            n.put("side", f.side());
            n.put("size", Wire.four(f.size()));
            n.put("sizeUsdc", Wire.four(f.usdc()));
            n.put("price", Wire.four(f.price()));
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
     * {@code COLLATERAL}: {@code {balance, allowance}} in base units (6 decimals): the wallet's cash less what its open
     * buy orders hold. {@code CONDITIONAL} with {@code token_id}: {@code {balance, allowances}} with the shares held
     * (also base units) and the exchanges' approvals. The update route answers the same figures.
     */
    private void balance(Context ctx, boolean update) {
        ApiKeys.Entry e = l2(ctx);
        String type = ctx.queryParam("asset_type");
        String signatureType = ctx.queryParam("signature_type");
        if (signatureType != null && !signatureType.isEmpty()
                && !List.of("0", "1", "2", "EOA", "POLY_PROXY", "GNOSIS_SAFE", "POLY_GNOSIS_SAFE").contains(signatureType.toUpperCase(Locale.ROOT))) {
            throw Wire.refused(400, "Invalid signature_type");
        }
        if (type == null || !(type.equalsIgnoreCase("COLLATERAL") || type.equalsIgnoreCase("CONDITIONAL"))) {
            throw Wire.refused(400, "Invalid asset type");
        }
        // EOA: the signer's own address; POLY_PROXY and GNOSIS_SAFE: the proxy wallet it trades through (if any).
        boolean eoa = signatureType == null || signatureType.isEmpty() || signatureType.equals("0") || signatureType.equalsIgnoreCase("EOA");
        String holder = eoa ? e.address() : wallets.proxyWallet(e.address());
        Ledger ledger = holder == null ? Ledger.empty(e.address()) : wallets.ledger(holder);
        ObjectNode out = Wire.object();
        if (type.equalsIgnoreCase("COLLATERAL")) {
            BigDecimal reserved = BigDecimal.ZERO;
            for (Ledger.Order o : wallets.openSeeded(ledger.address)) if (o.side().equals("BUY")) reserved = reserved.add(o.price().multiply(o.originalSize()));
            out.put("balance", Wallets.baseUnits(ledger.cash.subtract(reserved).max(BigDecimal.ZERO)));
            out.put("allowance", MAX_UINT);
        } else {
            String token = ctx.queryParam("token_id");
            if (token == null || !token.matches("[0-9]{1,80}")) throw Wire.refused(400, "Invalid token id");
            World.Token t = wallets.world().token(token);
            if (t == null) throw Wire.refused(400, "Invalid token id");
            Ledger.Position p = ledger.positions.get(token);
            BigDecimal shares = p == null ? BigDecimal.ZERO : p.size();
            for (Ledger.Order o : wallets.openSeeded(ledger.address)) if (o.side().equals("SELL") && o.token().tokenId().equals(token)) shares = shares.subtract(o.originalSize());
            out.put("balance", Wallets.baseUnits(shares.max(BigDecimal.ZERO)));
            ObjectNode allowances = out.putObject("allowances");
            for (String s : SPENDERS) allowances.put(s, MAX_UINT);
        }
        Wire.send(ctx, out);
    }

    // ---- paging ------------------------------------------------------------------------------------------------------

    private static int cursor(Context ctx, String invalid) {
        String c = ctx.queryParam("next_cursor");
        if (c == null || c.isEmpty() || c.equals(FIRST)) return 0;
        if (c.equals(END)) return Integer.MAX_VALUE;
        try {
            int offset = Integer.parseInt(new String(Base64.getDecoder().decode(c), StandardCharsets.UTF_8));
            if (offset < 0) throw new NumberFormatException();
            return offset;
        } catch (IllegalArgumentException e) {
            throw Wire.refused(400, invalid);
        }
    }

    private static <T> ObjectNode page(List<T> rows, int offset, Function<T, ObjectNode> row) {
        ObjectNode out = Wire.object();
        ArrayNode data = out.putArray("data");
        int from = Math.min(offset, rows.size()), to = Math.min(rows.size(), from + PAGE);
        for (T t : rows.subList(from, to)) data.add(row.apply(t));
        out.put("next_cursor", to < rows.size() ? Base64.getEncoder().encodeToString(Integer.toString(to).getBytes(StandardCharsets.UTF_8)) : END);
        out.put("limit", PAGE);
        out.put("count", data.size());
        return out;
    }

    private static Long seconds(Context ctx, String name, String invalid) {
        String v = ctx.queryParam(name);
        if (v == null || v.isEmpty()) return null;
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw Wire.refused(400, invalid);
        }
    }

    private static ObjectNode creds(ApiKeys.Creds c) {
        ObjectNode o = Wire.object();
        o.put("apiKey", c.key());
        o.put("secret", c.secret());
        o.put("passphrase", c.passphrase());
        return o;
    }
}
