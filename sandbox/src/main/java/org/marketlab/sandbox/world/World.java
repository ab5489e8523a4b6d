package org.marketlab.sandbox.world;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The sandbox's synthetic world, generated from a seed and an anchor time ("now"): the same pair gives the
 * same world, byte for byte. Events, their markets and tags carry every field of the specification (null
 * where the world has no value), in the live service's JSON types: numbers as strings where it sends
 * strings, JSON documents inside strings, timestamps in both forms it uses. Documents are as of the anchor;
 * price histories, candles, books and trades run on from it to the sandbox's present (the Sandbox's
 * {@code present()}).
 *
 * <p>At start only the frame is drawn: the tags, and for each event its id, its question (template, subject, end
 * date, title, unique across the world) and its random stream. An event is made on first use from its stream
 * ({@link EventMaker}): its markets' price model ({@link EventModel}), volumes ({@link Flow}) and documents. How the
 * world works, for a user, is {@code docs/sandbox-world.md}.
 */
public final class World {

    public static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** Facts about one event that the filters need, read from the generated document. */
    public record EventFacts(long id, String slug, Set<Long> tagIds, Set<String> tagSlugs, Boolean active, Boolean closed,
                             Boolean archived, Boolean featured, Boolean cyom, Double liquidity, Double volume,
                             Instant startDate, Instant endDate, Set<String> recurrences, ObjectNode document) {
    }

    /** One outcome token of a market, for the order-book interface. {@code price} is its price at the anchor. */
    public record Token(String tokenId, String outcome, int index, String marketId, String conditionId,
                        double price, double tickSize, double minOrderSize, boolean negRisk, boolean closed,
                        Instant createdAt, Instant endDate) {
    }

    private static final int EVENTS = 2048;
    /** Price models kept built (their walks and flows); the rest are rebuilt from their specs when asked again. */
    private static final int MODELS_KEPT = 384;

    private final long seed;
    private final Instant now;
    private final Bias bias;
    private final Assets assets;
    private final Tags tags;
    /** The events' ids (ascending), first market ids, questions and random streams, drawn in order at start. */
    private final long[] ids = new long[EVENTS];
    private final long[] firstMarket = new long[EVENTS];
    private final Questions.Frame[] frames = new Questions.Frame[EVENTS];
    private final SplittableRandom[] streams = new SplittableRandom[EVENTS];
    /** Each event once made (its document, facts, tokens and model spec): made on first use, from its own stream. */
    private final AtomicReferenceArray<Made> made = new AtomicReferenceArray<>(EVENTS);
    /** The tokens of the events made so far, by id: a token of a made event is found without making the rest. */
    private final Map<String, Token> madeTokens = new java.util.concurrent.ConcurrentHashMap<>();
    /** The lists and indexes over every event, once all are made. */
    private final Lazy<Whole> whole = new Lazy<>(this::makeWhole);
    private final Map<Integer, EventModel> models = Recent.of(MODELS_KEPT);

    record Made(EventFacts facts, List<Token> tokens, ModelSpec spec) {
    }

    private record Whole(List<EventFacts> events, List<Token> tokens, Map<String, Token> tokenById, int marketCount) {
    }

    private World(long seed, Instant now, Bias bias) {
        this.seed = seed;
        this.now = now;
        this.bias = bias;
        this.assets = new Assets(seed, minute(now));
        this.tags = new Tags(now);
    }

    /** The world of {@code seed} as seen at {@code now}, with the default {@link Bias}. */
    public static World generate(long seed, Instant now) {
        return generate(seed, now, Bias.DEFAULT);
    }

    /** The world of {@code seed} as seen at {@code now}, its prices carrying a favourite-longshot bias {@code longshotBias}. */
    public static World generate(long seed, Instant now, double longshotBias) {
        World w = new World(seed, now, new Bias(longshotBias));
        w.build();
        return w;
    }

    /** The default anchor: the start of the current UTC day, so a day's sessions share one world. */
    public static Instant defaultNow() {
        return defaultNow(Instant.now());
    }

