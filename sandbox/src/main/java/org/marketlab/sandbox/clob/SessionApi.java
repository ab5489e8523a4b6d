package org.marketlab.sandbox.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.wallets.ApiKeys;
import org.marketlab.sandbox.wallets.Ledger;
import org.marketlab.sandbox.wallets.MarketIndex;
import org.marketlab.sandbox.wallets.Wallets;
import org.marketlab.sandbox.world.World;
import org.web3j.crypto.Hash;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * What an order-book account keeps besides its orders ({@code clob} host, L2 unless said): its notifications
 * ({@code GET} and {@code DELETE /notifications}), the order heartbeat ({@code POST /v1/heartbeats}), read-only API
 * keys ({@code POST /auth/readonly-api-key}, {@code GET /auth/readonly-api-keys}, {@code DELETE
 * /auth/readonly-api-key}), its ban status ({@code GET /auth/ban-status/closed-only}), its orders from before the
 * exchange's migration ({@code GET /data/pre-migration-orders}), and the public trade feed of a market
 * ({@code GET /markets/live-activity/{condition_id}}, {@code POST /markets/live-activity}).
 *
 * <p><b>Heartbeats</b>, a dead-man switch: the first accepted send (with an empty {@code heartbeat_id}) arms it and
 * answers {@code {status: ok, heartbeat_id}}; each later send must carry the last id answered (else 400
 * {@code {error, error_msg: "Invalid Heartbeat ID", heartbeat_id}} naming the expected one, and the deadline is not
 * moved). {@value #TIMEOUT_MS} ms after the last accepted send every open order of the account is cancelled (checked
 * before every request the order book serves, so a late request sees the orders gone) and the switch disarms.
 *
 * <p>The sandbox's choices where the documents are silent: no account is banned or in closed-only mode; every order
 * of the world is a V2 order, so the pre-migration list is empty; a read-only key is an id bound to the address that
 * made it (it lists and deletes under L2 headers). The live-activity feed is the market's latest trades (its public
 * tape, the seeded wallets' fills in it), newest first, at most {@value #LIVE_ACTIVITY} of them.
 */
public final class SessionApi implements RouteModule {

    static final long TIMEOUT_MS = 10_000;
    static final int LIVE_ACTIVITY = 100;

    private final ClobAccountsApi accounts;
    private final TradingApi trading;
    private final LongSupplier clock;
    private final Map<String, Heartbeat> heartbeats = new HashMap<>();
    private final Map<String, Set<String>> readonlyKeys = new HashMap<>();

    /** An armed switch: the id the next send must carry and when the account's orders go. */
    private record Heartbeat(String id, long deadline) {
    }

    public SessionApi(ClobAccountsApi accounts, LongSupplier clock) {
        this.accounts = accounts;
        this.trading = accounts.trading();
        this.clock = clock;
    }

    @Override
    public void register(Javalin app) {
        app.before(ctx -> expireHeartbeats());
        RouteModule.super.register(app);
    }

    /** No account of the sandbox is in closed-only mode. */
    @Route("GET /auth/ban-status/closed-only")
    private void closedOnly(Context ctx) {
        accounts.l2(ctx);
        Json.send(ctx, Json.object().put("closed_only", false));
    }

    /** The sandbox has no orders from before the exchange's migration: an empty last page. */
    @Route("GET /data/pre-migration-orders")
    private void preMigrationOrders(Context ctx) {
        accounts.l2(ctx);
        ObjectNode out = Json.object();
        out.putArray("data");
        out.put("next_cursor", ClobAccountsApi.END);
        out.put("limit", ClobAccountsApi.PAGE);
        out.put("count", 0);
        Json.send(ctx, out);
    }

    @Route("GET /markets/live-activity/{condition_id}")
    private void liveActivityOf(Context ctx) {
        Json.send(ctx, liveActivity(ctx.pathParam("condition_id")));
    }

    /** The live activity of several markets: a JSON array of condition ids or of {@code {"condition_id"}} objects. */
    @Route("POST /markets/live-activity")
    private void liveActivities(Context ctx) {
        JsonNode body = Json.readOrNull(ctx.bodyAsBytes());
        if (body == null || !body.isArray()) throw Refusal.badRequest("Invalid payload");
        ArrayNode out = Json.array();
        for (JsonNode c : body) out.addAll(liveActivity(c.isObject() ? c.path("condition_id").asText() : c.asText()));
        Json.send(ctx, out);
    }

    // ---- notifications -------------------------------------------------------------------------------------------

    @Route("GET /notifications")
    private void notifications(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        Json.send(ctx, accounts.notifications.list(accounts.wallets().funder(key.address())));
    }

    /** {@code ids}: notification ids, comma-separated or repeated; answers {@code "OK"}. */
    @Route("DELETE /notifications")
    private void dropNotifications(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        Params p = Params.of(ctx, 400);
        List<Long> ids = new ArrayList<>();
        for (String id : p.list("ids")) {
            try {
                ids.add(Long.parseLong(id));
            } catch (NumberFormatException e) {
                throw p.invalid("ids", id, "notification ids (integers), comma-separated");
            }
        }
        if (ids.isEmpty()) throw p.missing("ids", "notification ids (integers), comma-separated");
        accounts.notifications.drop(accounts.wallets().funder(key.address()), ids);
        Json.send(ctx, Json.EXACT.textNode("OK"));
    }

    // ---- heartbeats ----------------------------------------------------------------------------------------------

