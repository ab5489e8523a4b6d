package org.marketlab.markets;

import org.marketlab.pacing.RetryPolicy;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.http.NotFoundException;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.world.World;
import tech.tablesaw.api.Table;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Discovery (markets, search, tags, series, comments) against the real sandbox over loopback; every expectation
 * is computed here from the generated world's documents, independently of the server's code.
 */
class DiscoveryAgainstSandboxTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static Sandbox sandbox;
    private static Transport transport;
    private static MarketData data;
    private static World world;
    /** Every market document with its event, in id order. */
    private static final List<JsonNode> markets = new ArrayList<>();
    private static final Map<String, World.EventFacts> eventOf = new HashMap<>();

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(11).now(NOW).build();
        var urls = sandbox.start();
        world = sandbox.world();
        Profile p = Profile.sandbox(11).withUrl(Service.MARKETS, urls.get("markets").toString())
                .withUrl(Service.DATA, urls.get("data").toString());
        transport = Transport.create(p, Clock.system(), new RetryPolicy(3, 3, Duration.ofMillis(10), Duration.ofMillis(50)));
        data = new MarketData(transport);
        for (World.EventFacts e : world.events()) {
            for (JsonNode m : e.document().get("markets")) {
                markets.add(m);
                eventOf.put(m.get("id").asText(), e);
            }
        }
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static MarketsQuery mq() {
        return data.markets();
    }

    private static List<String> expected(Predicate<JsonNode> p) {
        return markets.stream().filter(p).map(m -> m.get("id").asText()).toList();
    }

    private static List<String> ids(List<Market> list) {
        return list.stream().map(Market::id).toList();
    }

    private static double num(JsonNode m, String f) {
        return m.get(f).asDouble();
    }

    // ---- /markets -------------------------------------------------------------------------------------------

    @Test
    void marketIdFiltersMatchTheWorldExactly() {
        JsonNode a = markets.get(17), b = markets.get(4242), c = markets.get(markets.size() - 1);
        List<String> want = List.of(a.get("id").asText(), b.get("id").asText(), c.get("id").asText());
        assertEquals(want, ids(mq().ids(c.get("id").asText(), a.get("id").asText(), b.get("id").asText()).list()));
        assertEquals(want, ids(mq().slugs(a.get("slug").asText(), b.get("slug").asText(), c.get("slug").asText()).list()));
        assertEquals(want, ids(mq().conditionIds(a.get("conditionId").asText(), b.get("conditionId").asText().toUpperCase(Locale.ROOT).replace("0X", "0x"),
                c.get("conditionId").asText()).list()));
        assertEquals(List.of(b.get("id").asText()), ids(mq().clobTokenIds(b.get("positionIds").get(1).asText()).list()));
        assertEquals(List.of(a.get("id").asText()), ids(mq().questionIds(a.get("questionID").asText()).list()));
        assertEquals(List.of(), mq().ids("1").list());
    }

    @Test
    void marketStateTagAndRangeFiltersMatchTheWorldExactly() {
        long tag = Long.parseLong(world.tags().get(37).get("id").asText());
        assertEquals(expected(m -> eventOf.get(m.get("id").asText()).tagIds().contains(tag)), ids(mq().tagId(tag).list()));
        Set<Long> family = new HashSet<>(world.relatedTags(tag));
        family.add(tag);
        assertEquals(expected(m -> eventOf.get(m.get("id").asText()).tagIds().stream().anyMatch(family::contains) && num(m, "volumeNum") >= 20_000),
                ids(mq().tagId(tag).relatedTags(true).volumeMin(20_000).list()));
        // a selection under the offset cap, read in pages of 37: complete and in id order
        assertEquals(expected(m -> m.get("active").asBoolean() && !m.get("closed").asBoolean() && num(m, "volumeNum") >= 200_000),
                ids(mq().active(true).closed(false).volumeMin(200_000).pageSize(37).list()));
        assertEquals(expected(m -> m.get("archived").asBoolean() && num(m, "liquidityNum") <= 50),
                ids(mq().archived(true).liquidityMax(50).list()));
        assertEquals(expected(m -> num(m, "liquidityNum") >= 5_000 && num(m, "liquidityNum") <= 5_600),
                ids(mq().liquidityMin(5_000).liquidityMax(5_600).list()));
        assertEquals(expected(m -> num(m, "volumeNum") >= 1_000 && num(m, "volumeNum") <= 1_100),
                ids(mq().volumeMin(1_000).volumeMax(1_100).list()));
        Instant from = NOW.minus(Duration.ofDays(3)), to = NOW.plus(Duration.ofDays(4));
        assertEquals(expected(m -> !Instant.parse(m.get("endDate").asText()).isBefore(from) && !Instant.parse(m.get("endDate").asText()).isAfter(to)),
                ids(mq().endDateMin(from).endDateMax(to).list()));
        Instant s0 = NOW.minus(Duration.ofDays(40)), s1 = NOW.minus(Duration.ofDays(30));
        assertEquals(expected(m -> !Instant.parse(m.get("startDate").asText()).isBefore(s0) && !Instant.parse(m.get("startDate").asText()).isAfter(s1)),
                ids(mq().startDateMin(s0).startDateMax(s1).list()));
        assertEquals(expected(m -> "resolved".equals(m.path("umaResolutionStatus").asText(null)) && num(m, "volumeNum") > 500_000),
                ids(mq().umaResolutionStatus("resolved").volumeMin(500_000.000001).list()));
    }

    @Test
    void marketOrderLimitOffsetAndTheOffsetCap() {
        List<String> byVolume = markets.stream().filter(m -> !m.get("closed").asBoolean())
                .sorted(Comparator.comparingDouble((JsonNode m) -> -num(m, "volumeNum")).thenComparingLong(m -> m.get("id").asLong()))
                .map(m -> m.get("id").asText()).toList();
        assertEquals(byVolume.subList(0, 150), ids(mq().closed(false).order("volumeNum").ascending(false).limit(150).list()));
        assertEquals(byVolume.subList(30, 60), ids(mq().closed(false).order("volumeNum").offset(30).limit(30).list()));
        assertEquals(2, mq().offset(2000).limit(2).list().size());
        assertThrows(InvalidRequestException.class, () -> mq().offset(2001).limit(1).list());
        // every market is more than the cap allows: the listing ends with the service's refusal
        assertThrows(InvalidRequestException.class, () -> mq().list());
    }

    @Test
    void oneMarketByIdOrSlugWithItsEvent() {
        JsonNode m = markets.get(999);
        Market byId = data.market(m.get("id").asText());
        Market bySlug = data.market(m.get("slug").asText());
        assertEquals(m.get("conditionId").asText(), byId.conditionId());
        assertEquals(byId, bySlug);
        assertEquals(Long.toString(eventOf.get(m.get("id").asText()).id()), byId.events().get(0).id());
        assertThrows(NotFoundException.class, () -> data.market("no-such-market"));
        Table t = mq().ids(m.get("id").asText()).table();
        assertEquals(1, t.rowCount());
        assertEquals(m.get("question").asText(), t.stringColumn("question").get(0));
    }

    @Test
    void badMarketArgumentsAreRefusedBeforeSending() {
        assertThrows(IllegalArgumentException.class, () -> mq().conditionIds("0x12"));
        assertThrows(IllegalArgumentException.class, () -> mq().ids("abc"));
        assertThrows(IllegalArgumentException.class, () -> mq().order("noSuchField"));
        assertThrows(IllegalArgumentException.class, () -> mq().volumeMin(10).volumeMax(5));
        assertThrows(IllegalArgumentException.class, () -> mq().pageSize(101));
        var e = assertThrows(IllegalArgumentException.class, () -> mq().clobTokenIds("0xabc"));
        assertTrue(e.getMessage().contains("clobTokenIds"), e.getMessage());
    }

    // ---- /public-search -------------------------------------------------------------------------------------

    private static boolean wordIn(String word, String text) {
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) if (w.startsWith(word)) return true;
        return false;
    }

    @Test
    void searchFindsEveryEventWhoseTitleHoldsTheWordAndRanksAsDocumented() {
        String word = "elect"; // in some titles ("election"), and in the tags of every election event ("Elections")
        List<World.EventFacts> titled = world.events().stream().filter(e -> wordIn(word, e.document().get("title").asText()))
                .sorted(Comparator.comparingDouble((World.EventFacts e) -> -e.volume()).thenComparingLong(World.EventFacts::id)).toList();
        List<World.EventFacts> elsewhere = world.events().stream().filter(e -> !wordIn(word, e.document().get("title").asText()))
                .filter(e -> wordIn(word, e.slug())
                        || java.util.stream.StreamSupport.stream(e.document().get("markets").spliterator(), false).anyMatch(m -> wordIn(word, m.get("question").asText()))
                        || java.util.stream.StreamSupport.stream(e.document().get("tags").spliterator(), false).anyMatch(t -> wordIn(word, t.get("label").asText())))
                .sorted(Comparator.comparingDouble((World.EventFacts e) -> -e.volume()).thenComparingLong(World.EventFacts::id)).toList();
        assertTrue(titled.size() > 3 && elsewhere.size() > 3, titled.size() + " / " + elsewhere.size());
        List<String> want = new ArrayList<>();
        titled.forEach(e -> want.add(Long.toString(e.id())));
        elsewhere.forEach(e -> want.add(Long.toString(e.id())));

        SearchResult all = data.search("Elect").limitPerType(13).result();
        assertEquals(want, all.events().stream().map(Event::id).toList());
        assertEquals(want.size(), all.totalResults());
        assertFalse(all.hasMore());
        // the same in one-page reads of 50
        List<String> paged = new ArrayList<>();
        for (int page = 1; ; page++) {
            SearchResult r = data.search(word).limitPerType(50).page(page).result();
            r.events().forEach(e -> paged.add(e.id()));
            if (!r.hasMore()) break;
        }
        assertEquals(want, paged);
        // the tag named by the word, with its count; the markets table is the events' markets
        RankedTag tag = all.tags().stream().filter(t -> t.label().equals("Elections")).findFirst().orElseThrow();
        assertEquals(world.events().stream().filter(e -> e.tagSlugs().contains("elections")).count(), (long) tag.eventCount());
        assertEquals(all.markets().size(), all.marketsTable().rowCount());
        assertEquals(want.size(), all.eventsTable().rowCount());
        // status and limit
        List<String> open = data.search(word).status("active").result().events().stream().map(Event::id).toList();
        assertEquals(want.stream().filter(id -> {
            World.EventFacts e = world.event(Long.parseLong(id));
            return e.active() && !e.closed();
        }).toList(), open);
        assertEquals(want.subList(0, 7), data.search(word).limitPerType(5).limit(7).list().stream().map(Event::id).toList());
    }

    /** The events a search for {@code word} selects (any group), in id order. */
    private static List<World.EventFacts> matching(String word) {
        return world.events().stream().filter(e -> wordIn(word, e.document().get("title").asText()) || wordIn(word, e.slug())
                || java.util.stream.StreamSupport.stream(e.document().get("markets").spliterator(), false).anyMatch(m -> wordIn(word, m.get("question").asText()))
                || java.util.stream.StreamSupport.stream(e.document().get("tags").spliterator(), false).anyMatch(t -> wordIn(word, t.get("label").asText()))).toList();
    }

    private static List<String> sortedIds(List<Event> events) {
        return events.stream().map(Event::id).sorted(Comparator.comparingLong(Long::parseLong)).toList();
    }

    private static List<String> idsOf(List<World.EventFacts> events) {
        return events.stream().map(e -> Long.toString(e.id())).toList();
    }

    @Test
    void searchFiltersMatchTheWorldExactly() {
        String word = "close"; // "close above ___": many events, small documents
        List<World.EventFacts> all = matching(word);
        assertTrue(all.size() > 40, "a broad word: " + all.size());
        String ethereum = "ethereum", ethereumId = tagId("ethereum"), bitcoinId = tagId("bitcoin");
        List<String> withEthereum = idsOf(all.stream().filter(e -> e.tagSlugs().contains(ethereum)).toList());
        assertFalse(withEthereum.isEmpty());
        assertEquals(withEthereum, sortedIds(data.search(word).eventsTags(ethereum).limitPerType(50).list()));
        assertEquals(withEthereum, sortedIds(data.search(word).eventsTags(ethereumId).limitPerType(50).list()));
        assertEquals(idsOf(all.stream().filter(e -> !e.tagSlugs().contains("bitcoin") && !e.tagSlugs().contains(ethereum)).toList()),
                sortedIds(data.search(word).excludeTagIds(bitcoinId, ethereumId).limitPerType(50).list()));
        assertEquals(idsOf(all.stream().filter(e -> e.recurrences().contains("monthly")).toList()),
                sortedIds(data.search(word).recurrence("monthly").limitPerType(50).list()));
        assertEquals(idsOf(all.stream().filter(e -> Boolean.TRUE.equals(e.closed())).toList()),
                sortedIds(data.search(word).status("closed").limitPerType(50).list()));
        // sort replaces relevance: every match by endDate ascending (those without one last), then id
        List<String> byEnd = all.stream().sorted(Comparator.comparing((World.EventFacts e) -> e.endDate() == null ? Instant.MAX : e.endDate())
                .thenComparingLong(World.EventFacts::id)).map(e -> Long.toString(e.id())).toList();
        assertEquals(byEnd, data.search(word).sort("endDate").ascending(true).limitPerType(50).list()
                .stream().map(Event::id).toList());
        // keep_closed_markets=0 on a word with multi-market events, some of whose markets closed early
        for (Event e : data.search("champion").keepClosedMarkets(false).limitPerType(50).limit(60).list()) {
            long open = world.event(Long.parseLong(e.id())).document().get("markets").findValues("closed").stream().filter(c -> !c.asBoolean()).count();
            assertEquals(open, e.markets().size());
            for (Market m : e.markets()) assertFalse(m.closed());
        }
    }

    private static String tagId(String slug) {
        return world.tags().stream().filter(t -> t.get("slug").asText().equals(slug)).findFirst().orElseThrow().get("id").asText();
    }

    @Test
    void seriesAndTagFiltersMatchTheWorldExactly() {
        List<Series> all = data.series().list();
        Series a = all.get(3), b = all.get(all.size() - 2);
        assertEquals(List.of(a.id(), b.id()), data.series().slugs(b.slug(), a.slug()).list().stream().map(Series::id).toList());
        assertEquals(all.stream().filter(Series::closed).map(Series::id).toList(),
                data.series().closed(true).list().stream().map(Series::id).toList());
        String category = world.event(Long.parseLong(a.events().get(0).id())).document().get("category").asText();
        assertEquals(all.stream().filter(s -> world.event(Long.parseLong(s.events().get(0).id())).document().get("category").asText().equals(category))
                        .map(Series::id).toList(),
                data.series().categoriesLabels(category).list().stream().map(Series::id).toList());
        List<String> byVolume = all.stream().sorted(Comparator.comparingDouble((Series s) -> -s.volume()).thenComparingLong(s -> Long.parseLong(s.id())))
                .map(Series::id).toList();
        assertEquals(byVolume, data.series().order("volume").list().stream().map(Series::id).toList());
        for (Series s : all) {
            double sum = s.events().stream().mapToDouble(Event::volume).sum();
            assertEquals(Math.round(sum * 100) / 100.0, s.volume(), 1e-6, s.slug());
            assertEquals(s.events().stream().mapToInt(Event::commentCount).sum(), s.commentCount());
        }
        List<String> byLabel = world.tags().stream().sorted(Comparator.comparing((com.fasterxml.jackson.databind.node.ObjectNode t) -> t.get("label").asText())
                .reversed().thenComparingLong(t -> t.get("id").asLong())).map(t -> t.get("id").asText()).toList();
        assertEquals(byLabel, data.tags().order("label").list().stream().map(RankedTag::id).toList());
    }

    @Test
    void searchOverSeveralWordsAndProfiles() {
        World.EventFacts e = world.events().get(321);
        List<String> words = List.of(e.document().get("title").asText().split("[^\\p{L}\\p{N}]+"));
        String q = words.get(0) + " " + words.get(words.size() - 1);
        List<String> found = data.search(q).result().events().stream().map(Event::id).toList();
        assertTrue(found.contains(Long.toString(e.id())), q + " -> " + found);
        // a comment's author is found by pseudonym, and the address is the same
        World.EventFacts commented = world.events().stream().filter(x -> x.document().get("commentCount").asInt() > 0).findFirst().orElseThrow();
        Comment c = data.comments(CommentsQuery.Parent.EVENT, Long.toString(commented.id())).limit(1).list().get(0);
        SearchResult r = data.search(c.profile().pseudonym()).limitPerType(50).result();
        assertTrue(r.profiles().stream().anyMatch(p -> p.proxyWallet().equals(c.userAddress())));
        assertTrue(r.profilesTable().columnNames().contains("proxyWallet"));
        assertThrows(IllegalArgumentException.class, () -> data.search(" ,; "));
        assertThrows(IllegalArgumentException.class, () -> data.search("x").status("open"));
    }

    @Test
    void aSearchAnswerInTheLiveShapeIsReadFieldByField() throws IOException {
        String json;
        try (InputStream in = getClass().getResourceAsStream("search_response.json")) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        SearchResult r = MarketData.parseSearch(Document.file("search_response.json", json));
        assertEquals(Boolean.TRUE, r.hasMore());
        assertEquals(1284, r.totalResults());
        assertEquals(List.of(), r.tags());
        assertEquals(List.of(), r.profiles());
        Event e = r.events().get(0);
        assertEquals("318512", e.id());
        assertEquals("gold-above-on-november-14", e.ticker());
        assertEquals("gold-above-on-november-14", e.slug());
        assertEquals("Gold above ___ on November 14?", e.title());
        assertTrue(e.description().startsWith("Resolves to \"Yes\" when the reference gold price"));
        assertEquals(Instant.parse("2025-11-07T15:20:44.301772Z"), e.startDate());
        assertEquals(Instant.parse("2025-11-07T15:20:44.301750Z"), e.creationDate());
        assertEquals(Instant.parse("2025-11-14T15:00:00Z"), e.endDate());
        assertEquals("https://example.com/images/gold-bars.png", e.image());
        assertEquals(e.image(), e.icon());
        assertEquals(true, e.active());
        assertEquals(false, e.closed());
        assertEquals(false, e.archived());
        assertEquals(false, e.isNew());
        assertEquals(false, e.featured());
        assertEquals(true, e.restricted());
        assertEquals(382115.40277, e.liquidity());
        assertEquals(1748220.815306002, e.volume());
        assertEquals(0.0, e.openInterest());
        assertEquals(Instant.parse("2025-11-07T15:16:30.118204Z"), e.createdAt());
        assertEquals(Instant.parse("2025-11-13T09:41:12.660381Z"), e.updatedAt());
        assertEquals(0.9218034472290118, e.competitive());
        assertEquals(611093.2207, e.volume24hr());
        assertEquals(1748220.8153060004, e.volume1wk());
        assertEquals(1748220.8153060004, e.volume1mo());
        assertEquals(1748220.8153060004, e.volume1yr());
        assertEquals(true, e.enableOrderBook());
        assertEquals(382115.40277, e.liquidityClob());
        assertEquals(false, e.negRisk());
        assertEquals(3, e.commentCount());
        assertEquals(false, e.cyom());
        assertEquals(true, e.showAllOutcomes());
        assertEquals(false, e.showMarketImages());
        assertEquals(false, e.enableNegRisk());
        assertEquals(true, e.automaticallyActive());
        assertEquals("gold-multi-strikes-weekly", e.seriesSlug());
        assertEquals(false, e.pendingDeployment());
        assertEquals(false, e.deploying());

        assertEquals(1, e.markets().size());
        Market m = e.markets().get(0);
        assertEquals("2041178", m.id());
        assertEquals("Will gold be above $4,100 on November 14?", m.question());
        assertEquals("0x7e2b9c04d51fa8e36c7d0b2a94f1e85c3d6a07b918e4f2c5a0d3b6e9c1f47a82", m.conditionId());
        assertEquals("gold-above-4100-on-november-14", m.slug());
        assertEquals(Instant.parse("2025-11-14T15:00:00Z"), m.endDate());
        assertEquals("40218.5531", m.liquidity());
        assertEquals(Instant.parse("2025-11-07T15:20:31.447106Z"), m.startDate());
        assertEquals(List.of("Yes", "No"), m.outcomes());
        assertEquals(List.of(new BigDecimal("0.8125"), new BigDecimal("0.1875")), m.outcomePrices());
        assertEquals("402577.318450002", m.volume());
        assertEquals(true, m.active());
        assertEquals(false, m.closed());
        assertEquals(Instant.parse("2025-11-07T15:16:31.025519Z"), m.createdAt());
        assertEquals(Instant.parse("2025-11-13T09:40:58.204417Z"), m.updatedAt());
        assertEquals(false, m.isNew());
        assertEquals(false, m.featured());
        assertEquals(false, m.archived());
        assertEquals("0x7BA8a4351B6C0F33ca93cb98E274448F2AE10293", m.resolvedBy());
        assertEquals(true, m.restricted());
        assertEquals("4,100", m.groupItemTitle());
        assertEquals("3", m.groupItemThreshold());
        assertEquals("0x1b84d3f07a629ce15d0e8a7b43c62f9d05e1a87c3b92f46d8e07c5a19b3d62f4", m.questionID());
        assertEquals(true, m.enableOrderBook());
        assertEquals(0.001, m.orderPriceMinTickSize());
        assertEquals(5.0, m.orderMinSize());
        assertEquals(402577.318450002, m.volumeNum());
        assertEquals(40218.5531, m.liquidityNum());
        assertEquals("2025-11-14", m.endDateIso());
        assertEquals("2025-11-07", m.startDateIso());
        assertEquals(true, m.hasReviewedDates());
        assertEquals(138204.6631090001, m.volume24hr());
        assertEquals(402577.3184500024, m.volume1wk());
        assertEquals(402577.3184500024, m.volume1mo());
        assertEquals(402577.3184500024, m.volume1yr());
        assertEquals(List.of("37710245896301526611047389237765209113560974418227150968325570194488213360459",
                "101582397420086135594212660785931047725869301144752813876920013255648174602283"), m.clobTokenIds());
        assertEquals("750", m.umaBond());
        assertEquals("3", m.umaReward());
        assertEquals(138204.6631090001, m.volume24hrClob());
        assertEquals(402577.318450002, m.volumeClob());
        assertEquals(40218.5531, m.liquidityClob());
        assertEquals(0, m.customLiveness());
        assertEquals(true, m.acceptingOrders());
        assertEquals(false, m.negRisk());
        assertEquals(false, m.ready());
        assertEquals(false, m.funded());
        assertEquals(0.7741502163094275, m.competitive());
        assertEquals(0.01, m.spread());
        assertEquals(0.81, m.lastTradePrice());
        assertEquals(0.81, m.bestBid());
        assertEquals(0.82, m.bestAsk());

        assertEquals(List.of("318", "104120", "104733", "44", "1466", "104011", "104498"), e.tags().stream().map(Tag::id).toList());
        Tag gold = e.tags().get(0);
        assertEquals("Gold", gold.label());
        assertEquals("gold", gold.slug());
        assertEquals(true, gold.forceShow());
        assertEquals("2023-12-05 14:11:09.417+00", gold.publishedAt());
        assertEquals(12, gold.updatedBy());
        assertNull(gold.createdBy());
        assertEquals(Instant.parse("2023-12-05T14:11:09.421Z"), gold.createdAt());
        assertEquals(Instant.parse("2025-11-03T08:14:22.905117Z"), gold.updatedAt());
        Tag metals = e.tags().get(4);
        assertEquals(12, metals.createdBy());
        assertEquals(false, e.tags().get(2).isCarousel());
        assertNull(e.tags().get(1).forceShow());
        assertEquals(1, r.marketsTable().rowCount());
        assertEquals("318512", r.marketsTable().stringColumn("eventId").get(0));
    }

    // ---- /tags, /series, /comments ---------------------------------------------------------------------------

    @Test
    void tagsAreRankedByTheirEventCounts() {
        Map<String, Long> counts = new HashMap<>();
        for (World.EventFacts e : world.events()) for (long t : e.tagIds()) counts.merge(Long.toString(t), 1L, Long::sum);
        List<String> want = world.tags().stream().map(t -> t.get("id").asText())
                .sorted(Comparator.comparingLong((String id) -> -counts.getOrDefault(id, 0L)).thenComparingLong(Long::parseLong)).toList();
        List<RankedTag> tags = data.tags().pageSize(30).list();
        assertEquals(want, tags.stream().map(RankedTag::id).toList());
        for (RankedTag t : tags) assertEquals((long) counts.getOrDefault(t.id(), 0L), (long) t.eventCount(), t.label());
        assertEquals(world.tags().size(), data.tags().table().rowCount());
        RankedTag first = tags.get(0);
        assertEquals(first, data.tag(first.slug()));
        assertEquals(first, data.tag(first.id()));
        assertEquals(world.tags().stream().filter(t -> t.get("isCarousel").asBoolean()).count(),
                data.tags().carousel(true).list().size());
    }

    @Test
    void seriesGroupEveryRecurringEventOnce() {
        List<Series> all = data.series().list();
        Map<String, String> seriesOfEvent = new HashMap<>();
        for (Series s : all) {
            for (Event e : s.events()) {
                assertNull(seriesOfEvent.put(e.id(), s.id()), "event in two series: " + e.id());
                assertEquals(s.slug(), e.seriesSlug());
                assertEquals(s.recurrence(), world.event(Long.parseLong(e.id())).recurrences().iterator().next());
            }
            assertEquals(s.events().stream().allMatch(e -> e.closed()), s.closed());
        }
        Set<String> recurring = new HashSet<>();
        for (World.EventFacts e : world.events()) if (!e.recurrences().isEmpty()) recurring.add(Long.toString(e.id()));
        assertEquals(recurring, seriesOfEvent.keySet());
        List<String> weekly = all.stream().filter(s -> s.recurrence().equals("weekly")).map(Series::id).toList();
        assertEquals(weekly, data.series().recurrence("weekly").list().stream().map(Series::id).toList());
        Series one = all.get(all.size() / 2);
        assertEquals(one, data.series(one.id()));
        assertEquals(all.size(), data.series().table().rowCount());
    }

    @Test
    void commentsPageToTheEndNewestFirstWithTheirAuthors() {
        World.EventFacts e = world.events().stream().filter(x -> {
            int n = x.document().get("commentCount").asInt();
            return n > 250 && n < 1800;
        }).findFirst().orElseThrow();
        int n = e.document().get("commentCount").asInt();
        List<Comment> newest = data.comments(CommentsQuery.Parent.EVENT, Long.toString(e.id())).list();
        assertEquals(n, newest.size());
        assertEquals(n, new HashSet<>(newest.stream().map(Comment::id).toList()).size());
        for (int i = 1; i < n; i++) assertTrue(newest.get(i - 1).createdAt().isAfter(newest.get(i).createdAt()));
        for (Comment c : newest) {
            assertEquals("Event", c.parentEntityType());
            assertEquals(Long.valueOf(e.id()), c.parentEntityId());
            assertNotNull(c.profile());
            assertEquals(c.userAddress(), c.profile().proxyWallet());
            assertTrue(c.userAddress().matches("0x[0-9a-f]{40}"));
        }
        List<Comment> oldest = data.comments(CommentsQuery.Parent.EVENT, Long.toString(e.id())).ascending(true).pageSize(77).list();
        List<Comment> reversed = new ArrayList<>(newest);
        java.util.Collections.reverse(reversed);
        assertEquals(reversed, oldest);
        Table t = data.comments(CommentsQuery.Parent.EVENT, Long.toString(e.id())).limit(10).table();
        assertEquals(10, t.rowCount());
        assertTrue(t.columnNames().containsAll(List.of("userAddress", "authorPseudonym", "createdAt", "body")));
        assertThrows(IllegalArgumentException.class, () -> data.comments(CommentsQuery.Parent.EVENT, "x1"));
    }
}
