package org.marketlab.sandbox.world;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The sandbox's synthetic world, generated from a seed and an anchor time ("now"): the same pair gives the
 * same world, byte for byte. Events, their markets and tags carry every field of the specification (null
 * where the world has no value), in the live service's JSON types: numbers as strings where it sends
 * strings, JSON documents inside strings, timestamps in both forms it uses. Documents are as of the anchor;
 * price histories, candles and books run on from it to the sandbox's present (the Sandbox's {@code present()}).
 */
public final class World {

    public static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final RecordMap.Schema EVENT = new RecordMap.Schema(Fields.EVENT);
    private static final RecordMap.Schema MARKET = new RecordMap.Schema(Fields.MARKET);
    private static final RecordMap.Schema TAG = new RecordMap.Schema(Fields.TAG);
    private static final RecordMap.Schema IMAGE = new RecordMap.Schema(Fields.IMAGE);
    private static final DateTimeFormatter DB_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS'+00'")
            .withZone(ZoneOffset.UTC);

    /** Facts about one event that the filters need, read from the generated document. */
    public record EventFacts(long id, String slug, Set<Long> tagIds, Set<String> tagSlugs, Boolean active, Boolean closed,
                             Boolean archived, Boolean featured, Boolean cyom, Double liquidity, Double volume,
                             Instant startDate, Instant endDate, Set<String> recurrences, ObjectNode document) {
    }

    /** One outcome token of a market, for the order-book interface. */
    public record Token(String tokenId, String outcome, int index, String marketId, String conditionId,
                        double price, double tickSize, double minOrderSize, boolean negRisk, boolean closed,
                        Instant createdAt, Instant endDate) {
    }

    private final long seed;
    private final Instant now;
    private final List<ObjectNode> tags = new ArrayList<>();
    private final Map<Long, Set<Long>> relatedTags = new HashMap<>();
    /** The events' ids (ascending), first market ids, market counts and random streams, drawn in order at start. */
    private final long[] ids = new long[EVENTS];
    private final long[] firstMarket = new long[EVENTS];
    private final int[] counts = new int[EVENTS];
    private final SplittableRandom[] streams = new SplittableRandom[EVENTS];
    /** Each event once made (its document, facts and tokens): made on first use, each from its own stream. */
    private final AtomicReferenceArray<Made> made = new AtomicReferenceArray<>(EVENTS);
    /** The lists and indexes over every event, once all are made. */
    private final Lazy<Whole> whole = new Lazy<>(this::makeWhole);

    private static final int EVENTS = 2048;

    private record Made(EventFacts facts, List<Token> tokens) {
    }

    private record Whole(List<EventFacts> events, List<Token> tokens, Map<String, Token> tokenById, int marketCount) {
    }

    private static final String[][] CATEGORIES = {
            {"Politics", "Elections", "US Politics", "Geopolitics", "Courts", "Congress", "Polls", "World Elections",
                    "Trump", "Europe", "Asia", "Middle East", "Immigration", "Supreme Court", "Governors", "Senate"},
            {"Sports", "NBA", "NFL", "Soccer", "Tennis", "MLB", "NHL", "F1", "Golf", "Boxing", "UFC", "Cricket",
                    "Olympics", "Champions League", "Premier League", "Esports"},
            {"Crypto", "Bitcoin", "Ethereum", "Solana", "ETFs", "Stablecoins", "DeFi", "Airdrops", "Memecoins",
                    "Exchanges", "Regulation", "Token Prices", "NFTs", "Layer 2", "Mining", "Halving"},
            {"Economics", "Fed", "Inflation", "Jobs", "GDP", "Interest Rates", "Recession", "Oil", "Stocks", "Earnings",
                    "Housing", "Trade", "Tariffs", "Treasuries", "Gold", "Currencies"},
            {"Culture", "Movies", "Music", "Awards", "TV", "Celebrities", "Books", "Gaming", "Streaming", "Fashion",
                    "Social Media", "Box Office", "Grammys", "Oscars", "YouTube", "Podcasts"},
            {"Science", "AI", "Space", "Climate", "Health", "Tech", "Biotech", "Weather", "Physics", "SpaceX", "OpenAI",
                    "Pandemics", "Energy", "Robotics", "Quantum", "Earthquakes"},
            {"Business", "IPOs", "Mergers", "CEOs", "Startups", "Layoffs", "Apple", "Tesla", "Nvidia", "Microsoft",
                    "Amazon", "Google", "Meta", "Banks", "Airlines", "Retail"},
            {"World", "Ukraine", "China", "India", "Africa", "Latin America", "Conflicts", "Diplomacy", "UN", "NATO",
                    "Protests", "Royals", "Elections Abroad", "Sanctions", "Migration", "Disasters"},
    };
    private static final String[] RECURRENCES = {"daily", "weekly", "monthly"};

