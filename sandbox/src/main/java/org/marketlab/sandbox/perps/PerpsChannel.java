package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.websocket.WsContext;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.SocketFaults;
import org.marketlab.sandbox.route.Sockets;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The real-time channel {@code /v1/ws} of the perpetuals interface.
 *
 * <p>Client frames: {@code {id, req: "post", op: {type: "auth", args: {proxy, secret}}}} (reply {@code status ok}
 * with {@code pod}, or {@code err} with {@code error}; the connection then stays unauthenticated), {@code ping} (reply
 * {@code {status ok, ts, sq}}, {@code sq} the number of frames pushed on this connection so far), and once
 * authenticated {@code {id, req: "sub"|"unsub", chs: [...]}} and the signed commands {@code cancelOrders},
 * {@code cancelOrdersCOID} and {@code modifyOrdersCOID} ({@code {id, req: "post", op, sig, salt, ts, exp?}}, the
 * signer a proxy of the authenticated account), answered as over REST. Anything else is answered
 * {@code {id, data: {status: err, error}}}. Replies are {@code {id, data}}.
 *
 * <p>Pushed frames are {@code {ch, ts, ets, sq, data}} for the channels a connection subscribed to ({@code orders},
 * {@code fills}, {@code portfolio}; the other names the official client asks for are accepted and stay quiet).
 * {@code sq} counts per connection and channel from 1, as the official client checks it (each channel's next frame
 * carries the previous {@code sq} + 1).
 *
 * <p>Faults, from Java ({@link #faults()}) or {@code POST /__sandbox/perps} on the perps server: connections closed
 * without a close frame, silenced (they send nothing more, pongs included, and are not closed), the next pushed frames
 * dropped (counted but not sent: a gap) or duplicated, every frame delayed.
 */
public final class PerpsChannel {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    static final Set<String> CHANNELS = Set.of("orders", "fills", "portfolio", "balances", "funding", "deposits", "withdrawals", "tpsl",
            "notifications", "builderFills");

    private final ProxyRegistry proxies;
    private final Trading trading;
    private final PerpsMarket market;
    private final LongSupplier clock;
    private final Sockets<Connection> connections = new Sockets<>("sandbox-perps-ws-");
    private final AtomicLong authentications = new AtomicLong();
    /** Pings answered on an authenticated connection, by account. */
    private final Map<String, AtomicLong> pings = new java.util.concurrent.ConcurrentHashMap<>();

    /** The account's commands beyond trading (leverage, margin, auto-cancel): null for a command it does not know. */
    interface AccountCommands {
        JsonNode run(String type, JsonNode frame, String owner);
    }

    private final AccountCommands accountCommands;

    PerpsChannel(ProxyRegistry proxies, Trading trading, PerpsMarket market, LongSupplier clock, AccountCommands accountCommands) {
        this.accountCommands = accountCommands;
        this.proxies = proxies;
        this.trading = trading;
        this.market = market;
        this.clock = clock;
    }

    void register(Javalin app) {
        connections.route(app, "/v1/ws", Connection::new, this::onFrame);
    }

    /**
     * The faults of the channel's connections: close them without a close frame, silence them (no frames, no replies,
     * no pongs, until the client gives up on them), drop the next pushed frames (counted in {@code sq}, never sent: a
     * gap), send them twice, delay every frame and reply; and the frames pushed and dropped.
     */
    public SocketFaults faults() {
        return connections;
    }

    // ---- what tests read ------------------------------------------------------------------------------------------------

    /** Successful {@code auth} frames. */
    public long authentications() {
        return authentications.get();
    }

    /** The pings answered on the authenticated connections of {@code owner} (an address, any case). */
    public long pings(String owner) {
        AtomicLong n = pings.get(owner.toLowerCase(java.util.Locale.ROOT));
        return n == null ? 0 : n.get();
    }

    // ---- pushing --------------------------------------------------------------------------------------------------------

    /** Pushes {@code data} on {@code channel} to every authenticated connection of {@code owner} subscribed to it. */
    void push(String owner, String channel, JsonNode data) {
        for (Connection c : connections.all()) {
            if (owner.equals(c.owner)) c.push(channel, data);
        }
    }

    /** A connection: its account once authenticated, its channels and their {@code sq}. */
    private final class Connection extends Sockets.Socket {
        volatile String owner;
        final Set<String> subscribed = new HashSet<>();
        final Map<String, Long> sequences = new HashMap<>();
        long total;

        Connection(WsContext ctx) {
            super(connections, ctx);
        }

        /** While a command of this connection runs: what it pushes waits for the command's reply (see {@link #onFrame}). */
        List<Object[]> held;

        synchronized void push(String channel, JsonNode data) {
            if (held != null) {
                held.add(new Object[]{channel, data});
                return;
            }
            // tpsl::<instrument id> is delivered to a subscription of tpsl; sq counts per channel as named.
            int scoped = channel.indexOf("::");
            if (!subscribed.contains(scoped < 0 ? channel : channel.substring(0, scoped))) return;
            long sq = sequences.merge(channel, 1L, Long::sum);
            total++;
            push(() -> {
                long ts = clock.getAsLong();
                // ets: the newest exchange event the frame reflects (here the change itself, pushed as it happens).
                ObjectNode frame = JSON.objectNode().put("ch", channel).put("ts", ts).put("ets", ts).put("sq", sq);
                frame.set("data", data);
                return frame.toString();
            });
        }
    }

    // ---- client frames --------------------------------------------------------------------------------------------------

    /** The signed commands the channel takes, as over REST. */
    private static final Set<String> ACCOUNT_COMMANDS = Set.of("updateLeverage", "updateLeverages", "updateMargin", "autoCancel");
    private static final Set<String> COMMANDS = Set.of("cancelOrders", "modifyOrdersCOID", "cancelOrdersCOID", "createOrders", "cancelAll");

    /** One client frame: {@code post auth}, {@code post ping}, {@code sub}, {@code unsub} or a signed command; any refusal in its reply. */
    private void onFrame(Connection c, String text) {
        ObjectNode reply = JSON.objectNode();
        JsonNode frame;
        try {
            frame = Bodies.object(text);
        } catch (Refusal e) {
            reply.putObject("data").put("status", "err").put("error", "frames are JSON objects");
            c.send(reply.toString());
            return;
        }
        reply.set("id", frame.get("id"));
        String req = frame.path("req").asText();
        String type = frame.path("op").path("type").asText();
        try {
            if (req.equals("post") && type.equals("ping")) {
                ping(c, reply);
                return;
            }
            if (req.equals("sub") || req.equals("unsub")) {
                subscribe(c, frame, req.equals("sub"), reply);
                return;
            }
            if (req.equals("post") && type.equals("auth")) {
                authenticate(c, frame.path("op").path("args"), reply);
            } else if (req.equals("post") && (COMMANDS.contains(type) || ACCOUNT_COMMANDS.contains(type))) {
                // A command's reply comes before the updates it causes, as the service acknowledges a command and then
                // streams what it did: the official npm client waits for an order's update only once it has the ack.
                synchronized (c) {
                    c.held = new ArrayList<>();
                }
                try {
                    if (COMMANDS.contains(type)) {
                        reply.set("data", command(c, frame, type));
                    } else {
                        if (c.owner == null) throw Refusal.unauthorized("authenticate first");
                        reply.set("data", accountCommands.run(type, frame, c.owner));
                    }
                } catch (Refusal e) {
                    reply.putObject("data").put("status", "err").put("error", e.getMessage());
                }
                synchronized (c) {
                    c.send(reply.toString());
                    List<Object[]> held = c.held;
                    c.held = null;
                    for (Object[] h : held) c.push((String) h[0], (JsonNode) h[1]);
                }
                return;
            } else {
                throw Refusal.badRequest("unknown frame: req '" + req + "', op '" + type
                        + "'; known: post auth, post ping, sub, unsub, post createOrders, post cancelOrders, post cancelOrdersCOID, post cancelAll, post modifyOrdersCOID, "
                        + "post updateLeverage, post updateLeverages, post updateMargin, post autoCancel");
            }
        } catch (Refusal e) {
            reply.putObject("data").put("status", "err").put("error", e.getMessage());
        }
        c.send(reply.toString());
    }

    private void authenticate(Connection c, JsonNode args, ObjectNode reply) {
        ProxyRegistry.Proxy p = proxies.authenticate(args.path("proxy").asText(null), args.path("secret").asText(null), clock.getAsLong());
        c.owner = p.owner();
        authentications.incrementAndGet();
        reply.putObject("data").put("status", "ok").put("pod", "sandbox-0");
    }

    /** The reply's {@code sq} is the frames pushed on this connection so far, sent under its lock so none comes between. */
    private void ping(Connection c, ObjectNode reply) {
        if (c.owner != null) pings.computeIfAbsent(c.owner.toLowerCase(java.util.Locale.ROOT), k -> new AtomicLong()).incrementAndGet();
        synchronized (c) {
            reply.putObject("data").put("status", "ok").put("ts", clock.getAsLong()).put("sq", c.total);
            c.send(reply.toString());
        }
    }

    /** Subscribes to or leaves the named channels; a first subscription starts the account's trading. */
    private void subscribe(Connection c, JsonNode frame, boolean sub, ObjectNode reply) {
        String owner = c.owner;
        if (owner == null) throw Refusal.unauthorized("authenticate first");
        JsonNode chs = frame.path("chs");
        if (!chs.isArray() || chs.isEmpty()) throw Refusal.badRequest("chs must be a non-empty array of channel names");
        for (JsonNode ch : chs) {
            if (!CHANNELS.contains(ch.asText())) {
                throw Refusal.badRequest("unknown channel '" + ch.asText() + "'; known: " + String.join(", ", new java.util.TreeSet<>(CHANNELS)));
            }
        }
        synchronized (c) {
            for (JsonNode ch : chs) {
                if (sub) c.subscribed.add(ch.asText());
                else c.subscribed.remove(ch.asText());
            }
            reply.putObject("data").put("status", "ok");
            c.send(reply.toString());
        }
        if (sub) market.startTrading(owner);
    }

    /** A signed command of the authenticated account, answered with its entries as over REST. */
    private ArrayNode command(Connection c, JsonNode frame, String type) {
        String owner = c.owner;
        if (owner == null) throw Refusal.unauthorized("authenticate first");
        // The signer is checked against the authenticated account before the command touches anything.
        Trading.Result r = switch (type) {
            case "cancelOrders" -> trading.cancel(frame, owner);
            case "cancelOrdersCOID" -> trading.cancelByCoid(frame, owner);
            case "createOrders" -> trading.create(frame, owner);
            case "cancelAll" -> trading.cancelAll(frame, owner);
            default -> trading.modify(frame, owner);
        };
        return r.entries();
    }
}
