package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.wallets.Wallets;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Builder fees on the perpetuals exchange: a builder (an app that routes its users' orders) earns a fee on the fills of
 * the orders it carries, at a rate each trader has approved.
 * <ul>
 *   <li>The registered builders are the five demo wallets' addresses; each is enabled and admits traders, and the
 *       exchange caps a builder's rate at {@value #CAP} (10 basis points) — the sandbox's choice: the public facts give
 *       no figure. {@code GET /v1/info/builder?address=} answers {@code {address, registered, enabled,
 *       admission_enabled, max_fee_rate}}.</li>
 *   <li>A trader's approval is an owner-signed {@code approveBuilder} ({@code Op} over {@code ["approveBuilder",
 *       [builder, max_fee_rate, approval_version]]}, as the other owner operations), sent with the trader's proxy
 *       headers; each new approval of a builder carries the previous version + 1 (the first is 1), and a rate of 0
 *       revokes. Every version is kept; {@code GET /v1/account/builder-approvals} answers the latest per builder.</li>
 *   <li>An order that names a builder ({@code builder: {address, fee_rate}}) is accepted only when that builder is
 *       registered and the trader's current approval covers the rate (and the cap does); the order keeps its terms,
 *       so a later revocation does not change it. Each of its fills charges the trader {@code notional × fee_rate}
 *       (rounded to 6 decimals) beside the exchange's fee, and credits the builder with a receipt.</li>
 *   <li>A builder reads its receipts ({@code GET /v1/account/builder-earnings}) and their totals
 *       ({@code .../builder-earnings-summary}) over a window of at most 90 days (7 days to now by default), up to a
 *       sequence that fixes the snapshot; the receipts are also pushed on the builder's {@code builderFills} channel.</li>
 * </ul>
 */
final class Builders {

    static final String CAP = "0.001";
    private static final BigDecimal MAX_FEE_RATE = new BigDecimal(CAP);
    private static final long DAY_MS = 86_400_000L;
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final LongSupplier clock;
    private final Set<String> registered = new HashSet<>();
    /** Every approval version, per trader, oldest first. */
    private final Map<String, List<ObjectNode>> approvals = new ConcurrentHashMap<>();
    /** Every receipt, oldest first (guarded by this). */
    private final List<ObjectNode> receipts = new ArrayList<>();
    /** The exchange's sequence of approvals and receipts (guarded by this). */
    private long sequence;

    Builders(LongSupplier clock) {
        this.clock = clock;
        for (int n = 1; n <= 5; n++) registered.add(Wallets.demoAddress(n));
    }

    static String lower(String address) {
        return address.toLowerCase(Locale.ROOT);
    }

    /** {@code GET /v1/info/builder}: whether the address is a builder, and the exchange's cap on its rate. */
    ObjectNode status(String address) {
        boolean known = registered.contains(lower(address));
        return JSON.objectNode().put("address", address).put("registered", known).put("enabled", known).put("admission_enabled", known)
                .put("max_fee_rate", known ? CAP : "0");
    }

    /**
     * Records {@code trader}'s approval of {@code builder} (the owner's signature already checked): refused when the
     * version is not the next one, or a non-zero rate names an address that is not a registered builder.
     */
    synchronized ObjectNode approve(String trader, String builder, BigDecimal rate, long version) {
        if (lower(builder).equals(lower(trader))) throw Refusal.badRequest("a trader cannot approve itself as its builder");
        if (rate.signum() > 0 && !registered.contains(lower(builder))) {
            throw Refusal.badRequest("builder " + builder + " is not registered: only registered builders can be approved (a rate of 0 revokes)");
        }
        long next = latest(trader, builder).map(a -> a.get("approval_version").asLong()).orElse(0L) + 1;
        if (version != next) throw Refusal.badRequest("approval_version must be " + next + " (the previous version + 1), was " + version);
        ObjectNode a = JSON.objectNode().put("trader", lower(trader)).put("builder", builder).put("max_fee_rate", rate.toPlainString())
                .put("approval_version", version).put("timestamp", clock.getAsLong()).put("sequence", ++sequence);
        approvals.computeIfAbsent(lower(trader), k -> new ArrayList<>()).add(a);
        return a.deepCopy();
    }

