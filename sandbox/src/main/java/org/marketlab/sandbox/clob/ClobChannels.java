package org.marketlab.sandbox.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.websocket.WsContext;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.route.SocketFaults;
import org.marketlab.sandbox.route.SocketFaults.Fault;
import org.marketlab.sandbox.route.Sockets;
import org.marketlab.sandbox.trading.Engine;
import org.marketlab.sandbox.wallets.ApiKeys;
import org.marketlab.sandbox.wallets.Ledger;
import org.marketlab.sandbox.wallets.MarketIndex;
import org.marketlab.sandbox.wallets.Wallets;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The order book's two WebSocket channels, on the order book's own server, in the live service's shapes: the market
 * channel {@code /ws/market} and the user channel {@code /ws/user}.
 *
 * <p><b>Market channel.</b> A client subscribes with {@code {type: "market", assets_ids, custom_feature_enabled}} and
 * later with {@code {operation: "subscribe"|"unsubscribe", assets_ids}}. Each newly watched token gets a {@code book}
 * (the book {@code /book} serves, stamped and hashed alike; a subscription's books come as one array). From then on the
 * matching engine's every change to a watched book is pushed: a resting order, a cancel or an expiry as a
 * {@code price_change} (each entry the level's new size, and the hash and best bid and ask of the book after it); a
 * trade as one {@code last_trade_price} per fill and then the whole {@code book}. With custom features a change of the
 * best prices is also a {@code best_bid_ask}, and a resolution a {@code market_resolved}. Tick-size changes and
 * resolutions come on request ({@link #tickSize}, {@link #resolve}). Watching a token makes its book the engine's (from
 * its seeded levels), so that {@code /book} and the channel read one book; a seeded flow of other traders' orders then
 * moves every watched book ({@link #flowInterval}). A text {@code PING} is answered {@code PONG}.
 *
 * <p><b>User channel.</b> {@code {type: "user", auth: {apiKey, secret, passphrase}, markets}} (no markets: all of
 * them; later {@code {operation, markets}}). A credential that does not match closes the connection with 1008 and
 * {@code Unauthorized/Invalid api key}. Pushed: {@code order} events of the key's wallet ({@code PLACEMENT} when an
 * order rests, {@code UPDATE} when a resting order is matched, {@code CANCELLATION} when it is cancelled or expires)
 * and {@code trade} events, the trade as {@code /data/trades} reports it, once {@code MATCHED} and again as it is
 * {@code MINED} and {@code CONFIRMED} ({@code RETRYING} and {@code FAILED} on request, {@link TradeStatuses}).
 *
 * <p><b>Faults</b> on request, on both channels' connections ({@link #faults}): drop, duplicate and reorder the next
 * messages, close the connections without a close frame, silence them, and delay every message; give the next price
 * changes a {@link #wrongHashes wrong hash}; also over {@code POST /control/market-channel}.
 */
public final class ClobChannels implements RouteModule {

    private final ClobApi clob;
    private final ClobAccountsApi accounts;
    private final Wallets wallets;
    private final Engine engine;
    private final LongSupplier clock;
    private final TradeStatuses statuses;
    private final Sockets<Connection> connections = new Sockets<>("sandbox-clob-ws-");
    private final AtomicInteger wrongHashes = new AtomicInteger();
    private final ScheduledExecutorService timers;
    private final Flow flow;

    public ClobChannels(ClobApi clob, ClobAccountsApi accounts, Wallets wallets, LongSupplier clock, long seed) {
        this.clob = clob;
        this.accounts = accounts;
        this.wallets = wallets;
        this.engine = accounts.engine();
        this.clock = clock;
        this.statuses = accounts.statuses;
        this.timers = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sandbox-clob-channels");
            t.setDaemon(true);
            return t;
        });
        this.flow = new Flow(seed);
        accounts.trading().status = clob.status;
        accounts.trading().channels = new UserSide();
        engine.listen(this::bookChanged, clock);
    }

    @Override
    public String service() {
        return "clob";
    }

    @Override
    public void register(Javalin app) {
        connections.route(app, "/ws/market", ctx -> new Connection(ctx, true), this::onMarketFrame);
        connections.route(app, "/ws/user", ctx -> new Connection(ctx, false), this::onUserFrame);
        RouteModule.super.register(app);
        app.events(e -> e.serverStopping(timers::shutdownNow));
    }

    // ---- on request: market events ----------------------------------------------------------------------------------

    /** Changes the token's market's tick size (both outcomes) and pushes {@code tick_size_change}; the old size. */
    public BigDecimal tickSize(String tokenId, BigDecimal tick) {
        World.Token t = token(tokenId);
        String text = ClobApi.str(tick);
        if (!MarketStatus.TICKS.contains(text)) throw new IllegalArgumentException("tick_size is one of " + MarketStatus.TICKS + ", was " + text);
        synchronized (engine) {
            BigDecimal old = clob.status.tick(t, new BigDecimal(text));
            long now = clock.getAsLong();
            for (World.Token x : market(t).tokens()) {
                ObjectNode m = Json.object();
                m.put("event_type", "tick_size_change");
                m.put("market", x.conditionId());
                m.put("asset_id", x.tokenId());
                m.put("old_tick_size", ClobApi.str(old));
                m.put("new_tick_size", text);
                m.put("timestamp", Long.toString(now));
                toWatchers(x.tokenId(), m, false);
            }
            return old;
        }
    }

    /**
     * Resolves the token's market with {@code winner} (one of its token ids): its books close ({@code /book} answers 404),
     * every resting order on them is cancelled (the wallets' own are told on the user channel) and
     * {@code market_resolved} goes to the connections with custom features that watch either outcome.
     */
    public void resolve(String tokenId, String winner) {
        World.Token t = token(tokenId);
        MarketIndex.Market m = market(t);
        World.Token won = null;
        for (World.Token x : m.tokens()) if (x.tokenId().equals(winner)) won = x;
        if (won == null) throw new IllegalArgumentException("the winner must be one of the market's token ids " + m.tokens()[0].tokenId() + ", " + m.tokens()[1].tokenId());
        List<Engine.Resting> gone = new ArrayList<>();
        synchronized (engine) {
            if (!clob.status.resolve(t, winner)) throw new IllegalArgumentException("market " + t.conditionId() + " is resolved already");
            for (World.Token x : m.tokens()) gone.addAll(engine.close(x.tokenId()));
            ObjectNode msg = Json.object();
            msg.put("event_type", "market_resolved");
            msg.put("id", t.marketId());
            msg.put("market", t.conditionId());
            ArrayNode ids = msg.putArray("assets_ids");
            for (World.Token x : m.tokens()) ids.add(x.tokenId());
            msg.put("winning_asset_id", won.tokenId());
            msg.put("winning_outcome", won.outcome());
            msg.put("timestamp", Long.toString(clock.getAsLong()));
            for (Connection c : connections.all()) {
                if (!c.market || !c.custom) continue;
                for (World.Token x : m.tokens()) {
                    if (c.assets.contains(x.tokenId())) {
                        c.push(msg, false);
                        break;
                    }
                }
            }
            for (World.Token x : m.tokens()) for (Connection c : connections.all()) if (c.market) c.assets.remove(x.tokenId());
        }
        new UserSide().cancelled(gone);
    }

    /** How often the seeded flow acts on a watched book (0: never); the default is every 250 ms. */
    public ClobChannels flowInterval(long millis) {
        if (millis < 0) throw new IllegalArgumentException("the flow's interval must be 0 or more ms, was " + millis);
        flow.interval(millis);
        return this;
    }

    /** The trades' path to the chain: how long until mined and confirmed; the next trades that retry, or fail. */
    public ClobChannels tradeStatuses(long mineAfterMillis, long confirmAfterMillis, int retryNext, int failNext) {
        statuses.delays(mineAfterMillis, confirmAfterMillis);
        statuses.retryNext(retryNext);
        statuses.failNext(failNext);
        return this;
    }

    // ---- on request: faults -----------------------------------------------------------------------------------------

    /** The faults of both channels' connections (drop, duplicate, reorder, delay, close, silence) and their counters. */
    public SocketFaults faults() {
        return connections;
    }

    /** The next {@code n} {@code price_change} messages carry a hash that is not the book's. */
    public ClobChannels wrongHashes(int n) {
        wrongHashes.set(Math.max(0, n));
        return this;
    }

    /** No faults. */
    public ClobChannels clear() {
        connections.clear();
        wrongHashes.set(0);
        return this;
    }

    /** The tokens some market-channel connection watches now. */
    public Set<String> watched() {
        Set<String> out = new java.util.TreeSet<>();
        for (Connection c : connections.all()) if (c.market) out.addAll(c.assets);
        return out;
    }

    /**
     * {@code POST /control/market-channel}: a JSON object with any of {@code clear}, {@code closeConnections},
     * {@code silence} (true), {@code drop}, {@code duplicate}, {@code reorder}, {@code wrongHash} (the next N messages),
     * {@code delayMillis}, {@code flowIntervalMillis}, {@code tickSize} ({@code {token_id, tick_size}}), {@code resolve}
     * ({@code {token_id, winner}}), {@code trades} ({@code {mineAfterMillis, confirmAfterMillis, retryNext, failNext}}).
     * Answers {@code {status, closed, silenced, watched}}, or 400 naming what it could not use.
     */
    @Route("POST /control/market-channel")
    private void control(Context ctx) {
        JsonNode n = Json.readOrNull(ctx.bodyAsBytes());
        if (n == null || !n.isObject()) throw Refusal.badRequest("expected a JSON object such as {\"drop\": 1} or {\"flowIntervalMillis\": 0}");
        ObjectNode out = Json.object().put("status", "ok");
        try {
            if (n.path("clear").asBoolean()) clear();
            if (n.has("drop")) connections.next(Fault.DROP, n.get("drop").asInt());
            if (n.has("duplicate")) connections.next(Fault.DUPLICATE, n.get("duplicate").asInt());
            if (n.has("reorder")) connections.next(Fault.REORDER, n.get("reorder").asInt());
            if (n.has("wrongHash")) wrongHashes(n.get("wrongHash").asInt());
            if (n.has("delayMillis")) connections.delayMessages(n.get("delayMillis").asLong());
            if (n.has("flowIntervalMillis")) flowInterval(n.get("flowIntervalMillis").asLong());
            if (n.has("tickSize")) {
                JsonNode t = n.get("tickSize");
                out.put("old_tick_size", ClobApi.str(tickSize(t.path("token_id").asText(), new BigDecimal(t.path("tick_size").asText("?")))));
            }
            if (n.has("resolve")) resolve(n.get("resolve").path("token_id").asText(), n.get("resolve").path("winner").asText());
            if (n.has("trades")) {
                JsonNode t = n.get("trades");
                tradeStatuses(t.path("mineAfterMillis").asLong(statuses.mineAfter()), t.path("confirmAfterMillis").asLong(statuses.confirmAfter()),
                        t.path("retryNext").asInt(0), t.path("failNext").asInt(0));
            }
            if (n.path("closeConnections").asBoolean()) out.put("closed", connections.closeConnections());
            if (n.path("silence").asBoolean()) out.put("silenced", connections.silence());
        } catch (IllegalArgumentException e) {
            throw Refusal.badRequest(e.getMessage());
        }
        ArrayNode w = out.putArray("watched");
        watched().forEach(w::add);
        Json.send(ctx, out);
    }

    // ---- the market channel --------------------------------------------------------------------------------------

    private void onMarketFrame(Connection c, String text) {
        if (text.trim().equals("PING")) {
            c.send("PONG");
            return;
        }
        JsonNode f = Json.readOrNull(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        if (f == null || !f.isObject()) return; // the live channel ignores what it cannot read
        String op = f.path("operation").asText("").toLowerCase(Locale.ROOT);
        boolean initial = f.path("type").asText("").equalsIgnoreCase("market");
        if (f.has("custom_feature_enabled")) c.custom = f.get("custom_feature_enabled").asBoolean();
        if (op.equals("unsubscribe")) {
            for (JsonNode a : f.path("assets_ids")) c.assets.remove(a.asText());
            return;
        }
        if (!initial && !op.equals("subscribe")) return;
        List<String> wanted = new ArrayList<>();
        for (JsonNode a : f.path("assets_ids")) wanted.add(a.asText());
        subscribe(c, wanted);
    }

    /** Watches the tokens that have a book and were not watched yet; their books go out as one array, in order. */
    private void subscribe(Connection c, List<String> tokenIds) {
        synchronized (engine) { // no change to these books comes between their snapshot and the connection's interest
            ArrayNode books = Json.array();
            for (String id : tokenIds) {
                World.Token t = wallets.world().token(id);
                if (t == null || t.closed() || clob.status.resolved(t) || c.assets.contains(id)) continue;
                Engine.Snapshot s = engine.touch(id, clock.getAsLong() / 1000);
                ObjectNode b = clob.summary(t, s.levels(), s.changedAt(), s.last());
                ObjectNode book = Json.object();
                book.put("event_type", "book");
                book.setAll(b);
                books.add(book);
                c.assets.add(id);
            }
            if (!books.isEmpty()) c.push(books, false);
        }
        flow.wake();
    }

    /** A change to a book, under the engine's lock: its messages to every connection that watches the token, in order. */
    private void bookChanged(Engine.Change change) {
        if (change.cause() == Engine.Cause.SEEDED) return;
        World.Token t = wallets.world().token(change.tokenId());
        if (t == null) return;
        if (!change.removed().isEmpty() && change.cause() == Engine.Cause.EXPIRED) {
            timers.execute(() -> new UserSide().cancelled(change.removed()));
        }
        boolean watched = false;
        for (Connection c : connections.all()) if (c.market && c.assets.contains(t.tokenId())) watched = true;
        if (!watched) return;
        String ts = Long.toString(change.atMillis());
        Engine.Result r = change.result();
        if (r != null && !r.fills().isEmpty()) {
            for (int i = 0; i < r.fills().size(); i++) {
                Engine.Fill f = r.fills().get(i);
                ObjectNode m = Json.object();
                m.put("event_type", "last_trade_price");
                m.put("market", t.conditionId());
                m.put("asset_id", t.tokenId());
                m.put("fee_rate_bps", "0");
                m.put("price", ClobApi.str(f.price()));
                m.put("side", f.taker().buy() ? "BUY" : "SELL");
                m.put("size", ClobApi.str(f.size()));
                m.put("timestamp", ts);
                m.put("transaction_hash", TradingApi.txHash(TradingApi.tradeId(f.taker().id(), i)));
                toWatchers(t.tokenId(), m, false);
            }
            ObjectNode book = Json.object();
            book.put("event_type", "book");
            book.setAll(clob.summary(t, change.after().levels(), change.after().changedAt(), change.after().last()));
            toWatchers(t.tokenId(), book, false);
        } else if (!change.levels().isEmpty()) {
            toWatchers(t.tokenId(), priceChange(t, change), true);
        }
        bestBidAsk(t, change);
    }

    /**
     * The change's {@code price_change}: one entry per level, each with the hash and best prices of the book after it
     * (the book before the change is the book after it with the levels' old sizes).
     */
    private ObjectNode priceChange(World.Token t, Engine.Change change) {
        TreeMap<BigDecimal, BigDecimal> bids = new TreeMap<>(Comparator.reverseOrder()), asks = new TreeMap<>();
        for (Engine.Level l : change.after().levels().bids()) bids.put(l.price(), l.size());
        for (Engine.Level l : change.after().levels().asks()) asks.put(l.price(), l.size());
        for (Engine.LevelChange l : change.levels()) put(l.bid() ? bids : asks, l.price(), l.before());
        ObjectNode m = Json.object();
        m.put("event_type", "price_change");
        m.put("market", t.conditionId());
        ArrayNode entries = m.putArray("price_changes");
        for (Engine.LevelChange l : change.levels()) {
            put(l.bid() ? bids : asks, l.price(), l.after());
            Engine.Levels now = new Engine.Levels(levels(bids), levels(asks));
            ObjectNode e = entries.addObject();
            e.put("asset_id", t.tokenId());
            e.put("price", ClobApi.str(l.price()));
            e.put("size", ClobApi.str(l.after()));
            e.put("side", l.bid() ? "BUY" : "SELL");
            e.put("hash", clob.summary(t, now, change.atMillis(), change.after().last()).get("hash").asText());
            e.put("best_bid", bids.isEmpty() ? "" : ClobApi.str(bids.firstKey()));
            e.put("best_ask", asks.isEmpty() ? "" : ClobApi.str(asks.firstKey()));
        }
        m.put("timestamp", Long.toString(change.atMillis()));
        return m;
    }

    private static void put(TreeMap<BigDecimal, BigDecimal> side, BigDecimal price, BigDecimal size) {
        if (size.signum() == 0) side.remove(price);
        else side.put(price, size);
    }

    private static List<Engine.Level> levels(TreeMap<BigDecimal, BigDecimal> side) {
        List<Engine.Level> out = new ArrayList<>();
        for (Map.Entry<BigDecimal, BigDecimal> e : side.entrySet()) out.add(new Engine.Level(e.getKey(), e.getValue()));
        return out;
    }

    /** {@code best_bid_ask} to the custom-feature watchers when the change moved the best prices. */
    private void bestBidAsk(World.Token t, Engine.Change change) {
        List<Engine.Level> bids = change.after().levels().bids(), asks = change.after().levels().asks();
        BigDecimal bid = bids.isEmpty() ? null : bids.get(0).price(), ask = asks.isEmpty() ? null : asks.get(0).price();
        boolean moved = false;
        for (Engine.LevelChange l : change.levels()) {
            BigDecimal best = l.bid() ? bid : ask;
            if (best == null || (l.bid() ? l.price().compareTo(best) >= 0 : l.price().compareTo(best) <= 0)) moved = true;
        }
        if (!moved && (change.result() == null || change.result().fills().isEmpty())) return;
        ObjectNode m = Json.object();
        m.put("event_type", "best_bid_ask");
        m.put("market", t.conditionId());
        m.put("asset_id", t.tokenId());
        m.put("best_bid", bid == null ? "" : ClobApi.str(bid));
        m.put("best_ask", ask == null ? "" : ClobApi.str(ask));
        m.put("spread", bid == null || ask == null ? "" : ClobApi.str(ask.subtract(bid)));
        m.put("timestamp", Long.toString(change.atMillis()));
        for (Connection c : connections.all()) if (c.market && c.custom && c.assets.contains(t.tokenId())) c.push(m, false);
    }

    private void toWatchers(String tokenId, ObjectNode message, boolean priceChange) {
        for (Connection c : connections.all()) if (c.market && c.assets.contains(tokenId)) c.push(message, priceChange);
    }

    // ---- the user channel -------------------------------------------------------------------------------------------

    private void onUserFrame(Connection c, String text) {
        if (text.trim().equals("PING")) {
            c.send("PONG");
            return;
        }
        JsonNode f = Json.readOrNull(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        if (f == null || !f.isObject()) return;
        String op = f.path("operation").asText("").toLowerCase(Locale.ROOT);
        if (f.path("type").asText("").equalsIgnoreCase("user")) {
            JsonNode auth = f.path("auth");
            ApiKeys.Entry e = accounts.authenticate(auth.path("apiKey").asText(null), auth.path("secret").asText(null),
                    auth.path("passphrase").asText(null));
            if (e == null) {
                c.refuse(1008, ClobAccountsApi.UNAUTHORIZED);
                return;
            }
            c.funder = accounts.funder(e);
            c.apiKey = e.creds().key();
            c.markets.clear();
            for (JsonNode m : f.path("markets")) c.markets.add(m.asText().toLowerCase(Locale.ROOT));
        } else if (c.funder != null && (op.equals("subscribe") || op.equals("unsubscribe"))) {
            for (JsonNode m : f.path("markets")) {
                if (op.equals("subscribe")) c.markets.add(m.asText().toLowerCase(Locale.ROOT));
                else c.markets.remove(m.asText().toLowerCase(Locale.ROOT));
            }
        }
    }

    /** The wallets' side of placed, matched and cancelled orders, and their trades' way to the chain. */
    private final class UserSide implements TradingApi.Channels {

        @Override
        public void placed(Engine.Result result, List<Ledger.Fill> fills) {
            Engine.Order o = result.order();
            long now = clock.getAsLong();
            Map<String, List<String>> tradesOfOrder = new HashMap<>();
            for (Ledger.Fill f : fills) tradesOfOrder.computeIfAbsent(f.orderId(), k -> new ArrayList<>()).add(f.id());
            if (!Engine.house(o.owner()) && result.live()) {
                toWallet(o.owner(), o.tokenId(), order(o, result.filled(), "PLACEMENT", "LIVE", tradesOfOrder.get(o.id()), now));
            }
            // Each resting maker order the fills touched: matched so far, whole or in part.
            Map<String, Engine.Order> makers = new java.util.LinkedHashMap<>();
            for (Engine.Fill f : result.fills()) if (!Engine.house(f.maker().owner())) makers.put(f.maker().id(), f.maker());
            for (Engine.Order m : makers.values()) {
                BigDecimal left = engine.remaining(m.id());
                BigDecimal matched = m.size().subtract(left == null ? BigDecimal.ZERO : left);
                toWallet(m.owner(), m.tokenId(), order(m, matched, "UPDATE", left == null ? "MATCHED" : "LIVE", tradesOfOrder.get(m.id()), now));
            }
            for (Ledger.Fill f : fills) trade(f);
        }

        @Override
        public void cancelled(List<Engine.Resting> orders) {
            long now = clock.getAsLong();
            for (Engine.Resting r : orders) {
                Engine.Order o = r.order();
                if (Engine.house(o.owner())) continue;
                toWallet(o.owner(), o.tokenId(), order(o, r.matched(), "CANCELLATION", "CANCELED", null, now));
            }
        }

        private ObjectNode order(Engine.Order o, BigDecimal matched, String type, String status, List<String> trades, long now) {
            World.Token t = wallets.world().token(o.tokenId());
            ObjectNode n = Json.object();
            n.put("event_type", "order");
            n.put("id", o.id());
            n.put("owner", o.apiKey());
            n.put("market", t.conditionId());
            n.put("asset_id", t.tokenId());
            n.put("side", o.buy() ? "BUY" : "SELL");
            n.put("order_owner", o.apiKey());
            n.put("original_size", ClobApi.str(o.size()));
            n.put("size_matched", ClobApi.str(matched));
            n.put("price", ClobApi.str(o.price()));
            ArrayNode a = n.putArray("associate_trades");
            if (trades != null) trades.forEach(a::add);
            n.put("outcome", t.outcome());
            n.put("type", type);
            n.put("created_at", Long.toString(o.createdAt() / 1000));
            n.put("expiration", o.expiration() == null ? "0" : Long.toString(o.expiration()));
            n.put("order_type", o.type());
            n.put("status", status);
            n.put("maker_address", o.owner());
            n.put("timestamp", Long.toString(now));
            return n;
        }

        /** The trade to its wallet, {@code MATCHED} now and each later step when it comes. */
        private void trade(Ledger.Fill f) {
            if (seen.add(f.id())) {
                TradeStatuses.Path path = statuses.next();
                statuses.set(f.id(), "MATCHED");
                long mine = statuses.mineAfter(), confirm = statuses.confirmAfter();
                switch (path) {
                    case NORMAL -> {
                        step(f.id(), "MINED", mine);
                        step(f.id(), "CONFIRMED", confirm);
                    }
                    case RETRY -> {
                        step(f.id(), "RETRYING", mine / 2);
                        step(f.id(), "MINED", mine + mine / 2);
                        step(f.id(), "CONFIRMED", confirm + mine / 2);
                    }
                    case FAIL -> {
                        step(f.id(), "RETRYING", mine / 2);
                        step(f.id(), "FAILED", mine + mine / 2);
                    }
                }
            }
            fillsById.computeIfAbsent(f.id(), k -> new java.util.concurrent.CopyOnWriteArrayList<>()).add(f);
            push(f, statuses.of(f.id()));
        }

        private void step(String tradeId, String status, long afterMillis) {
            timers.schedule(() -> {
                statuses.set(tradeId, status);
                for (Ledger.Fill f : fillsById.getOrDefault(tradeId, List.of())) push(f, status);
            }, afterMillis, TimeUnit.MILLISECONDS);
        }

        private void push(Ledger.Fill f, String status) {
            ObjectNode n = Json.object();
            n.put("event_type", "trade");
            n.setAll(accounts.tradeReport(f.wallet(), f));
            n.put("status", status);
            n.put("type", "TRADE");
            n.put("match_time", Long.toString(f.time()));
            n.put("last_update", Long.toString(clock.getAsLong() / 1000));
            n.put("timestamp", Long.toString(clock.getAsLong()));
            toWallet(f.wallet(), f.token().tokenId(), n);
        }

        private void toWallet(String wallet, String tokenId, ObjectNode message) {
            String market = wallets.world().token(tokenId).conditionId().toLowerCase(Locale.ROOT);
            for (Connection c : connections.all()) {
                if (!c.market && wallet.equals(c.funder) && (c.markets.isEmpty() || c.markets.contains(market))) c.push(message, false);
            }
        }
    }

    /** Trades told on the user channel, and their fills (both wallets' sides) for the later steps. */
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final Map<String, List<Ledger.Fill>> fillsById = new ConcurrentHashMap<>();

    // ---- connections --------------------------------------------------------------------------------------------------

    /** A connection of either channel: what it watches (market) or whose orders and trades it follows (user). */
    private final class Connection extends Sockets.Socket {
        final boolean market;
        final Set<String> assets = ConcurrentHashMap.newKeySet();
        final Set<String> markets = ConcurrentHashMap.newKeySet();
        volatile boolean custom;
        volatile String funder;
        volatile String apiKey;

        Connection(WsContext ctx, boolean market) {
            super(connections, ctx);
            this.market = market;
        }

        /** One message, through the faults; a price change may be given a wrong hash. */
        void push(JsonNode message, boolean priceChange) {
            push(() -> {
                JsonNode out = message;
                if (priceChange && Sockets.take(wrongHashes)) {
                    ObjectNode bad = ((ObjectNode) message).deepCopy();
                    for (JsonNode e : bad.path("price_changes")) ((ObjectNode) e).put("hash", "0".repeat(40));
                    out = bad;
                }
                return out.toString();
            });
        }
    }

    private World.Token token(String tokenId) {
        World.Token t = tokenId == null ? null : wallets.world().token(tokenId);
        if (t == null) throw new IllegalArgumentException("token_id must be one of the world's token ids, was '" + tokenId + "'");
        return t;
    }

    private MarketIndex.Market market(World.Token t) {
        return wallets.markets().byToken(t.tokenId());
    }

    // ---- the seeded flow ---------------------------------------------------------------------------------------------

    /**
     * The sandbox's other traders, acting on the watched books from a seeded random stream: mostly resting limit orders
     * a few ticks from the best prices (sometimes inside the spread), cancels of their older orders, and now and then
     * an order that takes the best price. Their orders go through the matching engine like anyone's, so a demo
     * wallet's resting order can be filled by them; they keep at most {@value #MAX_RESTING} orders on a book.
     */
    private final class Flow {
        static final int MAX_RESTING = 40;
        private final Random random;
        private final AtomicLong ids = new AtomicLong();
        private final Map<String, java.util.ArrayDeque<Engine.Order>> resting = new HashMap<>();
        private volatile long intervalMillis = 250;
        private volatile boolean scheduled;

        Flow(long seed) {
            this.random = new Random(seed * 31 + 0xf10L);
        }

        void interval(long millis) {
            intervalMillis = millis;
            wake();
        }

        synchronized void wake() {
            if (scheduled || intervalMillis <= 0 || timers.isShutdown()) return;
            scheduled = true;
            try {
                timers.schedule(this::tick, intervalMillis, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException stopped) {
                scheduled = false;
            }
        }

        private void tick() {
            synchronized (this) {
                scheduled = false;
            }
            if (intervalMillis <= 0) return; // stopped while this was scheduled: no late action
            try {
                List<String> tokens = new ArrayList<>(watched());
                if (tokens.isEmpty()) return; // a new subscription wakes the flow again
                act(tokens.get(random.nextInt(tokens.size())));
            } catch (RuntimeException e) {
                // a refused flow order (a book that closed meanwhile) is not the flow's end
            }
            wake();
        }

        private void act(String tokenId) {
            World.Token t = wallets.world().token(tokenId);
            if (t == null || clob.status.resolved(t)) return;
            Engine.Snapshot s = engine.touch(tokenId, clock.getAsLong() / 1000);
            BigDecimal tick = clob.tick(t);
            BigDecimal one = BigDecimal.ONE;
            BigDecimal bid = s.levels().bids().isEmpty() ? null : s.levels().bids().get(0).price();
            BigDecimal ask = s.levels().asks().isEmpty() ? null : s.levels().asks().get(0).price();
            java.util.ArrayDeque<Engine.Order> mine = resting.computeIfAbsent(tokenId, k -> new java.util.ArrayDeque<>());
            mine.removeIf(o -> engine.remaining(o.id()) == null);
            int roll = random.nextInt(100);
            String owner = Engine.FLOW_PREFIX + String.format(Locale.ROOT, "%02x", random.nextInt(24));
            if ((roll < 30 && !mine.isEmpty()) || mine.size() >= MAX_RESTING) {
                Engine.Order o = random.nextBoolean() ? mine.pollFirst() : mine.pollLast();
                if (o != null) accounts.trading().cancelFlow(o.owner(), o.id());
                return;
            }
            boolean buy = random.nextBoolean();
            BigDecimal size = BigDecimal.valueOf(5 + random.nextInt(196)).add(BigDecimal.valueOf(random.nextInt(100), 2));
            if (roll >= 88 && (buy ? ask : bid) != null) { // takes the best price
                Engine.Order o = order(owner, tokenId, buy, buy ? ask : bid, size.divide(BigDecimal.valueOf(4), 2, RoundingMode.DOWN).max(BigDecimal.ONE), "FAK");
                accounts.trading().flow(o);
                return;
            }
            BigDecimal price;
            BigDecimal mid = bid != null && ask != null ? bid.add(ask).divide(BigDecimal.valueOf(2), tick.scale() + 2, RoundingMode.HALF_UP)
                    : bid != null ? bid : ask != null ? ask : BigDecimal.valueOf(0.5);
            if (bid != null && ask != null && ask.subtract(bid).compareTo(tick) > 0 && random.nextInt(4) == 0) {
                price = buy ? bid.add(tick) : ask.subtract(tick); // inside the spread
            } else {
                BigDecimal best = buy ? (bid != null ? bid : mid.subtract(tick)) : (ask != null ? ask : mid.add(tick));
                BigDecimal away = tick.multiply(BigDecimal.valueOf(random.nextInt(5)));
                price = buy ? best.subtract(away) : best.add(away);
            }
            price = price.divide(tick, 0, buy ? RoundingMode.FLOOR : RoundingMode.CEILING).multiply(tick);
            if (price.compareTo(tick) < 0 || price.compareTo(one.subtract(tick)) > 0) return;
            if (buy && ask != null && price.compareTo(ask) >= 0) return; // a resting order never crosses here
            if (!buy && bid != null && price.compareTo(bid) <= 0) return;
            Engine.Order o = order(owner, tokenId, buy, price, size, "GTC");
            Engine.Result r = accounts.trading().flow(o);
            if (r.live()) mine.addLast(o);
        }

        private Engine.Order order(String owner, String tokenId, boolean buy, BigDecimal price, BigDecimal size, String type) {
            String id = "0x" + String.format(Locale.ROOT, "%064x", 0xf10L << 40 | ids.incrementAndGet());
            return new Engine.Order(id, owner, "", tokenId, buy, price.stripTrailingZeros(), size, type, null, clock.getAsLong());
        }
    }
}
