package org.marketlab.sandbox.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.contracts.ComboIds;
import org.marketlab.sandbox.contracts.Combos;
import org.marketlab.sandbox.contracts.Contracts;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.wallets.ApiKeys;
import org.marketlab.sandbox.wallets.MarketIndex;
import org.marketlab.sandbox.wallets.Wallets;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Combinations on the order book's host: the combo catalogue ({@code GET /v1/rfq/combo-markets}) and the builder RFQ
 * gateway ({@code POST /v1/builder/rfq/requests}, {@code POST /v1/builder/rfq/requests/{id}/accept},
 * {@code GET /v1/builder/rfq/requests/{id}}).
 *
 * <p>A request (L2 headers and a builder key's headers) names 2 to 50 legs, a direction and a size; it is held open
 * while the sandbox's maker quotes ({@value #QUOTE_HOLD_MS} ms), then answered with the winning quote: the legs' joint
 * probability ({@link Combos#fair}) with the maker's spread ({@value #SPREAD_BASE} plus {@value #SPREAD_PER_LEG} a leg),
 * for at most what every leg's book holds on the side the maker hedges on. The requester accepts with an order signed
 * in the exchange domain of protocol {@code "3"} for the combo's YES position; the gateway verifies it with the
 * sandbox's own EIP-712 code, checks the balance, moves the collateral and the combo position at once, and answers
 * {@code AWAITING_MAKER_CONFIRMATION}; after the maker's last look ({@value #LAST_LOOK_MS} ms; the sandbox's maker always
 * confirms) the status reads {@code FILLED} with the transaction hash. Errors answer {@code {"error", "code"}} with the
 * gateway's codes.
 */
public final class RfqApi implements RouteModule {

    static final long QUOTE_HOLD_MS = 150;
    static final long LAST_LOOK_MS = 300;
    /** How long a quote may be accepted. */
    static final long ACCEPT_WINDOW_MS = 15_000;
    static final BigDecimal SPREAD_BASE = new BigDecimal("0.02");
    static final BigDecimal SPREAD_PER_LEG = new BigDecimal("0.005");
    private static final BigDecimal E6 = BigDecimal.valueOf(1_000_000);
    private static final String ZERO32 = "0x" + "0".repeat(64);

    private final ClobAccountsApi accounts;
    private final Combos combos;
    private final LongSupplier clock;
    private final Map<String, Rfq> rfqs = new ConcurrentHashMap<>();
    private final AtomicLong sequence = new AtomicLong();

    public RfqApi(ClobAccountsApi accounts, Combos combos, LongSupplier clock) {
        this.accounts = accounts;
        this.combos = combos;
        this.clock = clock;
    }

    /** A refusal in the gateway's shape, {@code {"error", "code"}}. */
    static final class RfqRefusal extends Refusal {
        private final String code;

        RfqRefusal(int status, String code, String message) {
            super(status, message);
            this.code = code;
        }

        String code() {
            return code;
        }

        @Override
        public void answer(Context ctx, String service) {
            ctx.status(status()).json(Map.of("error", getMessage(), "code", code));
        }
    }

    /**
     * An order signed in the exchange domain of protocol {@code "3"}, as an RFQ's requester accepts a quote and a quoter
     * quotes one; a missing field is refused with the gateway's {@code MISSING_…_IN_SIGNED_ORDER} code.
     */
    record SignedOrder(String maker, String signer, BigInteger salt, BigInteger tokenId, BigInteger makerAmount, BigInteger takerAmount,
                       BigInteger timestamp, int side, int signatureType, String metadata, String builder, String signature) {

        static SignedOrder of(JsonNode o) {
            return new SignedOrder(text(o, "maker", "MISSING_MAKER_IN_SIGNED_ORDER").toLowerCase(Locale.ROOT),
                    text(o, "signer", "MISSING_SIGNER_IN_SIGNED_ORDER").toLowerCase(Locale.ROOT),
                    base("salt", text(o, "salt", "MISSING_SALT_IN_SIGNED_ORDER"), "INVALID_ACCEPTANCE"),
                    base("tokenId", text(o, "tokenId", "MISSING_TOKEN_ID_IN_SIGNED_ORDER"), "INVALID_ACCEPTANCE"),
                    base("makerAmount", text(o, "makerAmount", "MISSING_MAKER_AMOUNT_IN_SIGNED_ORDER"), "INVALID_ACCEPTANCE"),
                    base("takerAmount", text(o, "takerAmount", "MISSING_TAKER_AMOUNT_IN_SIGNED_ORDER"), "INVALID_ACCEPTANCE"),
                    base("timestamp", text(o, "timestamp", "MISSING_TIMESTAMP_IN_SIGNED_ORDER"), "INVALID_ACCEPTANCE"),
                    o.path("side").asInt(-1), o.path("signatureType").asInt(-1), o.path("metadata").asText(ZERO32), o.path("builder").asText(ZERO32),
                    text(o, "signature", "MISSING_SIGNATURE_IN_SIGNED_ORDER"));
        }

        byte[] digest() {
            return TypedData.order("3", Contracts.EXCHANGE_V3, salt, maker, signer, tokenId, makerAmount, takerAmount, side, signatureType, timestamp,
                    metadata, builder);
        }

        /**
         * Who signed, checked with the sandbox's own EIP-712 code: the signer for an EOA, proxy or Safe order; the deposit
         * wallet's owner under {@code POLY_1271} (the signature nests the owner's). Null when nothing recovers.
         */
        String recovered() {
            if (signatureType == 3) {
                return TypedData.depositWalletOwner("3", Contracts.EXCHANGE_V3, salt, maker, signer, tokenId, makerAmount, takerAmount, side, timestamp,
                        metadata, builder, signature);
            }
            String s = TypedData.signer(digest(), signature);
            return s != null && s.equals(signer) ? s : null;
        }
    }

    private static RfqRefusal refuse(int status, String code, String message) {
        return new RfqRefusal(status, code, message);
    }

    /** One request for quote and where it stands. Amounts in base units (6 decimals). */
    private static final class Rfq {
        final String id, owner, signer, maker, builderCode, quoteId, direction, unit;
        final int signatureType;
        final Combos.Combo combo;
        final BigInteger size, makerAmount, takerAmount, price;
        final long expiresAt;
        String status = "AWAITING_REQUESTER_ACCEPTANCE";
        String signature, takerOrderHash, txHash, errorCode, errorMessage;
        long confirmAt;

        Rfq(String id, String owner, String signer, String maker, int signatureType, String builderCode, String quoteId, String direction,
            String unit, Combos.Combo combo, BigInteger size, BigInteger makerAmount, BigInteger takerAmount, BigInteger price, long expiresAt) {
            this.id = id;
            this.owner = owner;
            this.signer = signer;
            this.maker = maker;
            this.signatureType = signatureType;
            this.builderCode = builderCode;
            this.quoteId = quoteId;
            this.direction = direction;
            this.unit = unit;
            this.combo = combo;
            this.size = size;
            this.makerAmount = makerAmount;
            this.takerAmount = takerAmount;
            this.price = price;
            this.expiresAt = expiresAt;
        }

        boolean buy() {
            return direction.equals("BUY");
        }
    }

    // ---- the catalogue -------------------------------------------------------------------------------------------------

    /** {@code {markets, next_cursor}}: the open markets a combo may take legs from, 100 a page, {@code exclude} by id. */
    @Route("GET /v1/rfq/combo-markets")
    private void catalogue(Context ctx) {
        Params p = Params.of(ctx, 400);
        int limit = p.between("limit", 100, 1, 100);
        Set<String> exclude = new HashSet<>();
        for (String x : p.list("exclude")) exclude.add(x.toLowerCase(Locale.ROOT));
        int offset = 0;
        String cursor = p.string("cursor");
        if (cursor != null) {
            try {
                offset = Integer.parseInt(new String(java.util.Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8).substring("combo-markets:".length()));
                if (offset < 0) throw new NumberFormatException();
            } catch (RuntimeException e) {
                throw p.invalid("cursor", cursor, "a next_cursor of this route");
            }
        }
        List<MarketIndex.Market> all = combos.catalogue().stream()
                .filter(m -> !exclude.contains(m.tokens()[0].marketId()) && !exclude.contains(m.conditionId())
                        && !exclude.contains(Combos.conditionId(m)) && !exclude.contains(m.slug()))
                .toList();
        ObjectNode out = Json.object();
        ArrayNode markets = out.putArray("markets");
        int to = Math.min(all.size(), offset + limit);
        for (MarketIndex.Market m : all.subList(Math.min(offset, all.size()), to)) markets.add(catalogueRow(m));
        if (to < all.size()) {
            out.put("next_cursor", java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(("combo-markets:" + to).getBytes(StandardCharsets.UTF_8)));
        } else {
            out.putNull("next_cursor");
        }
        Json.send(ctx, out);
    }

    private ObjectNode catalogueRow(MarketIndex.Market m) {
        JsonNode doc = combos.document(m);
        ObjectNode o = Json.object();
        o.put("id", m.tokens()[0].marketId());
        o.put("condition_id", Combos.conditionId(m));
        o.put("slug", m.slug());
        o.put("title", m.title());
        ArrayNode outcomes = o.putArray("outcomes"), ids = o.putArray("position_ids"), prices = o.putArray("outcome_prices");
        for (int i = 0; i < 2; i++) {
            Combos.Leg leg = combos.leg(Combos.positionId(m, i));
            outcomes.add(m.tokens()[i].outcome());
            ids.add(leg.positionId().toString());
            prices.add(combos.price(leg).stripTrailingZeros().toPlainString());
        }
        o.put("image", doc.path("image").asText(m.icon() == null ? "" : m.icon()));
        o.put("volume", doc.path("volumeNum").asDouble(0));
        ArrayNode tags = o.putArray("tags");
        combos.tags(m).forEach(tags::add);
        return o;
    }

    // ---- requests ------------------------------------------------------------------------------------------------------

    private ApiKeys.Entry account(Context ctx) {
        try {
            return accounts.l2(ctx);
        } catch (Refusal r) {
            throw refuse(401, "UNAUTHENTICATED", r.getMessage());
        }
    }

    private ApiKeys.BuilderKey builder(Context ctx) {
        ApiKeys.BuilderKey b;
        try {
            b = accounts.builderKey(ctx);
        } catch (Refusal r) {
            throw refuse(401, "UNAUTHENTICATED", "invalid builder API key headers");
        }
        if (b == null) throw refuse(401, "UNAUTHENTICATED", "combo RFQ requests need a builder API key's headers (POLY_BUILDER_*)");
        return b;
    }

    private static JsonNode body(Context ctx) {
        JsonNode b = Json.readOrNull(ctx.bodyAsBytes());
        if (b == null || !b.isObject()) throw refuse(400, "INVALID_JSON", "the body is not a JSON object");
        return b;
    }

    private static String text(JsonNode o, String field, String code) {
        JsonNode v = o.get(field);
        if (v == null || v.isNull() || v.asText().isEmpty()) throw refuse(400, code, "missing " + field);
        return v.asText();
    }

    private static BigInteger base(String field, String value, String code) {
        if (!value.matches("[0-9]{1,78}")) throw refuse(400, code, field + " must be an unsigned integer in base units, got " + value);
        return new BigInteger(value);
    }

    @Route("POST /v1/builder/rfq/requests")
    private void request(Context ctx) {
        ApiKeys.Entry e = account(ctx);
        ApiKeys.BuilderKey b = builder(ctx);
        JsonNode body = body(ctx);
        String signer = text(body, "signer_address", "INVALID_RFQ").toLowerCase(Locale.ROOT);
        String maker = text(body, "maker_address", "INVALID_RFQ").toLowerCase(Locale.ROOT);
        JsonNode st = body.get("signature_type");
        if (st == null || !st.canConvertToInt() || st.asInt() < 0 || st.asInt() > 3) {
            throw refuse(400, "INVALID_SIGNATURE_TYPE", "signature_type must be 0 (EOA), 1 (POLY_PROXY), 2 (GNOSIS_SAFE) or 3 (POLY_1271)");
        }
        int signatureType = st.asInt();
        if (accounts.account(e, signatureType, maker, signer) == null) {
            throw refuse(400, "ADDRESS_MISMATCH", "maker_address and signer_address must be the API key's account under signature_type " + signatureType);
        }
        String direction = text(body, "direction", "INVALID_RFQ");
        if (!direction.equals("BUY") && !direction.equals("SELL")) throw refuse(400, "INVALID_RFQ", "direction must be BUY or SELL, got " + direction);
        String side = text(body, "side", "INVALID_RFQ");
        if (!side.equals("YES")) throw refuse(400, "INVALID_RFQ", "side must be YES, got " + side);
        JsonNode size = body.path("requested_size");
        String unit = text(size, "unit", "INVALID_RFQ");
        boolean buy = direction.equals("BUY");
        if (!unit.equals(buy ? "notional" : "shares")) {
            throw refuse(400, "INVALID_RFQ", direction + " requests are sized in " + (buy ? "notional (collateral)" : "shares") + ", got " + unit);
        }
        BigInteger value = base("requested_size.value_e6", text(size, "value_e6", "INVALID_RFQ"), "INVALID_RFQ");
        if (value.signum() <= 0) throw refuse(400, "SIZE_E6_NOT_POSITIVE", "requested_size.value_e6 must be greater than 0");
        Combos.Combo combo = combo(body.path("leg_position_ids"));

        long now = clock.getAsLong();
        String id = id("rfq", e.address(), now);
        BigDecimal fair = combos.fair(combo);
        BigDecimal spread = SPREAD_BASE.add(SPREAD_PER_LEG.multiply(BigDecimal.valueOf(combo.legs().size())));
        BigDecimal price = (buy ? fair.multiply(BigDecimal.ONE.add(spread)).setScale(4, RoundingMode.CEILING)
                : fair.multiply(BigDecimal.ONE.subtract(spread)).setScale(4, RoundingMode.FLOOR));
        ObjectNode out = Json.object();
        out.put("rfq_id", id);
        holdForQuotes();
        if (price.compareTo(new BigDecimal("0.001")) < 0 || price.compareTo(new BigDecimal("0.999")) > 0) {
            failed(out, "NO_QUOTES", "no maker quotes a combo priced " + fair.toPlainString() + " by its legs (quotes run from 0.001 to 0.999)");
            Json.send(ctx, out);
            return;
        }
        BigInteger priceE6 = price.multiply(E6).toBigIntegerExact();
        BigInteger shares = buy ? value.multiply(BigInteger.valueOf(1_000_000)).divide(priceE6) : value;
        BigDecimal depth = depth(combo, buy);
        if (new BigDecimal(shares).divide(E6).compareTo(depth) > 0) {
            failed(out, "SIZE_TOO_LARGE", "the legs' books hold " + depth.toPlainString() + " shares of this combo; asked for "
                    + new BigDecimal(shares).divide(E6).toPlainString());
            Json.send(ctx, out);
            return;
        }
        BigInteger makerAmount = buy ? value : shares;
        BigInteger takerAmount = buy ? shares : shares.multiply(priceE6).divide(BigInteger.valueOf(1_000_000));
        if (makerAmount.signum() <= 0 || takerAmount.signum() <= 0) throw refuse(400, "SIZE_E6_NOT_POSITIVE", "the requested size is too small to fill");
        String builderCode = builderCode(b);
        Rfq r = new Rfq(id, e.address(), signer, maker, signatureType, builderCode, id("quote", id, now), direction, unit, combo, value,
                makerAmount, takerAmount, priceE6, now + ACCEPT_WINDOW_MS);
        rfqs.put(id, r);
        out.put("status", r.status);
        out.put("builder_code", builderCode);
        out.put("expires_at", r.expiresAt);
        ObjectNode req = out.putObject("request");
        req.put("rfq_id", id);
        req.put("signer_address", signer);
        req.put("maker_address", maker);
        req.put("signature_type", signatureType);
        ArrayNode legs = req.putArray("leg_position_ids");
        for (Combos.Leg l : combo.legs()) legs.add(l.positionId().toString());
        req.put("direction", direction);
        req.put("side", side);
        ObjectNode rs = req.putObject("requested_size");
        rs.put("unit", unit);
        rs.put("value_e6", value.toString());
        req.put("condition_id", combo.conditionId());
        req.put("yes_position_id", combo.yes().toString());
        req.put("no_position_id", combo.no().toString());
        ObjectNode q = out.putObject("quote");
        q.put("quote_id", r.quoteId);
        q.put("blended_price_e6", priceE6.toString());
        q.put("maker_amount_e6", makerAmount.toString());
        q.put("taker_amount_e6", takerAmount.toString());
        q.put("total_required_e6", makerAmount.toString());
        if (!buy) q.put("net_receive_e6", takerAmount.toString());
        Json.send(ctx, out);
    }

    /** The combo of the request's legs, refused with the gateway's codes. */
    private Combos.Combo combo(JsonNode legs) {
        if (!legs.isArray() || legs.size() < 2 || legs.size() > ComboIds.MAX_LEGS) {
            throw refuse(400, "INVALID_RFQ", "leg_position_ids must list 2 to " + ComboIds.MAX_LEGS + " position ids");
        }
        List<BigInteger> ids = new ArrayList<>();
        for (JsonNode l : legs) ids.add(base("leg_position_ids", l.asText(), "INVALID_RFQ"));
        Combos.Combo combo;
        try {
            combo = combos.combo(ids);
        } catch (IllegalArgumentException x) {
            String m = x.getMessage();
            String code = m.contains("both outcomes") ? "CONTRADICTORY_LEGS" : m.contains("no market") ? "LEG_METADATA_UNAVAILABLE" : "INVALID_RFQ";
            throw refuse(400, code, m);
        }
        String contradiction = Combos.contradiction(combo.legs());
        if (contradiction != null) throw refuse(400, "CONTRADICTORY_LEGS", contradiction);
        for (Combos.Leg l : combo.legs()) {
            if (l.market().closed()) throw refuse(400, "INVALID_RFQ", "the leg " + l.positionId() + " is a closed market's (\"" + l.market().title() + "\")");
        }
        return combo;
    }

    /** The combo shares the maker can hedge: the fewest shares any leg's book offers on the side the maker trades. */
    private BigDecimal depth(Combos.Combo combo, boolean buy) {
        BigDecimal least = null;
        for (Combos.Leg l : combo.legs()) {
            BigDecimal sum = BigDecimal.ZERO;
            for (JsonNode level : combos.wallets().quotes().book(l.token()).path(buy ? "asks" : "bids")) {
                sum = sum.add(new BigDecimal(level.path("size").asText("0")));
            }
            least = least == null ? sum : least.min(sum);
        }
        return least == null ? BigDecimal.ZERO : least;
    }

    private static void failed(ObjectNode out, String code, String message) {
        out.put("status", "FAILED");
        ObjectNode err = out.putObject("error");
        err.put("code", code);
        err.put("message", message);
    }

    /** The request is held open while makers quote. */
    private static void holdForQuotes() {
        try {
            Thread.sleep(QUOTE_HOLD_MS);
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
        }
    }

    private String id(String kind, String of, long now) {
        return uuid(kind + "|" + of + "|" + now + "|" + sequence.incrementAndGet());
    }

    /** An id in the UUID's layout, drawn from the hash of {@code seed}. */
    static String uuid(String seed) {
        String x = Wallets.hex(Hash.sha3(seed.getBytes(StandardCharsets.UTF_8)));
        return x.substring(0, 8) + "-" + x.substring(8, 12) + "-" + x.substring(12, 16) + "-" + x.substring(16, 20) + "-" + x.substring(20, 32);
    }

    /** The builder code a builder key's requests carry: its owner's, derived from the address. */
    static String builderCode(ApiKeys.BuilderKey b) {
        return Numeric.toHexString(Hash.sha3(("marketlab rfq builder:" + b.address().toLowerCase(Locale.ROOT)).getBytes(StandardCharsets.UTF_8)));
    }

    // ---- acceptance and status -----------------------------------------------------------------------------------------

    private Rfq own(Context ctx, ApiKeys.Entry e) {
        String id = ctx.pathParam("id");
        Rfq r = rfqs.get(id);
        if (r == null || !r.owner.equals(e.address())) throw refuse(404, "UNKNOWN_RFQ", "no RFQ " + id + " of this account");
        return r;
    }

    @Route("POST /v1/builder/rfq/requests/{id}/accept")
    private void accept(Context ctx) {
        ApiKeys.Entry e = account(ctx);
        builder(ctx);
        Rfq r = own(ctx, e);
        JsonNode body = body(ctx);
        String quoteId = text(body, "quote_id", "MISSING_QUOTE_ID");
        JsonNode o = body.get("signed_order");
        if (o == null || !o.isObject()) throw refuse(400, "INVALID_ACCEPTANCE", "missing signed_order");
        String signature = text(o, "signature", "MISSING_SIGNATURE_IN_SIGNED_ORDER");
        long now = clock.getAsLong();
        synchronized (combos.lock()) {
            synchronized (r) {
                if (signature.equals(r.signature)) { // the same acceptance again (a retry): where it stands
                    Json.send(ctx, status(r, now, true));
                    return;
                }
                if (r.status.equals("AWAITING_REQUESTER_ACCEPTANCE") && now > r.expiresAt) expire(r);
                if (r.status.equals("EXPIRED")) throw refuse(400, "EXPIRED_RFQ", "the quote of RFQ " + r.id + " expired at " + r.expiresAt);
                if (!r.status.equals("AWAITING_REQUESTER_ACCEPTANCE")) throw refuse(409, "INVALID_RFQ_STATE", "RFQ " + r.id + " is " + r.status);
                if (!quoteId.equals(r.quoteId)) throw refuse(400, "QUOTE_MISMATCH", "quote_id " + quoteId + " is not the quote of RFQ " + r.id);
                SignedOrder so = SignedOrder.of(o);
                String maker = so.maker(), signer = so.signer();
                BigInteger tokenId = so.tokenId(), makerAmount = so.makerAmount(), takerAmount = so.takerAmount();
                int side = so.side(), signatureType = so.signatureType();
                if (!tokenId.equals(r.combo.yes()) || side != (r.buy() ? 0 : 1)) {
                    throw refuse(400, "ORDER_SIDE_OR_TOKEN_DOES_NOT_MATCH_REQUEST", "the order must " + (r.buy() ? "BUY (side 0)" : "SELL (side 1)")
                            + " the combo's YES position " + r.combo.yes());
                }
                if (!maker.equals(r.maker)) throw refuse(400, "SIGNED_ORDER_MAKER_DOES_NOT_MATCH_AUTH", "the order's maker is not the request's " + r.maker);
                if (!signer.equals(r.signer)) throw refuse(400, "SIGNED_ORDER_SIGNER_DOES_NOT_MATCH_AUTH", "the order's signer is not the request's " + r.signer);
                if (signatureType != r.signatureType) {
                    throw refuse(400, "SIGNED_ORDER_SIGNATURE_TYPE_DOES_NOT_MATCH_AUTH", "the order's signatureType is not the request's " + r.signatureType);
                }
                if (makerAmount.signum() <= 0) throw refuse(400, "SIGNED_ORDER_MAKER_AMOUNT_NOT_POSITIVE", "makerAmount must be greater than 0");
                if (takerAmount.signum() <= 0) throw refuse(400, "SIGNED_ORDER_TAKER_AMOUNT_NOT_POSITIVE", "takerAmount must be greater than 0");
                // The order's price (maker per taker) may be no worse for the maker of the quote than the quote's own.
                if (makerAmount.multiply(r.takerAmount).compareTo(r.makerAmount.multiply(takerAmount)) < 0) {
                    throw refuse(400, "SIGNED_ORDER_PRICE_WORSE_THAN_QUOTE", "the order pays less than the quote asks");
                }
                if (!makerAmount.equals(r.makerAmount) || !takerAmount.equals(r.takerAmount)) {
                    throw refuse(400, "SIGNED_ORDER_SIZE_DOES_NOT_COVER_QUOTE", "the order's amounts must be the quote's: makerAmount "
                            + r.makerAmount + ", takerAmount " + r.takerAmount);
                }
                if (!so.builder().equalsIgnoreCase(r.builderCode)) throw refuse(400, "INVALID_ACCEPTANCE", "the order's builder must be the quote's " + r.builderCode);
                if (!e.address().equals(so.recovered())) {
                    throw refuse(400, "INVALID_SIGNATURE", "the order's signature does not verify for " + e.address()
                            + " over the exchange domain of protocol 3 (" + Contracts.EXCHANGE_V3 + ")");
                }
                byte[] digest = so.digest();
                BigDecimal collateral = new BigDecimal(r.buy() ? makerAmount : takerAmount).divide(E6);
                BigDecimal shares = new BigDecimal(r.buy() ? takerAmount : makerAmount).divide(E6);
                if (r.buy() ? accounts.available(r.maker).compareTo(collateral) < 0 : combos.held(r.maker, r.combo).compareTo(shares) < 0) {
                    throw refuse(400, "BALANCE_VALIDATION_FAILED", r.buy()
                            ? "the account can spend " + accounts.available(r.maker).toPlainString() + " USDC; the quote needs " + collateral.toPlainString()
                            : "the account holds " + combos.held(r.maker, r.combo).toPlainString() + " shares of the combo; the quote sells " + shares.toPlainString());
                }
                String tx = Combos.txHash("rfq fill", r.id, Numeric.toHexString(digest));
                if (r.buy()) combos.buy(r.maker, r.combo, shares, collateral, now / 1000, tx);
                else combos.sell(r.maker, r.combo, shares, collateral, now / 1000, tx);
                r.signature = signature;
                r.takerOrderHash = Numeric.toHexString(digest);
                r.txHash = tx;
                r.status = "AWAITING_MAKER_CONFIRMATION";
                r.confirmAt = now + LAST_LOOK_MS;
                Json.send(ctx, status(r, now, true));
            }
        }
    }

    @Route("GET /v1/builder/rfq/requests/{id}")
    private void status(Context ctx) {
        ApiKeys.Entry e = account(ctx);
        Rfq r = own(ctx, e);
        synchronized (r) {
            Json.send(ctx, status(r, clock.getAsLong(), false));
        }
    }

    private static void expire(Rfq r) {
        r.status = "EXPIRED";
        r.errorCode = "EXPIRED_RFQ";
        r.errorMessage = "the quote expired before it was accepted";
    }

    /** Where an RFQ stands now (a confirmation whose last look ended is filled; an unaccepted quote past its window expired). */
    private static ObjectNode status(Rfq r, long now, boolean withOrderHash) {
        if (r.status.equals("AWAITING_MAKER_CONFIRMATION") && now >= r.confirmAt) r.status = "FILLED";
        if (r.status.equals("AWAITING_REQUESTER_ACCEPTANCE") && now > r.expiresAt) expire(r);
        ObjectNode out = Json.object();
        out.put("rfq_id", r.id);
        out.put("status", r.status);
        if (withOrderHash && r.takerOrderHash != null) out.put("taker_order_hash", r.takerOrderHash);
        if (r.status.equals("FILLED")) out.put("tx_hash", r.txHash);
        if (r.errorCode != null) {
            ObjectNode err = out.putObject("error");
            err.put("code", r.errorCode);
            err.put("message", r.errorMessage);
        }
        return out;
    }
}