    /** {@code {data: [...]}}: the trader's latest approval of each builder (of {@code builder} alone when given), revoked ones included. */
    synchronized ObjectNode approvals(String trader, String builder) {
        Map<String, ObjectNode> latest = new LinkedHashMap<>();
        for (ObjectNode a : approvals.getOrDefault(lower(trader), List.of())) latest.put(lower(a.get("builder").asText()), a);
        ObjectNode out = JSON.objectNode();
        ArrayNode data = out.putArray("data");
        for (ObjectNode a : latest.values()) if (builder == null || lower(builder).equals(lower(a.get("builder").asText()))) data.add(a.deepCopy());
        return out;
    }

    private java.util.Optional<ObjectNode> latest(String trader, String builder) {
        ObjectNode found = null;
        for (ObjectNode a : approvals.getOrDefault(lower(trader), List.of())) if (lower(a.get("builder").asText()).equals(lower(builder))) found = a;
        return java.util.Optional.ofNullable(found);
    }

    /** Why an order of {@code trader} naming {@code attribution} ({@code {address, fee_rate}}) is refused; null when it may carry it. */
    synchronized String refusal(String trader, JsonNode attribution) {
        String builder = attribution.path("address").asText("");
        BigDecimal rate;
        try {
            rate = new BigDecimal(attribution.path("fee_rate").asText(""));
        } catch (NumberFormatException e) {
            return "builder.fee_rate must be a decimal string";
        }
        if (rate.signum() < 0) return "builder.fee_rate must not be negative";
        if (!registered.contains(lower(builder))) return "builder " + builder + " is not registered";
        if (rate.compareTo(MAX_FEE_RATE) > 0) return "builder fee rate " + rate.toPlainString() + " is above the exchange's cap " + CAP;
        BigDecimal approved = latest(trader, builder).map(a -> new BigDecimal(a.get("max_fee_rate").asText())).orElse(BigDecimal.ZERO);
        if (rate.compareTo(approved) > 0) {
            return "builder fee rate " + rate.toPlainString() + " is above the trader's approval " + approved.toPlainString() + " for builder " + builder;
        }
        return null;
    }

    /**
     * The builder's fee on a fill of an order that carries a builder: the receipt, recorded; the fee is its
     * {@code builder_fee}.
     */
    synchronized ObjectNode earn(String trader, ObjectNode order, ObjectNode fill, BigDecimal notional, BigDecimal fee) {
        JsonNode b = order.get("builder");
        BigDecimal rate = new BigDecimal(b.get("fee_rate").asText());
        BigDecimal builderFee = notional.multiply(rate).setScale(6, RoundingMode.HALF_UP);
        ObjectNode r = JSON.objectNode();
        r.put("builder", lower(b.get("address").asText()));
        r.put("earning_id", fill.get("tid").asLong() + "-" + lower(b.get("address").asText()).substring(2, 10));
        r.put("trade_id", fill.get("tid").asLong()).put("order_id", fill.get("oid").asLong()).put("instrument_id", fill.get("iid").asLong());
        r.put("trader", lower(trader)).put("buy", order.get("buy").asBoolean()).put("side", fill.get("taker").asBoolean() ? "taker" : "maker");
        r.put("price", fill.get("p").asText()).put("quantity", fill.get("qty").asText());
        if (fill.hasNonNull("coid")) r.put("client_order_id", fill.get("coid").asText());
        r.put("timestamp", fill.get("ts").asLong()).put("sequence", ++sequence);
        r.put("notional", notional.toPlainString()).put("fee_asset", "USDC").put("fee", fee.toPlainString());
        r.put("builder_fee", builderFee.toPlainString()).put("total_fee", fee.add(builderFee).toPlainString()).put("fee_rate", rate.toPlainString());
        receipts.add(r);
        return r;
    }

    /** A receipt as the builder reads it (without the internal {@code builder} field). */
    static ObjectNode shown(ObjectNode receipt) {
        ObjectNode x = receipt.deepCopy();
        x.remove("builder");
        return x;
    }

    /** The reporting window and snapshot of a read: {@code start}, {@code end}, {@code asOf}. */
    private record Window(long start, long end, long asOf) {
    }

