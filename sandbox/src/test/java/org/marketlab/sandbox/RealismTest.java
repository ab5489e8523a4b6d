package org.marketlab.sandbox;

import org.marketlab.sandbox.clob.ClobApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.world.PricePath;
import org.marketlab.sandbox.world.World;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sandbox's numbers agree with each other and reach the present: the world is anchored at the start of a day
 * while the clock reads the afternoon, as in a notebook session; histories and candles run to the clock, markets
 * are of every age, titles, dates and outcomes belong together.
 */
class RealismTest {

    private static final Instant ANCHOR = Instant.parse("2026-11-01T00:00:00Z");
    /** The afternoon of the anchor's day. */
    private static final Instant PRESENT = ANCHOR.plus(Duration.ofHours(15).plusMinutes(37).plusSeconds(12));
    private static final Pattern YEAR = Pattern.compile("\\b(19|20)\\d\\d\\b");
    private static final Pattern DAY = Pattern.compile("\\b(January|February|March|April|May|June|July|August|September|October|November|December) (\\d{1,2}), (\\d{4})\\b");
    private static final List<String> MONTHS = List.of("January", "February", "March", "April", "May", "June", "July",
            "August", "September", "October", "November", "December");
    private static Sandbox sandbox;
    private static World world;
    private static Wire clob;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(7).now(ANCHOR).present(PRESENT).build().enforceLimits(false);
        clob = new Wire(sandbox.start().get("clob"));
        world = sandbox.world();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static List<JsonNode> openMarkets() {
        List<JsonNode> out = new ArrayList<>();
        for (World.EventFacts e : world.events()) {
            for (JsonNode m : e.document().get("markets")) if (!m.get("closed").asBoolean()) out.add(m);
        }
        return out;
    }

    private static String firstToken(JsonNode market) {
        return market.get("positionIds").get(0).asText();
    }

    // ---- histories, candles and the clock reach the present ---------------------------------------------------------

    @Test
    void everyOpenMarketsHistoryReachesThePresentMinute() {
        long presentMinute = PRESENT.getEpochSecond() / 60;
        List<JsonNode> open = openMarkets();
        assertTrue(open.size() > 3000, "open markets " + open.size());
        // The first outcome of each (the second is its complement, below).
        for (JsonNode m : open) {
            JsonNode h = clob.json("/prices-history?market=" + firstToken(m) + "&interval=1h&fidelity=1").get("history");
            assertTrue(h.size() > 0, "a history for " + m.get("id"));
            assertEquals(presentMinute * 60, h.get(h.size() - 1).get("t").asLong(), "the last point is the present minute: " + m.get("id"));
        }
    }

    @Test
    void aWeekOfHourlyCandlesIsFullOnAMarketOlderThanAWeek() {
        Instant weekAgo = PRESENT.minus(Duration.ofDays(7));
        long expected = (PRESENT.getEpochSecond() / 3600 - weekAgo.getEpochSecond() / 3600) + 1; // both partial hours
        assertEquals(169, expected);
        int checked = 0;
        for (JsonNode m : openMarkets()) {
            if (!Instant.parse(m.get("createdAt").asText()).isBefore(weekAgo)) continue;
            if (checked++ % 10 != 0) continue; // every tenth: a few hundred markets over loopback
            JsonNode candles = clob.json("/ohlc?asset_id=" + firstToken(m) + "&fidelity=1h&startTs=" + weekAgo.getEpochSecond()).get("candles");
            assertEquals(expected, candles.size(), "hourly candles over 7 days of market " + m.get("id"));
            assertEquals(PRESENT.getEpochSecond() / 3600 * 3600, candles.get(candles.size() - 1).get("t").asLong());
            JsonNode daily = clob.json("/prices-history?market=" + firstToken(m) + "&startTs=" + weekAgo.getEpochSecond()
                    + "&endTs=" + PRESENT.getEpochSecond() + "&fidelity=60").get("history");
            assertTrue(daily.size() >= 168, "hourly points over 7 days: " + daily.size());
        }
        assertTrue(checked > 2000, "open markets older than a week: " + checked);
    }

    @Test
    void theBookIsStampedWithThePresentMinuteAndMatchesTheHistory() {
        JsonNode m = openMarkets().get(0);
        JsonNode book = clob.json("/book?token_id=" + firstToken(m));
        assertEquals(PRESENT.getEpochSecond() / 60 * 60_000, Long.parseLong(book.get("timestamp").asText()));
        JsonNode h = clob.json("/prices-history?market=" + firstToken(m) + "&interval=1h&fidelity=1").get("history");
        double last = h.get(h.size() - 1).get("p").asDouble();
        double mid = Double.parseDouble(clob.json("/midpoint?token_id=" + firstToken(m)).get("mid").asText());
        assertTrue(Math.abs(mid - last) <= 0.0051 + 3 * m.get("orderPriceMinTickSize").asDouble(), "midpoint " + mid + " near the last price " + last);
    }

