package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.route.Refusal;

import java.math.BigDecimal;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * The proxy-signed trading operations, over REST or the real-time channel: the command's {@code ts} within
 * {@link PerpsSandbox#TIMESTAMP_WINDOW_MS} of the sandbox's clock, its optional {@code exp} in the future and no
 * further than {@link PerpsSandbox#COMMAND_TIMEOUT_MS}, its {@code Op} signature made by a registered, unexpired
 * proxy; then one result per entry.
 */
final class Trading {

    static final Pattern COID = Pattern.compile("^[0-9a-f]{32}$");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final ProxyRegistry proxies;
    private final Function<String, PerpsAccount> accounts;
    private final LongSupplier clock;
    private final Changes changes;
    private final Builders builders;
    /** The public market's mark of an instrument now (null for an instrument not listed). */
    private final java.util.function.LongFunction<BigDecimal> marketMark;

    /** Told of every order a command changed, under the account's lock, in the order of the changes. */
    interface Changes {
        /** {@code order} as it now is: modified (still open), or removed with status {@code cancelled}. */
        void changed(PerpsAccount account, ObjectNode order, boolean modified);

        /** {@code order} was just placed and rests on the account's book: it fills at once where it crosses {@code mark}. */
        void created(PerpsAccount account, ObjectNode order, BigDecimal mark);

        /** {@code order}, a take-profit or stop-loss on a position, was just armed: it waits for the mark. */
        void armed(PerpsAccount account, ObjectNode order);
    }

    Trading(ProxyRegistry proxies, Function<String, PerpsAccount> accounts, LongSupplier clock, Builders builders, Changes changes,
            java.util.function.LongFunction<BigDecimal> marketMark) {
        this.marketMark = marketMark;
        this.builders = builders;
        this.proxies = proxies;
        this.accounts = accounts;
        this.clock = clock;
        this.changes = changes;
    }

    /**
     * {@code modifyOrdersCOID}: args {@code [{coid, p, qty}, ...]}. Returns the proxy that signed and the results.
     * {@code owner}, when given, is the account the command must act for (the channel's authenticated account): a
     * command signed by another account's proxy is refused before anything changes.
     */
    Result modify(JsonNode body, String owner) {
        JsonNode args = Bodies.args(body, "modifyOrdersCOID");
        if (!args.isArray() || args.isEmpty()) throw Refusal.badRequest("op.args must be a non-empty array of {coid, p, qty}");
        for (JsonNode e : args) {
            if (!e.isObject()) throw Refusal.badRequest("each entry of op.args is an object {coid, p, qty}");
            Bodies.text(e, "coid");
            Bodies.text(e, "p");
            Bodies.text(e, "qty");
        }
        ProxyRegistry.Proxy proxy = signer(body, Signatures.modifyOrdersCoid(args), owner);
        PerpsAccount account = accounts.apply(proxy.owner());
        ArrayNode out = JSON.arrayNode();
        synchronized (account) {
            for (JsonNode e : args) out.add(modifyOne(account, e.get("coid").asText(), e.get("p").asText(), e.get("qty").asText()));
        }
        return new Result(proxy, out);
    }

    private ObjectNode modifyOne(PerpsAccount account, String coid, String price, String quantity) {
        if (!COID.matcher(coid).matches()) return error("invalid coid '" + coid + "': 32 lower-case hex characters");
        BigDecimal p, q;
        try {
            p = new BigDecimal(price);
            q = new BigDecimal(quantity);
        } catch (NumberFormatException ex) {
            return error("p and qty must be decimal strings");
        }
        if (p.signum() <= 0 || q.signum() <= 0) return error("p and qty must be positive");
        ObjectNode order = account.orderByCoid(coid);
        if (order == null) return error("order not found");
        if (locked(order) != null) return locked(order);
        BigDecimal filled = new BigDecimal(order.get("fill").asText());
        if (q.compareTo(filled) <= 0) return error("qty must exceed the filled quantity " + filled.toPlainString());
        BigDecimal rest = q.subtract(filled);
        if (account.orderMarginWith(coid, p.multiply(rest)).compareTo(account.freeCollateral()) > 0) return error("insufficient_margin");
        order.put("p", p.toPlainString());
        order.put("qty", q.toPlainString());
        order.put("rest", rest.toPlainString());
        order.put("uts", clock.getAsLong());
        ObjectNode ok = JSON.objectNode().put("status", "ok");
        ok.set("order", order.deepCopy());
        changes.changed(account, order, true);
        return ok;
    }

    /** {@code cancelOrders}: args {@code [oid, ...]}; {@code owner} as for {@link #modify}. */
    Result cancel(JsonNode body, String owner) {
        JsonNode args = Bodies.args(body, "cancelOrders");
        if (!args.isArray() || args.isEmpty()) throw Refusal.badRequest("op.args must be a non-empty array of order ids");
        long[] oids = new long[args.size()];
        for (int i = 0; i < oids.length; i++) {
            JsonNode e = args.get(i);
            if (!e.isIntegralNumber() || !e.canConvertToLong() || e.asLong() < 0) throw Refusal.badRequest("order ids are non-negative integers");
            oids[i] = e.asLong();
        }
        ProxyRegistry.Proxy proxy = signer(body, Signatures.cancelOrders(oids), owner);
        PerpsAccount account = accounts.apply(proxy.owner());
        ArrayNode out = JSON.arrayNode();
        synchronized (account) {
            for (long oid : oids) {
                ObjectNode chased = locked(open(account, oid));
                if (chased != null) {
                    out.add(chased.put("oid", oid));
                    continue;
                }
                ObjectNode cancelled = account.cancel(oid);
                // ts is the decision time; no coid: the request named orders by oid.
                out.add(cancelled != null ? cancelled(account, cancelled) : error("order not found").put("oid", oid));
            }
        }
        return new Result(proxy, out);
    }

    /**
     * {@code cancelOrdersCOID}, which the official client sends over the channel: args {@code [coid, ...]}, signed
     * over {@code ["cancelOrdersCOID", [coid, ...]]}; each result echoes the coid.
     */
    Result cancelByCoid(JsonNode body, String owner) {
        JsonNode args = Bodies.args(body, "cancelOrdersCOID");
        if (!args.isArray() || args.isEmpty()) throw Refusal.badRequest("op.args must be a non-empty array of client order ids");
        String[] coids = new String[args.size()];
        for (int i = 0; i < coids.length; i++) {
            if (!args.get(i).isTextual()) throw Refusal.badRequest("client order ids are strings of 32 lower-case hex characters");
            coids[i] = args.get(i).asText();
        }
        ProxyRegistry.Proxy proxy = signer(body, Signatures.cancelOrdersCoid(coids), owner);
        PerpsAccount account = accounts.apply(proxy.owner());
        ArrayNode out = JSON.arrayNode();
        synchronized (account) {
            for (String coid : coids) {
                ObjectNode order = COID.matcher(coid).matches() ? account.orderByCoid(coid) : null;
                ObjectNode chased = locked(order);
                if (chased != null) {
                    out.add(chased.put("coid", coid));
                    continue;
                }
                ObjectNode cancelled = order == null ? null : account.cancel(order.get("oid").asLong());
                out.add(cancelled != null ? cancelled(account, cancelled).put("coid", coid) : error("order not found").put("coid", coid));
            }
        }
        return new Result(proxy, out);
    }

    /**
     * {@code createOrders}: args {@code [{iid, buy, qty, po, tif?, ro?, p?, c?, tr?, gtd_expiry?, builder?}, ...]}, signed
     * over the positional form {@code ["createOrders", [[iid, buy, p, qty, tif, po, ro, c, tr(, gtd_expiry(, builder))],
     * ...](, grp)]} as the official client signs it. One acknowledgement per entry: {@code {status: ok, oid, coid}} or
     * {@code {status: err, error}}.
     */
    Result create(JsonNode body, String owner) {
        JsonNode args = Bodies.args(body, "createOrders");
        if (!args.isArray() || args.isEmpty()) throw Refusal.badRequest("op.args must be a non-empty array of orders {iid, buy, qty, po, ...}");
        ArrayNode rows = JSON.arrayNode();
        for (JsonNode e : args) rows.add(positional(e));
        ArrayNode op = JSON.arrayNode().add("createOrders");
        op.add(rows);
        JsonNode group = body.path("op").path("grp");
        if (group.isTextual()) op.add(group.asText());
        String scope = group.isTextual() ? group.asText() : null;
        ProxyRegistry.Proxy proxy = signer(body, Signatures.compact(op), owner);
        PerpsAccount account = accounts.apply(proxy.owner());
        ArrayNode out = JSON.arrayNode();
        synchronized (account) {
            for (JsonNode e : args) out.add(e.path("tr").isObject() ? createTrigger(account, e, scope) : createOne(account, e));
        }
        return new Result(proxy, out);
    }

    /** An order of {@code createOrders} in the positional form its signature covers. */
    private static ArrayNode positional(JsonNode e) {
        if (!e.isObject() || !e.path("iid").canConvertToLong() || !e.path("buy").isBoolean() || !e.path("qty").isTextual()) {
            throw Refusal.badRequest("each order is an object {iid: integer, buy: boolean, qty: decimal string, po: boolean, tif?, p?, c?, ro?}");
        }
        ArrayNode row = JSON.arrayNode();
        row.add(e.get("iid").asLong()).add(e.get("buy").asBoolean());
        row.add(e.path("p").isTextual() ? JSON.textNode(e.get("p").asText()) : JSON.nullNode());
        row.add(e.get("qty").asText());
        row.add(e.path("tif").isTextual() ? JSON.textNode(e.get("tif").asText()) : JSON.nullNode());
        row.add(e.path("po").asBoolean(false));
        row.add(e.path("ro").asBoolean(false) ? JSON.booleanNode(true) : JSON.nullNode());
        row.add(e.path("c").isTextual() ? JSON.textNode(e.get("c").asText()) : JSON.nullNode());
        JsonNode tr = e.path("tr");
        if (tr.isObject()) {
            ArrayNode t = JSON.arrayNode();
            t.add(tr.has("market") ? tr.get("market") : JSON.nullNode());
            t.add(tr.has("trp") ? tr.get("trp") : JSON.nullNode());
            t.add(tr.path("tpsl"));
            if (tr.has("trail_bps") || tr.has("act")) {
                t.add(tr.has("trail_bps") ? tr.get("trail_bps") : JSON.nullNode());
                t.add(tr.has("act") ? tr.get("act") : JSON.nullNode());
            }
            row.add(t);
        } else {
            row.addNull();
        }
        boolean builder = e.path("builder").isObject();
        if (e.hasNonNull("gtd_expiry") || builder) row.add(e.hasNonNull("gtd_expiry") ? e.get("gtd_expiry") : JSON.nullNode());
        if (builder) row.addArray().add(e.get("builder").path("address").asText()).add(e.get("builder").path("fee_rate").asText());
        return row;
    }

    private ObjectNode createOne(PerpsAccount account, JsonNode e) {
        return place(account, e).ack();
    }

    /** An order placed (the account's lock held) and its acknowledgement; the order null when refused. */
    record Placed(ObjectNode ack, ObjectNode order) {
    }

    /** Places one order of {@code createOrders}' form for the account (its lock held), as {@link #create} does. */
    Placed place(PerpsAccount account, JsonNode e) {
        long iid = e.get("iid").asLong();
        BigDecimal market = marketMark.apply(iid);
        if (market == null) return refused("unknown instrument " + iid);
        BigDecimal qty;
        BigDecimal price = null;
        try {
            qty = new BigDecimal(e.get("qty").asText());
            if (e.path("p").isTextual()) price = new BigDecimal(e.get("p").asText());
        } catch (NumberFormatException ex) {
            return refused("p and qty must be decimal strings");
        }
        if (qty.signum() <= 0 || price != null && price.signum() <= 0) return refused("p and qty must be positive");
        String tif = e.path("tif").asText(price == null ? "ioc" : "gtc");
        if (!List.of("gtc", "ioc", "fok", "gtd").contains(tif)) return refused("tif must be gtc, ioc, fok or gtd, was '" + tif + "'");
        String coid = e.path("c").isTextual() ? e.get("c").asText() : null;
        if (coid != null && !COID.matcher(coid).matches()) return refused("invalid coid '" + coid + "': 32 lower-case hex characters");
        if (coid != null && account.orderByCoid(coid) != null) return refused("duplicate client order id " + coid);
        boolean buy = e.get("buy").asBoolean();
        // A new order meets the public market: it crosses, and fills, at the market's mark now.
        BigDecimal mark = market;
        account.markOr(iid, market);
        boolean marketOrder = price == null;
        if (marketOrder) price = mark;
        boolean crosses = buy ? price.compareTo(mark) >= 0 : price.compareTo(mark) <= 0;
        if (e.path("po").asBoolean(false) && crosses) return refused("post-only order would cross the book");
        JsonNode builder = e.path("builder");
        if (builder.isObject()) {
            String why = builders.refusal(account.owner(), builder);
            if (why != null) return refused(why);
        }
        if (account.orderMarginWith(null, null).add(price.multiply(qty).multiply(PerpsAccount.ORDER_MARGIN_RATE)).compareTo(account.freeCollateral()) > 0) {
            return refused("insufficient_margin");
        }
        long now = clock.getAsLong();
        ObjectNode order = JSON.objectNode();
        order.put("oid", account.nextOid());
        order.put("iid", iid);
        order.put("buy", buy);
        order.put("p", price.toPlainString());
        order.put("qty", qty.toPlainString());
        order.put("tif", tif);
        order.put("po", e.path("po").asBoolean(false));
        order.put("ro", e.path("ro").asBoolean(false));
        order.put("status", "open");
        order.put("rest", qty.toPlainString());
        order.put("fill", "0");
        order.put("cts", now);
        order.put("uts", now);
        order.put("coid", coid != null ? coid : String.format("%016x%016x", order.get("oid").asLong() * 0x9E3779B97F4A7C15L, now));
        if (builder.isObject()) order.putObject("builder").put("address", builder.get("address").asText()).put("fee_rate", builder.get("fee_rate").asText());
        account.orderRows().add(order);
        changes.created(account, order, mark);
        ObjectNode ok = JSON.objectNode().put("status", "ok").put("oid", order.get("oid").asLong());
        ok.put("coid", order.get("coid").asText());
        return new Placed(ok, order);
    }

    /**
     * A take-profit or stop-loss on the account's position ({@code grp: "position"}), as the official client's
     * {@code place_position_tp_sl} sends it: reduce-only, on the side that closes the position, {@code tr} holding
     * {@code tpsl} ({@code tp} or {@code sl}), the trigger price {@code trp} and {@code market} (true: closes at the
     * mark; else at the limit {@code p}); {@code qty} "0" closes the whole position when it fires. A long's
     * take-profit lies above the mark and its stop below it, a short's the other way round. A new trigger of the same
     * kind on the position replaces the old one. Trailing stops and triggers attached to an order
     * ({@code grp: "order"}) are refused by name.
     */
    private ObjectNode createTrigger(PerpsAccount account, JsonNode e, String scope) {
        long iid = e.get("iid").asLong();
        JsonNode tr = e.get("tr");
        if (!"position".equals(scope)) {
            return error("take-profit and stop-loss orders attached to an order (grp 'order') are not simulated by the sandbox; "
                    + "place them on the position (grp 'position')");
        }
        if (tr.hasNonNull("trail_bps")) return error("trailing stops are not simulated by the sandbox; give a trigger price trp");
        String kind = tr.path("tpsl").asText();
        if (!kind.equals("tp") && !kind.equals("sl")) return error("tr.tpsl must be 'tp' or 'sl', was '" + kind + "'");
        if (!e.path("ro").asBoolean(false)) return error("a position's take-profit or stop-loss is reduce-only (ro: true)");
        BigDecimal trp, qty, limit = null;
        try {
            trp = new BigDecimal(tr.path("trp").asText());
            qty = new BigDecimal(e.get("qty").asText());
            if (e.path("p").isTextual()) limit = new BigDecimal(e.get("p").asText());
        } catch (NumberFormatException ex) {
            return error("tr.trp, p and qty must be decimal strings");
        }
        if (trp.signum() <= 0 || qty.signum() < 0 || limit != null && limit.signum() <= 0) {
            return error("tr.trp (and p) must be positive; qty 0 (the whole position) or positive");
        }
        BigDecimal size = account.positionSize(iid);
        if (size.signum() == 0) return error("no open position on instrument " + iid + ": a position's take-profit or stop-loss needs one");
        boolean buy = e.get("buy").asBoolean();
        boolean isLong = size.signum() > 0;
        if (buy == isLong) return error("the trigger must close the position: a long closes with buy false, a short with buy true");
        if (qty.compareTo(size.abs()) > 0) return error("qty " + qty.toPlainString() + " exceeds the position's size " + size.abs().toPlainString());
        BigDecimal mark = account.mark(iid);
        boolean above = isLong == kind.equals("tp");
        if (above ? trp.compareTo(mark) <= 0 : trp.compareTo(mark) >= 0) {
            return error((kind.equals("tp") ? "take-profit" : "stop-loss") + " of a " + (isLong ? "long" : "short") + " position triggers "
                    + (above ? "above" : "below") + " the mark price " + mark.toPlainString() + "; trp " + trp.toPlainString() + " does not");
        }
        for (ObjectNode old : List.copyOf(account.triggerRows())) {
            if (old.get("iid").asLong() == iid && old.get("tpsl").get("kind").asText().equals(kind)) {
                cancelled(account, account.cancel(old.get("oid").asLong()));
            }
        }
        long now = clock.getAsLong();
        ObjectNode order = JSON.objectNode();
        order.put("oid", account.nextOid());
        order.put("iid", iid);
        order.put("buy", buy);
        order.put("p", (limit != null ? limit : trp).toPlainString());
        order.put("qty", qty.toPlainString());
        order.put("tif", limit != null ? "gtc" : "ioc");
        order.put("po", false);
        order.put("ro", true);
        order.put("status", "open");
        order.put("rest", qty.toPlainString());
        order.put("fill", "0");
        order.put("cts", now);
        order.put("uts", now);
        order.put("coid", String.format("%016x%016x", order.get("oid").asLong() * 0x9E3779B97F4A7C15L, now));
        ObjectNode tpsl = order.putObject("tpsl").put("kind", kind).put("scope", "position").put("trp", trp.toPlainString());
        tpsl.put("st", "untriggered");
        account.triggerRows().add(order);
        changes.armed(account, order);
        return JSON.objectNode().put("status", "ok").put("oid", order.get("oid").asLong()).put("coid", order.get("coid").asText());
    }

    /** {@code cancelAll}: args {@code {}} or {@code {iid}}, signed over {@code ["cancelAll", []]} or {@code ["cancelAll", [iid]]}. */
    Result cancelAll(JsonNode body, String owner) {
        JsonNode args = Bodies.args(body, "cancelAll");
        Long iid = args.path("iid").canConvertToLong() ? args.get("iid").asLong() : null;
        ArrayNode ids = JSON.arrayNode();
        if (iid != null) ids.add(iid);
        ArrayNode op = JSON.arrayNode().add("cancelAll");
        op.add(ids);
        ProxyRegistry.Proxy proxy = signer(body, Signatures.compact(op), owner);
        PerpsAccount account = accounts.apply(proxy.owner());
        ArrayNode out = JSON.arrayNode();
        synchronized (account) {
            List<ObjectNode> all = new java.util.ArrayList<>(account.orderRows());
            all.addAll(account.triggerRows());
            for (ObjectNode o : all) {
                if (iid != null && o.get("iid").asLong() != iid) continue;
                ObjectNode gone = account.cancel(o.get("oid").asLong());
                if (gone != null) out.add(cancelled(account, gone));
            }
        }
        return new Result(proxy, out);
    }

    /** The proxy that signed {@code op} (a compact operation), a proxy of {@code owner} when given; else refused, nothing done. */
    ProxyRegistry.Proxy verify(JsonNode body, ArrayNode op, String owner) {
        return signer(body, Signatures.compact(op), owner);
    }

    /** Cancels every open order of the account (its lock held): the auto-cancel switch firing. */
    ArrayNode cancelEverything(PerpsAccount account) {
        ArrayNode out = JSON.arrayNode();
        List<ObjectNode> all = new java.util.ArrayList<>(account.orderRows());
        all.addAll(account.triggerRows());
        for (ObjectNode o : all) {
            ObjectNode gone = account.cancel(o.get("oid").asLong());
            if (gone != null) out.add(cancelled(account, gone));
        }
        return out;
    }

    private ObjectNode cancelled(PerpsAccount account, ObjectNode order) {
        long now = clock.getAsLong();
        order.put("status", "cancelled");
        order.put("uts", now);
        changes.changed(account, order, false);
        return JSON.objectNode().put("status", "ok").put("oid", order.get("oid").asLong()).put("ts", now);
    }

    /**
     * The registered, unexpired proxy that signed {@code Op(keccak(msgpack), salt, ts)}, after the time checks; when
     * {@code owner} is given, a proxy of that account (else 401, nothing done).
     */
    private ProxyRegistry.Proxy signer(JsonNode body, byte[] msgpack, String owner) {
        ProxyRegistry.Proxy p = signer(body, msgpack);
        if (owner != null && !p.owner().equals(owner)) {
            throw Refusal.unauthorized("the command's signer is not a proxy of the authenticated account");
        }
        return p;
    }

    private ProxyRegistry.Proxy signer(JsonNode body, byte[] msgpack) {
        long salt = Bodies.integer(body, "salt");
        long ts = Bodies.integer(body, "ts");
        String sig = Bodies.text(body, "sig");
        long now = clock.getAsLong();
        fresh(ts, now);
        if (body.hasNonNull("exp")) {
            long exp = Bodies.integer(body, "exp");
            if (exp <= now) throw Refusal.badRequest("exp " + exp + " has passed: a command's exp must lie in the future (Unix ms)");
            if (exp > now + PerpsSandbox.COMMAND_TIMEOUT_MS) {
                throw Refusal.badRequest("exp may shorten the command timeout of " + PerpsSandbox.COMMAND_TIMEOUT_MS + " ms, not extend it");
            }
        }
        for (String name : Signatures.DOMAIN_NAMES) {
            ProxyRegistry.Proxy p = proxies.find(Signatures.recover(Signatures.op(name, msgpack, salt, ts), sig));
            if (p != null) {
                if (!p.live(now)) throw Refusal.unauthorized("proxy expired; register a new one");
                return p;
            }
        }
        throw Refusal.unauthorized("invalid signature: no registered proxy signed this operation");
    }

    static void fresh(long ts, long now) {
        if (Math.abs(ts - now) > PerpsSandbox.TIMESTAMP_WINDOW_MS) {
            throw Refusal.unauthorized("stale timestamp: ts " + ts + " is not within " + PerpsSandbox.TIMESTAMP_WINDOW_MS
                    + " ms of the service's clock " + now + " (Unix ms)");
        }
    }

    private static Placed refused(String message) {
        return new Placed(error(message), null);
    }

    /** The open order {@code oid} of the account (its lock held), or null. */
    static ObjectNode open(PerpsAccount account, long oid) {
        for (ObjectNode o : account.orderRows()) if (o.get("oid").asLong() == oid) return o;
        return null;
    }

    /** Cancels a chase's child order (the account's lock held), if it is still open. */
    void cancelChild(PerpsAccount account, long oid) {
        ObjectNode o = open(account, oid);
        if (o != null) cancelled(account, account.cancel(oid));
    }

    /** Moves a chase's child to {@code price} (the account's lock held); the market fills it there if it now crosses. */
    void reprice(PerpsAccount account, ObjectNode child, BigDecimal price) {
        child.put("p", price.toPlainString());
        child.put("uts", clock.getAsLong());
        changes.changed(account, child, true);
    }

    /** Refuses to touch a chase's child directly: null when {@code order} is not one. */
    private static ObjectNode locked(ObjectNode order) {
        if (order == null || !order.has("chid")) return null;
        return error("order " + order.get("oid").asLong() + " is chase " + order.get("chid").asLong() + "'s child: cancel the chase instead");
    }

    private static ObjectNode error(String message) {
        return JSON.objectNode().put("status", "err").put("error", message);
    }

    record Result(ProxyRegistry.Proxy proxy, ArrayNode entries) {
    }
}
