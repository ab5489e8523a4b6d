package org.marketlab.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.web3j.crypto.Hash;

import java.io.IOException;
import java.math.BigDecimal;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;

/**
 * The perpetuals REST interface: proxy registration and deletion (owner-signed EIP-712), private reads with
 * the proxy headers, public reads, invites, and proxy-signed trading operations (modify by client order id,
 * cancel).
 *
 * <p>Where the specification is silent, the sandbox's choices: timestamps within {@value #TS_WINDOW_MS} ms of
 * its clock; {@code exp} in the future and at most {@value #COMMAND_TIMEOUT_MS} ms ahead; deleteProxy typed data
 * {@code DeleteProxy(address addr,uint64 salt,uint64 ts)}; history reads take {@code start_timestamp},
 * {@code end_timestamp} (ms, inclusive), {@code status}, {@code hash}, {@code direction}, {@code instrument_id},
 * answer newest first, 100 at most, the next page asked for with {@code end_timestamp} set to the last entry's
 * time (withdrawals: {@code confirmed_timestamp}, else {@code created_timestamp}; {@code confirmed_timestamp} is 0 until confirmed); the public portfolio takes
 * {@code address}. Failures are {@code {status: err, error}} with 400, 401 or 404. The proxy headers and the
 * EIP-712 domain name are accepted in both the sandbox's and the live service's spelling.
 */
final class PerpsApi {

    static final long TS_WINDOW_MS = 60_000;
    static final long COMMAND_TIMEOUT_MS = 30_000;
    static final String[] DOMAINS = {"MarketLab Sandbox", "Polymarket"};

    private record Proxy(String address, String owner, String secret, long expiry, String label) {
    }

    private final World world;
    private final Map<String, Proxy> proxies = new ConcurrentHashMap<>();
    private final Map<String, PerpsAccount> accounts = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();

    private final Stats stats;

    PerpsApi(World world, Stats stats) {
        this.world = world;
        this.stats = stats;
    }

    static final class PerpsError extends RuntimeException {
        final int status;

