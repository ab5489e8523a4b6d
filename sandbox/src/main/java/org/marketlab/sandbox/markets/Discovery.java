package org.marketlab.sandbox.markets;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.sandbox.world.World;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What the discovery paths serve, derived from the world without changing it: every market with the facts its
 * filters use, tag counts, the series that group recurring events, a pool of public profiles, and the comments
 * of each event (made on demand: comment {@code i} of an event depends only on the seed, the event and {@code i},
 * so a page costs no more than its own comments).
 */
final class Discovery {

    /** One market, its parent event and the facts the {@code /markets} filters read. */
    record MarketFacts(long id, String slug, String conditionId, List<String> tokenIds, String questionId,
                       Boolean active, Boolean closed, Boolean archived, Double liquidity, Double volume,
                       Instant startDate, Instant endDate, String umaResolutionStatus, World.EventFacts event,
                       ObjectNode document) {
    }

    /** A series: the events sharing one series id, in id order, and its served document (without events). */
    record SeriesFacts(long id, String slug, String recurrence, boolean closed, String category,
                       List<World.EventFacts> events, ObjectNode document) {
    }

    static final int PROFILES = 400;
    private static final String[] ADJECTIVES = {"Amber", "Brisk", "Calm", "Daring", "Eager", "Frosty", "Gentle",
            "Hidden", "Idle", "Jolly", "Keen", "Lucky", "Mellow", "Nimble", "Odd", "Proud", "Quiet", "Rapid", "Steady",
            "Tidy", "Upbeat", "Vivid", "Witty", "Young", "Zesty"};
    private static final String[] NOUNS = {"Otter", "Falcon", "Maple", "Harbor", "Comet", "Badger", "Cedar",
            "Lantern", "Meadow", "Pebble", "Raven", "Summit", "Thistle", "Willow", "Beacon", "Canyon", "Ember", "Fjord"};
    private static final String[] OPENERS = {"I think", "Honestly", "Looks like", "My read:", "Not convinced,",
            "Calling it:", "Interesting:", "Fair price?", "Hmm,", "Watch this:"};
    private static final String[] CLAIMS = {"this resolves Yes", "the market is overpricing No", "volume tells the story",
            "the odds move too slowly", "the rules are clear enough", "too early to say", "the favourite is undervalued",
            "news next week decides it", "liquidity is thin here", "the crowd is right this time"};

    private final World world;
    private final List<MarketFacts> markets = new ArrayList<>();
    private final Map<Long, MarketFacts> marketById = new HashMap<>();
    private final Map<String, MarketFacts> marketBySlug = new HashMap<>();
    private final Map<Long, Integer> tagCounts = new HashMap<>();
    private final List<SeriesFacts> series = new ArrayList<>();
    private final Map<Long, SeriesFacts> seriesById = new LinkedHashMap<>();
    private final List<ObjectNode> profiles = new ArrayList<>();
    private final Map<Long, ObjectNode> eventSummaries = new HashMap<>();
    /** Per event: the words of its title, and those of its slug, market questions and tag labels. */
    private final Map<Long, List<String>> titleWords = new HashMap<>(), otherWords = new HashMap<>();

    Discovery(World world) {
        this.world = world;
        Map<Long, List<World.EventFacts>> grouped = new java.util.TreeMap<>();
        for (World.EventFacts e : world.events()) {
            for (long t : e.tagIds()) tagCounts.merge(t, 1, Integer::sum);
            for (JsonNode s : e.document().get("series")) {
                grouped.computeIfAbsent(Long.parseLong(s.get("id").asText()), k -> new ArrayList<>()).add(e);
            }
            titleWords.put(e.id(), List.copyOf(new java.util.LinkedHashSet<>(DiscoveryApi.words(e.document().get("title").asText()))));
            java.util.Set<String> other = new java.util.LinkedHashSet<>(DiscoveryApi.words(e.slug()));
            for (JsonNode m : e.document().get("markets")) other.addAll(DiscoveryApi.words(m.path("question").asText("")));
            for (JsonNode t : e.document().get("tags")) other.addAll(DiscoveryApi.words(t.path("label").asText("")));
            otherWords.put(e.id(), List.copyOf(other));
            for (JsonNode m : e.document().get("markets")) {
                ObjectNode d = (ObjectNode) m;
                MarketFacts f = new MarketFacts(Long.parseLong(d.get("id").asText()), d.get("slug").asText(),
                        d.get("conditionId").asText(), tokenIds(d), text(d, "questionID"), World.bool(d, "active"),
                        World.bool(d, "closed"), World.bool(d, "archived"), World.num(d, "liquidityNum"), World.num(d, "volumeNum"),
                        World.time(d, "startDate"), World.time(d, "endDate"), text(d, "umaResolutionStatus"), e, d);
                markets.add(f);
                marketById.put(f.id(), f);
                marketBySlug.put(f.slug(), f);
            }
        }
        for (Map.Entry<Long, List<World.EventFacts>> g : grouped.entrySet()) {
            SeriesFacts s = series(g.getKey(), g.getValue());
            series.add(s);
            seriesById.put(s.id(), s);
        }
        SplittableRandom r = new SplittableRandom(world.seed() * 0x9E3779B97F4A7C15L + 0x5EED);
        for (int i = 0; i < PROFILES; i++) profiles.add(profile(r, i));
    }

