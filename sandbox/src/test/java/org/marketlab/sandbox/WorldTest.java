package org.marketlab.sandbox;

import org.marketlab.sandbox.world.Fields;
import org.marketlab.sandbox.world.World;
import org.marketlab.spi.Documents;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated world: determinism, consistency of every record, and the live service's JSON shapes. */
class WorldTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static final Pattern HEX64 = Pattern.compile("0x[0-9a-f]{64}");
    private static final Pattern DB_TIME = Pattern.compile("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(\\.\\d+)?\\+00");
    private static World world;

    @BeforeAll
    static void generate() {
        world = World.generate(7, NOW);
    }

    private static byte[] bytes(World w) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (World.EventFacts e : w.events()) out.write(Wire.JSON.writeValueAsBytes(e.document()));
        for (ObjectNode t : w.tags()) out.write(Wire.JSON.writeValueAsBytes(t));
        return out.toByteArray();
    }

    @Test
    void aTapesLastTradeIsTheLatestSecondAtOrBeforeTheInstant() {
        // The last trade of an outcome the order book's last-trade price reads: the newest in time of the tape's trades
        // at or before the instant, as a reader of the tape (sorted by second) finds it, not the last of its minute in
        // the order the trades were drawn.
        int checked = 0, withinMinute = 0;
        for (World.Token t : world.tokens()) {
            if (checked >= 200) break;
            var tape = world.path(t).tape();
            for (int k = 0; k < 12; k++) {
                long second = NOW.getEpochSecond() - 1 - k * 7_919L;
                List<org.marketlab.sandbox.world.Tape.Trade> before = tape.between(second - 86_400, second, false, Integer.MAX_VALUE,
                        x -> x.outcome() == t.index());
                if (before.isEmpty()) continue;
                var expected = before.get(before.size() - 1);
                var last = tape.last(t.index(), second);
                assertEquals(expected, last, t.tokenId() + " at " + second);
                checked++;
                long minute = Math.floorDiv(expected.time(), 60);
                if (before.stream().filter(x -> Math.floorDiv(x.time(), 60) == minute).count() > 1) withinMinute++;
            }
        }
        assertTrue(checked >= 200, "instants with a trade in the day before: " + checked);
        assertTrue(withinMinute > 0, "some last trades share their minute with another trade of the outcome: " + withinMinute);
    }

    @Test
    void theSameSeedAndAnchorGiveTheSameWorldByteForByte() throws Exception {
        byte[] a = bytes(world);
        assertArrayEquals(a, bytes(World.generate(7, NOW)));
        assertFalse(java.util.Arrays.equals(a, bytes(World.generate(8, NOW))), "another seed");
        assertFalse(java.util.Arrays.equals(a, bytes(World.generate(7, NOW.plus(Duration.ofDays(1))))), "another anchor");
    }

    @Test
    void theDefaultAnchorIsTheStartOfTheCurrentUtcDay() {
        Instant today = LocalDate.now(ZoneOffset.UTC).atStartOfDay(ZoneOffset.UTC).toInstant();
        try (Sandbox s = new Sandbox()) {
            s.start(7);
            Instant anchor = s.world().now();
            // Around midnight the day may have turned between the two readings.
            assertTrue(anchor.equals(today) || anchor.equals(today.plus(Duration.ofDays(1))), anchor + " vs " + today);
            assertEquals(7, s.world().seed());
            assertEquals(List.of("markets", "clob", "clob_ws", "data", "perps", "perps_ws", "bridge", "chain"), new ArrayList<>(s.urls().keySet()));
            assertEquals(s.urls(), s.start(7), "starting again gives the same URLs");
        }
    }

    @Test
    void everyRecordIsConsistent() {
        Set<String> eventIds = new HashSet<>(), marketIds = new HashSet<>(), conditions = new HashSet<>(), tokens = new HashSet<>();
        int negRisk = 0, multiOutcomeEvents = 0, nonBinary = 0, fineTicks = 0, series = 0, featured = 0, cyom = 0, restricted = 0;
        Map<String, Integer> recurrences = new HashMap<>();
        for (World.EventFacts f : world.events()) {
            ObjectNode e = f.document();
            assertTrue(eventIds.add(e.get("id").asText()));
            boolean closed = e.get("closed").asBoolean(), archived = e.get("archived").asBoolean();
            assertTrue(!archived || closed, "archived events are closed");
            assertEquals(!archived, e.get("active").asBoolean());
            Instant created = Instant.parse(e.get("creationDate").asText());
            assertTrue(!created.isBefore(NOW.minus(Duration.ofDays(1101))) && created.isBefore(NOW), "created in the past three years");
            Instant end = f.endDate();
            if (end != null && end.isBefore(NOW)) assertTrue(closed, "ended events are closed");
            if (closed) assertTrue(e.hasNonNull("closedTime"));
            else assertTrue(e.get("closedTime").isNull() && (end == null || end.isAfter(NOW)));
            JsonNode markets = e.get("markets");
            assertTrue(markets.size() >= 1);
            if (markets.size() > 1) multiOutcomeEvents++;
            if (e.get("negRisk").asBoolean()) {
                negRisk++;
                assertTrue(markets.size() > 1, "neg-risk groups hold several markets");
                assertTrue(HEX64.matcher(e.get("negRiskMarketID").asText()).matches());
            } else {
                assertTrue(e.get("negRiskMarketID").isNull());
            }
            if (e.get("series").size() > 0) {
                series++;
                String r = e.get("series").get(0).get("recurrence").asText();
                recurrences.merge(r, 1, Integer::sum);
                assertEquals(e.get("series").get(0).get("slug").asText(), e.get("seriesSlug").asText());
            }
            if (e.get("featured").asBoolean()) featured++;
            if (e.get("cyom").asBoolean()) cyom++;
            if (e.get("restricted").asBoolean()) restricted++;
            for (JsonNode m : markets) {
                assertTrue(marketIds.add(m.get("id").asText()));
                assertTrue(HEX64.matcher(m.get("conditionId").asText()).matches());
                assertTrue(conditions.add(m.get("conditionId").asText()));
                assertTrue(HEX64.matcher(m.get("questionID").asText()).matches());
                if (m.get("negRisk").asBoolean()) {
                    String group = e.get("negRiskMarketID").asText();
                    assertEquals(group, m.get("negRiskMarketID").asText());
                    assertTrue(group.endsWith("00") && m.get("questionID").asText().startsWith(group.substring(0, 64)),
                            "a neg-risk market's question id is its group's id with its index");
                }
                List<String> outcomes = strings(m.get("outcomes").asText());
                List<String> prices = strings(m.get("outcomePrices").asText());
                List<String> ids = strings(m.get("clobTokenIds").asText());
                assertEquals(outcomes.size(), prices.size());
                assertEquals(outcomes.size(), ids.size());
                if (!outcomes.equals(List.of("Yes", "No"))) nonBinary++;
                assertEquals(0, prices.stream().map(BigDecimal::new).reduce(BigDecimal.ZERO, BigDecimal::add).compareTo(BigDecimal.ONE));
                for (String id : ids) {
                    assertTrue(new BigInteger(id).bitLength() > 200, "a large decimal integer: " + id);
                    assertTrue(tokens.add(id));
                    assertNotNull(world.token(id));
                }
                List<String> positions = new ArrayList<>();
                m.get("positionIds").forEach(p -> positions.add(p.asText()));
                assertEquals(ids, positions);
                assertEquals(m.get("liquidityNum").asDouble(), Double.parseDouble(m.get("liquidity").asText()));
                assertEquals(m.get("volumeNum").asDouble(), Double.parseDouble(m.get("volume").asText()));
                double tick = m.get("orderPriceMinTickSize").asDouble();
                assertTrue(tick == 0.01 || tick == 0.001);
                if (tick == 0.001) fineTicks++;
                assertTrue(m.get("orderMinSize").asInt() > 0);
                assertEquals(e.get("negRisk").asBoolean(), m.get("negRisk").asBoolean());
                if (closed) assertTrue(m.get("closed").asBoolean(), "a closed event's markets are closed");
                assertEquals(!m.get("closed").asBoolean(), m.get("acceptingOrders").asBoolean());
            }
        }
        int n = world.events().size();
        assertTrue(negRisk > n / 10 && multiOutcomeEvents > n / 3 && nonBinary > 50 && fineTicks > 1000, "spread of shapes");
        assertTrue(series > n / 20 && recurrences.keySet().equals(Set.of("daily", "weekly", "monthly")), recurrences.toString());
        assertTrue(featured > 10 && cyom > 10 && restricted > n / 5, featured + " " + cyom + " " + restricted);
        long chats = world.events().stream().filter(e -> e.document().get("chats").size() > 0).count();
        long templates = world.events().stream().filter(e -> e.document().get("templates").size() > 0).count();
        assertTrue(chats > 20 && templates > 20);
        assertEquals(2 * world.marketCount(), world.tokens().size());
        // Volumes and liquidity are log-normal: several orders of magnitude, median far below the mean.
        double[] volumes = world.events().stream().mapToDouble(World.EventFacts::volume).sorted().toArray();
        double mean = java.util.Arrays.stream(volumes).average().orElseThrow();
        assertTrue(mean > 2 * volumes[volumes.length / 2] && volumes[volumes.length - 1] / Math.max(1, volumes[0]) > 1e4);
    }

    private static List<String> strings(String jsonInString) {
        try {
            List<String> out = new ArrayList<>();
            Wire.JSON.readTree(jsonInString).forEach(v -> {
                assertTrue(v.isTextual(), "strings inside the string");
                out.add(v.asText());
            });
            return out;
        } catch (Exception e) {
            throw new AssertionError("not JSON inside a string: " + jsonInString, e);
        }
    }

    @Test
    void bothTimestampFormsOfTheLiveServiceAppear() {
        int dbTags = 0, dbMarkets = 0;
        for (ObjectNode t : world.tags()) {
            Instant.parse(t.get("createdAt").asText());
            if (t.hasNonNull("publishedAt")) {
                assertTrue(DB_TIME.matcher(t.get("publishedAt").asText()).matches(), t.get("publishedAt").asText());
                dbTags++;
            }
        }
        for (World.EventFacts f : world.events()) {
            for (JsonNode m : f.document().get("markets")) {
                Instant.parse(m.get("createdAt").asText());
                if (m.hasNonNull("closedTime")) {
                    assertTrue(DB_TIME.matcher(m.get("closedTime").asText()).matches(), m.get("closedTime").asText());
                    dbMarkets++;
                }
            }
        }
        assertTrue(dbTags > 20 && dbMarkets > 1000, dbTags + " " + dbMarkets);
    }

    /**
     * For every field a document in the live shapes (org.marketlab.spi.Documents) shares with the sandbox's records, the JSON type is the same
     * (strings stay strings, numbers numbers, ...), and every field of the specification is present.
     */
    @Test
    void theShapesAreThoseOfTheLiveDocuments() throws Exception {
        JsonNode event = Wire.JSON.readTree(Documents.read("markets-event.json")).get(0);
        List<JsonNode> liveMarkets = new ArrayList<>();
        event.get("markets").forEach(liveMarkets::add);
        liveMarkets.add(Wire.JSON.readTree(Documents.read("markets-market.json")));
        liveMarkets.add(Wire.JSON.readTree(Documents.read("markets-market-closed-scalar.json")));
        List<JsonNode> liveTags = new ArrayList<>();
        event.get("tags").forEach(liveTags::add);
        Wire.JSON.readTree(Documents.read("markets-tags.json")).forEach(liveTags::add);

        List<JsonNode> events = new ArrayList<>(), markets = new ArrayList<>(), tags = new ArrayList<>();
        for (World.EventFacts f : world.events().subList(0, 400)) {
            events.add(f.document());
            f.document().get("markets").forEach(markets::add);
            f.document().get("tags").forEach(tags::add);
        }
        sameTypes("event", List.of(event), events);
        sameTypes("market", liveMarkets, markets);
        sameTypes("tag", liveTags, tags);
        for (JsonNode e : events) {
            for (String f : Fields.EVENT) assertTrue(e.has(f), "event field " + f);
            for (JsonNode m : e.get("markets")) for (String f : Fields.MARKET) assertTrue(m.has(f), "market field " + f);
            for (JsonNode t : e.get("tags")) for (String f : Fields.TAG) assertTrue(t.has(f), "tag field " + f);
            if (e.hasNonNull("imageOptimized")) for (String f : Fields.IMAGE) assertTrue(e.get("imageOptimized").has(f), f);
        }
    }

    private static void sameTypes(String kind, List<JsonNode> live, List<JsonNode> ours) {
        Map<String, Set<String>> liveTypes = types(live), ourTypes = types(ours);
        int shared = 0;
        for (Map.Entry<String, Set<String>> e : liveTypes.entrySet()) {
            Set<String> mine = ourTypes.get(e.getKey());
            if (mine == null) continue;
            shared++;
            assertEquals(e.getValue(), mine, kind + "." + e.getKey() + " has the live JSON type");
        }
        assertTrue(shared > 10, kind + ": fields in common " + shared);
    }

    private static Map<String, Set<String>> types(List<JsonNode> docs) {
        Map<String, Set<String>> out = new HashMap<>();
        for (JsonNode d : docs) {
            d.fields().forEachRemaining(f -> {
                JsonNode v = f.getValue();
                if (v.isNull()) return;
                out.computeIfAbsent(f.getKey(), k -> new HashSet<>()).add(v.isNumber() ? "number" : v.getNodeType().name());
            });
        }
        return out;
    }
}