    @Route("POST /v1/heartbeats")
    @Route("POST /heartbeats")
    private void heartbeat(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        JsonNode body = Json.readOrNull(ctx.bodyAsBytes());
        String sent = body != null && body.path("heartbeat_id").isTextual() ? body.get("heartbeat_id").asText() : "";
        long now = clock.getAsLong();
        String next;
        synchronized (heartbeats) {
            Heartbeat armed = heartbeats.get(key.address());
            if (armed != null && !armed.id().equals(sent)) throw new Mismatch(armed.id());
            next = UUID.nameUUIDFromBytes(Hash.sha3((key.creds().key() + ":" + now + ":" + sent).getBytes(StandardCharsets.UTF_8))).toString();
            heartbeats.put(key.address(), new Heartbeat(next, now + TIMEOUT_MS));
        }
        Json.send(ctx, Json.object().put("status", "ok").put("heartbeat_id", next));
    }

    /** The accounts whose deadline passed: every open order cancelled, the switch disarmed. */
    private void expireHeartbeats() {
        long now = clock.getAsLong();
        List<String> due = new ArrayList<>();
        synchronized (heartbeats) {
            heartbeats.entrySet().removeIf(e -> {
                boolean late = e.getValue().deadline() <= now;
                if (late) due.add(e.getKey());
                return late;
            });
        }
        for (String address : due) trading.cancelAllFor(address);
    }

    /** Whether the account's switch is armed now (for tests). */
    public boolean heartbeatArmed(String address) {
        expireHeartbeats();
        synchronized (heartbeats) {
            return heartbeats.containsKey(address.toLowerCase(java.util.Locale.ROOT));
        }
    }

    /** 400 with the id the next send must carry. */
    static final class Mismatch extends Refusal {
        private final String expected;

        Mismatch(String expected) {
            super(400, "Invalid Heartbeat ID");
            this.expected = expected;
        }

        @Override
        public void answer(Context ctx, String service) {
            ctx.status(400).json(Map.of("error", getMessage(), "error_msg", getMessage(), "heartbeat_id", expected));
        }
    }

    // ---- read-only keys ------------------------------------------------------------------------------------------

    @Route("POST /auth/readonly-api-key")
    private void createReadonly(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        String id;
        synchronized (readonlyKeys) {
            Set<String> mine = readonlyKeys.computeIfAbsent(key.address(), a -> new LinkedHashSet<>());
            id = UUID.nameUUIDFromBytes((key.creds().key() + ":readonly:" + mine.size() + ":" + clock.getAsLong()).getBytes(StandardCharsets.UTF_8)).toString();
            mine.add(id);
        }
        Json.send(ctx, Json.object().put("apiKey", id));
    }

    @Route("GET /auth/readonly-api-keys")
    private void listReadonly(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        ArrayNode out = Json.array();
        synchronized (readonlyKeys) {
            readonlyKeys.getOrDefault(key.address(), Set.of()).forEach(out::add);
        }
        Json.send(ctx, out);
    }

    @Route("DELETE /auth/readonly-api-key")
    private void deleteReadonly(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        JsonNode body = Json.readOrNull(ctx.bodyAsBytes());
        if (body == null || !body.path("key").isTextual()) throw Refusal.badRequest("Invalid payload: {\"key\": \"<read-only key>\"}");
        boolean gone;
        synchronized (readonlyKeys) {
            gone = readonlyKeys.getOrDefault(key.address(), new LinkedHashSet<>()).remove(body.get("key").asText());
        }
        if (!gone) throw Refusal.notFound("read-only api key not found");
        Json.send(ctx, Json.EXACT.booleanNode(true));
    }

    // ---- live activity -------------------------------------------------------------------------------------------

    private ArrayNode liveActivity(String conditionId) {
        if (conditionId == null || !conditionId.matches("0x[0-9a-fA-F]{64}")) throw Refusal.badRequest("Invalid market");
        Wallets wallets = accounts.wallets();
        MarketIndex.Market m = wallets.markets().byCondition(conditionId.toLowerCase(java.util.Locale.ROOT));
        if (m == null) throw Refusal.notFound(ClobApi.NO_MARKET);
        // The market's latest trades, newest first, one row a trade under its taker: the same tape the Data API's
        // /trades lists (the world's trades with the seeded wallets' parts in them), read from its end only.
        List<Ledger.Fill> fills = wallets.tape(m, 0, wallets.tapeEnd(), true, true, LIVE_ACTIVITY, f -> true);
        ArrayNode out = Json.array();
        for (Ledger.Fill f : fills) {
            World.Token t = f.token();
            ObjectNode o = out.addObject();
            o.put("event_type", "trade");
            ObjectNode market = o.putObject("market");
            market.put("condition_id", m.conditionId());
            market.put("asset_id", t.tokenId());
            market.put("question", m.title());
            market.put("icon", m.icon());
            market.put("slug", m.slug());
            ObjectNode user = o.putObject("user");
            user.put("address", f.wallet());
            user.put("username", "");
            user.put("profile_picture", "");
            user.put("optimized_profile_picture", "");
            user.put("pseudonym", "");
            o.put("side", f.side());
            o.put("size", Orders.four(f.size()));
            o.put("fee_rate_bps", "0");
            o.put("price", Orders.four(f.price()));
            o.put("outcome", t.outcome());
            o.put("outcome_index", t.index());
            o.put("transaction_hash", f.txHash());
            o.put("timestamp", Long.toString(f.time()));
        }
        return out;
    }
}