    List<MarketFacts> markets() {
        return Collections.unmodifiableList(markets);
    }

    MarketFacts market(long id) {
        return marketById.get(id);
    }

    MarketFacts marketBySlug(String slug) {
        return marketBySlug.get(slug);
    }

    /** How many events carry a tag. */
    int eventCount(long tagId) {
        return tagCounts.getOrDefault(tagId, 0);
    }

    List<SeriesFacts> series() {
        return Collections.unmodifiableList(series);
    }

    SeriesFacts series(long id) {
        return seriesById.get(id);
    }

    List<String> titleWords(World.EventFacts e) {
        return titleWords.get(e.id());
    }

    /** The words of an event's slug, market questions and tag labels. */
    List<String> otherWords(World.EventFacts e) {
        return otherWords.get(e.id());
    }

    List<ObjectNode> profiles() {
        return Collections.unmodifiableList(profiles);
    }

    /** A market as {@code /markets} serves it: its document with its parent event (without markets) in {@code events}. */
    ObjectNode marketDocument(MarketFacts m, boolean includeTags) {
        ObjectNode d = World.JSON.objectNode().setAll(m.document());
        d.set("events", World.JSON.arrayNode().add(eventSummary(m.event())));
        if (includeTags) d.set("tags", m.event().document().get("tags"));
        return d;
    }

    /** An event without its markets, chats and templates, as nested in a market or a series. */
    synchronized ObjectNode eventSummary(World.EventFacts e) {
        return eventSummaries.computeIfAbsent(e.id(), k -> {
            ObjectNode d = World.JSON.objectNode().setAll(e.document());
            d.remove("markets");
            d.remove("chats");
            d.remove("templates");
            return d;
        });
    }

    // ---- comments -----------------------------------------------------------------------------------------------

    /** The number of comments of an event: its {@code commentCount}. */
    static int commentCount(World.EventFacts e) {
        JsonNode n = e.document().get("commentCount");
        return n == null || n.isNull() ? 0 : n.asInt();
    }

    /**
     * Comment {@code i} (0 = oldest) of an event. Comments are spread evenly from the event's creation to its
     * close (or the world's now), so their times rise strictly with {@code i}, and so do their ids.
     */
    ObjectNode comment(World.EventFacts e, int i) {
        int n = commentCount(e);
        Instant from = Instant.parse(e.document().get("creationDate").asText());
        JsonNode closedTime = e.document().get("closedTime");
        Instant to = closedTime != null && !closedTime.isNull() ? Instant.parse(closedTime.asText()) : world.now();
        if (!to.isAfter(from)) to = from.plusSeconds(86_400);
        long span = to.toEpochMilli() - from.toEpochMilli();
        Instant at = Instant.ofEpochMilli(from.toEpochMilli() + (long) Math.floor((i + 0.5) * span / n));
        SplittableRandom r = new SplittableRandom(world.seed() * 1_000_003L + e.id() * 131_071L + i);
        ObjectNode author = profiles.get(r.nextInt(profiles.size()));
        ObjectNode c = World.JSON.objectNode();
        c.put("id", Long.toString(commentId(e.id(), i)));
        c.put("body", OPENERS[r.nextInt(OPENERS.length)] + " " + CLAIMS[r.nextInt(CLAIMS.length)] + ".");
        c.put("parentEntityType", "Event");
        c.put("parentEntityID", e.id());
        if (i > 0 && r.nextInt(5) == 0) c.put("parentCommentID", Long.toString(commentId(e.id(), r.nextInt(i))));
        else c.putNull("parentCommentID");
        c.put("userAddress", author.get("proxyWallet").asText());
        c.putNull("replyAddress");
        c.put("createdAt", at.toString());
        c.put("updatedAt", at.toString());
        ObjectNode p = World.JSON.objectNode();
        for (String f : new String[]{"name", "pseudonym", "displayUsernamePublic", "bio", "isMod", "isCreator",
                "proxyWallet", "baseAddress", "profileImage", "profileImageOptimized"}) {
            p.set(f, author.get(f));
        }
        p.set("positions", World.JSON.arrayNode());
        c.set("profile", p);
        c.set("reactions", World.JSON.arrayNode());
        c.put("reportCount", 0);
        c.put("reactionCount", r.nextInt(4) == 0 ? r.nextInt(40) : 0);
        return c;
    }

    static long commentId(long eventId, int i) {
        return eventId * 100_000L + i;
    }

    // ---- generation ---------------------------------------------------------------------------------------------

