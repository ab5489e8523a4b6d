package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.config.Service;
import org.marketlab.internal.live.Listeners;
import org.marketlab.internal.live.Channel;
import org.marketlab.internal.live.FeedRecording;
import org.marketlab.internal.transport.Decoding;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;
import org.marketlab.live.ChangeSignal;
import org.marketlab.live.FeedStatus;
import org.marketlab.live.LiveFeeds;
import org.marketlab.live.LiveView;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Your orders and trades on the order book's user channel ({@code var feed = session.live();}), as tables that redraw
 * themselves in place: the open orders as they rest, fill and leave, and each trade through its statuses
 * ({@code MATCHED}, {@code MINED}, {@code CONFIRMED}; {@code RETRYING}, {@code FAILED}). The order-book counterpart of the
 * perpetuals account feed.
 *
 * <p>It connects on the profile's shared HTTP client and authenticates with the session's API key (a refusal closes it
 * with the service's reason; it never shows the secret), subscribes to the markets given (all of them by default), and
 * reads the open orders and trades over REST, so the state is whole before the first event; after a reconnection
 * (a {@code PING} every 10 s, stale after 30 s, jittered backoff) it reads them again. Closing the session closes it;
 * so does the kernel's shutdown.
 */
public final class UserFeed implements AutoCloseable {

    /** Where a user feed stands. */
    public record Status(String apiKey, String state, long frames, long orderEvents, long tradeEvents, long resyncs, long reconnects,
                         int openOrders, int trades, Duration lastMessageAge, String lastError) {
    }

    private final ClobSession session;
    private final List<String> markets;
    private volatile Channel channel;
    private volatile boolean closed;
    private volatile String lastError;
    private final FeedRecording recording = new FeedRecording();

    // state, on the channel's thread
    private final Map<String, OpenOrder> orders = new LinkedHashMap<>();
    private final Map<String, ClobTrade> trades = new LinkedHashMap<>();
    private final AtomicLong orderEvents = new AtomicLong(), tradeEvents = new AtomicLong(), resyncs = new AtomicLong();

    private final ChangeSignal views = new ChangeSignal();
    private final Listeners<UserFeed> listeners = new Listeners<>(this);

    private UserFeed(ClobSession session, List<String> markets) {
        this.session = session;
        this.markets = markets;
    }

    /** Opens the session's user channel (what {@code session.live()} calls); a refused key throws. */
    static UserFeed open(ClobSession session, Collection<String> conditionIds, MarketFeed.Options options) {
        List<String> ms = new ArrayList<>();
        for (String c : conditionIds) {
            String m = c == null ? "" : c.trim().toLowerCase(Locale.ROOT);
            if (!m.matches("0x[0-9a-f]{64}")) {
                throw new IllegalArgumentException("'" + org.marketlab.internal.Args.shown(c) + "' is not a condition id: 0x and 64 hex digits, as a market's conditionId");
            }
            ms.add(m);
        }
        UserFeed f = new UserFeed(session, List.copyOf(ms));
        f.channel = Channel.open(session.transport().resources(), Service.CLOB_WS, "/ws/user", options.timing(), f.new Handler(), "user-feed");
        try {
            Thread.sleep(50); // a refusal closes the connection at once
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Channel.Counters opened = f.channel.counters();
        if (opened.state() == Channel.State.CLOSED) {
            String why = opened.lastError();
            f.close();
            throw new org.marketlab.http.AuthenticationException(401, null, f.channel.where(), null,
                    "the user channel refused API key " + session.apiKey() + ": " + why, null);
        }
        LiveFeeds.opened(f, f::feedStatus);
        return f;
    }

    private final class Handler implements Channel.Handler {
        @Override
        public void opened(Channel c) {
            ObjectNode sub = Decoding.mapper().createObjectNode();
            ObjectNode auth = sub.putObject("auth");
            ApiCredentials creds = session.credentials();
            auth.put("apiKey", creds.apiKey()).put("secret", creds.secret()).put("passphrase", creds.passphrase());
            sub.put("type", "user");
            if (!markets.isEmpty()) {
                ArrayNode a = sub.putArray("markets");
                markets.forEach(a::add);
            }
            c.send(sub.toString());
            resync();
        }

        @Override
        public void text(String text, long receivedMillis) {
            recording.write(text, receivedMillis, true);
            List<UserMessage> ms;
            try {
                ms = parse(text);
            } catch (IllegalArgumentException e) {
                lastError = e.getMessage();
                return;
            }
            for (UserMessage m : ms) {
                if (m instanceof UserMessage.OrderEvent o) order(o);
                else if (m instanceof UserMessage.TradeEvent t) trade(t);
            }
            views.changed();
        }

        @Override
        public void state(Channel.State s) {
            views.changed();
        }
    }

    /** The open orders and trades over REST: open orders replace what the feed holds, trades are merged by id. */
    private void resync() {
        List<OpenOrder> open = session.orders().list();
        orders.clear();
        for (OpenOrder o : open) orders.put(o.id(), o);
        for (ClobTrade t : session.trades().list()) trades.putIfAbsent(t.id(), t);
        resyncs.incrementAndGet();
        views.changed();
    }

    private void order(UserMessage.OrderEvent e) {
        orderEvents.incrementAndGet();
        OpenOrder o = e.order();
        boolean ended = "CANCELLATION".equals(e.type()) || "CANCELED".equalsIgnoreCase(o.status()) || "MATCHED".equalsIgnoreCase(o.status())
                || (o.remaining() != null && o.remaining().signum() == 0);
        if (ended) orders.remove(o.id());
        else orders.put(o.id(), o);
        listeners.tell(e);
    }

    private void trade(UserMessage.TradeEvent e) {
        tradeEvents.incrementAndGet();
        trades.put(e.trade().id(), e.trade());
        listeners.tell(e);
    }

    /**
     * The typed messages of one frame of the user channel (one message object, or an array of them), in order.
     *
     * @throws IllegalArgumentException naming what is wrong with a frame that is not one
     */
    public static List<UserMessage> parse(String json) {
        if (json == null || json.isBlank()) throw new IllegalArgumentException("a frame is a JSON object or an array of them, was empty");
        Document doc = Document.file("user channel frame", json);
        JsonNode n;
        try {
            n = doc.tree();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a user channel frame: " + e.getMessage(), e);
        }
        List<UserMessage> out = new ArrayList<>();
        for (JsonNode m : n.isArray() ? n : List.of(n)) {
            if (!m.isObject()) throw new IllegalArgumentException("a user channel message is an object, was " + m);
            String type = JsonFields.text(m, "event_type");
            Instant ts = JsonFields.instant(doc, m, "timestamp");
            if ("order".equals(type)) {
                out.add(new UserMessage.OrderEvent(JsonFields.text(m, "type"), OpenOrder.read(doc, m), ts));
            } else if ("trade".equals(type)) {
                ObjectNode t = ((ObjectNode) m).deepCopy();
                if (!t.has("match_time") && t.has("matchtime")) t.set("match_time", t.get("matchtime"));
                out.add(new UserMessage.TradeEvent(ClobTrade.read(doc, t), ts));
            } else {
                out.add(new UserMessage.Unknown(type, m.toString(), ts));
            }
        }
        return out;
    }

    // ---- what users see --------------------------------------------------------------------------------------------

    /** The account's open orders now, oldest first. */
    public List<OpenOrder> orders() {
        return channel.read(() -> List.copyOf(orders.values()));
    }

    /** The account's trades seen (and read on resyncs), each at its latest status. */
    public List<ClobTrade> trades() {
        return channel.read(() -> List.copyOf(trades.values()));
    }

    /** The trade {@code id} as it stands now, or null. */
    public ClobTrade trade(String id) {
        return channel.read(() -> trades.get(id));
    }

    public UserFeed onOrder(Consumer<UserMessage.OrderEvent> listener) {
        return listeners.on(UserMessage.OrderEvent.class, listener);
    }

    public UserFeed onTrade(Consumer<UserMessage.TradeEvent> listener) {
        return listeners.on(UserMessage.TradeEvent.class, listener);
    }

    private static final RecordTable<OpenOrder> ORDERS = RecordTable.<OpenOrder>columns()
            .column("created", Instant.class, OpenOrder::createdAt)
            .column("token", String.class, o -> org.marketlab.markets.TokenNames.of(o.assetId()))
            .column("side", String.class, OpenOrder::side)
            .column("price", BigDecimal.class, OpenOrder::price)
            .column("size", BigDecimal.class, OpenOrder::originalSize)
            .column("size_matched", BigDecimal.class, OpenOrder::sizeMatched)
            .column("type", String.class, OpenOrder::orderType)
            .column("status", String.class, OpenOrder::status)
            .column("order_id", String.class, OpenOrder::id);

    private static final RecordTable<ClobTrade> TRADES = RecordTable.<ClobTrade>columns()
            .column("match_time", Instant.class, ClobTrade::matchTime)
            .column("token", String.class, t -> org.marketlab.markets.TokenNames.of(t.assetId()))
            .column("role", String.class, ClobTrade::traderSide)
            .column("side", String.class, ClobTrade::side)
            .column("price", BigDecimal.class, ClobTrade::price)
            .column("size", BigDecimal.class, ClobTrade::size)
            .column("status", String.class, ClobTrade::status)
            .column("updated", Instant.class, ClobTrade::lastUpdate)
            .column("trade_id", String.class, ClobTrade::id);

    /** The open orders, redrawn as they change. */
    public LiveView<Table> ordersTable() {
        return views.view("open orders", () -> ORDERS.table("open orders", orders()));
    }

    /** The trades, newest first, each at its latest status, redrawn as they move on. */
    public LiveView<Table> tradesTable() {
        return views.view("trades", () -> {
            List<ClobTrade> all = new ArrayList<>(trades());
            all.sort(Comparator.comparing(ClobTrade::matchTime, Comparator.nullsFirst(Comparator.naturalOrder())).reversed());
            return TRADES.table("trades", all);
        });
    }

    /** The connection's state and counters, redrawn as they change. */
    public LiveView<Status> statusView() {
        return views.view("user feed", this::status);
    }

    /** Writes every frame from now on to {@code path}, one JSON line each with its arrival time. */
    public UserFeed record(Path path) {
        Objects.requireNonNull(path, "path");
        channel.read(() -> {
            recording.start(path, e -> lastError = e);
            return null;
        });
        return this;
    }

    /** Ends the recording; its path, or null. */
    public Path stopRecording() {
        return channel.read(recording::stop);
    }

    public Status status() {
        Channel c = channel;
        int[] sizes = c.read(() -> new int[]{orders.size(), trades.size()});
        Channel.Counters k = c.counters();
        return new Status(session.apiKey(), k.state().name().toLowerCase(Locale.ROOT), k.frames(), orderEvents.get(), tradeEvents.get(), resyncs.get(),
                k.reconnects(), sizes[0], sizes[1], k.lastMessageAge(), lastError != null ? lastError : k.lastError());
    }

    private FeedStatus feedStatus() {
        Status s = status();
        return new FeedStatus("user", s.apiKey(), s.state(), s.frames(), 0, s.resyncs(), 0, s.reconnects(), s.lastMessageAge(), s.lastError());
    }

    /** Waits until everything received so far has been applied. */
    public UserFeed settle() {
        channel.read(() -> null);
        return this;
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        Channel c = channel;
        if (c != null) {
            c.read(recording::stop);
            c.close();
        }
        LiveFeeds.closed(this);
        session.forget(this);
    }

    @Override
    public String toString() {
        Status s = status();
        return "UserFeed[" + s.apiKey() + ", " + s.state() + ", " + s.openOrders() + " open orders, " + s.trades() + " trades]";
    }
}
