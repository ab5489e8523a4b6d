package org.marketlab.sandbox.markets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.websocket.WsContext;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.world.Lazy;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.route.Sockets;
import org.marketlab.sandbox.world.Assets;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * The live-data stream ({@code /ws/live-data} on the market-data host; the service's real-time data socket), as the
 * official clients' {@code subscribe} reads it. A client sends {@code {"action": "subscribe" | "unsubscribe",
 * "subscriptions": [{"topic", "type", "filters"?}]}} and {@code PING} (answered {@code PONG}); the stream pushes
 * {@code {topic, type, timestamp, payload}} (timestamp in ms) for what the connection subscribed to:
 * <ul>
 *   <li>{@code crypto_prices} / {@code update} (Binance's symbols, {@code btcusdt} ...) and {@code crypto_prices_chainlink}
 *       / {@code update} ({@code btc/usd} ...): every second, each crypto asset of the world at the wall clock, on the
 *       same path the price markets are drawn from and the perpetuals are marked on. {@code filters} narrows to the
 *       symbols it names.</li>
 *   <li>{@code comments} / {@code comment_created}: the world's latest comments (the newest {@value #REPLAYED} across
 *       its events, each as {@code /comments} serves it), replayed in the order they were posted, one every
 *       {@linkplain #commentInterval(long) comment interval} (2 s by default), starting over at the end.</li>
 * </ul>
 * A topic the stream does not serve ({@code equity_prices}: the world has index and commodity paths but no single
 * equities; the Chainlink TWAP topics; {@code activity}) is answered with an error frame naming what is served, and
 * sends nothing.
 */
public final class LiveData implements RouteModule {

    static final int REPLAYED = 200;
    /** The crypto assets of the world, with their symbols on the two price topics. */
    private static final List<String> CRYPTO = List.of("BTC", "ETH", "SOL", "XRP", "DOGE", "ADA");
    private static final Set<String> SERVED = Set.of("crypto_prices:update", "crypto_prices_chainlink:update", "comments:comment_created");

    private final World world;
    private final DiscoveryApi discovery;
    private final LongSupplier clock;
    private final Sockets<Connection> connections = new Sockets<>("sandbox-live-data-");
    private final Lazy<Assets> assets;
    private final Lazy<List<ObjectNode>> comments;
    private final AtomicInteger nextComment = new AtomicInteger();
    private final ScheduledExecutorService timer;
    private volatile long commentIntervalMillis = 2_000;
    private java.util.concurrent.ScheduledFuture<?> commentTask;

    public LiveData(World world, DiscoveryApi discovery, LongSupplier clock) {
        this.world = world;
        this.discovery = discovery;
        this.clock = clock;
        this.assets = new Lazy<>(() -> Assets.of(world.seed(), Math.floorDiv(world.now().toEpochMilli(), 60_000L)));
        this.comments = new Lazy<>(this::latestComments);
        // Two threads: the prices keep their second while the first comment waits for the world's comments to be made.
        this.timer = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "sandbox-live-data");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void register(Javalin app) {
        connections.route(app, "/ws/live-data", Connection::new, this::onFrame);
        app.events(e -> {
            e.serverStarted(() -> {
                timer.scheduleWithFixedDelay(this::pricesQuietly, 1, 1, TimeUnit.SECONDS);
                commentInterval(commentIntervalMillis);
            });
            e.serverStopping(timer::shutdownNow);
        });
    }

    /** How often the next replayed comment is pushed (default 2000 ms; 0 stops the comments). */
    public synchronized LiveData commentInterval(long millis) {
        if (millis < 0) throw new IllegalArgumentException("comment interval must be 0 (off) or more ms, was " + millis);
        commentIntervalMillis = millis;
        if (commentTask != null) commentTask.cancel(false);
        commentTask = millis > 0 && !timer.isShutdown() ? timer.scheduleWithFixedDelay(this::commentQuietly, millis, millis, TimeUnit.MILLISECONDS) : null;
        return this;
    }

    /** The stream's connections (their faults). */
    public Sockets<?> connections() {
        return connections;
    }

    // ---- what the stream pushes ---------------------------------------------------------------------------------------

    /** The price of a crypto asset at {@code t} (ms), between the path's minutes, to the asset's decimals and two more. */
    BigDecimal price(String symbol, long t) {
        Assets a = assets.get();
        Assets.Asset asset = Assets.bySymbol(symbol);
        long m = Math.floorDiv(t, 60_000L);
        double f = (double) Math.floorMod(t, 60_000L) / 60_000L;
        double from = a.level(asset, m);
        double v = f == 0 ? from : from * Math.pow(a.level(asset, m + 1) / from, f);
        return BigDecimal.valueOf(v).setScale(asset.decimals() + 2, RoundingMode.HALF_EVEN);
    }

    static String binance(String symbol) {
        return symbol.toLowerCase(Locale.ROOT) + "usdt";
    }

    static String chainlink(String symbol) {
        return symbol.toLowerCase(Locale.ROOT) + "/usd";
    }

    private void pricesQuietly() {
        try {
            long now = clock.getAsLong();
            for (Connection c : connections.all()) {
                for (String s : CRYPTO) {
                    BigDecimal p = null;
                    for (String topic : List.of("crypto_prices", "crypto_prices_chainlink")) {
                        String name = topic.equals("crypto_prices") ? binance(s) : chainlink(s);
                        if (!c.wants(topic + ":update", name)) continue;
                        if (p == null) p = price(s, now);
                        ObjectNode payload = Json.object().put("symbol", name).put("timestamp", now).put("value", p);
                        c.push(frame(topic, "update", now, payload));
                    }
                }
            }
        } catch (RuntimeException ignored) {
            // the timer must keep running
        }
    }

    private void commentQuietly() {
        try {
            // The world's comments are made only once someone listens: a sandbox without listeners pays nothing.
            boolean any = false;
            for (Connection c : connections.all()) any |= c.wants("comments:comment_created", null);
            if (!any) return;
            List<ObjectNode> all = comments.get();
            if (all.isEmpty()) return;
            ObjectNode comment = all.get(Math.floorMod(nextComment.getAndIncrement(), all.size()));
            long now = clock.getAsLong();
            for (Connection c : connections.all()) {
                if (c.wants("comments:comment_created", null)) c.push(frame("comments", "comment_created", now, comment));
            }
        } catch (RuntimeException ignored) {
            // the timer must keep running
        }
    }

    /** The newest {@value #REPLAYED} comments of the world's events, oldest first (each event's last three at most). */
    private List<ObjectNode> latestComments() {
        Discovery d = discovery.d();
        Set<Long> seen = new HashSet<>();
        List<ObjectNode> out = new ArrayList<>();
        for (Discovery.MarketFacts m : d.markets()) {
            World.EventFacts e = m.event();
            if (e == null || !seen.add(e.id())) continue;
            int n = Discovery.commentCount(e);
            for (int i = Math.max(0, n - 3); i < n; i++) out.add(d.comment(e, i));
        }
        out.sort(Comparator.<ObjectNode, Instant>comparing(c -> Instant.parse(c.get("createdAt").asText())).thenComparing(c -> c.get("id").asText()));
        return List.copyOf(out.subList(Math.max(0, out.size() - REPLAYED), out.size()));
    }

    private static String frame(String topic, String type, long timestamp, JsonNode payload) {
        ObjectNode f = Json.object().put("topic", topic).put("type", type).put("timestamp", timestamp);
        f.set("payload", payload);
        return f.toString();
    }

    // ---- client frames ------------------------------------------------------------------------------------------------

    private void onFrame(Connection c, String text) {
        if (text.trim().equalsIgnoreCase("PING")) {
            c.send("PONG");
            return;
        }
        JsonNode f;
        try {
            f = Json.MAPPER.readTree(text);
        } catch (Exception e) {
            f = null;
        }
        String action = f == null ? "" : f.path("action").asText("");
        if (!action.equals("subscribe") && !action.equals("unsubscribe") || !f.path("subscriptions").isArray()) {
            c.send(error("expected PING or {\"action\": \"subscribe\" | \"unsubscribe\", \"subscriptions\": [{\"topic\", \"type\"}]}"));
            return;
        }
        for (JsonNode s : f.get("subscriptions")) {
            String key = s.path("topic").asText("") + ":" + s.path("type").asText("");
            if (action.equals("unsubscribe")) {
                c.subscriptions.remove(key);
            } else if (SERVED.contains(key)) {
                c.subscriptions.put(key, s.path("filters").asText(""));
            } else {
                c.send(error("topic " + key + " is not served by the sandbox; served: " + new java.util.TreeSet<>(SERVED)));
            }
        }
    }

    private static String error(String message) {
        return Json.object().put("type", "error").put("message", message).toString();
    }

    /** A connection and what it subscribed to ({@code topic:type} to its filters, empty for none). */
    private final class Connection extends Sockets.Socket {
        final Map<String, String> subscriptions = new ConcurrentHashMap<>();

        Connection(WsContext ctx) {
            super(connections, ctx);
        }

        /** Whether the connection takes {@code key}, for {@code symbol} (null: any) under its filters. */
        boolean wants(String key, String symbol) {
            String filters = subscriptions.get(key);
            if (filters == null) return false;
            return symbol == null || filters.isBlank() || filters.toLowerCase(Locale.ROOT).contains(symbol);
        }

        void push(String text) {
            push(() -> text);
        }
    }
}