    /** The start of the UTC day {@code at} is in. */
    public static Instant defaultNow(Instant at) {
        return LocalDate.ofInstant(at, ZoneOffset.UTC).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    public long seed() {
        return seed;
    }

    /** The anchor: what the documents are as of (open events end after it, closed ones by it). */
    public Instant now() {
        return now;
    }

    /** The favourite-longshot bias of the world's prices (0: calibrated). */
    public Bias bias() {
        return bias;
    }

    /** The assets the world's price questions and perpetuals follow, with their paths. */
    public Assets assets() {
        return assets;
    }

    /**
     * Every event, in id order, with the facts the filters use and its document: the event exactly as
     * {@code GET /events?include_chat=true&include_template=true} serves it (without those parameters the
     * answer leaves out {@code chats} and {@code templates}). The documents are the world's own: read them,
     * do not change them.
     */
    public List<EventFacts> events() {
        return whole().events();
    }

    /**
     * The same events in the same order as {@link #events()}, made as the list is read: reading the first few makes
     * only those (in parallel batches that double in size), where {@link #events()} makes the whole world first. For
     * a scan that may stop early, such as an unordered page.
     */
    public List<EventFacts> eventsAsRead() {
        return whole.isMade() ? whole.get().events() : new AsRead();
    }

    /**
     * Makes the first {@code n} events in id order (the first page of an unordered listing), in parallel, if not made:
     * a start that expects a first page soon makes them while its client is still busy elsewhere.
     */
    public void makeFirst(int n) {
        make(0, Math.min(n, ids.length));
    }

    /** The number of events (known without making any). */
    public int eventCount() {
        return ids.length;
    }

    /** The event of that id, or null; makes only that event. */
    public EventFacts event(long id) {
        int i = Arrays.binarySearch(ids, id);
        return i < 0 ? null : made(i).facts();
    }

    /** Whether every event has been made (by {@link #events()}, {@link #tokens()} or {@link #complete()}). */
    public boolean isComplete() {
        return whole.isMade();
    }

    /** Makes every event not made yet, in parallel; the world is then complete. Idempotent. */
    public World complete() {
        whole();
        return this;
    }

    /** Every tag document, in id order (tags of one family are consecutive). */
    public List<ObjectNode> tags() {
        return tags.all();
    }

    /** Tags related to a tag (same family), the tag itself excluded. */
    public Set<Long> relatedTags(long tagId) {
        return tags.related(tagId);
    }

    public int marketCount() {
        return whole().marketCount();
    }

    /** Every outcome token of every market, in market order. */
    public List<Token> tokens() {
        return whole().tokens();
    }

    public Token token(String tokenId) {
        // A token of an event already made (one a listing showed) is known at once; only an id not among them needs
        // every event made, to be found or known to be no token.
        Token t = madeTokens.get(tokenId);
        return t != null ? t : whole().tokenById().get(tokenId);
    }

    /**
     * The price path of a token: its prices on its tick grid at every minute, its trades, its volume. Built from its
     * event's model (kept for the last few hundred events asked for, rebuilt from the seed otherwise).
     */
    public PricePath path(Token t) {
        long marketId = Long.parseLong(t.marketId());
        int i = eventOfMarket(marketId);
        EventModel m = model(i);
        int k = (int) (marketId - firstMarket[i]);
        return new PricePath(m, k, t.index() == 1, TickQuotes.tick(t), crowdKey());
    }

    /** The key the world's crowd of traders is derived from (their addresses in every market's tape). */
    long crowdKey() {
        return Hash.key(seed, 0xC0DE);
    }

    /** The open interest of a market at a minute, USDC: its complete sets outstanding ({@link Flow}). */
    public double openInterest(Token t, long minute) {
        long marketId = Long.parseLong(t.marketId());
        int i = eventOfMarket(marketId);
        return model(i).flow((int) (marketId - firstMarket[i])).openInterest(minute);
    }

    private int eventOfMarket(long marketId) {
        int i = Arrays.binarySearch(firstMarket, marketId);
        if (i < 0) i = -i - 2;
        if (i < 0 || marketId - firstMarket[i] >= frames[i].count()) throw new IllegalArgumentException("no market " + marketId);
        return i;
    }

    /** Event {@code i}'s price model: from the cache, or rebuilt from its spec. */
    EventModel model(int i) {
        synchronized (models) {
            EventModel m = models.get(i);
            if (m != null) return m;
        }
        EventModel m = made(i).spec().build(assets, bias);
        synchronized (models) {
            EventModel known = models.putIfAbsent(i, m);
            return known != null ? known : m;
        }
    }

    /** Keeps a model just built for event {@code i} (while its document was made). */
    void keep(int i, EventModel m) {
        synchronized (models) {
            models.putIfAbsent(i, m);
        }
    }

    static long minute(Instant t) {
        return Math.floorDiv(t.getEpochSecond(), 60);
    }

    // ---- the frame ----------------------------------------------------------------------------------------------------

    /**
     * Draws the tags, then each event's id, question and random stream, in order; the events themselves are made
     * on first use (each from its own stream, so the world is the same whatever order they are made in).
     */
    private void build() {
        SplittableRandom r = new SplittableRandom(seed);
        tags.build(r.split());
        SplittableRandom er = r.split();
        Set<Long> titles = new HashSet<>();
        long id = 16_000;
        long marketId = 500_000;
        for (int i = 0; i < EVENTS; i++) {
            id += 1 + er.nextInt(4);
            frames[i] = Frames.draw(er.split(), now, titles);
            ids[i] = id;
            firstMarket[i] = marketId;
            streams[i] = er.split();
            marketId += frames[i].count() + er.nextInt(3);
        }
    }

    /** Event {@code i} (in id order), made on first use; its stream is read once, under its own lock. */
    private Made made(int i) {
        Made m = made.get(i);
        if (m != null) return m;
        synchronized (streams[i]) {
            m = made.get(i);
            if (m == null) {
                m = new EventMaker(this, i).make(streams[i], ids[i], firstMarket[i], frames[i]);
                for (Token t : m.tokens()) madeTokens.put(t.tokenId(), t);
                made.set(i, m);
            }
        }
        return m;
    }

    Tags tagIndex() {
        return tags;
    }

    /** Makes events {@code from} (inclusive) to {@code to} (exclusive) in parallel. */
    private void make(int from, int to) {
        if (to - from <= 1) {
            if (from < to) made(from);
            return;
        }
        java.util.stream.IntStream.range(from, to).parallel().forEach(this::made);
    }

    private Whole whole() {
        return whole.get();
    }

    /** Makes every event not made yet, in parallel, then lists and indexes them all. */
    private Whole makeWhole() {
        make(0, ids.length);
        List<EventFacts> events = new ArrayList<>(ids.length);
        List<Token> tokens = new ArrayList<>();
        Map<String, Token> tokenById = new HashMap<>();
        int markets = 0;
        for (int i = 0; i < ids.length; i++) {
            Made m = made(i);
            events.add(m.facts());
            markets += m.facts().document().get("markets").size();
            for (Token t : m.tokens()) {
                tokens.add(t);
                tokenById.put(t.tokenId(), t);
            }
        }
        return new Whole(Collections.unmodifiableList(events), Collections.unmodifiableList(tokens),
                Collections.unmodifiableMap(tokenById), markets);
    }

    /** {@link #eventsAsRead()}: a read-only view that makes events in batches as they are first read. */
    private final class AsRead extends java.util.AbstractList<EventFacts> implements java.util.RandomAccess {
        private int batch = 16;

        @Override
        public EventFacts get(int i) {
            Objects.checkIndex(i, ids.length);
            if (made.get(i) == null) {
                // The events from i on that a scan will read next, made together on both cores.
                int to = Math.min(ids.length, i + batch);
                batch = Math.min(512, batch * 2);
                make(i, to);
            }
            return made(i).facts();
        }

        @Override
        public int size() {
            return ids.length;
        }
    }

    // ---- reading documents ----------------------------------------------------------------------------------------

    public static Boolean bool(ObjectNode e, String f) {
        JsonNode n = e.get(f);
        return n == null || n.isNull() ? null : n.asBoolean();
    }

    public static Double num(ObjectNode e, String f) {
        JsonNode n = e.get(f);
        return n == null || n.isNull() ? null : n.asDouble();
    }

    public static Instant time(ObjectNode e, String f) {
        JsonNode n = e.get(f);
        return n == null || n.isNull() ? null : Instant.parse(n.asText());
    }

    public static String hex(SplittableRandom r, int digits) {
        StringBuilder b = new StringBuilder(digits);
        for (int i = 0; i < digits; i++) b.append(Character.forDigit(r.nextInt(16), 16));
        return b.toString();
    }
}