    @Test
    void anOpenMarketsQuotesAndPriceChangesAreItsBookAndPathAtTheAnchor() {
        ClobApi atAnchor = new ClobApi(world, System::currentTimeMillis, ANCHOR::toEpochMilli);
        long anchorMinute = ANCHOR.getEpochSecond() / 60;
        int checked = 0;
        for (JsonNode m : openMarkets()) {
            World.Token t = world.token(firstToken(m));
            assertEquals(atAnchor.bestBid(t).doubleValue(), m.get("bestBid").asDouble(), 1e-12, "bestBid of " + m.get("id"));
            assertEquals(atAnchor.bestAsk(t).doubleValue(), m.get("bestAsk").asDouble(), 1e-12, "bestAsk of " + m.get("id"));
            assertEquals(atAnchor.spread(t).doubleValue(), m.get("spread").asDouble(), 1e-12);
            assertEquals(atAnchor.lastTrade(t).doubleValue(), m.get("lastTradePrice").asDouble(), 1e-12);
            PricePath path = atAnchor.path(t);
            double now = path.at(anchorMinute);
            assertEquals(now - path.at(Math.max(path.startMinute(), anchorMinute - 1440)), m.get("oneDayPriceChange").asDouble(), 0.00005001);
            assertEquals(now - path.at(Math.max(path.startMinute(), anchorMinute - 43_200)), m.get("oneMonthPriceChange").asDouble(), 0.00005001);
            checked++;
        }
        assertTrue(checked > 3000);
        // Over HTTP: the day's change is the history's, at the anchor and a day before it.
        JsonNode m = openMarkets().get(3);
        JsonNode h = clob.json("/prices-history?market=" + firstToken(m) + "&startTs=" + (ANCHOR.getEpochSecond() - 86_400)
                + "&endTs=" + ANCHOR.getEpochSecond() + "&fidelity=1440").get("history");
        assertEquals(h.get(h.size() - 1).get("p").asDouble() - h.get(0).get("p").asDouble(), m.get("oneDayPriceChange").asDouble(), 0.00015);
    }

    @Test
    void aLaterPresentExtendsTheSamePathAndTheWorldStaysTheSame() throws Exception {
        Instant later = PRESENT.plus(Duration.ofHours(5));
        try (Sandbox s = Sandbox.builder().seed(7).now(ANCHOR).present(later).build().enforceLimits(false)) {
            Wire other = new Wire(s.start().get("clob"));
            for (World.EventFacts e : List.of(world.events().get(0), world.events().get(100), world.events().get(1000))) {
                assertArrayEquals(Wire.JSON.writeValueAsBytes(e.document()), Wire.JSON.writeValueAsBytes(s.world().event(e.id()).document()));
            }
            JsonNode m = openMarkets().get(5);
            String window = "&startTs=" + PRESENT.minus(Duration.ofDays(2)).getEpochSecond() + "&endTs=" + PRESENT.getEpochSecond() + "&fidelity=7";
            String path = "/prices-history?market=" + firstToken(m) + window;
            assertArrayEquals(clob.get(path).body(), other.get(path).body(), "the price at a minute does not depend on the present");
            JsonNode longer = other.json("/prices-history?market=" + firstToken(m) + "&interval=1d&fidelity=1").get("history");
            assertEquals(later.getEpochSecond() / 60 * 60, longer.get(longer.size() - 1).get("t").asLong());
        }
    }

    @Test
    void theTwoOutcomesOfAMarketAreComplementsAtEveryPoint() {
        int markets = 0;
        for (JsonNode m : openMarkets().subList(0, 200)) {
            JsonNode yes = clob.json("/prices-history?market=" + m.get("positionIds").get(0).asText() + "&interval=1w&fidelity=60").get("history");
            JsonNode no = clob.json("/prices-history?market=" + m.get("positionIds").get(1).asText() + "&interval=1w&fidelity=60").get("history");
            assertEquals(yes.size(), no.size());
            for (int i = 0; i < yes.size(); i++) {
                assertEquals(yes.get(i).get("t"), no.get(i).get("t"));
                assertEquals(1.0, yes.get(i).get("p").asDouble() + no.get(i).get("p").asDouble(), 1.0001e-4);
            }
            markets++;
        }
        assertEquals(200, markets);
    }