    private World(long seed, Instant now) {
        this.seed = seed;
        this.now = now;
    }

    /** The world of {@code seed} as seen at {@code now}. */
    public static World generate(long seed, Instant now) {
        World w = new World(seed, now);
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

    /** The number of events (known without making any). */
    public int eventCount() {
        return ids.length;
    }

    /** The event of that id, or null; makes only that event. */
    public EventFacts event(long id) {
        int i = java.util.Arrays.binarySearch(ids, id);
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
        return Collections.unmodifiableList(tags);
    }

    /** Tags related to a tag (same family), the tag itself excluded. */
    public Set<Long> relatedTags(long tagId) {
        return relatedTags.getOrDefault(tagId, Set.of());
    }

    public int marketCount() {
        return whole().marketCount();
    }

    /** Every outcome token of every market, in market order. */
    public List<Token> tokens() {
        return whole().tokens();
    }

    public Token token(String tokenId) {
        return whole().tokenById().get(tokenId);
    }

    // ---- generation ---------------------------------------------------------------------------------------------

    /**
     * Draws the tags, then each event's id, market count and random stream, in order; the events themselves are made
     * on first use (each from its own stream, so the world is the same whatever order they are made in).
     */
    private void build() {
        SplittableRandom r = new SplittableRandom(seed);
        buildTags(r.split());
        SplittableRandom er = r.split();
        long id = 16_000;
        long marketId = 500_000;
        for (int i = 0; i < EVENTS; i++) {
            id += 1 + er.nextInt(4);
            int shape = er.nextInt(100);
            counts[i] = shape < 45 ? 1 : shape < 70 ? 2 + er.nextInt(4) : shape < 90 ? 6 + er.nextInt(7) : 13 + er.nextInt(18);
            ids[i] = id;
            firstMarket[i] = marketId;
            streams[i] = er.split();
            marketId += counts[i] + er.nextInt(3);
        }
    }

    /** Event {@code i} (in id order), made on first use; its stream is read once, under its own lock. */
    private Made made(int i) {
        Made m = made.get(i);
        if (m != null) return m;
        synchronized (streams[i]) {
            m = made.get(i);
            if (m == null) {
                List<Token> sink = new ArrayList<>();
                ObjectNode doc = event(streams[i], ids[i], firstMarket[i], counts[i], sink);
                m = new Made(facts(doc), List.copyOf(sink));
                made.set(i, m);
            }
        }
        return m;
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

    private void buildTags(SplittableRandom r) {
        long id = 100_000;
        for (int family = 0; family < CATEGORIES.length; family++) {
            List<Long> ids = new ArrayList<>();
            for (String label : CATEGORIES[family]) {
                id += 1 + r.nextInt(50);
                ObjectNode t = object(TAG);
                t.put("id", Long.toString(id));
                t.put("label", label);
                t.put("slug", slug(label));
                t.put("forceShow", r.nextInt(10) == 0);
                // Older than every event.
                Instant created = now.minusSeconds(86_400L * (1_500 + r.nextInt(500)) + r.nextInt(86_400));
                // The live service writes publishedAt in its database form.
                if (r.nextInt(3) > 0) t.put("publishedAt", DB_TIME.format(created.plusSeconds(3600)));
                t.put("createdBy", 1 + r.nextInt(40));
                t.put("updatedBy", 1 + r.nextInt(40));
                t.put("createdAt", iso(created));
                t.put("updatedAt", iso(created.plusSeconds(86_400L * r.nextInt(300))));
                t.put("forceHide", r.nextInt(25) == 0);
                t.put("isCarousel", r.nextInt(12) == 0);
                tags.add(t);
                ids.add(id);
            }
            for (long a : ids) {
                Set<Long> rel = new LinkedHashSet<>(ids);
                rel.remove(a);
                relatedTags.put(a, rel);
            }
        }
    }

    private ObjectNode event(SplittableRandom r, long id, long firstMarketId, int markets, List<Token> sink) {
        int family = r.nextInt(CATEGORIES.length);
        String category = CATEGORIES[family][0];
        String topic = CATEGORIES[family][1 + r.nextInt(CATEGORIES[family].length - 1)];
        boolean game = family == 1 && markets == 1;

        // Events of every age, from hours to three years (one in twenty this week, one in ten this month), and lives
        // from days (a game) to three years, so that about half the world is open at "now", as on the live service,
        // most open markets with a month of history or more; an event is closed once its end has passed.
        int ageBand = r.nextInt(20);
        double ageDays = ageBand == 0 ? 0.25 + 6.75 * r.nextDouble() : ageBand <= 2 ? 7 + 23 * r.nextDouble()
                : Math.exp(Math.log(30) + r.nextDouble() * Math.log(1100 / 30.0));
        Instant created = now.minusSeconds((long) (ageDays * 86_400));
        Instant start = created.plusSeconds((long) (r.nextDouble() * Math.min(2, ageDays / 2) * 86_400));
        double life = game ? 0.5 + 9.5 * r.nextDouble() : r.nextInt(8) == 0 ? 7 + 23 * r.nextDouble()
                : Math.exp(Math.log(30) + r.nextDouble() * Math.log(1500 / 30.0));
        Instant end = start.plusSeconds((long) (life * 86_400));
        if (game) end = end.truncatedTo(java.time.temporal.ChronoUnit.HOURS).plusSeconds(3_600);
        boolean closed = !end.isAfter(now);
        boolean archived = closed && r.nextInt(10) < 3;
        boolean active = !archived;
        // Volume accumulates while a market trades, and liquidity gathers over its first weeks.
        double tradedDays = Math.max(0.25, (Math.min(end.getEpochSecond(), now.getEpochSecond()) - created.getEpochSecond()) / 86_400.0);
        double volume = round2(Math.exp(9 + 2.2 * r.nextGaussian()) * Math.sqrt(Math.min(1, tradedDays / 60)));
        double liquidity = closed ? (r.nextInt(4) == 0 ? round2(Math.exp(5 + r.nextGaussian())) : 0.0)
                : round2(Math.exp(8 + 1.8 * r.nextGaussian()) * Math.min(1, ageDays / 45));
        Questions.Plan plan = Questions.plan(r, category, topic, markets, end);
        String title = plan.title();
        String slug = slug(title) + "-" + id;
        // A group's outcomes exclude each other: the open ones share the probability, a few were settled early (a
        // candidate out of the race: resolved No), and a settled group has one winner, drawn by the shares.
        boolean[] settledEarly = new boolean[markets];
        double[] share = new double[markets];
        double total = 0;
        for (int k = 0; k < markets; k++) {
            settledEarly[k] = markets > 1 && r.nextInt(12) == 0;
            share[k] = settledEarly[k] ? 0 : Math.pow(r.nextDouble(), 2.2) + 0.003;
            total += share[k];
        }
        for (int k = 0; k < markets; k++) share[k] = total > 0 ? share[k] / total : 0;
        int winner = -1;
        double pick = r.nextDouble();
        for (int k = 0; k < markets; k++) {
            if (share[k] == 0) continue;
            winner = k; // the last with a share, should rounding leave the pick over
            pick -= share[k];
            if (pick < 0) break;
        }
        boolean negRisk = markets > 1 && r.nextInt(10) < 7;
        // As on the live service: the group's id ends in 00, and its markets' question ids in their index.
        String negRiskMarketId = negRisk ? "0x" + hex(r, 64).substring(0, 62) + "00" : null;

        ObjectNode e = object(EVENT);
        e.put("id", Long.toString(id));
        e.put("ticker", slug);
        e.put("slug", slug);
        e.put("title", title);
        e.put("description", "This " + (markets > 1 ? "event" : "market") + " resolves according to the "
                + "official " + topic + " sources named in its rules. Synthetic sandbox data.");
        e.put("resolutionSource", r.nextInt(3) == 0 ? "" : "https://example.org/" + slug(topic));
        e.put("image", "https://img.sandbox.invalid/" + slug + ".png");
        e.put("icon", "https://img.sandbox.invalid/" + slug + "-icon.png");
        e.put("sortBy", r.nextBoolean() ? "price" : "volume");
        e.put("category", category);
        e.put("subcategory", topic);
        e.put("createdBy", "user-" + (1 + r.nextInt(40)));
        e.put("updatedBy", "user-" + (1 + r.nextInt(40)));
        if (r.nextInt(5) == 0) e.put("published_at", DB_TIME.format(created));
        e.put("disqusThread", r.nextInt(4) == 0 ? "thread-" + id : null);
        e.put("negRiskMarketID", negRiskMarketId);
        e.put("gmpChartMode", "default");
        // A few events carry no start date, and a few open ones no end date (open-ended), as on the live
        // service; chosen by id, so that the random draws (and so the rest of the world) stay as they were.
        e.put("startDate", id % 67 == 0 ? null : iso(start));
        e.put("creationDate", iso(created));
        e.put("endDate", !closed && id % 101 == 0 ? null : iso(end));
        e.put("createdAt", iso(created.minusSeconds(600)));
        Instant closedAt = closed ? min(now, end.plusSeconds(r.nextInt(7200))) : null;
        e.put("updatedAt", iso(closed ? min(now, closedAt.plusSeconds(60)) : now.minusSeconds(r.nextInt((int) Math.min(86_400, ageDays * 86_400)))));
        if (closed) e.put("closedTime", iso(closedAt));
        if (family == 1) e.put("startTime", iso(end.minusSeconds(3 * 3600)));
        if (closed) e.put("finishedTimestamp", iso(end));
        e.put("deployingTimestamp", iso(created.plusSeconds(30)));
        e.put("active", active);
        e.put("closed", closed);
        e.put("archived", archived);
        e.put("new", created.isAfter(now.minusSeconds(7 * 86_400)));
        e.put("featured", r.nextInt(33) == 0);
        e.put("restricted", r.nextInt(10) < 4);
        e.put("isTemplate", false);
        e.put("commentsEnabled", r.nextInt(10) > 0);
        e.put("enableOrderBook", true);
        e.put("negRisk", negRisk);
        e.put("cyom", r.nextInt(50) == 0);
        e.put("showAllOutcomes", markets > 1);
        e.put("showMarketImages", markets > 1 && r.nextBoolean());
        e.put("automaticallyResolved", closed && r.nextBoolean());
        e.put("enableNegRisk", negRisk);
        e.put("automaticallyActive", true);
        e.put("live", family == 1 && !closed && r.nextInt(8) == 0);
        e.put("ended", closed);
        e.put("estimateValue", false);
        e.put("cantEstimate", false);
        e.put("pendingDeployment", false);
        e.put("deploying", false);
        e.put("liquidity", liquidity);
        e.put("volume", volume);
        e.put("openInterest", closed ? 0.0 : round2(volume * r.nextDouble() * 0.3));
        e.put("competitive", closed ? 0.0 : r.nextDouble());
        double v24 = closed ? 0.0 : round2(volume * r.nextDouble() * 0.02);
        e.put("volume24hr", v24);
        e.put("volume1wk", round2(v24 * (3 + r.nextDouble() * 4)));
        e.put("volume1mo", round2(Math.min(volume, v24 * (15 + r.nextDouble() * 15))));
        e.put("volume1yr", volume);
        e.put("liquidityClob", liquidity);
        if (negRisk) e.put("negRiskFeeBips", 0);
        e.put("commentCount", (int) Math.min(50_000, Math.exp(3 + 1.5 * r.nextGaussian())));
        if (family == 1) e.put("eventWeek", 1 + r.nextInt(18));
        e.put("tweetCount", r.nextInt(200));
        if (e.get("featured").asBoolean()) e.put("featuredOrder", 1 + r.nextInt(20));
        e.set("subEvents", JSON.arrayNode());
        e.set("imageOptimized", image(r, id, "image"));
        e.set("iconOptimized", r.nextBoolean() ? image(r, id, "icon") : JSON.nullNode());

        ArrayNode ms = JSON.arrayNode();
        for (int k = 0; k < markets; k++) {
            ms.add(market(r.split(), firstMarketId + k, e, k, markets, negRisk, negRiskMarketId, plan.items().get(k),
                    settledEarly[k], share[k], winner, millis(created.minusSeconds(600)), millis(start), millis(end), sink));
        }
        e.set("markets", ms);

        ArrayNode tagArray = JSON.arrayNode();
        Set<Integer> chosen = new LinkedHashSet<>();
        chosen.add(family * CATEGORIES[0].length);
        int topicIndex = family * CATEGORIES[0].length + java.util.Arrays.asList(CATEGORIES[family]).indexOf(topic);
        chosen.add(topicIndex);
        int extra = r.nextInt(5);
        for (int k = 0; k < extra; k++) chosen.add(r.nextInt(tags.size()));
        for (int t : chosen) tagArray.add(copy(tags.get(t), TAG));
        e.set("tags", tagArray);

        if (r.nextInt(100) < 15) {
            String rec = RECURRENCES[r.nextInt(RECURRENCES.length)];
            ObjectNode s = JSON.objectNode();
            // One series per topic and recurrence: every event of it carries the same id, slug and title.
            s.put("id", Long.toString(9_000 + topicIndex * 3L + java.util.Arrays.asList(RECURRENCES).indexOf(rec)));
            s.put("slug", slug(topic + " " + rec));
            s.put("title", topic + " (" + rec + ")");
            s.put("recurrence", rec);
            s.put("active", true);
            e.set("series", JSON.arrayNode().add(s));
            e.put("seriesSlug", s.get("slug").asText());
        } else {
            e.set("series", JSON.arrayNode());
        }
        ObjectNode cat = JSON.objectNode();
        cat.put("id", Integer.toString(1 + family));
        cat.put("label", category);
        cat.put("slug", slug(category));
        e.set("categories", JSON.arrayNode().add(cat));
        e.set("collections", JSON.arrayNode());
        e.set("eventCreators", JSON.arrayNode());
        if (r.nextInt(20) == 0) {
            ObjectNode chat = JSON.objectNode();
            chat.put("id", "chat-" + id);
            chat.put("channelId", "c" + hex(r, 8));
            chat.put("live", !closed);
            e.set("chats", JSON.arrayNode().add(chat));
        } else {
            e.set("chats", JSON.arrayNode());
        }
        if (r.nextInt(25) == 0) {
            ObjectNode tmpl = JSON.objectNode();
            tmpl.put("id", "tmpl-" + id);
            tmpl.put("name", topic + " template");
            e.set("templates", JSON.arrayNode().add(tmpl));
        } else {
            e.set("templates", JSON.arrayNode());
        }
        return e;
    }

    private ObjectNode market(SplittableRandom r, long id, ObjectNode event, int index, int count, boolean negRisk,
                              String negRiskMarketId, Questions.Item item, boolean settledEarly, double share, int winner,
                              Instant eventCreatedAt, Instant start, Instant end, List<Token> sink) {
        boolean eventClosed = event.get("closed").asBoolean();
        boolean closed = eventClosed || settledEarly;
        boolean binary = item.kind() == Questions.Kind.BINARY;
        List<String> outcomes = item.outcomes();
        double p = count > 1 ? Math.min(0.97, Math.max(0.003, share)) : 0.03 + 0.94 * r.nextDouble();
        if (closed) {
            boolean yesWon = eventClosed && !settledEarly && (count > 1 ? index == winner : r.nextBoolean());
            p = yesWon ? 1.0 : 0.0;
        }
        double tick = r.nextInt(3) == 0 ? 0.001 : 0.01;
        BigDecimal yes = BigDecimal.valueOf(p).setScale(tick == 0.01 ? 2 : 3, RoundingMode.HALF_UP);
        if (!closed) yes = yes.max(BigDecimal.valueOf(tick)).min(BigDecimal.ONE.subtract(BigDecimal.valueOf(tick)));
        BigDecimal no = BigDecimal.ONE.subtract(yes);
        String question = item.question();
        String slug = slug(question) + "-" + id;
        double volume = round6(event.get("volume").asDouble() * (count == 1 ? 1 : Math.pow(r.nextDouble(), 2) * 2.0 / count));
        double liquidity = round6(event.get("liquidity").asDouble() / count * (0.5 + r.nextDouble()));
        String conditionId = "0x" + hex(r, 64);
        String questionId = "0x" + hex(r, 64);
        if (negRisk) {
            questionId = negRiskMarketId.substring(0, 64) + Character.forDigit(index >> 4 & 15, 16) + Character.forDigit(index & 15, 16);
        }
        List<String> tokenIds = List.of(bigId(r), bigId(r));
        Instant created = eventCreatedAt.plusSeconds(5 + index);

        ObjectNode m = object(MARKET);
        m.put("id", Long.toString(id));
        m.put("conditionId", conditionId);
        m.put("question", question);
        m.put("slug", slug);
        m.put("resolutionSource", event.get("resolutionSource").asText());
        m.put("category", event.get("category").asText());
        m.put("liquidity", Double.toString(liquidity));
        m.put("fee", "20000000000000000");
        m.put("image", event.get("image").asText());
        m.put("icon", event.get("icon").asText());
        m.put("description", item.description());
        m.put("outcomes", jsonInString(outcomes));
        m.put("outcomePrices", jsonInString(List.of(yes.toPlainString(), no.toPlainString())));
        m.put("volume", Double.toString(volume));
        m.put("marketType", item.kind() == Questions.Kind.TOTAL ? "scalar" : "normal");
        m.put("formatType", item.kind() == Questions.Kind.TOTAL ? "number" : null);
        // The live service writes a market's closedTime in its database form.
        if (closed) m.put("closedTime", DB_TIME.format(end.isBefore(now) ? end : now.minusSeconds(3600)).replace(".000+00", "+00"));
        m.put("resolvedBy", "0x" + hex(r, 40));
        m.put("groupItemTitle", item.groupItemTitle());
        m.put("groupItemThreshold", count > 1 ? Integer.toString(index) : null);
        m.put("questionID", questionId);
        if (closed) m.put("umaResolutionStatus", "resolved");
        m.put("endDateIso", end.toString().substring(0, 10));
        m.put("startDateIso", start.toString().substring(0, 10));
        m.put("clobTokenIds", jsonInString(tokenIds));
        if (!binary && r.nextBoolean()) m.put("shortOutcomes", jsonInString(outcomes.stream().map(World::shortName).toList()));
        m.put("umaBond", "500");
        m.put("umaReward", "5");
        m.put("endDate", iso(end));
        m.put("startDate", iso(start));
        m.put("createdAt", iso(created));
        m.put("updatedAt", event.get("updatedAt").asText());
        m.put("active", event.get("active").asBoolean());
        m.put("closed", closed);
        m.put("wideFormat", false);
        m.put("new", event.get("new").asBoolean());
        m.put("featured", false);
        m.put("archived", event.get("archived").asBoolean());
        m.put("restricted", event.get("restricted").asBoolean());
        m.put("enableOrderBook", true);
        m.put("hasReviewedDates", true);
        m.put("readyForCron", false);
        m.put("commentsEnabled", event.get("commentsEnabled").asBoolean());
        m.put("acceptingOrders", !closed);
        m.put("notificationsEnabled", true);
        m.put("ready", true);
        m.put("funded", true);
        m.put("orderPriceMinTickSize", tick);
        m.put("orderMinSize", r.nextInt(4) == 0 ? 15 : 5);
        m.put("volumeNum", volume);
        m.put("liquidityNum", liquidity);
        double v24 = closed ? 0 : round6(volume * r.nextDouble() * 0.02);
        m.put("volume24hr", v24);
        m.put("volume1wk", round6(v24 * 5));
        m.put("volume1mo", round6(Math.min(volume, v24 * 20)));
        m.put("volume1yr", volume);
        m.put("volume24hrClob", v24);
        m.put("volume1wkClob", round6(v24 * 5));
        m.put("volume1moClob", round6(Math.min(volume, v24 * 20)));
        m.put("volume1yrClob", volume);
        m.put("volumeClob", volume);
        m.put("liquidityClob", liquidity);
        m.put("createdBy", 1 + r.nextInt(40));
        m.put("updatedBy", 1 + r.nextInt(40));
        m.put("curationOrder", index);
        m.put("secondsDelay", 0);
        m.put("makerBaseFee", 0);
        m.put("takerBaseFee", 0);
        m.put("customLiveness", 0);
        m.set("positionIds", JSON.arrayNode().add(tokenIds.get(0)).add(tokenIds.get(1)));
        m.set("imageOptimized", JSON.nullNode());
        m.set("iconOptimized", JSON.nullNode());
        m.set("events", JSON.arrayNode());
        m.set("categories", JSON.arrayNode());
        m.set("tags", JSON.arrayNode());
        m.put("negRisk", negRisk);
        m.put("negRiskMarketID", negRiskMarketId);
        // Quotes and price changes are the book's and the price path's at the anchor (filled in below).
        m.put("bestBid", 0.0);
        m.put("bestAsk", 0.0);
        m.put("spread", 0.0);
        m.put("lastTradePrice", yes.doubleValue());
        m.put("oneDayPriceChange", 0.0);
        m.put("oneWeekPriceChange", 0.0);
        m.put("oneMonthPriceChange", 0.0);
        m.put("competitive", closed ? 0 : r.nextDouble());

        for (int k = 0; k < 2; k++) {
            Token t = new Token(tokenIds.get(k), outcomes.get(k), k, Long.toString(id), conditionId,
                    k == 0 ? yes.doubleValue() : no.doubleValue(), tick, m.get("orderMinSize").asDouble(), negRisk,
                    closed, created, end);
            sink.add(t);
        }
        if (!closed) quote(m, sink.get(sink.size() - 2));
        return m;
    }

    /** An open market's quotes as its book shows them at the anchor, and its price changes along its price path. */
    private void quote(ObjectNode m, Token first) {
        PricePath path = new PricePath(first, first, now);
        long minute = now.getEpochSecond() / 60;
        double price = path.at(minute);
        BigDecimal bid = TickQuotes.bid(first, price), ask = TickQuotes.ask(first, price);
        m.put("bestBid", bid.doubleValue());
        m.put("bestAsk", ask.doubleValue());
        m.put("spread", ask.subtract(bid).doubleValue());
        m.put("lastTradePrice", TickQuotes.lastTrade(first, path, minute).doubleValue());
        m.put("oneDayPriceChange", round4(price - path.at(Math.max(path.startMinute(), minute - 1_440))));
        m.put("oneWeekPriceChange", round4(price - path.at(Math.max(path.startMinute(), minute - 10_080))));
        m.put("oneMonthPriceChange", round4(price - path.at(Math.max(path.startMinute(), minute - 43_200))));
    }

    private ObjectNode image(SplittableRandom r, long id, String field) {
        ObjectNode o = object(IMAGE);
        o.put("id", Long.toString(700_000 + id * 3 + (field.equals("icon") ? 1 : 0)));
        o.put("imageUrlSource", "https://img.sandbox.invalid/src/" + id + "-" + field + ".png");
        o.put("imageUrlOptimized", "https://img.sandbox.invalid/opt/" + id + "-" + field + ".webp");
        double kb = round2(20 + r.nextDouble() * 400);
        o.put("imageSizeKbSource", kb);
        o.put("imageSizeKbOptimized", round2(kb * (0.1 + r.nextDouble() * 0.3)));
        o.put("imageOptimizedComplete", true);
        o.put("imageOptimizedLastUpdated", iso(now.minusSeconds(r.nextInt(90) * 86_400L)));
        o.put("relID", (int) id);
        o.put("field", field);
        o.put("relname", "events");
        return o;
    }

    /** A short outcome name: the last word (a team's name, a surname), or the first letter of Over and Under. */
    private static String shortName(String outcome) {
        return outcome.equals("Over") || outcome.equals("Under") ? outcome.substring(0, 1) : outcome.substring(outcome.lastIndexOf(' ') + 1);
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    private EventFacts facts(ObjectNode e) {
        Set<Long> tagIds = new LinkedHashSet<>();
        Set<String> tagSlugs = new LinkedHashSet<>();
        for (JsonNode t : e.get("tags")) {
            tagIds.add(Long.parseLong(t.get("id").asText()));
            tagSlugs.add(t.get("slug").asText());
        }
        Set<String> rec = new LinkedHashSet<>();
        for (JsonNode s : e.get("series")) rec.add(s.get("recurrence").asText());
        return new EventFacts(Long.parseLong(e.get("id").asText()), e.get("slug").asText(), tagIds, tagSlugs,
                bool(e, "active"), bool(e, "closed"), bool(e, "archived"), bool(e, "featured"), bool(e, "cyom"),
                num(e, "liquidity"), num(e, "volume"), time(e, "startDate"), time(e, "endDate"), rec, e);
    }

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

    /** A record with every field of its kind, all null. */
    static ObjectNode object(RecordMap.Schema schema) {
        RecordMap fields = new RecordMap(schema);
        for (int i = 0; i < schema.size(); i++) fields.putNull(i);
        return new ObjectNode(JSON, fields);
    }

    /** A copy of a flat record of one kind (its values are immutable nodes, so they are shared). */
    private static ObjectNode copy(ObjectNode flat, RecordMap.Schema schema) {
        ObjectNode o = new ObjectNode(JSON, new RecordMap(schema));
        flat.fields().forEachRemaining(f -> o.set(f.getKey(), f.getValue()));
        return o;
    }

    private static String iso(Instant t) {
        return millis(t).toString();
    }

    /** The instant as served: timestamps carry milliseconds. */
    private static Instant millis(Instant t) {
        return t.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
    }

    private static String jsonInString(List<String> values) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) b.append(", ");
            b.append('"').append(values.get(i).replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        }
        return b.append(']').toString();
    }

    /** Lower-case letters and digits, every other run of characters one dash, none at either end. */
    static String slug(String s) {
        StringBuilder b = new StringBuilder(s.length());
        boolean dash = false;
        for (int i = 0; i < s.length(); i++) {
            char c = Character.toLowerCase(s.charAt(i));
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                if (dash && b.length() > 0) b.append('-');
                b.append(c);
                dash = false;
            } else {
                dash = true;
            }
        }
        return b.length() == 0 ? "x" : b.toString();
    }

    public static String hex(SplittableRandom r, int digits) {
        StringBuilder b = new StringBuilder(digits);
        for (int i = 0; i < digits; i++) b.append(Character.forDigit(r.nextInt(16), 16));
        return b.toString();
    }

    private static String bigId(SplittableRandom r) {
        StringBuilder b = new StringBuilder(77);
        b.append(1 + r.nextInt(9));
        for (int i = 0; i < 76; i++) b.append(r.nextInt(10));
        return b.toString();
    }

    private static double round2(double v) {
        return Math.round(v * 100.0) / 100.0;
    }

    private static double round4(double v) {
        return Math.round(v * 1e4) / 1e4;
    }

    private static double round6(double v) {
        return Math.round(v * 1e6) / 1e6;
    }
}
