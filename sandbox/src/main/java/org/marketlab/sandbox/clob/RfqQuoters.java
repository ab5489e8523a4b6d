package org.marketlab.sandbox.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.websocket.WsContext;
import org.marketlab.sandbox.contracts.Combos;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.route.Sockets;
import org.marketlab.sandbox.wallets.ApiKeys;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The quoter's WebSocket of the combo RFQ service ({@code /ws/rfq} on the order book's host), as the official clients'
 * quoter sessions speak it ({@code open_rfq_session}, {@code openRfqSession}).
 *
 * <p>A maker authenticates with its order-book API key and the identity it quotes as ({@code auth}: the key's three parts;
 * {@code identity}: signer, maker and signature type, under the order book's rules for who may trade for whom). It then
 * receives the simulated crowd's requests ({@code RFQ_REQUEST}): a seeded wallet selling shares of a combination it
 * holds, one on authentication and one every {@value #CROWD_EVERY_MS} ms while the quoter stays connected, each open to
 * quotes for {@value #SUBMISSION_WINDOW_MS} ms. A quote ({@code RFQ_QUOTE}) carries an order signed in the exchange
 * domain of protocol {@code "3"}; the sandbox verifies its signature with its own EIP-712 code, its amounts against the
 * quoted price and size, and the maker's spendable collateral, and acknowledges it ({@code ACK_RFQ_QUOTE}) or refuses it
 * ({@code RFQ_ERROR} with the service's codes; nothing changes). The crowd's seller takes a quote that pays at least what
 * the sandbox's own maker would (the legs' joint probability less its spread) and asks the quoter's last look
 * ({@code RFQ_CONFIRMATION_REQUEST}); a {@code CONFIRM} fills it at once, moving the quoter's collateral to the seller
 * and the seller's combo shares to the quoter, then reports {@code RFQ_EXECUTION_UPDATE} ({@code MATCHED},
 * {@code MINED}, {@code CONFIRMED}) and {@code RFQ_TRADE}.
 *
 * <p>The sandbox keeps combo positions on their YES side only, so a quote must trade the combo's YES: a BUY of YES
 * paid from collateral (the client's default source for a SELL request). A quote that would mint or merge the NO side
 * is refused with {@code INVALID_QUOTE} and a message saying so.
 */
public final class RfqQuoters implements RouteModule {

    static final String PATH = "/ws/rfq";
    static final long CROWD_EVERY_MS = 20_000;
    static final long SUBMISSION_WINDOW_MS = 10_000;
    static final long CONFIRM_WINDOW_MS = 10_000;
    /** The crowd's decision after a quote, and the chain's steps after a fill. */
    static final long DECIDE_MS = 100, MINE_MS = 200;
    private static final BigInteger E6 = BigInteger.valueOf(1_000_000);
    private static final BigDecimal E6D = new BigDecimal(E6);

    private final ClobAccountsApi accounts;
    private final Combos combos;
    private final LongSupplier clock;
    private final Sockets<Quoter> sockets = new Sockets<>("rfq-quoter-");
    private final AtomicLong sequence = new AtomicLong();
    private volatile ScheduledExecutorService timer;

    public RfqQuoters(ClobAccountsApi accounts, Combos combos, LongSupplier clock) {
        this.accounts = accounts;
        this.combos = combos;
        this.clock = clock;
    }

    /** One crowd request offered to one quoter, and where it stands. */
    private static final class Offer {
        final String id, seller, publicId;
        final Combos.Combo combo;
        final BigInteger sizeE6;
        final long deadline;
        String quoteId, status = "OPEN";
        BigInteger priceE6, fillE6, makerAmount, takerAmount;
        long confirmBy;

        Offer(String id, String seller, String publicId, Combos.Combo combo, BigInteger sizeE6, long deadline) {
            this.id = id;
            this.seller = seller;
            this.publicId = publicId;
            this.combo = combo;
            this.sizeE6 = sizeE6;
            this.deadline = deadline;
        }
    }

    /** A quoter's connection: who it quotes as once authenticated, and the requests offered to it. */
    static final class Quoter extends Sockets.Socket {
        volatile ApiKeys.Entry entry;
        volatile String account, signer;
        volatile int signatureType;
        final Map<String, Offer> offers = new ConcurrentHashMap<>();

        Quoter(Sockets<?> host, WsContext ctx) {
            super(host, ctx);
        }
    }

    /** Routes {@value #PATH}: each connection a {@link Quoter}, each text frame to {@link #frame}. */
    @Override
    public void register(Javalin app) {
        sockets.route(app, PATH, ctx -> new Quoter(sockets, ctx), this::frame);
        app.events(e -> e.serverStopping(this::stopTimer)); // the crowd's timer ends with its server
    }

    private synchronized void stopTimer() {
        if (timer != null) timer.shutdownNow();
    }

    private void frame(Quoter q, String text) {
        JsonNode f = Json.readOrNull(text.getBytes(StandardCharsets.UTF_8));
        if (f == null || !f.isObject()) {
            error(q, null, null, null, "INVALID_JSON", "a frame must be a JSON object");
            return;
        }
        String type = f.path("type").asText("");
        if (type.equals("auth")) {
            auth(q, f);
            return;
        }
        String rfq = f.path("rfq_id").isTextual() ? f.get("rfq_id").asText() : null;
        String quote = f.path("quote_id").isTextual() ? f.get("quote_id").asText() : null;
        if (q.entry == null) {
            error(q, type, rfq, quote, "UNAUTHENTICATED", "authenticate first: {\"type\": \"auth\", \"auth\": {apiKey, secret, passphrase}, \"identity\": {…}}");
            return;
        }
        try {
            switch (type) {
                case "RFQ_QUOTE" -> quote(q, f, rfq);
                case "RFQ_QUOTE_CANCEL" -> cancel(q, rfq, quote);
                case "RFQ_CONFIRMATION_RESPONSE" -> confirm(q, rfq, quote, f.path("decision").asText(""));
                default -> throw new RfqApi.RfqRefusal(400, "INVALID_MESSAGE",
                        "unknown type " + type + "; a quoter sends auth, RFQ_QUOTE, RFQ_QUOTE_CANCEL or RFQ_CONFIRMATION_RESPONSE");
            }
        } catch (RfqApi.RfqRefusal r) {
            error(q, type, rfq, quote, r.code(), r.getMessage());
        }
    }

    private void error(Quoter q, String requestType, String rfq, String quote, String code, String message) {
        ObjectNode o = Json.object();
        o.put("type", "RFQ_ERROR");
        if (requestType != null) o.put("request_type", requestType);
        if (rfq != null) o.put("rfq_id", rfq);
        if (quote != null) o.put("quote_id", quote);
        o.put("error_id", id("error", String.valueOf(rfq)));
        o.put("code", code);
        o.put("error", message);
        q.send(o.toString());
    }

    // ---- authentication and the crowd's requests -------------------------------------------------------------------------

    private void auth(Quoter q, JsonNode f) {
        JsonNode a = f.path("auth"), id = f.path("identity");
        ApiKeys.Entry e = accounts.authenticate(a.path("apiKey").asText(null), a.path("secret").asText(null), a.path("passphrase").asText(null));
        ObjectNode out = Json.object();
        out.put("type", "auth");
        if (e == null) {
            out.put("success", false);
            out.put("error", "the API key, secret and passphrase do not match a key of the order book");
            q.send(out.toString());
            return;
        }
        String maker = id.path("maker_address").asText("").toLowerCase(Locale.ROOT);
        String signer = id.path("signer_address").asText("").toLowerCase(Locale.ROOT);
        int st = id.path("signature_type").canConvertToInt() ? id.get("signature_type").asInt() : -1;
        String account = st < 0 || st > 3 ? null : accounts.account(e, st, maker, signer);
        if (account == null) {
            out.put("success", false);
            out.put("error", "the identity (maker " + maker + ", signer " + signer + ", signature_type " + st
                    + ") is not one the key " + e.address() + " may quote for");
            q.send(out.toString());
            return;
        }
        boolean first = q.entry == null;
        q.signer = signer;
        q.signatureType = st;
        q.account = account;
        q.entry = e;
        out.put("success", true);
        out.put("address", account);
        out.put("role", "QUOTER");
        q.send(out.toString());
        if (first) {
            timer().schedule(() -> crowd(q), 0, TimeUnit.MILLISECONDS);
        }
    }

    private ScheduledExecutorService timer() {
        ScheduledExecutorService t = timer;
        if (t == null) {
            synchronized (this) {
                if (timer == null) {
                    timer = Executors.newSingleThreadScheduledExecutor(r -> {
                        Thread th = new Thread(r, "rfq-crowd");
                        th.setDaemon(true);
                        return th;
                    });
                }
                t = timer;
            }
        }
        return t;
    }

    /** Offers the quoter a crowd request now and schedules the next, while the quoter stays connected. */
    private void crowd(Quoter q) {
        if (!sockets.all().contains(q)) return;
        Offer o = offer(q);
        if (o != null) {
            q.offers.put(o.id, o);
            ObjectNode m = describe(o, "RFQ_REQUEST");
            m.put("requestor_public_id", o.publicId);
            ObjectNode size = m.putObject("requested_size");
            size.put("unit", "shares");
            size.put("value_e6", o.sizeE6.toString());
            m.put("submission_deadline", o.deadline);
            q.push(m::toString);
        }
        timer().schedule(() -> crowd(q), CROWD_EVERY_MS, TimeUnit.MILLISECONDS);
    }

    /**
     * The next crowd request: a seeded wallet other than the quoter's account selling part of a combo it holds, the
     * wallets and their holdings taken in turn.
     */
    private Offer offer(Quoter q) {
        List<String> seeded = combos.wallets().seeded();
        long n = sequence.incrementAndGet();
        for (int k = 0; k < seeded.size(); k++) {
            String w = seeded.get((int) ((n + k) % seeded.size()));
            if (w.equalsIgnoreCase(q.account)) continue;
            List<Combos.Holding> held = combos.holdings(w).stream().filter(h -> h.size().signum() > 0 && h.combo().status().equals("OPEN")).toList();
            if (held.isEmpty()) continue;
            Combos.Holding h = held.get((int) (n % held.size()));
            BigDecimal shares = h.size().min(BigDecimal.valueOf(5 + n % 4 * 5)).setScale(6, RoundingMode.DOWN);
            long now = clock.getAsLong();
            String publicId = Numeric.toHexString(Hash.sha3(("marketlab rfq requestor:" + w).getBytes(StandardCharsets.UTF_8))).substring(2, 26);
            return new Offer(id("rfq", w + "|" + now), w, publicId, h.combo(), shares.multiply(E6D).toBigIntegerExact(), now + SUBMISSION_WINDOW_MS);
        }
        return null;
    }

    /** The fields a request, a confirmation request and a trade share. */
    private static ObjectNode describe(Offer o, String type) {
        ObjectNode m = Json.object();
        m.put("type", type);
        m.put("rfq_id", o.id);
        ArrayNode legs = m.putArray("leg_position_ids");
        for (Combos.Leg l : o.combo.legs()) legs.add(l.positionId().toString());
        m.put("condition_id", o.combo.conditionId());
        if (!type.equals("RFQ_TRADE")) {
            m.put("yes_position_id", o.combo.yes().toString());
            m.put("no_position_id", o.combo.no().toString());
        }
        m.put("direction", "SELL");
        m.put("side", "YES");
        return m;
    }

    // ---- quotes ----------------------------------------------------------------------------------------------------------

    private Offer offered(Quoter q, String rfq) {
        Offer o = rfq == null ? null : q.offers.get(rfq);
        if (o == null) throw new RfqApi.RfqRefusal(404, "UNKNOWN_RFQ", "no RFQ " + rfq + " was offered to this quoter");
        return o;
    }

    private static BigInteger e6(JsonNode f, String field) {
        String v = f.path(field).asText("");
        if (!v.matches("[0-9]{1,30}") || new BigInteger(v).signum() <= 0) {
            throw new RfqApi.RfqRefusal(400, "INVALID_QUOTE", field + " must be a positive integer in base units (6 decimals), got " + f.path(field));
        }
        return new BigInteger(v);
    }

    private void quote(Quoter q, JsonNode f, String rfq) {
        Offer o = offered(q, rfq);
        BigInteger price = e6(f, "price_e6"), size = e6(f, "size_e6");
        JsonNode signed = f.path("signed_order");
        if (!signed.isObject()) throw new RfqApi.RfqRefusal(400, "INVALID_QUOTE", "missing signed_order");
        RfqApi.SignedOrder so = RfqApi.SignedOrder.of(signed);
        if (price.compareTo(E6) >= 0) throw new RfqApi.RfqRefusal(400, "INVALID_QUOTE", "price_e6 must be below 1000000 (a price under 1)");
        if (size.compareTo(o.sizeE6) > 0) {
            throw new RfqApi.RfqRefusal(400, "INVALID_QUOTE", "size_e6 " + size + " is more than the request's " + o.sizeE6);
        }
        if (!so.tokenId().equals(o.combo.yes()) || so.side() != 0) {
            throw new RfqApi.RfqRefusal(400, "INVALID_QUOTE", "the sandbox keeps combo positions on their YES side only: quote this SELL request"
                    + " with a BUY (side 0) of the combo's YES position " + o.combo.yes() + " paid from collateral");
        }
        BigInteger makerAmount = price.multiply(size).add(E6).subtract(BigInteger.ONE).divide(E6);
        if (!so.makerAmount().equals(makerAmount) || !so.takerAmount().equals(size)) {
            throw new RfqApi.RfqRefusal(400, "INVALID_QUOTE", "the order's amounts must be the quote's: makerAmount " + makerAmount
                    + " (price_e6 × size_e6, rounded up) and takerAmount " + size);
        }
        if (!so.maker().equals(q.account) || !so.signer().equals(q.signer) || so.signatureType() != q.signatureType) {
            throw new RfqApi.RfqRefusal(400, "INVALID_IDENTITY", "the order's maker, signer and signatureType must be the session's: "
                    + q.account + ", " + q.signer + ", " + q.signatureType);
        }
        if (!q.entry.address().equals(so.recovered())) {
            throw new RfqApi.RfqRefusal(400, "INVALID_SIGNATURE", "the order's signature does not verify for " + q.entry.address()
                    + " over the exchange domain of protocol 3");
        }
        BigDecimal cost = new BigDecimal(makerAmount).divide(E6D);
        synchronized (o) {
            long now = clock.getAsLong();
            if (now > o.deadline) throw new RfqApi.RfqRefusal(400, "SUBMISSION_WINDOW_CLOSED", "RFQ " + o.id + " took quotes until " + o.deadline);
            if (!o.status.equals("OPEN")) throw new RfqApi.RfqRefusal(409, "INVALID_RFQ_STATE", "RFQ " + o.id + " is " + o.status);
            BigDecimal available = accounts.available(q.account);
            if (available.compareTo(cost) < 0) {
                throw new RfqApi.RfqRefusal(400, "BALANCE_VALIDATION_FAILED", "the account can spend " + available.toPlainString()
                        + " USDC; the quote needs " + cost.toPlainString());
            }
            o.quoteId = id("quote", o.id);
            o.priceE6 = price;
            o.fillE6 = size;
            o.makerAmount = makerAmount;
            o.takerAmount = size;
            o.status = "QUOTED";
        }
        ObjectNode ack = Json.object();
        ack.put("type", "ACK_RFQ_QUOTE");
        ack.put("rfq_id", o.id);
        ack.put("quote_id", o.quoteId);
        q.send(ack.toString());
        timer().schedule(() -> decide(q, o), DECIDE_MS, TimeUnit.MILLISECONDS);
    }

    /**
     * The crowd's seller takes a quote that pays at least the sandbox's own maker's bid for the combo (its joint
     * probability less the maker's spread) and asks the quoter's last look; a lower quote stands unanswered.
     */
    private void decide(Quoter q, Offer o) {
        BigDecimal fair = combos.fair(o.combo);
        BigDecimal spread = RfqApi.SPREAD_BASE.add(RfqApi.SPREAD_PER_LEG.multiply(BigDecimal.valueOf(o.combo.legs().size())));
        BigDecimal reservation = fair.multiply(BigDecimal.ONE.subtract(spread));
        ObjectNode m;
        synchronized (o) {
            if (!o.status.equals("QUOTED") || new BigDecimal(o.priceE6).divide(E6D).compareTo(reservation) < 0) return;
            o.status = "AWAITING_MAKER_CONFIRMATION";
            o.confirmBy = clock.getAsLong() + CONFIRM_WINDOW_MS;
            m = describe(o, "RFQ_CONFIRMATION_REQUEST");
            m.put("quote_id", o.quoteId);
            m.put("signer_address", q.signer);
            m.put("maker_address", q.account);
            m.put("signature_type", q.signatureType);
            m.put("fill_size_e6", o.fillE6.toString());
            m.put("price_e6", o.priceE6.toString());
            m.put("confirm_by", o.confirmBy);
        }
        q.push(m::toString);
    }

    private void cancel(Quoter q, String rfq, String quote) {
        Offer o = offered(q, rfq);
        synchronized (o) {
            if (o.quoteId == null || !o.quoteId.equals(quote)) throw new RfqApi.RfqRefusal(400, "QUOTE_MISMATCH", "quote_id " + quote + " is not a quote of RFQ " + rfq);
            if (!o.status.equals("QUOTED")) throw new RfqApi.RfqRefusal(409, "INVALID_RFQ_STATE", "the quote of RFQ " + rfq + " is " + o.status);
            o.status = "CANCELED";
        }
        ObjectNode ack = Json.object();
        ack.put("type", "ACK_RFQ_QUOTE_CANCEL");
        ack.put("rfq_id", rfq);
        ack.put("quote_id", quote);
        q.send(ack.toString());
    }

    private void confirm(Quoter q, String rfq, String quote, String decision) {
        Offer o = offered(q, rfq);
        if (!decision.equals("CONFIRM") && !decision.equals("DECLINE")) {
            throw new RfqApi.RfqRefusal(400, "INVALID_MESSAGE", "decision must be CONFIRM or DECLINE, got " + decision);
        }
        String tx = null;
        long now = clock.getAsLong();
        synchronized (combos.lock()) {
            synchronized (o) {
                if (o.quoteId == null || !o.quoteId.equals(quote)) throw new RfqApi.RfqRefusal(400, "QUOTE_MISMATCH", "quote_id " + quote + " is not a quote of RFQ " + rfq);
                if (!o.status.equals("AWAITING_MAKER_CONFIRMATION")) {
                    throw new RfqApi.RfqRefusal(409, "INVALID_RFQ_STATE", "RFQ " + rfq + " is " + o.status + ", not awaiting this quoter's confirmation");
                }
                if (now > o.confirmBy) {
                    o.status = "EXPIRED";
                    throw new RfqApi.RfqRefusal(400, "EXPIRED_RFQ", "the confirmation of RFQ " + rfq + " was due by " + o.confirmBy);
                }
                if (decision.equals("CONFIRM")) {
                    BigDecimal cost = new BigDecimal(o.makerAmount).divide(E6D), shares = new BigDecimal(o.takerAmount).divide(E6D);
                    BigDecimal available = accounts.available(q.account);
                    if (available.compareTo(cost) < 0) {
                        throw new RfqApi.RfqRefusal(400, "BALANCE_VALIDATION_FAILED", "the account can spend " + available.toPlainString()
                                + " USDC; the quote needs " + cost.toPlainString());
                    }
                    if (combos.held(o.seller, o.combo).compareTo(shares) < 0) {
                        o.status = "FAILED";
                        throw new RfqApi.RfqRefusal(400, "TRADE_SUBMISSION_FAILED", "the requester no longer holds " + shares.toPlainString() + " shares of the combo");
                    }
                    tx = Combos.txHash("rfq quoter fill", o.id, o.quoteId);
                    combos.sell(o.seller, o.combo, shares, cost, now / 1000, tx);
                    combos.buy(q.account, o.combo, shares, cost, now / 1000, tx);
                    o.status = "FILLED";
                } else {
                    o.status = "DECLINED";
                }
            }
        }
        ObjectNode ack = Json.object();
        ack.put("type", "ACK_RFQ_CONFIRMATION_RESPONSE");
        ack.put("rfq_id", rfq);
        ack.put("quote_id", quote);
        ack.put("decision", decision);
        q.send(ack.toString());
        if (tx == null) return;
        String hash = tx;
        q.push(() -> execution(o, "MATCHED", null));
        timer().schedule(() -> {
            q.push(() -> execution(o, "MINED", hash));
            q.push(() -> execution(o, "CONFIRMED", hash));
            ObjectNode t = describe(o, "RFQ_TRADE");
            t.put("requester_id", o.publicId);
            t.put("price_e6", o.priceE6.toString());
            t.put("size_e6", o.fillE6.toString());
            t.put("executed_at", now);
            q.push(t::toString);
        }, MINE_MS, TimeUnit.MILLISECONDS);
    }

    private static String execution(Offer o, String status, String tx) {
        ObjectNode m = Json.object();
        m.put("type", "RFQ_EXECUTION_UPDATE");
        m.put("rfq_id", o.id);
        m.put("status", status);
        if (tx != null) m.put("tx_hash", tx);
        return m.toString();
    }

    private String id(String kind, String of) {
        return RfqApi.uuid(kind + "|" + of + "|" + sequence.incrementAndGet());
    }
}