    @Test
    void aClosedMarketsHistoryEndsAtItsResolution() {
        int checked = 0;
        for (World.Token t : world.tokens()) {
            if (!t.closed() || t.index() != 0 || t.endDate().isAfter(ANCHOR) || checked >= 100) continue;
            checked++;
            JsonNode h = clob.json("/prices-history?market=" + t.tokenId() + "&startTs=" + t.endDate().minus(Duration.ofDays(3)).getEpochSecond()
                    + "&endTs=" + t.endDate().plus(Duration.ofHours(1)).getEpochSecond() + "&fidelity=30").get("history");
            assertEquals(t.price(), h.get(h.size() - 1).get("p").asDouble(), 1e-9, "resolved at " + t.price());
            assertTrue(t.price() == 0.0 || t.price() == 1.0);
        }
        assertEquals(100, checked);
    }

    // ---- markets of every age -----------------------------------------------------------------------------------------

    @Test
    void marketsAreOfEveryAgeAndOpenOnesEndAfterTheAnchor() {
        int thisWeek = 0, overTwoYears = 0, openOverAMonth = 0, open = 0;
        List<World.EventFacts> openEvents = new ArrayList<>();
        for (World.EventFacts e : world.events()) {
            Instant created = Instant.parse(e.document().get("creationDate").asText());
            assertTrue(created.isBefore(ANCHOR));
            Duration age = Duration.between(created, ANCHOR);
            if (age.toDays() < 7) thisWeek++;
            if (age.toDays() > 730) overTwoYears++;
            Instant end = e.endDate();
            if (e.closed()) {
                assertFalse(end.isAfter(ANCHOR), "a closed event ended: " + e.id());
                assertFalse(Instant.parse(e.document().get("closedTime").asText()).isAfter(ANCHOR), "closed in the past: " + e.id());
            } else {
                open++;
                openEvents.add(e);
                if (end != null) assertTrue(end.isAfter(ANCHOR), "an open event ends later: " + e.id());
                if (age.toDays() > 30) openOverAMonth++;
            }
        }
        assertTrue(thisWeek > 100 && overTwoYears > 100, thisWeek + " this week, " + overTwoYears + " over two years old");
        assertTrue(openOverAMonth > open / 2, openOverAMonth + " of " + open + " open events are over a month old");
        // The markets a screener picks first (most liquid) have a month of history or more, most of them.
        openEvents.sort(Comparator.comparingDouble(World.EventFacts::liquidity).reversed());
        long mature = openEvents.subList(0, 40).stream()
                .filter(e -> Instant.parse(e.document().get("creationDate").asText()).isBefore(ANCHOR.minus(Duration.ofDays(30)))).count();
        assertTrue(mature >= 30, mature + " of the 40 most liquid open events are over a month old");
    }

    // ---- titles, dates and outcomes belong together --------------------------------------------------------------------

    @Test
    void yearsAndDatesInTitlesAreTheEndDates() {
        int withYear = 0, withDay = 0;
        for (World.EventFacts e : world.events()) {
            String title = e.document().get("title").asText();
            if (e.endDate() != null) withYear += yearsAgree(title, e.endDate(), "event " + e.id());
            for (JsonNode m : e.document().get("markets")) {
                String q = m.get("question").asText();
                Instant end = Instant.parse(m.get("endDate").asText());
                withYear += yearsAgree(q, end, "market " + m.get("id"));
                Matcher d = DAY.matcher(q);
                while (d.find()) {
                    LocalDate day = LocalDate.ofInstant(end, ZoneOffset.UTC);
                    assertEquals(day, LocalDate.of(Integer.parseInt(d.group(3)), MONTHS.indexOf(d.group(1)) + 1, Integer.parseInt(d.group(2))), q);
                    withDay++;
                }
            }
        }
        assertTrue(withYear > 3000 && withDay > 500, withYear + " years, " + withDay + " dates checked");
    }

    /** A year in a title is its end's, or the year before for a period that ends with it (a season, a quarter). */
    private static int yearsAgree(String text, Instant end, String what) {
        int n = 0;
        Matcher y = YEAR.matcher(text);
        int year = LocalDate.ofInstant(end, ZoneOffset.UTC).getYear();
        while (y.find()) {
            int named = Integer.parseInt(y.group());
            assertTrue(named == year || named == year - 1, what + ": " + text + " ends " + end);
            n++;
        }
        return n;
    }

