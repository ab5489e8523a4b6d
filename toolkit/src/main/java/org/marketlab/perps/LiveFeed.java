package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.config.Service;
import org.marketlab.internal.live.Listeners;
import org.marketlab.internal.live.Channel;
import org.marketlab.live.ChangeSignal;
import org.marketlab.live.FeedStatus;
import org.marketlab.live.LiveFeeds;
import org.marketlab.live.LiveView;
import org.marketlab.http.AuthenticationException;
import org.marketlab.http.ConnectionException;
import org.marketlab.pacing.Clock;
import org.marketlab.charts.AxisFormats;
import org.marketlab.charts.ChartTheme;
import org.marketlab.tables.ColumnKind;
import org.marketlab.tables.RecordTable;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import tech.tablesaw.api.Table;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The account's real-time channel ({@code {perps_ws_url}/v1/ws}), kept whole: {@code var feed = session.live();}.
 *
 * <p>Opening connects on the profile's shared OkHttp client, sends {@code auth} with the proxy address and secret and
 * checks the reply (a refusal is an {@link AuthenticationException}), subscribes to {@code orders}, {@code fills} and
 * {@code portfolio}, and reads the open orders, the portfolio and the recent fills over REST, so the state is whole
 * before the first frame. Then it pings about every 25 s; a connection without any message for about 65 s is stale,
 * and a stale, closed or failed connection is replaced, after a jittered exponential backoff, by a new one that
 * authenticates and subscribes again. The connection is kept by the same mechanism as the order book's market and
 * user feeds (ping, staleness, reconnect, the feed's own thread); what is the perpetuals channel's own is here: its JSON
 * ping, the replies to {@code auth} and {@code sub}, the service's pings answered, and {@code sq}.
 *
 * <p>Pushed frames {@code {ch, ts, sq, data}} become {@link Order}, {@link Fill} and {@link Portfolio} records.
 * {@code sq} counts per connection and channel (as the official client reads it): a frame whose {@code sq} is not
 * above the last one of its channel is a duplicate and is dropped; a jump is a gap; so is a ping reply whose {@code sq}
 * (frames pushed on the connection) is above what arrived. A gap or a new connection resyncs from the REST reads:
 * open orders and portfolio replace what the feed holds, fills since the newest known are merged by trade id. An
 * order frame older than what the feed holds ({@code uts}), or about an order known to have ended, changes nothing.
 *
 * <p>Listeners ({@link #onOrder}, {@link #onFill}, {@link #onPortfolio}, {@link #onState}) are called on the feed's
 * own thread, in order. {@link #close()} (and closing the session) ends the connection; it never revokes the
 * credential.
 */
public final class LiveFeed implements AutoCloseable {

    /** The connection's states: the specification's (connected, authenticated, stale, closed) and the steps between. */
    public enum State { CONNECTING, CONNECTED, AUTHENTICATED, STALE, RECONNECTING, CLOSED }

    /**
     * Timing of a feed: {@code Options.defaults().clock(virtualClock)}.
     *
     * @param pingInterval  how often to ping (25 s)
     * @param staleAfter    silence after which a connection is stale (65 s)
     * @param backoffBase   the first reconnect delay before jitter (250 ms), doubling per failed attempt
     * @param backoffCap    the longest reconnect delay (30 s)
     * @param replyTimeout  how long to wait for the replies to auth and sub (10 s, real time)
     * @param clock         the clock of pings, staleness and backoff (the system clock)
     */
    public record Options(Duration pingInterval, Duration staleAfter, Duration backoffBase, Duration backoffCap, Duration replyTimeout,
                          Clock clock) {
        public Options {
            for (Duration d : List.of(pingInterval, staleAfter, backoffBase, backoffCap, replyTimeout)) {
                if (d == null || d.isNegative() || d.isZero()) throw new IllegalArgumentException("durations must be positive, was " + d);
            }
            Objects.requireNonNull(clock, "clock");
        }

        public static Options defaults() {
            return new Options(Duration.ofSeconds(25), Duration.ofSeconds(65), Duration.ofMillis(250), Duration.ofSeconds(30),
                    Duration.ofSeconds(10), Clock.system());
        }

        public Options clock(Clock clock) {
            return new Options(pingInterval, staleAfter, backoffBase, backoffCap, replyTimeout, clock);
        }

        public Options backoff(Duration base, Duration cap) {
            return new Options(pingInterval, staleAfter, base, cap, replyTimeout, clock);
        }

        public Options timing(Duration pingInterval, Duration staleAfter) {
            return new Options(pingInterval, staleAfter, backoffBase, backoffCap, replyTimeout, clock);
        }
    }

    /**
     * Where a feed stands.
     *
     * @param state          the connection's state
     * @param frames         frames received (duplicates included)
     * @param duplicates     frames dropped as duplicates
     * @param gapsHealed     gaps in {@code sq} found and healed by a resync
     * @param reconnects     connections replaced
     * @param resyncs        REST resyncs done (after gaps and connections)
     * @param lastMessageAge time since the last message on the connection
     * @param worstHeal      the longest time from a gap or a lost connection to the resync that made the state whole
     */
    public record Status(String owner, State state, long frames, long duplicates, long gapsHealed, long reconnects, long resyncs,
                         Duration lastMessageAge, Duration worstHeal, String lastError) {
    }

    /** The kind of this feed's row in {@link LiveFeeds#statusTable()}. */
    private static final String KIND = "perps account";
    private static final Set<String> CHANNELS = Set.of("orders", "fills", "portfolio");
    private static final Set<String> LIVE_STATUSES = Set.of("accepted", "open", "partial", "untriggered", "armed", "triggered");

    private final PerpsSession session;
    private final ObjectMapper json;
    private final URI url;
    private final ChannelRequests requests;
    private final Options options;
    private final Clock clock;
    private volatile Channel channel;

    // state, touched on the channel's thread only (read elsewhere through copies)
    private final Map<Long, Order> orders = new LinkedHashMap<>();
    private final Set<Long> ended = new HashSet<>();
    private final TreeMap<Long, Fill> fills = new TreeMap<>();
    private volatile Portfolio portfolio;
    private final List<AccountPoint> equity = new ArrayList<>();
    private final Map<String, Long> sequences = new HashMap<>();
    private long uniqueOnConnection;
    /** Frames known missing on this connection, and those of them a ping found but no channel has shown yet. */
    private long missingKnown, missingUnplaced;
    private long healStartedNanos = -1;

    // requests on the connection and their replies (answered on the socket's thread)
    private volatile State state = State.CONNECTING;
    private volatile boolean closed;

    // counters of the feed's own (the channel counts reconnects)
    private final AtomicLong frames = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong gapsHealed = new AtomicLong();
    private final AtomicLong resyncs = new AtomicLong();
    private volatile long worstHealNanos;

    private final Listeners<LiveFeed> listeners = new Listeners<>(this);
    private final ChangeSignal views = new ChangeSignal();

    private LiveFeed(PerpsSession session, Options options) {
        this.session = session;
        this.json = session.transport().resources().json();
        this.url = channelUrl(session.transport().resources().baseUrl(Service.PERPS_WS));
        this.requests = new ChannelRequests(json, url);
        this.options = options;
        this.clock = options.clock();
    }

    /** Connects, authenticates, subscribes and reads the state over REST; a refused {@code auth} throws. */
    static LiveFeed open(PerpsSession session, Options options) {
        LiveFeed f = new LiveFeed(session, options);
        Channel.Timing timing = new Channel.Timing(options.pingInterval(), options.staleAfter(), options.backoffBase(), options.backoffCap(),
                options.replyTimeout(), options.clock());
        // On the profile's shared client; the feed pings at the application level, as the specification asks.
        f.channel = Channel.open(session.transport().resources(), Service.PERPS_WS, f.url.getPath(), timing, f.new Handler(), "perps-feed");
        LiveFeeds.opened(f, f::feedStatus);
        return f;
    }

    /** The channel's URL: the profile's {@code perps_ws} with {@code /v1/ws} (unless it carries that path already). */
    static URI channelUrl(URI base) {
        String s = base.toString();
        if (s.endsWith("/v1/ws")) return base;
        return URI.create(s.replaceAll("/+$", "") + "/v1/ws");
    }

    // ---- the connection --------------------------------------------------------------------------------------------

    /** What the feed does with its {@link Channel}: authenticate, subscribe and resync on each connection; read frames. */
    private final class Handler implements Channel.Handler {

        /** On the channel's thread, each new connection: auth (checked), sub (checked), then a resync from REST. */
        @Override
        public void opened(Channel c) throws Exception {
            sequences.clear();
            uniqueOnConnection = 0;
            missingKnown = 0;
            missingUnplaced = 0;
            setState(State.CONNECTED);
            requests.authenticate(c::send, session.credentials(), options.replyTimeout());
            ObjectNode sub = json.createObjectNode().put("req", "sub");
            sub.putArray("chs").add("orders").add("fills").add("portfolio");
            JsonNode subbed = requests.ask(c::send, sub, options.replyTimeout());
            if (!"ok".equals(subbed.path("status").asText())) {
                throw new ConnectionException(0, null, url.toString(), null, "the channel refused the subscription: " + subbed.path("error").asText(), null);
            }
            setState(State.AUTHENTICATED);
            resync();
        }

        /** Replies to requests (the channel's thread waits for them) and the service's pings, on the socket's thread. */
        @Override
        public boolean answer(String text) {
            JsonNode n = tree(text);
            if (n == null) return true; // not JSON: nothing to do with it
            if (ChannelRequests.isReply(n)) {
                // A ping's reply counts what was pushed: the channel's thread checks it.
                return requests.complete(n) || !n.get("data").has("sq");
            }
            return requests.answerPing(n, clock.currentTimeMillis(), frame -> channel().send(frame)) || !n.has("ch");
        }

        @Override
        public void text(String text, long receivedMillis) {
            JsonNode n = tree(text);
            if (n == null) return;
            if (n.has("ch")) {
                frames.incrementAndGet();
                frame(n);
            } else {
                pong(n.path("data").path("sq").asLong());
            }
        }

        @Override
        public String ping() {
            return "{\"id\":" + requests.nextId() + ",\"req\":\"post\",\"op\":{\"type\":\"ping\"}}";
        }

        @Override
        public void lost(String why) {
            requests.failAll(why, null);
        }

        @Override
        public void state(Channel.State s) {
            switch (s) {
                case STALE -> setState(State.STALE);
                case RECONNECTING -> {
                    if (healStartedNanos < 0) healStartedNanos = System.nanoTime();
                    setState(State.RECONNECTING);
                }
                case CLOSED -> close();
                default -> { } // CONNECTING and OPEN: the feed's own steps say more (connected, authenticated)
            }
        }
    }

    /** The channel, once {@link #open} has it (a handler call during the first connection comes before). */
    private Channel channel() {
        Channel c = channel;
        if (c == null) throw new IllegalStateException("the channel is still opening");
        return c;
    }

    private JsonNode tree(String text) {
        try {
            return json.readTree(text);
        } catch (Exception e) {
            return null;
        }
    }

    // ---- frames and state (the channel's thread) ------------------------------------------------------------------

    private void frame(JsonNode n) {
        String ch = n.path("ch").asText();
        if (!CHANNELS.contains(ch)) return;
        long sq = n.path("sq").asLong();
        Long last = sequences.get(ch);
        if (last != null && sq <= last) {
            duplicates.incrementAndGet();
            return;
        }
        sequences.put(ch, sq);
        uniqueOnConnection++;
        long missing = sq - (last == null ? 0 : last) - 1;
        boolean gap = false;
        if (missing > 0) {
            // Missing frames a ping already showed (and a resync healed) need no second resync.
            long placed = Math.min(missing, missingUnplaced);
            missingUnplaced -= placed;
            missingKnown += missing - placed;
            gap = missing > placed;
        }
        JsonNode data = n.get("data");
        switch (ch) {
            case "orders" -> order(json.convertValue(data, Order.class));
            case "fills" -> {
                if (data.isArray()) for (JsonNode f : data) fill(json.convertValue(f, Fill.class));
                else fill(json.convertValue(data, Fill.class));
            }
            case "portfolio" -> portfolio(json.convertValue(data, Portfolio.class));
            default -> { }
        }
        if (gap) gap();
        changed();
    }

    /** A ping reply: {@code sq} frames were pushed on this connection; fewer arrived means some were lost. */
    private void pong(long sq) {
        long missing = sq - uniqueOnConnection - missingKnown;
        if (missing > 0) {
            missingKnown += missing;
            missingUnplaced += missing;
            gap();
            changed();
        }
    }

    private void gap() {
        healStartedNanos = System.nanoTime();
        resync();
        gapsHealed.incrementAndGet();
    }

    private void order(Order o) {
        if (ended.contains(o.oid())) return;
        Order known = orders.get(o.oid());
        if (known != null && known.uts() != null && o.uts() != null && o.uts().isBefore(known.uts())) return;
        if (LIVE_STATUSES.contains(o.status())) orders.put(o.oid(), o);
        else {
            orders.remove(o.oid());
            ended.add(o.oid());
        }
        listeners.tell(o);
    }

    private void fill(Fill f) {
        if (fills.putIfAbsent(f.tid(), f) != null) return;
        listeners.tell(f);
    }

    private void portfolio(Portfolio p) {
        Portfolio known = portfolio;
        if (known != null && known.timestamp() != null && p.timestamp() != null && p.timestamp().isBefore(known.timestamp())) return;
        portfolio = p;
        if (p.margin() != null && p.margin().totalAccountValue() != null && p.timestamp() != null) {
            equity.add(new AccountPoint(p.timestamp(), p.margin().totalAccountValue()));
            if (equity.size() > 10_000) equity.remove(0);
        }
        listeners.tell(p);
    }

    /** Makes the state whole from the REST reads (the channel's thread). */
    private void resync() {
        List<Order> open = session.openOrders();
        Set<Long> listed = new HashSet<>();
        for (Order o : open) listed.add(o.oid());
        for (Long oid : List.copyOf(orders.keySet())) {
            if (!listed.contains(oid)) {
                orders.remove(oid);
                ended.add(oid);
            }
        }
        for (Order o : open) {
            Order known = orders.get(o.oid());
            if (known == null || !o.equals(known)) order(o);
        }
        FillsQuery q = session.fills().onProgress(p -> { }); // a resync is no task to draw
        if (!fills.isEmpty()) {
            Instant newest = fills.values().stream().map(Fill::ts).filter(Objects::nonNull).max(Comparator.naturalOrder()).orElse(null);
            if (newest != null) q = q.from(newest);
        }
        List<Fill> recent = q.list();
        for (int i = recent.size() - 1; i >= 0; i--) fill(recent.get(i));
        portfolio(session.portfolio());
        resyncs.incrementAndGet();
        if (healStartedNanos >= 0) {
            worstHealNanos = Math.max(worstHealNanos, System.nanoTime() - healStartedNanos);
            healStartedNanos = -1;
        }
        changed();
    }

    private void setState(State s) {
        if (state == s) return;
        state = s;
        listeners.tellEach(s);
        changed();
    }

    private void changed() {
        views.changed();
    }

    // ---- what users see ----------------------------------------------------------------------------------------------

    /** Each order as it changes (placed, filled in part, ended); an update older than the order held is dropped. */
    public LiveFeed onOrder(Consumer<Order> listener) {
        return listeners.on(Order.class, listener);
    }

    /** Each fill, once (one read again on a resync is not told twice). */
    public LiveFeed onFill(Consumer<Fill> listener) {
        return listeners.on(Fill.class, listener);
    }

    /** Each portfolio as it comes; one older than the portfolio held is dropped. */
    public LiveFeed onPortfolio(Consumer<Portfolio> listener) {
        return listeners.on(Portfolio.class, listener);
    }

    /** The connection's state as it moves; a listener that throws is passed over. */
    public LiveFeed onState(Consumer<State> listener) {
        return listeners.on(State.class, listener);
    }

    /** The open orders now, oldest first. */
    public List<Order> orders() {
        return read(() -> List.copyOf(orders.values()));
    }

    /** Every fill seen (and read on resyncs), oldest trade id first. */
    public List<Fill> fills() {
        return read(() -> List.copyOf(fills.values()));
    }

    /** The newest portfolio. */
    public Portfolio portfolio() {
        return portfolio;
    }

    public State state() {
        return state;
    }

    public Status status() {
        Channel c = channel;
        Channel.Counters k = c == null ? null : c.counters();
        Duration age = k == null || state == State.CLOSED ? Duration.ZERO : k.lastMessageAge();
        return new Status(session.owner(), state, frames.get(), duplicates.get(), gapsHealed.get(), k == null ? 0 : k.reconnects(), resyncs.get(),
                age, Duration.ofNanos(worstHealNanos), k == null ? null : k.lastError());
    }

    /** Waits until everything received so far has been applied (for tests and notebooks that act, then read). */
    public LiveFeed settle() {
        read(() -> null);
        return this;
    }

    /** Runs {@code task} on the channel's thread, where the state lives, and waits for its value. */
    private <T> T read(java.util.concurrent.Callable<T> task) {
        Channel c = channel;
        if (c != null) return c.read(task);
        try {
            return task.call(); // the first connection, on the channel's thread
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The open orders as a table that redraws itself in a notebook, the columns a reader scans first, in a width that
     * fits the page: created, instrument symbol, side, price, quantity, filled quantity, status, flags (post-only,
     * reduce-only), order id. {@link #ordersTableAllColumns()} adds the resting quantity, the time in force, the update
     * time and the client order id; the order records ({@link #orders()}) keep the service's fields as sent.
     */
    public LiveView<Table> ordersTable() {
        return view("open orders", () -> ordersShown(ORDERS));
    }

    /**
     * The open orders as a table that redraws itself in a notebook, every column in words: created, instrument symbol,
     * side, price, quantity, filled and resting, status, time in force, flags, updated, then the ids.
     */
    public LiveView<Table> ordersTableAllColumns() {
        return view("open orders, every column", () -> ordersShown(ORDERS_ALL));
    }

    /**
     * The fills, newest first, as a table that redraws itself in a notebook, the columns a reader scans first, in a
     * width that fits the page: time, instrument symbol, side (buy or sell), maker or taker, price, quantity, fee,
     * realised PnL, flags (liquidation, auto-deleveraging, a fee not in USDC). {@link #fillsTableAllColumns()} adds the
     * position's size and entry price before each fill and the order, trade and client order ids; the fill records
     * ({@link #fills()}) keep the service's abbreviated fields ({@code tid}, {@code psz}, ...) as sent.
     */
    public LiveView<Table> fillsTable() {
        return view("fills", () -> fillsShown(FILLS));
    }

    /**
     * The fills, newest first, as a table that redraws itself in a notebook, every column in words: time, instrument
     * symbol, side, price, quantity, fee, realised PnL, the position's size and entry price before the fill, maker or
     * taker, flags, then the ids.
     */
    public LiveView<Table> fillsTableAllColumns() {
        return view("fills, every column", () -> fillsShown(FILLS_ALL));
    }

    private Table ordersShown(RecordTable<Named<Order>> columns) {
        Map<Long, String> symbols = symbols();
        return columns.adapt((Order o) -> new Named<>(o, symbols.getOrDefault(o.iid(), "instrument " + o.iid()))).table("open orders", orders());
    }

    private Table fillsShown(RecordTable<Named<Fill>> columns) {
        List<Fill> all = new ArrayList<>(fills());
        java.util.Collections.reverse(all);
        Map<Long, String> symbols = symbols();
        return columns.adapt((Fill f) -> new Named<>(f, symbols.getOrDefault(f.iid(), "instrument " + f.iid()))).table("fills", all);
    }

    /** Instrument symbols by id, from the portfolio's positions. */
    private Map<Long, String> symbols() {
        Map<Long, String> out = new java.util.HashMap<>();
        Portfolio p = read(() -> portfolio);
        if (p != null && p.positions() != null) for (Portfolio.Position pos : p.positions()) out.put(pos.instrumentId(), pos.symbol());
        return out;
    }

    /** A row with the symbol of its instrument. */
    private record Named<T>(T row, String symbol) {
    }

    private static final RecordTable<Named<Fill>> FILLS_ALL = RecordTable.<Named<Fill>>columns()
            .column("time", java.time.Instant.class, n -> n.row().ts())
            .column("symbol", String.class, Named::symbol)
            .column("side", String.class, n -> fillSide(n.row()))
            .column("price", java.math.BigDecimal.class, n -> n.row().p())
            .column("quantity", java.math.BigDecimal.class, n -> n.row().qty())
            .column("fee", java.math.BigDecimal.class, n -> n.row().fee())
            .column("realized_pnl", java.math.BigDecimal.class, n -> n.row().pnl())
            .column("position_before_fill", java.math.BigDecimal.class, n -> n.row().psz())
            .column("entry_price_before_fill", java.math.BigDecimal.class, n -> n.row().pep())
            .column("role", String.class, n -> role(n.row()))
            .column("flags", String.class, n -> fillFlags(n.row()))
            .column("order_id", Long.class, n -> n.row().oid())
            .column("trade_id", Long.class, n -> n.row().tid())
            .column("client_order_id", String.class, n -> n.row().coid());

    private static final RecordTable<Named<Order>> ORDERS_ALL = RecordTable.<Named<Order>>columns()
            .column("created", java.time.Instant.class, n -> n.row().cts())
            .column("symbol", String.class, Named::symbol)
            .column("side", String.class, n -> n.row().buy() ? "buy" : "sell")
            .column("price", java.math.BigDecimal.class, n -> n.row().p())
            .column("quantity", java.math.BigDecimal.class, n -> n.row().qty())
            .column("filled_quantity", java.math.BigDecimal.class, n -> n.row().fill())
            .column("resting_quantity", java.math.BigDecimal.class, n -> n.row().rest())
            .column("status", String.class, n -> n.row().status())
            .column("time_in_force", String.class, n -> timeInForce(n.row()))
            .column("flags", String.class, n -> orderFlags(n.row()))
            .column("updated", java.time.Instant.class, n -> n.row().uts())
            .column("order_id", Long.class, n -> n.row().oid())
            .column("client_order_id", String.class, n -> n.row().coid());

    private static final RecordTable<Named<Fill>> FILLS = FILLS_ALL.only("time", "symbol", "side", "role", "price", "quantity", "fee",
            "realized_pnl", "flags");

    private static final RecordTable<Named<Order>> ORDERS = ORDERS_ALL.only("created", "symbol", "side", "price", "quantity", "filled_quantity",
            "status", "flags", "order_id");

    /** A fill's side as the orders table says it: the service's {@code long} is a buy, {@code short} a sell. */
    private static String fillSide(Fill f) {
        if (f.side() == null) return null;
        return switch (f.side().toLowerCase(java.util.Locale.ROOT)) {
            case "long", "buy" -> "buy";
            case "short", "sell" -> "sell";
            default -> f.side();
        };
    }

    private static String role(Fill f) {
        return f.taker() == null ? null : f.taker() ? "taker" : "maker";
    }

    private static String fillFlags(Fill f) {
        return flags(Boolean.TRUE.equals(f.liq()) ? "liquidation" : null, Boolean.TRUE.equals(f.adl()) ? "auto-deleveraged" : null,
                f.fea() != null && !"USDC".equalsIgnoreCase(f.fea()) ? "fee in " + f.fea() : null);
    }

    private static String timeInForce(Order o) {
        return o.tif() == null ? null : o.tif().toUpperCase(java.util.Locale.ROOT);
    }

    private static String orderFlags(Order o) {
        return flags(Boolean.TRUE.equals(o.po()) ? "post-only" : null, Boolean.TRUE.equals(o.ro()) ? "reduce-only" : null);
    }

    /** The flags that are set, joined ("post-only, reduce-only"); empty when none. */
    private static String flags(String... set) {
        StringBuilder b = new StringBuilder();
        for (String f : set) if (f != null) b.append(b.length() == 0 ? "" : ", ").append(f);
        return b.toString();
    }

    /** The portfolio, redrawn as it changes. */
    public LiveView<Portfolio> portfolioView() {
        return view("portfolio", this::portfolio);
    }

    /**
     * Total account value over time (one point per portfolio snapshot), as steps (the value holds between snapshots)
     * in the current chart theme, redrawn as it grows.
     */
    public LiveView<XYChart> equityChart() {
        return view("equity", () -> {
            List<AccountPoint> pts = read(() -> List.copyOf(equity));
            ChartTheme theme = ChartTheme.current();
            XYChart c = new XYChartBuilder().width(theme.width()).height(theme.height() * 4 / 5)
                    .title("Total account value, live").xAxisTitle("time (UTC)").yAxisTitle("account value (USDC)").build();
            List<Date> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (AccountPoint p : pts) {
                x.add(Date.from(p.timestamp()));
                y.add(p.value().doubleValue());
            }
            if (x.isEmpty()) {
                x.add(new Date());
                y.add(0.0);
            }
            c.addSeries("equity", x, y).setXYSeriesRenderStyle(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.Step);
            theme.apply(c);
            c.getStyler().setLegendVisible(false);
            c.getStyler().setDatePattern("HH:mm:ss");
            c.getStyler().setyAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.USDC, y.stream().mapToDouble(Double::doubleValue).toArray()));
            return c;
        });
    }

    /** The connection's state and counters, redrawn as they change. */
    public LiveView<Status> statusView() {
        return view("connection", this::status);
    }

    private <T> LiveView<T> view(String title, java.util.function.Supplier<T> now) {
        return views.view(title, now);
    }

    /** This feed's row of {@link LiveFeeds#statusTable()}. */
    private FeedStatus feedStatus() {
        Status s = status();
        return new FeedStatus(KIND, s.owner(), s.state().name(), s.frames(), s.duplicates(), s.resyncs(), s.gapsHealed(),
                s.reconnects(), s.lastMessageAge(), s.lastError());
    }

    /** Where every perps account feed open now stands, with each one's gaps healed and worst time to heal. */
    public static List<Status> statuses() {
        List<Status> out = new ArrayList<>();
        for (LiveFeed f : LiveFeeds.open(LiveFeed.class)) out.add(f.status());
        return out;
    }

    /**
     * One row per open perps account feed, in the columns of {@link LiveFeeds#statusTable()} (the name is the owner, the
     * mismatches are the gaps healed); {@link #statuses()} has each feed's worst time to heal too.
     */
    public static Table statusTable() {
        Table all = LiveFeeds.statusTable();
        return all.where(all.stringColumn("kind").isEqualTo(KIND));
    }

    /** Ends the connection (the credential stays valid). */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        LiveFeeds.closed(this);
        state = State.CLOSED;
        listeners.tellEach(State.CLOSED);
        changed();
        Channel c = channel;
        if (c != null) c.close();
        session.forget(this);
    }

    @Override
    public String toString() {
        Status s = status();
        return "LiveFeed[" + s.owner() + ", " + s.state().name().toLowerCase(java.util.Locale.ROOT) + ", " + s.frames() + " frames, "
                + s.gapsHealed() + " gaps healed, " + s.reconnects() + " reconnects]";
    }
}