    private SeriesFacts series(long id, List<World.EventFacts> events) {
        JsonNode first = events.get(0).document().get("series").get(0);
        String recurrence = first.get("recurrence").asText();
        boolean closed = events.stream().allMatch(e -> Boolean.TRUE.equals(e.closed()));
        boolean active = events.stream().anyMatch(e -> Boolean.TRUE.equals(e.active()));
        double volume = 0, liquidity = 0, volume24hr = 0;
        int comments = 0;
        Instant created = null, updated = null, start = null;
        for (World.EventFacts e : events) {
            ObjectNode d = e.document();
            volume += d.path("volume").asDouble();
            liquidity += d.path("liquidity").asDouble();
            volume24hr += d.path("volume24hr").asDouble();
            comments += commentCount(e);
            created = min(created, World.time(d, "createdAt"));
            updated = max(updated, World.time(d, "updatedAt"));
            start = min(start, World.time(d, "startDate"));
        }
        ObjectNode s = World.JSON.objectNode();
        s.put("id", Long.toString(id));
        s.put("ticker", first.get("slug").asText());
        s.put("slug", first.get("slug").asText());
        s.put("title", first.get("title").asText());
        s.putNull("subtitle");
        s.put("seriesType", "single");
        s.put("recurrence", recurrence);
        s.put("description", "Every " + recurrence + " event of " + first.get("title").asText() + ". Synthetic sandbox data.");
        s.put("image", events.get(0).document().get("image").asText());
        s.put("icon", events.get(0).document().get("icon").asText());
        s.put("layout", "default");
        s.put("active", active);
        s.put("closed", closed);
        s.put("archived", false);
        s.put("new", false);
        s.put("featured", false);
        s.put("restricted", events.get(0).document().path("restricted").asBoolean());
        s.put("isTemplate", false);
        s.putNull("publishedAt");
        s.putNull("createdBy");
        s.putNull("updatedBy");
        s.put("createdAt", created == null ? null : created.toString());
        s.put("updatedAt", updated == null ? null : updated.toString());
        s.put("commentsEnabled", true);
        s.putNull("competitive");
        s.put("volume24hr", round2(volume24hr));
        s.put("volume", round2(volume));
        s.put("liquidity", round2(liquidity));
        s.put("startDate", start == null ? null : start.toString());
        s.put("commentCount", comments);
        return new SeriesFacts(id, first.get("slug").asText(), recurrence, closed,
                events.get(0).document().path("category").asText(), List.copyOf(events), s);
    }

    /** A series as served: its document with its events (without their markets), in id order. */
    ObjectNode seriesDocument(SeriesFacts s) {
        ObjectNode d = World.JSON.objectNode().setAll(s.document());
        ArrayNode events = World.JSON.arrayNode();
        for (World.EventFacts e : s.events()) events.add(eventSummary(e));
        d.set("events", events);
        return d;
    }

    private ObjectNode profile(SplittableRandom r, int i) {
        String adjective = ADJECTIVES[r.nextInt(ADJECTIVES.length)];
        String noun = NOUNS[r.nextInt(NOUNS.length)];
        ObjectNode p = World.JSON.objectNode();
        p.put("id", Integer.toString(1_000 + i));
        boolean named = r.nextInt(3) > 0;
        p.put("name", named ? (adjective + noun).toLowerCase(Locale.ROOT) + (i % 97) : null);
        p.put("pseudonym", adjective + "-" + noun);
        p.put("displayUsernamePublic", named);
        p.put("bio", r.nextInt(4) == 0 ? "Trades " + noun.toLowerCase(Locale.ROOT) + " markets. Synthetic sandbox profile." : "");
        p.put("isMod", false);
        p.put("isCreator", false);
        p.put("proxyWallet", "0x" + World.hex(r, 40));
        p.put("baseAddress", "0x" + World.hex(r, 40));
        p.put("profileImage", r.nextBoolean() ? "https://img.sandbox.invalid/profile/" + (1_000 + i) + ".png" : null);
        p.putNull("profileImageOptimized");
        p.put("createdAt", world.now().minusSeconds(86_400L * (30 + r.nextInt(900))).toString());
        return p;
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    private static List<String> tokenIds(ObjectNode m) {
        JsonNode ids = m.get("positionIds");
        List<String> out = new ArrayList<>();
        if (ids != null) for (JsonNode t : ids) out.add(t.asText());
        return List.copyOf(out);
    }

    private static String text(ObjectNode d, String f) {
        JsonNode n = d.get(f);
        return n == null || n.isNull() ? null : n.asText();
    }

    private static Instant min(Instant a, Instant b) {
        return a == null ? b : b == null || a.isBefore(b) ? a : b;
    }

    private static Instant max(Instant a, Instant b) {
        return a == null ? b : b == null || a.isAfter(b) ? a : b;
    }

    private static double round2(double v) {
        return Math.round(v * 100.0) / 100.0;
    }
}