    private synchronized Window window(Params p) {
        long now = clock.getAsLong();
        Long end = p.natural("end_timestamp");
        Long start = p.natural("start_timestamp");
        Long asOf = p.natural("as_of_sequence");
        long e = end != null ? end : start != null ? Math.min(now, start + 7 * DAY_MS) : now;
        long s = start != null ? start : e - 7 * DAY_MS;
        if (s > e) throw p.invalid("start_timestamp", s, "not after end_timestamp (" + e + ")");
        if (e - s > 90 * DAY_MS) throw p.invalid("end_timestamp", e, "at most 90 days after start_timestamp (" + s + ")");
        return new Window(s, e, asOf != null ? Math.min(asOf, sequence) : sequence);
    }

    private synchronized List<ObjectNode> within(String builder, Window w) {
        List<ObjectNode> out = new ArrayList<>();
        for (ObjectNode r : receipts) {
            long t = r.get("timestamp").asLong();
            if (r.get("builder").asText().equals(lower(builder)) && t >= w.start() && t <= w.end() && r.get("sequence").asLong() <= w.asOf()) out.add(r);
        }
        return out;
    }

    private static ObjectNode snapshot(ObjectNode out, Window w) {
        return out.put("start_timestamp", w.start()).put("end_timestamp", w.end()).put("as_of_sequence", w.asOf());
    }

    /**
     * {@code GET /v1/account/builder-earnings}: the builder's receipts in the window up to the snapshot's sequence,
     * oldest first, {@value PerpsSandbox#PAGE_SIZE} a page; {@code {data, more, cursor, start_timestamp,
     * end_timestamp, as_of_sequence}}, the next page asked for with {@code cursor} alone.
     */
    ObjectNode earnings(String builder, Params p) {
        String cursor = p.string("cursor");
        Window w;
        int from = 0;
        if (cursor != null) {
            try {
                String[] parts = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8).split(":");
                w = new Window(Long.parseLong(parts[0]), Long.parseLong(parts[1]), Long.parseLong(parts[2]));
                from = Integer.parseInt(parts[3]);
            } catch (RuntimeException e) {
                throw p.invalid("cursor", cursor, "a cursor of this route's previous page");
            }
        } else {
            w = window(p);
        }
        List<ObjectNode> rows = within(builder, w);
        int to = Math.min(rows.size(), from + PerpsSandbox.PAGE_SIZE);
        ObjectNode out = JSON.objectNode();
        ArrayNode data = out.putArray("data");
        for (int i = Math.min(from, rows.size()); i < to; i++) data.add(shown(rows.get(i)));
        out.put("more", to < rows.size());
        if (to < rows.size()) {
            out.put("cursor", Base64.getUrlEncoder().withoutPadding().encodeToString(
                    (w.start() + ":" + w.end() + ":" + w.asOf() + ":" + to).getBytes(StandardCharsets.UTF_8)));
        } else {
            out.putNull("cursor");
        }
        return snapshot(out, w);
    }

    /**
     * {@code GET /v1/account/builder-earnings-summary}: per fee asset the receipts' count, notional and builder fees
     * in the window up to the snapshot; the traders who paid; the approvals of this builder in force now.
     */
    synchronized ObjectNode summary(String builder, Params p) {
        Window w = window(p);
        List<ObjectNode> rows = within(builder, w);
        BigDecimal notional = BigDecimal.ZERO, fees = BigDecimal.ZERO;
        Set<String> traders = new HashSet<>();
        for (ObjectNode r : rows) {
            notional = notional.add(new BigDecimal(r.get("notional").asText()));
            fees = fees.add(new BigDecimal(r.get("builder_fee").asText()));
            traders.add(r.get("trader").asText());
        }
        ObjectNode out = JSON.objectNode();
        ArrayNode data = out.putArray("data");
        if (!rows.isEmpty()) {
            data.addObject().put("fee_asset", "USDC").put("fill_count", rows.size()).put("notional", notional.toPlainString())
                    .put("builder_fee", fees.toPlainString());
        }
        int active = 0;
        for (String trader : approvals.keySet()) {
            if (latest(trader, builder).filter(a -> new BigDecimal(a.get("max_fee_rate").asText()).signum() > 0).isPresent()) active++;
        }
        out.put("trader_count", traders.size()).put("active_approval_count", active);
        return snapshot(out, w);
    }
}