        PerpsError(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    void register(Javalin app) {
        app.exception(PerpsError.class, (e, ctx) -> ctx.status(e.status).json(Map.of("status", "err", "error", e.getMessage())));
        app.post("/v1/account/proxy", this::createProxy);
        app.delete("/v1/account/proxy", this::deleteProxy);
        app.get("/v1/account/credentials", ctx -> {
            Proxy p = auth(ctx);
            ObjectNode out = World.JSON.objectNode();
            out.put("address", p.owner());
            ArrayNode keys = out.putArray("keys");
            proxies.values().stream().filter(x -> x.owner().equals(p.owner()) && x.expiry() > now()).forEach(x -> {
                ObjectNode k = keys.addObject();
                k.put("proxy", x.address());
                k.put("label", x.label());
                k.put("expiry", x.expiry());
            });
            json(ctx, out);
        });
        app.get("/v1/account/withdrawals", ctx -> {
            PerpsAccount a = account(auth(ctx).owner());
            String status = ctx.queryParam("status");
            if (status != null && !List.of(PerpsAccount.STATUSES).contains(status)) {
                throw new PerpsError(400, "status must be one of pending, confirmed, removed, failed; was '" + status + "'");
            }
            String hash = ctx.queryParam("hash");
            page(ctx, a.withdrawals, w -> w.path("confirmed_timestamp").asLong() > 0 ? w.get("confirmed_timestamp").asLong() : w.get("created_timestamp").asLong(),
                    w -> (status == null || w.get("status").asText().equals(status)) && (hash == null || w.get("hash").asText().equalsIgnoreCase(hash)),
                    "withdraw_id");
        });
        app.get("/v1/account/internal-transfers", ctx -> {
            PerpsAccount a = account(auth(ctx).owner());
            String direction = ctx.queryParam("direction");
            if (direction != null && !direction.equals("in") && !direction.equals("out")) {
                throw new PerpsError(400, "direction must be in or out; was '" + direction + "'");
            }
            page(ctx, a.transfers, t -> t.get("created_timestamp").asLong(),
                    t -> direction == null || t.get("direction").asText().equals(direction), "transfer_id");
        });
        app.get("/v1/account/funding", ctx -> {
            PerpsAccount a = account(auth(ctx).owner());
            Long instrument = longParam(ctx, "instrument_id");
            if (instrument != null && (instrument < 0 || instrument > 4_294_967_295L)) {
                throw new PerpsError(400, "instrument_id must be 0 to 4294967295; was " + instrument);
            }
            page(ctx, a.funding, f -> f.get("timestamp").asLong(),
                    f -> instrument == null || f.get("instrument_id").asLong() == instrument, "id");
        });
        app.get("/v1/account/portfolio", ctx -> {
            PerpsAccount a = account(auth(ctx).owner());
            ObjectNode out = World.JSON.objectNode();
            out.set("positions", World.JSON.arrayNode().addAll(a.positions));
            ObjectNode m = out.putObject("margin");
            BigDecimal upnl = a.positions.stream().map(p -> new BigDecimal(p.get("unrealized_pnl").asText())).reduce(BigDecimal.ZERO, BigDecimal::add);
            m.put("total_account_value", a.margin.add(upnl).toPlainString());
            m.put("available_order_margin", a.margin.multiply(new BigDecimal("0.6")).setScale(2, java.math.RoundingMode.HALF_UP).toPlainString());
            m.put("total_initial_margin", a.margin.multiply(new BigDecimal("0.3")).setScale(2, java.math.RoundingMode.HALF_UP).toPlainString());
            m.put("total_maintenance_margin", a.margin.multiply(new BigDecimal("0.15")).setScale(2, java.math.RoundingMode.HALF_UP).toPlainString());
            m.put("total_position_value", a.margin.multiply(new BigDecimal("2.5")).setScale(2, java.math.RoundingMode.HALF_UP).toPlainString());
            out.put("withdrawable", a.margin.multiply(new BigDecimal("0.5")).setScale(2, java.math.RoundingMode.HALF_UP).toPlainString());
            out.put("in_liquidation", false);
            out.put("fee_tier", 0);
            out.put("timestamp", now());
            json(ctx, out);
        });
        app.post("/v1/account/invite", ctx -> {
            PerpsAccount a = account(auth(ctx).owner());
            a.inviteCreated = true;
            ObjectNode out = World.JSON.objectNode();
            out.put("status", "ok");
            out.put("code", a.inviteCode);
            out.put("referrals_available", 5);
            out.putNull("cooldown_ms");
            json(ctx, out);
        });
        app.get("/v1/info/portfolio", ctx -> {
            String address = ctx.queryParam("address");
            if (address == null || !address.matches("0x[0-9a-fA-F]{40}")) throw new PerpsError(400, "address must be 0x and 40 hex digits");
            PerpsAccount a = account(address);
            ObjectNode out = World.JSON.objectNode();
            ArrayNode ps = out.putArray("positions");
            BigDecimal equity = a.margin;
            for (ObjectNode p : a.positions) {
                ObjectNode x = ps.addObject();
                for (String f : List.of("instrument_id", "symbol", "size", "entry_price", "unrealized_pnl", "return_on_equity")) x.set(f, p.get(f));
                equity = equity.add(new BigDecimal(p.get("unrealized_pnl").asText()));
            }
            out.put("equity", equity.toPlainString());
            out.put("timestamp", now());
            json(ctx, out);
        });
        app.get("/v1/info/assets", ctx -> {
            ArrayNode out = World.JSON.arrayNode();
            asset(out, "USDC", "0x3c499c542cef5e3811e1192ce70d8cc03d5c3359", 6, "1", "1.00");
            asset(out, "USDT", "0xc2132d05d31c914a87c6611c10748aeb04b58e8f", 6, "0.98", "1.50");
            asset(out, "WETH", "0x7ceb23fd6bc0add59e62ac25578270cff1b9f619", 18, "0.85", "0.0005");
            json(ctx, out);
        });
        // Not in the specification: the sandbox lists open orders so a notebook (or test) can find their ids.
        app.get("/v1/account/orders", ctx -> json(ctx, World.JSON.arrayNode().addAll(account(auth(ctx).owner()).orders)));
        app.patch("/v1/trade/orders-coid", this::modify);
        app.ws("/v1/ws", ws -> ws.onMessage(this::onFrame));
        app.delete("/v1/trade/orders", this::cancel);
    }

    private static void asset(ArrayNode out, String asset, String address, int decimals, String ratio, String fee) {
        ObjectNode a = out.addObject();
        a.put("asset", asset);
        a.put("address", address);
        a.put("decimals", decimals);
        a.put("collateral_ratio", ratio);
        a.put("withdrawal_fee", fee);
    }

    // ---- the real-time channel ----------------------------------------------------------------------------------

    /** Client frames {@code {id, req: post, op: {type: auth|ping}}} and {@code {id, req: sub|unsub, chs}}. */
    private void onFrame(io.javalin.websocket.WsMessageContext ctx) {
        JsonNode f;
        try {
            f = Sandbox.MAPPER.readTree(ctx.message());
        } catch (IOException e) {
            ctx.send("{\"data\":{\"status\":\"err\",\"error\":\"frames are JSON\"}}");
            return;
        }
        ObjectNode reply = World.JSON.objectNode();
        reply.set("id", f.get("id"));
        ObjectNode data = reply.putObject("data");
        String req = f.path("req").asText();
        String type = f.path("op").path("type").asText();
        if (req.equals("post") && type.equals("auth")) {
            JsonNode args = f.path("op").path("args");
            Proxy p = proxies.get(args.path("proxy").asText().toLowerCase(Locale.ROOT));
            if (p == null || !p.secret().equals(args.path("secret").asText()) || p.expiry() <= now()) {
                data.put("status", "err").put("error", "invalid proxy credentials");
            } else {
                ctx.attribute("owner", p.owner());
                stats.request("perps_ws", "auth ok");
                data.put("status", "ok").put("pod", "sandbox-0");
            }
        } else if (req.equals("post") && type.equals("ping")) {
            data.put("status", "ok").put("ts", now()).put("sq", 0);
        } else if (req.equals("sub") || req.equals("unsub")) {
            if (ctx.attribute("owner") == null) data.put("status", "err").put("error", "authenticate first");
            else data.put("status", "ok");
        } else {
            data.put("status", "err").put("error", "unknown frame: req " + req + ", op " + type);
        }
        ctx.send(reply.toString());
    }

    // ---- registration ---------------------------------------------------------------------------------------------

    private void createProxy(Context ctx) throws IOException {
        JsonNode b = body(ctx);
        JsonNode args = op(b, "createProxy");
        String owner = text(args, "owner").toLowerCase(Locale.ROOT);
        String proxy = text(args, "proxy").toLowerCase(Locale.ROOT);
        long expiry = number(args, "expiry");
        long salt = number(b, "salt"), ts = number(b, "ts");
        fresh(ts);
        if (expiry <= now()) throw new PerpsError(400, "expiry must be in the future");
        String sig = text(b, "sig");
        boolean ok = false;
        for (String d : DOMAINS) ok |= owner.equals(TypedData.signer(TypedData.createProxy(d, proxy, expiry, salt, ts), sig));
        if (!ok) throw new PerpsError(401, "invalid signature: the owner did not sign this createProxy");
        byte[] s = new byte[32];
        random.nextBytes(s);
        String secret = HexFormat.of().formatHex(s);
        proxies.put(proxy, new Proxy(proxy, owner, secret, expiry, b.path("label").asText("")));
        ObjectNode out = World.JSON.objectNode();
        out.put("status", "ok");
        out.put("secret", secret);
        json(ctx, out);
    }

    private void deleteProxy(Context ctx) throws IOException {
        JsonNode b = body(ctx);
        JsonNode args = op(b, "deleteProxy");
        String proxy = text(args, "proxy").toLowerCase(Locale.ROOT);
        long salt = number(b, "salt"), ts = number(b, "ts");
        fresh(ts);
        Proxy p = proxies.get(proxy);
        if (p == null) throw new PerpsError(404, "proxy not found");
        String sig = text(b, "sig");
        boolean ok = false;
        for (String d : DOMAINS) ok |= p.owner().equals(TypedData.signer(TypedData.deleteProxy(d, proxy, salt, ts), sig));
        if (!ok) throw new PerpsError(401, "invalid signature: the proxy's owner did not sign this deleteProxy");
        proxies.remove(proxy);
        json(ctx, World.JSON.objectNode().put("status", "ok"));
    }

    /** The proxy named and authenticated by the request's headers. */
    private Proxy auth(Context ctx) {
        String address = header(ctx, "SERVICE-PROXY", "POLYMARKET-PROXY");
        String secret = header(ctx, "SERVICE-SECRET", "POLYMARKET-SECRET");
        if (address == null || secret == null) throw new PerpsError(401, "missing proxy headers (SERVICE-PROXY and SERVICE-SECRET)");
        Proxy p = proxies.get(address.toLowerCase(Locale.ROOT));
        if (p == null || !java.security.MessageDigest.isEqual(p.secret().getBytes(), secret.getBytes())) {
            throw new PerpsError(401, "invalid proxy credentials");
        }
        if (p.expiry() <= now()) throw new PerpsError(401, "proxy expired; register a new one");
        return p;
    }

    private static String header(Context ctx, String... names) {
        for (String n : names) {
            String v = ctx.header(n);
            if (v != null && !v.isBlank()) return v.trim();
        }
        return null;
    }

    private PerpsAccount account(String owner) {
        return accounts.computeIfAbsent(owner.toLowerCase(Locale.ROOT), o -> new PerpsAccount(o, world.seed(), world.now().toEpochMilli()));
    }

    // ---- trading operations --------------------------------------------------------------------------------------

    private void modify(Context ctx) throws IOException {
        JsonNode b = body(ctx);
        JsonNode args = op(b, "modifyOrdersCOID");
        if (!args.isArray() || args.isEmpty()) throw new PerpsError(400, "args must be a non-empty array of {coid, p, qty}");
        MessageBufferPacker pk = MessagePack.newDefaultBufferPacker();
        pk.packArrayHeader(2).packString("modifyOrdersCOID").packArrayHeader(args.size());
        for (JsonNode e : args) pk.packArrayHeader(3).packString(text(e, "coid")).packString(text(e, "p")).packString(text(e, "qty"));
        PerpsAccount a = account(signedBy(b, pk.toByteArray()).owner());
        ArrayNode out = World.JSON.arrayNode();
        BigDecimal committed = BigDecimal.ZERO;
        for (JsonNode e : args) {
            String coid = e.get("coid").asText();
            ObjectNode r = out.addObject();
            if (!coid.matches("[0-9a-f]{32}")) {
                r.put("status", "err").put("error", "invalid coid: 32 lower-case hex characters");
                continue;
            }
            ObjectNode order = a.orders.stream().filter(o -> o.get("coid").asText().equals(coid)).findFirst().orElse(null);
            if (order == null) {
                r.put("status", "err").put("error", "order not found");
                continue;
            }
            BigDecimal p, q;
            try {
                p = new BigDecimal(e.get("p").asText());
                q = new BigDecimal(e.get("qty").asText());
            } catch (NumberFormatException ex) {
                r.put("status", "err").put("error", "p and qty must be decimal strings");
                continue;
            }
            BigDecimal notional = p.multiply(q);
            if (committed.add(notional).compareTo(a.margin) > 0) {
                r.put("status", "err").put("error", "insufficient_margin");
                continue;
            }
            committed = committed.add(notional);
            order.put("p", p.toPlainString());
            order.put("qty", q.toPlainString());
            order.put("rest", q.toPlainString());
            order.put("uts", now());
            r.put("status", "ok");
            r.set("order", order.deepCopy());
        }
        json(ctx, out);
    }

    private void cancel(Context ctx) throws IOException {
        JsonNode b = body(ctx);
        JsonNode args = op(b, "cancelOrders");
        if (!args.isArray() || args.isEmpty()) throw new PerpsError(400, "args must be a non-empty array of order ids");
        MessageBufferPacker pk = MessagePack.newDefaultBufferPacker();
        pk.packArrayHeader(2).packString("cancelOrders").packArrayHeader(args.size());
        for (JsonNode e : args) {
            if (!e.canConvertToLong()) throw new PerpsError(400, "order ids are integers");
            pk.packLong(e.asLong());
        }
        PerpsAccount a = account(signedBy(b, pk.toByteArray()).owner());
        ArrayNode out = World.JSON.arrayNode();
        for (JsonNode e : args) {
            long oid = e.asLong();
            ObjectNode order = a.orders.stream().filter(o -> o.get("oid").asLong() == oid).findFirst().orElse(null);
            ObjectNode r = out.addObject();
            if (order == null) {
                r.put("status", "err").put("error", "order not found");
                continue;
            }
            a.orders.remove(order);
            r.put("status", "ok").put("oid", oid).put("ts", now()).put("coid", order.get("coid").asText());
        }
        json(ctx, out);
    }

    /** The registered, unexpired proxy whose key signed {@code Op(keccak(msgpack), salt, ts)}. */
    private Proxy signedBy(JsonNode b, byte[] msgpack) {
        long salt = number(b, "salt"), ts = number(b, "ts");
        fresh(ts);
        if (b.hasNonNull("exp")) {
            long exp = b.get("exp").asLong();
            if (exp <= now()) throw new PerpsError(400, "exp is in the past");
            if (exp > now() + COMMAND_TIMEOUT_MS) throw new PerpsError(400, "exp is beyond the command timeout of " + COMMAND_TIMEOUT_MS + " ms");
        }
        byte[] data = Hash.sha3(msgpack);
        String sig = text(b, "sig");
        for (String d : DOMAINS) {
            String signer = TypedData.signer(TypedData.op(d, data, salt, ts), sig);
            Proxy p = signer == null ? null : proxies.get(signer);
            if (p != null) {
                if (p.expiry() <= now()) throw new PerpsError(401, "proxy expired; register a new one");
                return p;
            }
        }
        throw new PerpsError(401, "invalid signature: no registered proxy signed this operation");
    }

    // ---- paging ---------------------------------------------------------------------------------------------------

    private void page(Context ctx, List<ObjectNode> all, ToLongFunction<ObjectNode> time, java.util.function.Predicate<ObjectNode> filter,
                      String idField) throws IOException {
        Long start = longParam(ctx, "start_timestamp");
        Long end = longParam(ctx, "end_timestamp");
        long to = end != null ? end : now();
        List<ObjectNode> rows = new ArrayList<>();
        for (ObjectNode n : all) {
            long t = time.applyAsLong(n);
            if ((start == null || t >= start) && t <= to && filter.test(n)) rows.add(n);
        }
        rows.sort(Comparator.comparingLong(time).reversed().thenComparing(n -> n.get(idField).asLong(), Comparator.reverseOrder()));
        ObjectNode out = World.JSON.objectNode();
        out.set("data", World.JSON.arrayNode().addAll(rows.subList(0, Math.min(100, rows.size()))));
        out.put("more", rows.size() > 100);
        json(ctx, out);
    }

    // ---- helpers --------------------------------------------------------------------------------------------------

    private static long now() {
        return System.currentTimeMillis();
    }

    private static void fresh(long ts) {
        if (Math.abs(ts - now()) > TS_WINDOW_MS) throw new PerpsError(401, "stale timestamp: ts must be within " + TS_WINDOW_MS + " ms of now (Unix ms)");
    }

    private static JsonNode body(Context ctx) {
        try {
            JsonNode b = Sandbox.MAPPER.readTree(ctx.body());
            if (b == null || !b.isObject()) throw new PerpsError(400, "the body must be a JSON object");
            return b;
        } catch (IOException e) {
            throw new PerpsError(400, "the body is not JSON");
        }
    }

    private static JsonNode op(JsonNode b, String type) {
        JsonNode op = b.get("op");
        if (op == null || !type.equals(op.path("type").asText())) throw new PerpsError(400, "op.type must be " + type);
        JsonNode args = op.get("args");
        if (args == null) throw new PerpsError(400, "op.args is missing");
        return args;
    }

    private static String text(JsonNode n, String f) {
        JsonNode v = n.get(f);
        if (v == null || v.isNull() || v.asText().isEmpty()) throw new PerpsError(400, f + " is missing");
        return v.asText();
    }

    private static long number(JsonNode n, String f) {
        JsonNode v = n.get(f);
        if (v == null || !v.canConvertToLong()) throw new PerpsError(400, f + " must be an integer");
        return v.asLong();
    }

    private static Long longParam(Context ctx, String name) {
        String v = ctx.queryParam(name);
        if (v == null || v.isEmpty()) return null;
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new PerpsError(400, name + " must be an integer (Unix ms), was '" + v + "'");
        }
    }

    private static void json(Context ctx, JsonNode n) throws IOException {
        ctx.contentType("application/json").result(Sandbox.MAPPER.writeValueAsBytes(n));
    }
}