    @Test
    void titlesCarryNoCountersAndOutcomesFitTheQuestion() {
        Pattern counter = Pattern.compile("\\(\\d+\\)|\\bII\\b|#\\d+|\\bgame \\d+");
        int sides = 0, totals = 0, binary = 0;
        for (World.EventFacts e : world.events()) {
            String title = e.document().get("title").asText();
            assertFalse(counter.matcher(title).find(), "no counter in a title: " + title);
            JsonNode markets = e.document().get("markets");
            Set<String> items = new HashSet<>();
            for (JsonNode m : markets) {
                String q = m.get("question").asText();
                assertFalse(counter.matcher(q).find(), "no counter in a question: " + q);
                List<String> outcomes = new ArrayList<>();
                for (JsonNode o : read(m.get("outcomes").asText())) {
                    assertFalse(counter.matcher(o.asText()).find(), o.asText());
                    outcomes.add(o.asText());
                }
                assertEquals(2, outcomes.size());
                assertTrue(!outcomes.get(0).equals(outcomes.get(1)), "two different outcomes: " + outcomes);
                if (q.startsWith("Will ")) {
                    assertEquals(List.of("Yes", "No"), outcomes, "a yes-or-no question: " + q);
                    binary++;
                } else if (q.contains(" Up or Down on ")) {
                    assertEquals(List.of("Up", "Down"), outcomes, q);
                } else if (outcomes.equals(List.of("Over", "Under"))) {
                    assertTrue(q.contains("over/under"), q);
                    totals++;
                } else if (!outcomes.equals(List.of("Yes", "No"))) {
                    // A game: the outcomes are its two sides, as the question names them.
                    assertEquals(outcomes.get(0) + " vs. " + outcomes.get(1), q);
                    assertEquals("Sports", e.document().get("category").asText());
                    sides++;
                }
                if (markets.size() > 1) {
                    String item = m.get("groupItemTitle").asText();
                    assertTrue(items.add(item), "distinct candidates in " + title + ": " + item);
                    assertTrue(q.toLowerCase(java.util.Locale.ROOT).contains(item.toLowerCase(java.util.Locale.ROOT)), q + " names " + item);
                    assertEquals(List.of("Yes", "No"), outcomes);
                }
            }
        }
        assertTrue(sides > 20 && totals > 10 && binary > 5000, sides + " games, " + totals + " totals, " + binary + " yes-or-no");
    }

    @Test
    void theOpenOutcomesOfAGroupShareTheProbability() {
        int groups = 0;
        for (World.EventFacts e : world.events()) {
            JsonNode markets = e.document().get("markets");
            if (e.closed() || !e.document().get("negRisk").asBoolean()) continue;
            double sum = 0, tick = markets.get(0).get("orderPriceMinTickSize").asDouble();
            // The outcomes still open share the probability (one settled early is out, at 0).
            for (JsonNode m : markets) sum += Double.parseDouble(read(m.get("outcomePrices").asText()).get(0).asText());
            assertEquals(1.0, sum, 0.03 + markets.size() * tick, "the outcomes of " + e.document().get("title").asText() + " sum to about 1");
            groups++;
        }
        assertTrue(groups > 300, "open neg-risk groups " + groups);
    }

    @Test
    void settledMarketsSitAtTheirResolutionAndAGroupHasOneWinner() {
        for (World.EventFacts e : world.events()) {
            if (!e.closed()) continue;
            int winners = 0;
            for (JsonNode m : e.document().get("markets")) {
                List<String> prices = new ArrayList<>();
                read(m.get("outcomePrices").asText()).forEach(p -> prices.add(p.asText()));
                double yes = Double.parseDouble(prices.get(0));
                assertTrue(yes == 0.0 || yes == 1.0, "settled: " + prices);
                if (yes == 1.0) winners++;
            }
            if (e.document().get("negRisk").asBoolean()) assertEquals(1, winners, "one winner in " + e.id());
        }
    }

    private static JsonNode read(String jsonInString) {
        try {
            return Wire.JSON.readTree(jsonInString);
        } catch (Exception ex) {
            throw new AssertionError(jsonInString, ex);
        }
    }

    @Test
    void theDefaultSandboxsHistoriesReachTheMachinesClock() {
        try (Sandbox s = new Sandbox()) {
            Map<String, URI> urls = s.start(7);
            Wire w = new Wire(urls.get("clob"));
            JsonNode m = null;
            for (World.EventFacts e : s.world().events()) if (!e.closed()) { m = e.document().get("markets").get(0); break; }
            Instant before = Instant.now();
            JsonNode h = w.json("/prices-history?market=" + firstToken(m) + "&interval=1h&fidelity=1").get("history");
            Instant after = Instant.now();
            long last = h.get(h.size() - 1).get("t").asLong();
            assertTrue(last >= before.getEpochSecond() / 60 * 60 && last <= after.getEpochSecond(), "the last point is now: " + last + " vs " + before);
            long asked = Instant.now().getEpochSecond();
            long serverTime = Long.parseLong(new String(w.get("/time").body()).trim());
            long answered = Instant.now().getEpochSecond();
            assertTrue(serverTime >= asked && serverTime <= answered, "/time is the machine's clock: " + serverTime + " in [" + asked + ", " + answered + "]");
        }
    }
}
