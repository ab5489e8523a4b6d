package org.marketlab.clob;

import org.knowm.xchart.XYChart;
import org.marketlab.charts.BookCharts;
import org.marketlab.config.Service;
import org.marketlab.http.ConnectionException;
import org.marketlab.internal.live.Listeners;
import org.marketlab.internal.live.Channel;
import org.marketlab.internal.live.Lane;
import org.marketlab.internal.live.FeedRecording;
import org.marketlab.internal.live.Recorder;
import org.marketlab.live.ChangeSignal;
import org.marketlab.live.FeedStatus;
import org.marketlab.live.LiveFeeds;
import org.marketlab.live.LiveView;
import org.marketlab.markets.TokenNames;
import org.marketlab.pacing.Clock;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.Table;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The order book's market channel followed live ({@code var feed = Clob.live(token);}), or a recording of it replayed
 * ({@code Clob.replay(path)}): a local book per token, the tape of trades and the best prices over time, kept whole and
 * checked.
 *
 * <p><b>Books.</b> Each token's book starts from the channel's {@code book} snapshot; every {@code price_change} then sets
 * the size of its levels. After each message the book is checked against the message: its best bid and ask, and (where
 * the service's hashes can be reproduced, as on the sandbox: {@link Status#unverifiedTokens()} counts the others) its
 * hash. A mismatch, a reconnection or a message older than the book makes the book whole again from a fresh snapshot
 * ({@code /book}, or the channel's own after a reconnection), counted in {@link Status#resyncs()}. A repeated trade is
 * dropped ({@link Status#duplicates()}).
 *
 * <p><b>The connection</b> is on the profile's shared HTTP client: a {@code PING} every 10 s, stale after 30 s of silence
 * (as the official client), replaced after a jittered exponential backoff, subscribed again with fresh books. Tokens are
 * added and removed while open ({@link #subscribe}, {@link #unsubscribe}). {@link #close()} ends it; the kernel closes
 * every feed when it shuts down. {@code MarketLab.pacing()} and {@code %limits} list open feeds.
 *
 * <p><b>Views</b> ({@link #bookTable}, {@link #depthChart}, {@link #tradesTable}, {@link #spreadChart}, {@link #statusView})
 * redraw themselves in place in a notebook; listeners ({@link #onBook}, {@link #onPriceChange}, {@link #onTrade},
 * {@link #onTickSize}, {@link #onResolved}, {@link #onMessage}) are called on the feed's own thread, in order.
 *
 * <p><b>Recording.</b> {@link #record(Path)} writes every frame as it arrives, one JSON line {@code {"t": arrival ms,
 * "frame": ...}} (a resync's book too), for {@link #replay(Path)} and {@link #bookSnapshots(Path, String, Duration, int)}.
 */
public final class MarketFeed implements AutoCloseable {

    /** The feed's states: a connection's, and a replay's. */
    public enum State { CONNECTING, OPEN, STALE, RECONNECTING, PAUSED, REPLAYING, DONE, CLOSED }

    /**
     * How a feed keeps its connection and checks its books: {@code Options.defaults().verifyHashes(false)}.
     *
     * @param ping         how often to send {@code PING} (10 s)
     * @param staleAfter   silence after which a connection is replaced (30 s)
     * @param backoffBase  the first reconnect delay before jitter (250 ms), doubling per failed attempt
     * @param backoffCap   the longest reconnect delay (30 s)
     * @param openTimeout  how long a connection, and a token's first book, may take (10 s)
     * @param verifyHashes whether to check the books' hashes where they can be reproduced (true)
     * @param keep         trades and best-price points kept per feed (10,000)
     * @param clock        the clock of pings, staleness and backoff
     */
    public record Options(Duration ping, Duration staleAfter, Duration backoffBase, Duration backoffCap, Duration openTimeout,
                          boolean verifyHashes, int keep, Clock clock) {
        public Options {
            new Channel.Timing(ping, staleAfter, backoffBase, backoffCap, openTimeout, clock); // checks them
            if (keep < 1) throw new IllegalArgumentException("keep must be 1 or more, was " + keep);
        }

        public static Options defaults() {
            return new Options(Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofMillis(250), Duration.ofSeconds(30),
                    Duration.ofSeconds(10), true, 10_000, Clock.system());
        }

        public Options timing(Duration ping, Duration staleAfter) {
            return new Options(ping, staleAfter, backoffBase, backoffCap, openTimeout, verifyHashes, keep, clock);
        }

        public Options backoff(Duration base, Duration cap) {
            return new Options(ping, staleAfter, base, cap, openTimeout, verifyHashes, keep, clock);
        }

        public Options verifyHashes(boolean verify) {
            return new Options(ping, staleAfter, backoffBase, backoffCap, openTimeout, verify, keep, clock);
        }

        public Options keep(int points) {
            return new Options(ping, staleAfter, backoffBase, backoffCap, openTimeout, verifyHashes, points, clock);
        }

        public Options clock(Clock clock) {
            return new Options(ping, staleAfter, backoffBase, backoffCap, openTimeout, verifyHashes, keep, clock);
        }

        Channel.Timing timing() {
            return new Channel.Timing(ping, staleAfter, backoffBase, backoffCap, openTimeout, clock);
        }
    }

    /**
     * Where a feed stands.
     *
     * @param source              {@code market channel}, or the recording replayed
     * @param frames              frames received (or replayed)
     * @param messages            messages in them
     * @param priceChanges        price-change entries applied
     * @param trades              trades kept
     * @param duplicates          trades dropped as repeats
     * @param resyncs             books made whole again from a fresh snapshot
     * @param hashMismatches      books whose hash differed from a message's
     * @param bestPriceMismatches books whose best bid or ask differed from a message's
     * @param staleIgnored        messages older than the book they were about, not applied
     * @param reconnects          connections replaced
     * @param unverifiedTokens    books whose hashes cannot be reproduced (best prices are still checked)
     */
    public record Status(String source, State state, List<String> tokens, long frames, long messages, long priceChanges, long trades,
                         long duplicates, long resyncs, long hashMismatches, long bestPriceMismatches, long staleIgnored, long reconnects,
                         int unverifiedTokens, Duration lastMessageAge, String lastError) {
        public Status {
            tokens = List.copyOf(tokens);
        }
    }

    private final ClobData data; // null for a replay
    private final Options options;
    private final Lane lane;
    private volatile Channel channel;
    private final Path replaying; // null for a live feed
    private volatile State state;
    private volatile String lastError;
    private volatile boolean closed;

    // state, on the lane only
    private final Map<String, LocalBook> books = new LinkedHashMap<>();
    private final Set<String> tokens = new LinkedHashSet<>();
    private final FrameReader reader = new FrameReader();
    private final ArrayDeque<MarketMessage.LastTrade> trades = new ArrayDeque<>();
    private final Set<String> tradeKeys = new HashSet<>();
    private final ArrayDeque<String> tradeKeyOrder = new ArrayDeque<>();
    private final Map<String, BestPrices> best = new LinkedHashMap<>();
    private long lastReceived;
    private final FeedRecording recording = new FeedRecording();
    private Sampler sampler;

    private final AtomicLong frames = new AtomicLong(), messages = new AtomicLong(), priceChanges = new AtomicLong(), duplicates = new AtomicLong(),
            resyncs = new AtomicLong(), hashMismatches = new AtomicLong(), bestPriceMismatches = new AtomicLong(), staleIgnored = new AtomicLong();

    private final ChangeSignal views = new ChangeSignal();
    private final Listeners<MarketFeed> listeners = new Listeners<>(this);

    private MarketFeed(ClobData data, Options options, Path replaying) {
        this.data = data;
        this.options = options;
        this.replaying = replaying;
        this.lane = new Lane("marketlab-market-feed", e -> lastError = String.valueOf(e.getMessage()));
        this.state = replaying == null ? State.CONNECTING : State.PAUSED;
    }

    // ---- opening -------------------------------------------------------------------------------------------------------

    /**
     * Follows {@code tokenIds} on the market channel of {@code data}'s profile (what {@code Clob.live} calls): returns once
     * every token's first book is in.
     *
     * @throws IllegalArgumentException for an id that is not a token id (digits)
     * @throws org.marketlab.http.NotFoundException for a token with no book (a closed market's)
     */
    public static MarketFeed open(ClobData data, Collection<String> tokenIds, Options options) {
        Objects.requireNonNull(data, "data");
        List<String> ids = checked(tokenIds);
        if (ids.isEmpty()) throw new IllegalArgumentException("name at least one token id to follow (Clob.tokens(market) lists a market's)");
        MarketFeed f = new MarketFeed(data, options == null ? Options.defaults() : options, null);
        f.lane.read(() -> f.tokens.addAll(ids));
        try {
            f.channel = Channel.open(data.transport().resources(), Service.CLOB_WS, "/ws/market", f.options.timing(), f.new Handler(), "market-feed");
            f.awaitBooks(ids);
        } catch (RuntimeException e) {
            f.close();
            throw e;
        }
        LiveFeeds.opened(f, f::feedStatus);
        return f;
    }

    /**
     * A recording made by {@link #record(Path)} (JSON lines or Parquet), ready to replay into the same views and listeners: nothing happens until
     * {@link #play()}, {@link #play(double)} or {@link #playToEnd()}.
     */
    public static MarketFeed replay(Path recording) {
        return replay(recording, Options.defaults());
    }

    /** {@link #replay(Path)} with other checks ({@code Options.defaults().verifyHashes(false)}) or fewer points kept. */
    public static MarketFeed replay(Path recording, Options options) {
        Objects.requireNonNull(recording, "recording");
        if (!Files.isReadable(recording)) throw new IllegalArgumentException("no readable recording at " + recording.toAbsolutePath());
        MarketFeed f = new MarketFeed(null, options == null ? Options.defaults() : options, recording);
        LiveFeeds.opened(f, f::feedStatus);
        return f;
    }

    /**
     * The typed messages of one frame of the market channel (one message object, or an array of them), in order: for saved
     * frames and tests.
     *
     * @throws IllegalArgumentException naming what is wrong with a frame that is not one
     */
    public static List<MarketMessage> parse(String json) {
        if (json == null || json.isBlank()) throw new IllegalArgumentException("a frame is a JSON object or an array of them, was empty");
        List<MarketMessage> out = new ArrayList<>();
        try {
            new FrameReader().read(json, m -> out.add(FrameReader.record(m)));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("not a market channel frame: " + e.getMessage(), e);
        }
        return out;
    }

    private static List<String> checked(Collection<String> tokenIds) {
        Objects.requireNonNull(tokenIds, "tokenIds");
        List<String> out = new ArrayList<>();
        for (String id : tokenIds) {
            String t = id == null ? "" : id.trim();
            if (t.isEmpty() || t.length() > 80 || !t.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw new IllegalArgumentException("'" + org.marketlab.internal.Args.shown(id)
                        + "' is not a token id: decimal digits, as a market's clobTokenIds (Clob.tokens(market)), not its 0x… conditionId");
            }
            if (!out.contains(t)) out.add(t);
        }
        return out;
    }

    /** Waits for the tokens' first books; those that do not come from the channel are read from {@code /book}. */
    private void awaitBooks(List<String> ids) {
        long until = System.nanoTime() + options.openTimeout().toNanos();
        while (System.nanoTime() < until) {
            boolean all = lane.read(() -> {
                for (String id : ids) {
                    LocalBook b = books.get(id);
                    if (tokens.contains(id) && (b == null || b.resyncing)) return false;
                }
                return true;
            });
            if (all) return;
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ConnectionException(0, null, channel.where(), null, "interrupted waiting for the first books", e);
            }
        }
        lane.read(() -> {
            for (String id : ids) {
                LocalBook b = books.computeIfAbsent(id, LocalBook::new);
                if (tokens.contains(id) && (b.timestamp == 0 || b.resyncing)) resyncFromRest(b, true);
            }
            return null;
        });
    }

    // ---- the connection --------------------------------------------------------------------------------------------

    private final class Handler implements Channel.Handler {
        private boolean first = true;

        @Override
        public void opened(Channel c) {
            // A new connection (a reconnection too) starts every book afresh from the channel's snapshots.
            for (String id : tokens) {
                LocalBook b = books.computeIfAbsent(id, LocalBook::new);
                b.resyncing = true;
                if (!first) resyncs.incrementAndGet();
            }
            first = false;
            c.send(subscription("type", "market", tokens, true));
        }

        @Override
        public void text(String text, long receivedMillis) {
            frame(text, receivedMillis);
        }

        @Override
        public void state(Channel.State s) {
            setState(switch (s) {
                case CONNECTING -> State.CONNECTING;
                case OPEN -> State.OPEN;
                case STALE -> State.STALE;
                case RECONNECTING -> State.RECONNECTING;
                case CLOSED -> State.CLOSED;
            });
        }
    }

    private static String subscription(String key, String value, Collection<String> ids, boolean custom) {
        StringBuilder b = new StringBuilder("{\"assets_ids\":[");
        int i = 0;
        for (String id : ids) b.append(i++ == 0 ? "" : ",").append('"').append(id).append('"');
        b.append("],\"").append(key).append("\":\"").append(value).append('"');
        if (custom) b.append(",\"custom_feature_enabled\":true");
        return b.append('}').toString();
    }

    /** Follows more tokens on the open connection; returns once their first books are in. */
    public MarketFeed subscribe(String... tokenIds) {
        List<String> ids = checked(Arrays.asList(tokenIds));
        requireLive("subscribe");
        List<String> added = lane.read(() -> {
            List<String> out = new ArrayList<>();
            for (String id : ids) {
                if (tokens.add(id)) {
                    books.computeIfAbsent(id, LocalBook::new).resyncing = true;
                    out.add(id);
                }
            }
            if (!out.isEmpty()) channel.send(subscription("operation", "subscribe", out, true));
            return out;
        });
        if (!added.isEmpty()) awaitBooks(added);
        changed();
        return this;
    }

    /** Stops following tokens: their books, best prices and trades are dropped. */
    public MarketFeed unsubscribe(String... tokenIds) {
        List<String> ids = checked(Arrays.asList(tokenIds));
        requireLive("unsubscribe");
        lane.read(() -> {
            List<String> gone = new ArrayList<>();
            for (String id : ids) if (tokens.remove(id)) gone.add(id);
            if (!gone.isEmpty()) channel.send(subscription("operation", "unsubscribe", gone, false));
            for (String id : gone) {
                books.remove(id);
                best.remove(id);
                trades.removeIf(t -> id.equals(t.assetId()));
            }
            return null;
        });
        changed();
        return this;
    }

    private void requireLive(String what) {
        if (replaying != null) throw new IllegalStateException("a replay follows its recording; " + what + " is for a live feed (Clob.live)");
        if (closed) throw new IllegalStateException("the feed is closed");
    }

    // ---- frames (on the lane) ----------------------------------------------------------------------------------------

    private void frame(String text, long receivedMillis) {
        frames.incrementAndGet();
        lastReceived = receivedMillis;
        recording.write(text, receivedMillis, replaying == null);
        try {
            reader.read(text, this::message);
        } catch (IOException | RuntimeException e) {
            lastError = "a frame could not be read (" + e.getMessage() + "): " + (text.length() > 80 ? text.substring(0, 77) + "…" : text);
        }
        if (sampler != null) sampler.after(receivedMillis);
        changed();
    }

    /** A recording's line, read in one pass (its frame's messages, and its arrival time). */
    private void recordedLine(String line) {
        if (recording.on()) { // a replay that records: the frame as it came
            String[] tf = Recorder.line(line);
            if (tf != null) frame(tf[1], Long.parseLong(tf[0]));
            return;
        }
        frames.incrementAndGet();
        try {
            reader.read(line, this::message);
            lastReceived = reader.arrival;
        } catch (IOException | RuntimeException e) {
            lastError = "a recording's line could not be read (" + e.getMessage() + "): " + (line.length() > 80 ? line.substring(0, 77) + "…" : line);
        }
        if (sampler != null) sampler.after(lastReceived);
        changed();
    }

    private void message(FrameReader.Msg m) {
        messages.incrementAndGet();
        switch (m.type()) {
            case "book" -> book(m);
            case "price_change" -> priceChange(m);
            case "last_trade_price" -> trade(m);
            case "tick_size_change" -> {
                LocalBook b = books.get(m.assetId);
                if (b != null && m.newTickSize != null) b.tickSize = canonical(m.newTickSize);
                if (listeners.wants(MarketMessage.TickSizeChange.class)) listeners.tell(FrameReader.record(m));
            }
            case "market_resolved" -> {
                if (m.assetIds != null) {
                    for (String id : m.assetIds) {
                        LocalBook b = books.get(id);
                        if (b != null) b.resolved = true;
                        tokens.remove(id);
                    }
                }
                if (listeners.wants(MarketMessage.MarketResolved.class)) listeners.tell(FrameReader.record(m));
            }
            default -> {
                if (listeners.wants(MarketMessage.class)) listeners.tell(FrameReader.record(m));
            }
        }
    }

    /** A snapshot: the book is this from now on (unless it is older than the book already held). */
    private void book(FrameReader.Msg m) {
        LocalBook b = books.get(m.assetId);
        if (b == null) {
            if (replaying == null || m.assetId == null) return; // a token not followed
            b = new LocalBook(m.assetId);
            books.put(m.assetId, b);
            tokens.add(m.assetId);
        }
        long ts = millis(m.timestamp);
        if (!b.resyncing && ts != 0 && ts < b.timestamp) {
            staleIgnored.incrementAndGet();
            return;
        }
        b.clear();
        for (int i = 0; i < m.nb; i++) b.set(true, m.bP[i], m.bS[i]);
        for (int i = 0; i < m.na; i++) b.set(false, m.aP[i], m.aS[i]);
        b.market = m.market != null ? m.market : b.market;
        if (m.minOrderSize != null) b.minOrderSize = canonical(m.minOrderSize);
        if (m.tickSize != null) b.tickSize = canonical(m.tickSize);
        if (m.negRisk != null) b.negRisk = m.negRisk;
        if (m.lastTradePrice != null) b.lastTradePrice = canonical(m.lastTradePrice);
        b.timestamp = ts;
        b.hash = m.hash;
        b.verifiable = options.verifyHashes() && m.hash != null && m.timestamp != null && m.hash.equals(b.hash(m.timestamp));
        b.resyncing = false;
        b.resolved = false;
        bestChanged(b, ts != 0 ? ts : lastReceived);
        if (listeners.wants(MarketMessage.BookSnapshot.class)) listeners.tell(new MarketMessage.BookSnapshot(b.toBook()));
    }

    private final LocalBook[] touched = new LocalBook[8];
    private final int[] lastEntry = new int[8];

    /** Sets the entries' levels, then checks each book touched against its last entry. */
    private void priceChange(FrameReader.Msg m) {
        long ts = millis(m.timestamp);
        int nTouched = 0;
        boolean stale = false;
        for (int i = 0; i < m.n; i++) {
            LocalBook b = books.get(m.eAsset[i]);
            if (b == null || b.resolved) continue;
            if (b.resyncing) {
                retryResync(b);
                continue;
            }
            if (ts != 0 && ts < b.timestamp) {
                stale = true;
                continue;
            }
            b.set(m.eBuy[i], m.ePrice[i], m.eSize[i]);
            priceChanges.incrementAndGet();
            int k = 0;
            while (k < nTouched && touched[k] != b) k++;
            if (k == nTouched) {
                if (nTouched == touched.length) continue; // more books than a frame ever carries: checked at their next message
                touched[nTouched++] = b;
            }
            lastEntry[k] = i;
        }
        if (stale) staleIgnored.incrementAndGet();
        for (int k = 0; k < nTouched; k++) {
            LocalBook b = touched[k];
            touched[k] = null;
            int i = lastEntry[k];
            if (ts != 0) b.timestamp = ts;
            // Both best prices absent: a message that does not give them (the channel's first shape); else both must agree.
            boolean given = m.eBid[i] != LocalBook.NONE || m.eAsk[i] != LocalBook.NONE;
            boolean bestOk = !given || (m.eBid[i] == b.bestBid() && m.eAsk[i] == b.bestAsk());
            if (!bestOk) {
                bestPriceMismatches.incrementAndGet();
                lastError = "best prices of " + TokenNames.of(b.assetId) + " differed from the channel's (bid " + LocalBook.text(m.eBid[i]) + " / ask "
                        + LocalBook.text(m.eAsk[i]) + " against " + LocalBook.text(b.bestBid()) + " / " + LocalBook.text(b.bestAsk()) + "): resynced";
                resync(b);
                continue;
            }
            String hash = m.eHash[i];
            if (b.verifiable && hash != null && m.timestamp != null) {
                String mine = b.hash(m.timestamp);
                if (!hash.equals(mine)) {
                    hashMismatches.incrementAndGet();
                    lastError = "the hash of " + TokenNames.of(b.assetId) + " differed from the channel's: resynced";
                    resync(b);
                    continue;
                }
            }
            b.hash = hash;
            bestChanged(b, ts != 0 ? ts : lastReceived);
        }
        if (listeners.wants(MarketMessage.PriceChange.class)) listeners.tell(FrameReader.record(m));
    }

    /** A trade: kept once (a repeat, same transaction or same fields and time, is dropped), and the book's last price. */
    private void trade(FrameReader.Msg m) {
        String key = m.assetId + "|" + (m.txHash != null && !m.txHash.isEmpty() ? m.txHash : m.timestamp + "|" + m.side) + "|" + m.price + "|" + m.size;
        if (!tradeKeys.add(key)) {
            duplicates.incrementAndGet();
            return;
        }
        tradeKeyOrder.addLast(key);
        LocalBook b = books.get(m.assetId);
        if (b != null && m.price != LocalBook.NONE) b.lastTradePrice = LocalBook.text(m.price);
        MarketMessage.LastTrade t = (MarketMessage.LastTrade) FrameReader.record(m);
        trades.addLast(t);
        while (trades.size() > options.keep()) trades.removeFirst();
        while (tradeKeyOrder.size() > 4 * options.keep()) tradeKeys.remove(tradeKeyOrder.removeFirst());
        listeners.tell(t);
    }

    /** The book is checked no more until a fresh snapshot makes it whole: {@code /book} now on a live feed. */
    private void resync(LocalBook b) {
        b.resyncing = true;
        resyncs.incrementAndGet();
        if (data != null) resyncFromRest(b, false);
    }

    private long lastRestAttempt;

    private void retryResync(LocalBook b) {
        if (data == null || System.nanoTime() - lastRestAttempt < 1_000_000_000L) return;
        resyncFromRest(b, false);
    }

    /** Reads the book over REST (paced like any read) and takes it as the snapshot; {@code strict}: a failure throws. */
    private void resyncFromRest(LocalBook b, boolean strict) {
        lastRestAttempt = System.nanoTime();
        Book rest;
        try {
            rest = data.book(b.assetId);
        } catch (RuntimeException e) {
            if (strict) throw e;
            lastError = "resync of " + TokenNames.of(b.assetId) + " from /book failed: " + e.getMessage();
            return;
        }
        recording.write(bookFrame(rest), System.currentTimeMillis(), true);
        b.clear();
        for (Level l : rest.bids()) b.set(true, LocalBook.of(l.price()), LocalBook.of(l.size()));
        for (Level l : rest.asks()) b.set(false, LocalBook.of(l.price()), LocalBook.of(l.size()));
        b.market = rest.market();
        b.minOrderSize = rest.minOrderSize() == null ? null : LocalBook.text(LocalBook.of(rest.minOrderSize()));
        b.tickSize = rest.tickSize() == null ? null : LocalBook.text(LocalBook.of(rest.tickSize()));
        b.negRisk = rest.negRisk();
        b.lastTradePrice = rest.lastTradePrice() == null ? null : LocalBook.text(LocalBook.of(rest.lastTradePrice()));
        b.timestamp = rest.timestamp() == null ? 0 : rest.timestamp().toEpochMilli();
        b.hash = rest.hash();
        b.verifiable = options.verifyHashes() && rest.hash() != null && rest.timestamp() != null && rest.hash().equals(b.hash(Long.toString(b.timestamp)));
        b.resyncing = false;
        bestChanged(b, b.timestamp != 0 ? b.timestamp : System.currentTimeMillis());
    }

    /** A book read over REST as the channel's {@code book} frame, for a recording (marked {@code "source": "rest"}). */
    private static String bookFrame(Book b) {
        StringBuilder s = new StringBuilder("{\"event_type\":\"book\",\"source\":\"rest\",\"market\":\"").append(b.market())
                .append("\",\"asset_id\":\"").append(b.assetId()).append("\",\"timestamp\":\"").append(b.timestamp() == null ? "" : b.timestamp().toEpochMilli())
                .append("\",\"hash\":\"").append(b.hash() == null ? "" : b.hash()).append("\",\"bids\":");
        levels(s, b.bids());
        s.append(",\"asks\":");
        levels(s, b.asks());
        if (b.minOrderSize() != null) s.append(",\"min_order_size\":\"").append(b.minOrderSize().stripTrailingZeros().toPlainString()).append('"');
        if (b.tickSize() != null) s.append(",\"tick_size\":\"").append(b.tickSize().stripTrailingZeros().toPlainString()).append('"');
        if (b.negRisk() != null) s.append(",\"neg_risk\":").append(b.negRisk());
        if (b.lastTradePrice() != null) s.append(",\"last_trade_price\":\"").append(LocalBook.text(LocalBook.of(b.lastTradePrice()))).append('"');
        return s.append('}').toString();
    }

    private static void levels(StringBuilder s, List<Level> levels) {
        s.append('[');
        for (int i = 0; i < levels.size(); i++) {
            if (i > 0) s.append(',');
            s.append("{\"price\":\"").append(LocalBook.text(LocalBook.of(levels.get(i).price()))).append("\",\"size\":\"")
                    .append(LocalBook.text(LocalBook.of(levels.get(i).size()))).append("\"}");
        }
        s.append(']');
    }

    private static String canonical(String decimal) {
        try {
            return LocalBook.text(LocalBook.parse(decimal));
        } catch (RuntimeException e) {
            return decimal;
        }
    }

    private static long millis(String timestamp) {
        if (timestamp == null || timestamp.isEmpty()) return 0;
        int n = timestamp.length();
        if (n >= 12 && n <= 14) { // epoch ms, as the channel writes them: read at once
            long v = 0;
            int i = 0;
            for (; i < n; i++) {
                char c = timestamp.charAt(i);
                if (c < '0' || c > '9') break;
                v = v * 10 + (c - '0');
            }
            if (i == n) return v;
        }
        try {
            return org.marketlab.time.Timestamps.parse(timestamp).toEpochMilli();
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** The best prices of a token over time: a point whenever either changes. */
    private static final class BestPrices {
        long[] time = new long[64], bid = new long[64], ask = new long[64];
        int start, size;

        void add(long t, long b, long a, int keep) {
            if (size > 0) {
                int last = (start + size - 1) % time.length;
                if (bid[last] == b && ask[last] == a) return;
            }
            if (size == time.length && size < keep) {
                int n = Math.min(keep, size * 2);
                long[] t2 = new long[n], b2 = new long[n], a2 = new long[n];
                for (int i = 0; i < size; i++) {
                    int j = (start + i) % time.length;
                    t2[i] = time[j];
                    b2[i] = bid[j];
                    a2[i] = ask[j];
                }
                time = t2;
                bid = b2;
                ask = a2;
                start = 0;
            }
            if (size < time.length) {
                int j = (start + size) % time.length;
                time[j] = t;
                bid[j] = b;
                ask[j] = a;
                size++;
            } else { // full: the oldest goes
                time[start] = t;
                bid[start] = b;
                ask[start] = a;
                start = (start + 1) % time.length;
            }
        }
    }

    private void bestChanged(LocalBook b, long time) {
        best.computeIfAbsent(b.assetId, k -> new BestPrices()).add(time, b.bestBid(), b.bestAsk(), options.keep());
    }

    // ---- recording ---------------------------------------------------------------------------------------------------

    /**
     * Writes every frame from now on to {@code path} (created, or replaced), one JSON line each with its arrival time:
     * {@code {"t": 1767225600123, "frame": {...}}}. A path named {@code .parquet} gets a Parquet file instead, a row per
     * frame ({@code received}, {@code frame}), for {@code Datasets}: its frames go to a hidden file of JSON lines beside it
     * until {@link #stopRecording()} or {@link #close()} writes it. A write that fails (a full disk) stops the recording
     * and says so in {@link Status#lastError()}; the feed goes on.
     */
    public MarketFeed record(Path path) {
        Objects.requireNonNull(path, "path");
        if (replaying != null && path.toAbsolutePath().equals(replaying.toAbsolutePath())) {
            throw new IllegalArgumentException("a replay cannot record over its own recording " + path);
        }
        lane.read(() -> {
            recording.start(path, e -> lastError = e);
            // The books as they stand open the recording, so that it replays on its own.
            for (LocalBook b : books.values()) if (!b.resyncing && b.timestamp != 0) recording.write(bookFrame(b.toBook()), System.currentTimeMillis(), true);
            return null;
        });
        return this;
    }

    /** Ends the recording (the file is complete); returns its path, or null when none was on. */
    public Path stopRecording() {
        return lane.read(recording::stop);
    }

    // ---- replay ----------------------------------------------------------------------------------------------------

    private volatile Thread player;
    private volatile boolean paused;

    /** Replays the recording at the speed it was recorded, from where it stands (in the background). */
    public MarketFeed play() {
        return play(1.0);
    }

    /**
     * Replays the recording {@code speed} times as fast as it was recorded (2: twice as fast; {@code Double.POSITIVE_INFINITY}:
     * as fast as it can), in the background, from where it stands.
     */
    public MarketFeed play(double speed) {
        if (replaying == null) throw new IllegalStateException("play is for a replay (Clob.replay(path)); this feed is live");
        if (!(speed > 0)) throw new IllegalArgumentException("speed must be above 0 (1: as recorded, Double.POSITIVE_INFINITY: at once), was " + speed);
        if (closed) throw new IllegalStateException("the replay is closed");
        synchronized (this) {
            paused = false;
            if (player != null && player.isAlive()) return this;
            Thread t = new Thread(() -> run(speed), "marketlab-replay");
            t.setDaemon(true);
            player = t;
            setState(State.REPLAYING);
            t.start();
        }
        return this;
    }

    /** Replays the rest of the recording as fast as it can, and returns once it has. */
    public MarketFeed playToEnd() {
        play(Double.POSITIVE_INFINITY);
        Thread t = player;
        try {
            if (t != null) t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        settle();
        return this;
    }

    /** Stops a replay where it is; {@link #play} goes on from there. */
    public MarketFeed pause() {
        paused = true;
        return this;
    }

    private long position; // lines replayed

    private void run(double speed) {
        try (Recorder.LineSource in = Recorder.open(replaying, position)) {
            long firstT = Long.MIN_VALUE, started = System.nanoTime();
            boolean fast = Double.isInfinite(speed);
            List<String> chunk = new ArrayList<>();
            String line;
            while (!closed && !paused && (line = in.next()) != null) {
                position++;
                if (line.isBlank()) continue;
                if (fast) {
                    chunk.add(line);
                    if (chunk.size() >= 2_000) apply(chunk);
                    continue;
                }
                String[] tf = Recorder.line(line);
                long t = Long.parseLong(tf[0]);
                if (firstT == Long.MIN_VALUE) firstT = t;
                long due = started + (long) ((t - firstT) * 1_000_000L / speed);
                long wait = due - System.nanoTime();
                if (wait > 0) Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                chunk.add(line);
                apply(chunk);
            }
            apply(chunk);
            if (!closed && !paused) setState(State.DONE);
            else if (paused) setState(State.PAUSED);
        } catch (IOException | RuntimeException e) {
            lastError = "reading the recording " + replaying + " failed: " + e.getMessage();
            setState(State.DONE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void apply(List<String> chunk) {
        if (chunk.isEmpty()) return;
        List<String> copy = List.copyOf(chunk);
        chunk.clear();
        lane.read(() -> {
            for (String line : copy) recordedLine(line);
            return null;
        });
    }

    // ---- the research read of a recording -------------------------------------------------------------------------

    /** Samples a token's book at the end of each interval of recorded time, for {@link #bookSnapshots}. */
    private final class Sampler {
        final String token;
        final long every;
        final int ticks;
        long next = Long.MIN_VALUE;
        int updates;
        final List<long[]> rows = new ArrayList<>(); // {interval start, bid, ask, bidDepth, askDepth, updates}

        Sampler(String token, long every, int ticks) {
            this.token = token;
            this.every = every;
            this.ticks = ticks;
        }

        void after(long t) {
            LocalBook b = books.get(token);
            if (b == null || b.timestamp == 0) return;
            if (next == Long.MIN_VALUE) next = t - Math.floorMod(t, every) + every;
            while (t >= next) {
                take(next - every);
                next += every;
            }
            updates++;
        }

        void take(long start) {
            LocalBook b = books.get(token);
            long tick = b.tickSize == null ? LocalBook.UNIT / 100 : LocalBook.parse(b.tickSize);
            rows.add(new long[]{start, b.bestBid(), b.bestAsk(), b.depthWithin(true, ticks, tick), b.depthWithin(false, ticks, tick), updates});
            updates = 0;
        }

        Table table() {
            InstantColumn time = InstantColumn.create("time");
            DoubleColumn bid = DoubleColumn.create("best_bid"), ask = DoubleColumn.create("best_ask"), mid = DoubleColumn.create("mid"),
                    spread = DoubleColumn.create("spread"), bidDepth = DoubleColumn.create("bid_depth"), askDepth = DoubleColumn.create("ask_depth"),
                    imbalance = DoubleColumn.create("imbalance");
            IntColumn updates = IntColumn.create("updates");
            for (long[] r : rows) {
                time.append(Instant.ofEpochMilli(r[0]));
                double b = r[1] == LocalBook.NONE ? Double.NaN : r[1] / (double) LocalBook.UNIT;
                double a = r[2] == LocalBook.NONE ? Double.NaN : r[2] / (double) LocalBook.UNIT;
                bid.append(b);
                ask.append(a);
                mid.append((a + b) / 2);
                spread.append(a - b);
                double bd = r[3] / (double) LocalBook.UNIT, ad = r[4] / (double) LocalBook.UNIT;
                bidDepth.append(bd);
                askDepth.append(ad);
                imbalance.append(bd + ad == 0 ? Double.NaN : (bd - ad) / (bd + ad));
                updates.append((int) r[5]);
            }
            return Table.create("book of " + TokenNames.of(token) + " every " + org.marketlab.tables.Durations.format(Duration.ofMillis(every)) + ", depth within " + ticks + " ticks",
                    time, bid, ask, mid, spread, bidDepth, askDepth, imbalance, updates);
        }
    }

    /**
     * A recorded book read as snapshots over time: at the end of each {@code every} of recorded time, the token's best bid
     * and ask, mid and spread, the size resting within {@code ticks} ticks of each best price, the imbalance
     * {@code (bid depth - ask depth) / (bid depth + ask depth)}, and how many frames came in the interval. The recording is
     * read from its start at once, whatever this feed's playback.
     */
    public Table bookSnapshots(String tokenId, Duration every, int ticks) {
        Path p = replaying != null ? replaying : lane.read(recording::readable);
        if (p == null) {
            throw new IllegalStateException("bookSnapshots reads a recording: record first (feed.record(path)) or use Clob.replay(path)");
        }
        return bookSnapshots(p, tokenId, every, ticks);
    }

    /** {@link #bookSnapshots(String, Duration, int)} of a recording file. */
    public static Table bookSnapshots(Path recording, String tokenId, Duration every, int ticks) {
        String token = checked(List.of(Objects.requireNonNull(tokenId, "tokenId"))).get(0);
        if (every == null || every.isNegative() || every.isZero()) throw new IllegalArgumentException("every must be a positive duration, was " + every);
        if (ticks < 0) throw new IllegalArgumentException("ticks must be 0 or more, was " + ticks);
        MarketFeed f = replay(recording);
        try {
            Sampler s = f.new Sampler(token, every.toMillis(), ticks);
            f.lane.read(() -> f.sampler = s);
            f.playToEnd();
            return f.lane.read(s::table);
        } finally {
            f.close();
        }
    }

    // ---- what users see --------------------------------------------------------------------------------------------

    /** The token's local book now, as the service orders it (bids and asks best last); null for a token not followed. */
    public Book book(String tokenId) {
        return lane.read(() -> {
            LocalBook b = books.get(tokenId);
            return b == null || b.timestamp == 0 && b.resyncing ? null : b.toBook();
        });
    }

    /** The token's best bid now (null: none, or not followed). */
    public BigDecimal bestBid(String tokenId) {
        return lane.read(() -> {
            LocalBook b = books.get(tokenId);
            return b == null || b.bestBid() == LocalBook.NONE ? null : LocalBook.decimal(b.bestBid());
        });
    }

    /** The token's best ask now (null: none, or not followed). */
    public BigDecimal bestAsk(String tokenId) {
        return lane.read(() -> {
            LocalBook b = books.get(tokenId);
            return b == null || b.bestAsk() == LocalBook.NONE ? null : LocalBook.decimal(b.bestAsk());
        });
    }

    /** The tokens followed now. */
    public List<String> tokens() {
        return lane.read(() -> List.copyOf(tokens));
    }

    /** The trades kept (the last {@link Options#keep()}), oldest first. */
    public List<MarketMessage.LastTrade> trades() {
        return lane.read(() -> List.copyOf(trades));
    }

    public State state() {
        return state;
    }

    public Status status() {
        List<String> ids = lane.read(() -> List.copyOf(books.keySet()));
        int unverified = lane.read(() -> (int) books.values().stream().filter(b -> !b.verifiable && b.timestamp != 0).count());
        Channel c = channel;
        Channel.Counters k = c == null ? null : c.counters();
        return new Status(replaying != null ? "replay of " + replaying.getFileName() : "market channel", state, ids, frames.get(), messages.get(),
                priceChanges.get(), trades().size(), duplicates.get(), resyncs.get(), hashMismatches.get(), bestPriceMismatches.get(),
                staleIgnored.get(), k == null ? 0 : k.reconnects(), unverified,
                k == null ? (lastReceived == 0 ? Duration.ZERO : Duration.ofMillis(Math.max(0, System.currentTimeMillis() - lastReceived))) : k.lastMessageAge(),
                lastError != null ? lastError : k == null ? null : k.lastError());
    }

    private FeedStatus feedStatus() {
        Status s = status();
        List<String> names = new ArrayList<>();
        for (String t : s.tokens()) names.add(TokenNames.of(t));
        return new FeedStatus(replaying != null ? "replay" : "market", String.join(", ", names), s.state().name(), s.frames(), s.duplicates(),
                s.resyncs(), s.hashMismatches() + s.bestPriceMismatches(), s.reconnects(), s.lastMessageAge(), s.lastError());
    }

    /** Waits until everything received so far has been applied (for tests and notebooks that act, then read). */
    public MarketFeed settle() {
        lane.read(() -> null);
        return this;
    }

    /** Each whole book of a followed token, as a {@code book} snapshot makes it. */
    public MarketFeed onBook(Consumer<Book> listener) {
        Objects.requireNonNull(listener, "listener");
        return listeners.on(MarketMessage.BookSnapshot.class, s -> listener.accept(s.book()));
    }

    public MarketFeed onPriceChange(Consumer<MarketMessage.PriceChange> listener) {
        return listeners.on(MarketMessage.PriceChange.class, listener);
    }

    /** Each trade, once (a repeat of one is dropped before it is told). */
    public MarketFeed onTrade(Consumer<MarketMessage.LastTrade> listener) {
        return listeners.on(MarketMessage.LastTrade.class, listener);
    }

    public MarketFeed onTickSize(Consumer<MarketMessage.TickSizeChange> listener) {
        return listeners.on(MarketMessage.TickSizeChange.class, listener);
    }

    public MarketFeed onResolved(Consumer<MarketMessage.MarketResolved> listener) {
        return listeners.on(MarketMessage.MarketResolved.class, listener);
    }

    /** Every message, typed, as it is applied: after the listeners of its own type. */
    public MarketFeed onMessage(Consumer<MarketMessage> listener) {
        return listeners.on(MarketMessage.class, listener);
    }

    /** The feed's state as it moves; a listener that throws is passed over. */
    public MarketFeed onState(Consumer<State> listener) {
        return listeners.on(State.class, listener);
    }

    /** The token's book as a table (side, price, size, cumulative, best first), redrawn as it changes. */
    public LiveView<Table> bookTable(String tokenId) {
        String id = followed(tokenId);
        return views.view("book of " + TokenNames.of(id), () -> {
            Book b = book(id);
            return b == null ? Table.create("book of " + TokenNames.of(id) + " (none yet)") : b.table();
        });
    }

    /** The depth of the token's book, redrawn as it changes. */
    public LiveView<XYChart> depthChart(String tokenId) {
        String id = followed(tokenId);
        return views.view("depth of " + TokenNames.of(id), () -> {
            Book b = book(id);
            List<Level> bids = b == null ? List.of() : Book.bestFirst(b.bids(), true), asks = b == null ? List.of() : Book.bestFirst(b.asks(), false);
            return BookCharts.depth("Depth of " + TokenNames.of(id), BookCharts.priceTitle(b == null ? null : b.bestBid(), b == null ? null : b.bestAsk()),
                    doubles(bids, true), doubles(bids, false), doubles(asks, true), doubles(asks, false));
        });
    }

    private static double[] doubles(List<Level> levels, boolean prices) {
        double[] out = new double[levels.size()];
        for (int i = 0; i < out.length; i++) out[i] = (prices ? levels.get(i).price() : levels.get(i).size()).doubleValue();
        return out;
    }

    private static final RecordTable<MarketMessage.LastTrade> TAPE = RecordTable.<MarketMessage.LastTrade>columns()
            .column("time", Instant.class, MarketMessage.LastTrade::timestamp)
            .column("token", String.class, t -> TokenNames.of(t.assetId()))
            .column("side", String.class, t -> t.side() == null ? null : t.side().name())
            .column("price", java.math.BigDecimal.class, MarketMessage.LastTrade::price)
            .column("size", java.math.BigDecimal.class, MarketMessage.LastTrade::size)
            .column("transaction_hash", String.class, MarketMessage.LastTrade::transactionHash);

    /** The tape: the trades kept, newest first, redrawn as they come. */
    public LiveView<Table> tradesTable() {
        return views.view("trades", () -> {
            List<MarketMessage.LastTrade> all = new ArrayList<>(trades());
            Collections.reverse(all);
            return TAPE.table("trades", all);
        });
    }

    /** Best bid, best ask and the spread of the token over time, redrawn as they change. */
    public LiveView<XYChart> spreadChart(String tokenId) {
        String id = followed(tokenId);
        return views.view("spread of " + TokenNames.of(id), () -> {
            long[][] pts = lane.read(() -> {
                BestPrices p = best.get(id);
                if (p == null) return new long[][]{new long[0], new long[0], new long[0]};
                long[] t = new long[p.size], b = new long[p.size], a = new long[p.size];
                for (int i = 0; i < p.size; i++) {
                    int j = (p.start + i) % p.time.length;
                    t[i] = p.time[j];
                    b[i] = p.bid[j];
                    a[i] = p.ask[j];
                }
                return new long[][]{t, b, a};
            });
            double[] bid = new double[pts[0].length], ask = new double[pts[0].length];
            for (int i = 0; i < bid.length; i++) {
                bid[i] = pts[1][i] == LocalBook.NONE ? Double.NaN : pts[1][i] / (double) LocalBook.UNIT;
                ask[i] = pts[2][i] == LocalBook.NONE ? Double.NaN : pts[2][i] / (double) LocalBook.UNIT;
            }
            return BookCharts.bestPrices("Best prices of " + TokenNames.of(id), pts[0], bid, ask);
        });
    }

    /** The feed's state and counters, redrawn as they change. */
    public LiveView<Status> statusView() {
        return views.view("market feed", this::status);
    }

    private String followed(String tokenId) {
        String id = checked(List.of(tokenId == null ? "" : tokenId)).get(0);
        boolean known = lane.read(() -> books.containsKey(id) || tokens.contains(id));
        if (!known && replaying == null) throw new IllegalArgumentException("token " + TokenNames.of(id) + " is not followed by this feed; subscribe(\"" + id + "\") first");
        return id;
    }

    private void changed() {
        views.changed();
    }

    private void setState(State s) {
        if (state == s || state == State.CLOSED) return;
        state = s;
        listeners.tellEach(s);
        changed();
    }

    /** Ends the connection (or the replay) and any recording. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        Channel c = channel;
        if (c != null) c.close();
        Thread t = player;
        if (t != null) t.interrupt();
        lane.read(recording::stop);
        setState(State.CLOSED);
        state = State.CLOSED;
        lane.shut();
        LiveFeeds.closed(this);
    }

    @Override
    public String toString() {
        Status s = status();
        return "MarketFeed[" + s.source() + ", " + s.state().name().toLowerCase(Locale.ROOT) + ", " + s.tokens().size() + " tokens, " + s.frames()
                + " frames, " + s.resyncs() + " resyncs]";
    }
}
