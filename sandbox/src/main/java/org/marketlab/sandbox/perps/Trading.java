package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.route.Refusal;

import java.math.BigDecimal;
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

    /** Told of every order a command changed, under the account's lock, in the order of the changes. */
    interface Changes {
        /** {@code order} as it now is: modified (still open), or removed with status {@code cancelled}. */
        void changed(PerpsAccount account, ObjectNode order, boolean modified);
    }

    Trading(ProxyRegistry proxies, Function<String, PerpsAccount> accounts, LongSupplier clock, Changes changes) {
        this.proxies = proxies;
        this.accounts = accounts;
        this.clock = clock;
        this.changes = changes;
    }

    /** {@code modifyOrdersCOID}: args {@code [{coid, p, qty}, ...]}. Returns the proxy that signed and the results. */
    Result modify(JsonNode body) {
        JsonNode args = Bodies.args(body, "modifyOrdersCOID");
        if (!args.isArray() || args.isEmpty()) throw Refusal.badRequest("op.args must be a non-empty array of {coid, p, qty}");
        for (JsonNode e : args) {
            if (!e.isObject()) throw Refusal.badRequest("each entry of op.args is an object {coid, p, qty}");
            Bodies.text(e, "coid");
            Bodies.text(e, "p");
            Bodies.text(e, "qty");
        }
        ProxyRegistry.Proxy proxy = signer(body, Signatures.modifyOrdersCoid(args));
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

    /** {@code cancelOrders}: args {@code [oid, ...]}. */
    Result cancel(JsonNode body) {
        JsonNode args = Bodies.args(body, "cancelOrders");
        if (!args.isArray() || args.isEmpty()) throw Refusal.badRequest("op.args must be a non-empty array of order ids");
        long[] oids = new long[args.size()];
        for (int i = 0; i < oids.length; i++) {
            JsonNode e = args.get(i);
            if (!e.isIntegralNumber() || !e.canConvertToLong() || e.asLong() < 0) throw Refusal.badRequest("order ids are non-negative integers");
            oids[i] = e.asLong();
        }
        ProxyRegistry.Proxy proxy = signer(body, Signatures.cancelOrders(oids));
        PerpsAccount account = accounts.apply(proxy.owner());
        ArrayNode out = JSON.arrayNode();
        synchronized (account) {
            for (long oid : oids) {
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
    Result cancelByCoid(JsonNode body) {
        JsonNode args = Bodies.args(body, "cancelOrdersCOID");
        if (!args.isArray() || args.isEmpty()) throw Refusal.badRequest("op.args must be a non-empty array of client order ids");
        String[] coids = new String[args.size()];
        for (int i = 0; i < coids.length; i++) {
            if (!args.get(i).isTextual()) throw Refusal.badRequest("client order ids are strings of 32 lower-case hex characters");
            coids[i] = args.get(i).asText();
        }
        ProxyRegistry.Proxy proxy = signer(body, Signatures.cancelOrdersCoid(coids));
        PerpsAccount account = accounts.apply(proxy.owner());
        ArrayNode out = JSON.arrayNode();
        synchronized (account) {
            for (String coid : coids) {
                ObjectNode order = COID.matcher(coid).matches() ? account.orderByCoid(coid) : null;
                ObjectNode cancelled = order == null ? null : account.cancel(order.get("oid").asLong());
                out.add(cancelled != null ? cancelled(account, cancelled).put("coid", coid) : error("order not found").put("coid", coid));
            }
        }
        return new Result(proxy, out);
    }

    private ObjectNode cancelled(PerpsAccount account, ObjectNode order) {
        long now = clock.getAsLong();
        order.put("status", "cancelled");
        order.put("uts", now);
        changes.changed(account, order, false);
        return JSON.objectNode().put("status", "ok").put("oid", order.get("oid").asLong()).put("ts", now);
    }

    /** The registered, unexpired proxy that signed {@code Op(keccak(msgpack), salt, ts)}, after the time checks. */
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

    private static ObjectNode error(String message) {
        return JSON.objectNode().put("status", "err").put("error", message);
    }

    record Result(ProxyRegistry.Proxy proxy, ArrayNode entries) {
    }
}
