package org.marketlab.sandbox;

import org.marketlab.sandbox.world.Fields;
import org.marketlab.sandbox.world.World;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code GET /events} and its siblings over HTTP, every parameter checked against the generated world. The
 * expected answers are worked out here from the event documents themselves, not from the server's code.
 */
class EventsEndpointTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static Sandbox sandbox;
    private static Wire wire;
    private static List<ObjectNode> docs;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(11).now(NOW).build().enforceLimits(false);
        wire = new Wire(sandbox.start().get("markets"));
        docs = sandbox.world().events().stream().map(World.EventFacts::document).toList();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    // ---- expectations from the documents -------------------------------------------------------------------------

    private static List<String> expected(Predicate<JsonNode> p) {
        return docs.stream().filter(p).map(d -> d.get("id").asText()).toList();
    }

    private static Set<String> tagIds(JsonNode e) {
        Set<String> out = new HashSet<>();
        e.get("tags").forEach(t -> out.add(t.get("id").asText()));
        return out;
    }

    private static Instant time(JsonNode e, String field) {
        JsonNode v = e.get(field);
        return v == null || v.isNull() ? null : Instant.parse(v.asText());
    }

    private static double num(JsonNode e, String field) {
        return e.get(field).asDouble();
    }

    private static List<String> both(String filters) {
        List<String> byKeyset = wire.keysetIds(filters);
        List<String> byOffset = wire.offsetIds(filters);
        assertEquals(byKeyset, byOffset, "keyset and offset agree on " + filters);
        return byKeyset;
    }

    // ---- paging -------------------------------------------------------------------------------------------------

    @Test
    void fullHarvestByOffsetAndByKeysetGivesEveryEventOnceInIdOrder() {
        List<String> all = expected(e -> true);
        assertTrue(all.size() >= 2000 && all.size() <= 2100, "the world fits offset paging: " + all.size());
        List<Long> numeric = all.stream().map(Long::parseLong).toList();
        assertEquals(numeric.stream().sorted().toList(), numeric, "the default order is id ascending");

        List<String> byOffset = wire.offsetIds("");
        assertEquals(all, byOffset);
        assertEquals(all.size(), new HashSet<>(byOffset).size());
        List<String> byKeyset = wire.keysetIds("");
        assertEquals(all, byKeyset);
        // The last offset page is reachable without a refusal.
        assertEquals(all.subList(2000, all.size()), Wire.ids(wire.getOk("/events?limit=100&offset=2000")));
        long closed = docs.stream().filter(e -> e.get("closed").asBoolean()).count();
        assertTrue(closed < 2000);
        assertEquals(List.of(), Wire.ids(wire.getOk("/events?closed=true&offset=" + closed)), "past the end: empty");
    }

    @Test
    void limitDefaultsTo20AndAPageHoldsAtMost100() {
        List<String> all = expected(e -> true);
        assertEquals(all.subList(0, 20), Wire.ids(wire.getOk("/events")));
        assertEquals(all.subList(0, 100), Wire.ids(wire.getOk("/events?limit=500")));
        assertEquals(all.subList(0, 100), Wire.ids(wire.getOk("/events?limit=99999999999999999999")));
        assertEquals(List.of(), Wire.ids(wire.getOk("/events?limit=0")));
        assertEquals(all.subList(37, 44), Wire.ids(wire.getOk("/events?limit=7&offset=37")));
        assertEquals(all.subList(0, 20), Wire.ids(wire.getOk("/events?limit=&offset=")), "empty values count as absent");
        assertEquals(100, Wire.page(wire.getOk("/events/keyset?limit=1000")).ids().size());
    }

    @Test
    void largeOffsetsAreRefusedWith422() {
        String error = wire.refused("/events?offset=2001");
        assertTrue(error.contains("offset") && error.contains("2001") && error.contains("2000"), error);
        wire.refused("/events?offset=1000000");
        wire.refused("/events?offset=99999999999999999999");
    }

    @Test
    void keysetCursorsAreOpaqueAndTheLastPageHasNone() {
        List<String> all = expected(e -> true);
        Wire.Page first = Wire.page(wire.getOk("/events/keyset?limit=50"));
        assertEquals(all.subList(0, 50), first.ids());
        assertTrue(first.nextCursor() != null && !first.nextCursor().contains("50"), "opaque: " + first.nextCursor());
        Wire.Page second = Wire.page(wire.getOk("/events/keyset?limit=50&after_cursor=" + Wire.enc(first.nextCursor())));
        assertEquals(all.subList(50, 100), second.ids());
        // A page that reaches the end carries no cursor, and the answer has no such field at all.
        JsonNode last = wire.json("/events/keyset?limit=100&id=" + all.get(0) + "&id=" + all.get(1));
        assertEquals(2, last.get("events").size());
        assertFalse(last.has("next_cursor"));
        String error = wire.refused("/events/keyset?after_cursor=not-a-cursor");
        assertTrue(error.contains("after_cursor"), error);
    }

    // ---- filters ------------------------------------------------------------------------------------------------

    @Test
    void booleanFiltersCompareForEquality() {
        for (String f : List.of("active", "closed", "archived", "featured", "cyom")) {
            for (boolean v : new boolean[]{true, false}) {
                List<String> want = expected(e -> e.get(f).isBoolean() && e.get(f).asBoolean() == v);
                assertEquals(want, wire.keysetIds(f + "=" + v), f + "=" + v);
                assertFalse(want.isEmpty(), f + "=" + v + " selects something in this world");
            }
        }
        assertEquals(expected(e -> e.get("active").asBoolean() && !e.get("closed").asBoolean()),
                wire.keysetIds("active=TRUE&closed=False"), "any letter case, and filters combine");
    }

    @Test
    void idAndSlugAreRepeatedParameters() {
        List<String> all = expected(e -> true);
        String a = all.get(3), b = all.get(700), c = all.get(2040);
        assertEquals(List.of(a, b, c), Wire.ids(wire.getOk("/events?id=" + c + "&id=" + a + "&id=" + b)));
        String slugA = docs.get(5).get("slug").asText(), slugB = docs.get(1500).get("slug").asText();
        assertEquals(List.of(all.get(5), all.get(1500)), Wire.ids(wire.getOk("/events?slug=" + slugB + "&slug=" + slugA)));
        assertEquals(List.of(), Wire.ids(wire.getOk("/events?id=1")));
        assertEquals(List.of(), Wire.ids(wire.getOk("/events?slug=no-such-event")));
        String error = wire.refused("/events?id=" + a + "," + b);
        assertTrue(error.contains("id"), error);
    }

    @Test
    void tagFilters() {
        // A topic tag carried by some events, in a family with other tags.
        JsonNode tag = sandbox.world().tags().get(21);
        String tagId = tag.get("id").asText(), tagSlug = tag.get("slug").asText();
        List<String> carrying = expected(e -> tagIds(e).contains(tagId));
        assertFalse(carrying.isEmpty());
        assertEquals(carrying, both("tag_id=" + tagId));
        assertEquals(carrying, both("tag_slug=" + tagSlug));

        Set<String> family = new HashSet<>();
        family.add(tagId);
        sandbox.world().relatedTags(Long.parseLong(tagId)).forEach(t -> family.add(Long.toString(t)));
        assertTrue(family.size() > 1, "the tag has related tags");
        List<String> related = expected(e -> tagIds(e).stream().anyMatch(family::contains));
        assertTrue(related.size() > carrying.size());
        assertEquals(related, both("tag_id=" + tagId + "&related_tags=true"));
        assertEquals(related, wire.keysetIds("tag_slug=" + tagSlug + "&related_tags=true"));
        assertEquals(carrying, wire.keysetIds("tag_id=" + tagId + "&related_tags=false"));
        assertEquals(expected(e -> true), wire.keysetIds("related_tags=true"), "related_tags alone changes nothing");

        // tag_id and tag_slug together: both must hold.
        JsonNode other = sandbox.world().tags().get(2);
        String otherSlug = other.get("slug").asText(), otherId = other.get("id").asText();
        List<String> withBoth = expected(e -> tagIds(e).contains(tagId) && tagIds(e).contains(otherId));
        assertEquals(withBoth, wire.keysetIds("tag_id=" + tagId + "&tag_slug=" + otherSlug));
        assertEquals(List.of(), wire.keysetIds("tag_slug=no-such-tag"));

        // exclude_tag_id, repeated.
        assertEquals(expected(e -> !tagIds(e).contains(tagId) && !tagIds(e).contains(otherId)),
                both("exclude_tag_id=" + tagId + "&exclude_tag_id=" + otherId));
        assertEquals(expected(e -> tagIds(e).contains(otherId) && !tagIds(e).contains(tagId)),
                wire.keysetIds("tag_id=" + otherId + "&exclude_tag_id=" + tagId));
        wire.refused("/events?tag_id=crypto");
        wire.refused("/events?exclude_tag_id=x");
    }

    @Test
    void recurrenceMatchesASeries() {
        for (String r : List.of("daily", "weekly", "monthly")) {
            List<String> want = expected(e -> {
                for (JsonNode s : e.get("series")) if (r.equals(s.path("recurrence").asText(null))) return true;
                return false;
            });
            assertFalse(want.isEmpty(), r);
            assertEquals(want, both("recurrence=" + r));
        }
        assertEquals(List.of(), wire.keysetIds("recurrence=hourly"));
    }

    @Test
    void numberRangesAreInclusive() {
        assertEquals(expected(e -> num(e, "volume") >= 10_000), both("volume_min=10000"));
        assertEquals(expected(e -> num(e, "volume") >= 1_000 && num(e, "volume") <= 50_000), both("volume_min=1000&volume_max=50000"));
        assertEquals(expected(e -> num(e, "liquidity") <= 500.5), both("liquidity_max=500.5"));
        assertEquals(expected(e -> num(e, "liquidity") >= 100 && num(e, "liquidity") <= 2e3), wire.keysetIds("liquidity_min=100&liquidity_max=2e3"));
        // A bound equal to a value keeps that event.
        JsonNode some = docs.get(321);
        String v = some.get("volume").asText(), l = some.get("liquidity").asText();
        assertTrue(Wire.ids(wire.getOk("/events?limit=100&volume_min=" + v + "&volume_max=" + v)).contains(some.get("id").asText()));
        assertTrue(Wire.ids(wire.getOk("/events?limit=100&liquidity_min=" + l + "&liquidity_max=" + l + "&id=" + some.get("id").asText()))
                .contains(some.get("id").asText()));
        assertEquals(List.of(), wire.keysetIds("volume_min=1000&volume_max=10"), "min above max selects nothing");
        String error = wire.refused("/events?volume_min=lots");
        assertTrue(error.contains("volume_min") && error.contains("lots") && error.contains("number"), error);
        wire.refused("/events?liquidity_max=NaN");
    }

    @Test
    void dateRangesAreInclusiveAndLeaveOutEventsWithoutTheDate() {
        Instant from = NOW.minusSeconds(90L * 86_400);
        assertEquals(expected(e -> time(e, "startDate") != null && !time(e, "startDate").isBefore(from)),
                both("start_date_min=" + from));
        assertEquals(expected(e -> time(e, "startDate") != null && !time(e, "startDate").isAfter(from)),
                both("start_date_max=" + from));
        assertEquals(expected(e -> time(e, "endDate") != null && !time(e, "endDate").isBefore(from) && !time(e, "endDate").isAfter(NOW)),
                both("end_date_min=" + from + "&end_date_max=" + NOW));
        // An exact endDate as both bounds keeps its event; other forms of the same instant read the same.
        JsonNode some = docs.get(1234);
        Instant end = time(some, "endDate");
        String id = some.get("id").asText();
        assertTrue(wire.keysetIds("end_date_min=" + end + "&end_date_max=" + end).contains(id));
        String local = LocalDateTime.ofInstant(end, ZoneOffset.UTC).toString();
        assertTrue(wire.keysetIds("end_date_min=" + local + "&end_date_max=" + local).contains(id), "no offset means UTC");
        String plusTwo = end.atOffset(ZoneOffset.ofHours(2)).toString();
        assertTrue(wire.keysetIds("end_date_min=" + Wire.enc(plusTwo) + "&end_date_max=" + Wire.enc(plusTwo)).contains(id));
        assertEquals(expected(e -> time(e, "endDate") != null && !time(e, "endDate").isBefore(Instant.parse("2026-12-25T00:00:00Z"))),
                wire.keysetIds("end_date_min=2026-12-25"), "a date is its midnight, UTC");
        String error = wire.refused("/events?start_date_min=yesterday");
        assertTrue(error.contains("start_date_min") && error.contains("yesterday") && error.contains("ISO 8601"), error);
        wire.refused("/events?end_date_max=2026-13-01T00:00:00Z");
    }

    @Test
    void eventsWithoutADateAreLeftOutByADateFilter() {
        List<String> noStart = expected(e -> time(e, "startDate") == null);
        List<String> noEnd = expected(e -> time(e, "endDate") == null);
        assertFalse(noStart.isEmpty(), "some events have no start date");
        assertFalse(noEnd.isEmpty(), "some open events have no end date");
        List<String> wideStart = wire.keysetIds("start_date_min=2000-01-01");
        assertEquals(expected(e -> time(e, "startDate") != null), wideStart);
        assertEquals(expected(e -> time(e, "startDate") != null), wire.keysetIds("start_date_max=2100-01-01"));
        assertEquals(expected(e -> time(e, "endDate") != null), wire.keysetIds("end_date_max=2100-01-01"));
        assertEquals(expected(e -> time(e, "endDate") != null), wire.keysetIds("end_date_min=2000-01-01"));
        // Without a date filter they are served like any other.
        assertTrue(Wire.ids(wire.getOk("/events?id=" + noStart.get(0) + "&id=" + noEnd.get(0))).size() == 2);
    }

    @Test
    void includeChatAndTemplateAddThoseArraysOnlyWhenTrue() {
        List<String> withChats = expected(e -> e.get("chats").size() > 0);
        List<String> withTemplates = expected(e -> e.get("templates").size() > 0);
        assertFalse(withChats.isEmpty());
        assertFalse(withTemplates.isEmpty());
        String some = withChats.get(0) + "&id=" + withTemplates.get(0);
        JsonNode plain = wire.json("/events?id=" + some);
        for (JsonNode e : plain) assertFalse(e.has("chats") || e.has("templates"), "not asked for");
        JsonNode off = wire.json("/events?include_chat=false&include_template=false&id=" + some);
        for (JsonNode e : off) assertFalse(e.has("chats") || e.has("templates"));
        JsonNode chats = wire.json("/events?include_chat=true&id=" + some);
        for (JsonNode e : chats) assertTrue(e.has("chats") && !e.has("templates"));
        JsonNode all = wire.json("/events?include_chat=true&include_template=true&limit=100&id=" + some);
        for (JsonNode e : all) {
            ObjectNode doc = docs.stream().filter(d -> d.get("id").asText().equals(e.get("id").asText())).findFirst().orElseThrow();
            assertEquals(doc, e, "with both, the event is the world's document as it stands");
        }
        assertEquals(expected(e -> true), wire.keysetIds("include_chat=true&include_template=true"), "they select nothing");
        wire.refused("/events?include_chat=yes");
    }

    @Test
    void orderSortsByEventFieldsWithTiesByIdAscending() {
        Comparator<JsonNode> byId = Comparator.comparingLong(e -> e.get("id").asLong());
        Comparator<JsonNode> volume = Comparator.comparingDouble(e -> num(e, "volume"));
        assertEquals(docs.stream().sorted(volume.reversed().thenComparing(byId)).map(e -> e.get("id").asText()).toList(),
                both("order=volume"), "descending unless ascending=true");

        // The rest on a slice of the world (events ending within a few months; whole-world harvests are slow).
        String slice = "end_date_min=2026-09-01&end_date_max=2027-01-01";
        List<JsonNode> part = docs.stream().filter(e -> time(e, "endDate") != null
                && !time(e, "endDate").isBefore(Instant.parse("2026-09-01T00:00:00Z"))
                && !time(e, "endDate").isAfter(Instant.parse("2027-01-01T00:00:00Z"))).map(e -> (JsonNode) e).toList();
        assertTrue(part.size() > 200, "slice " + part.size());
        assertEquals(part.stream().sorted(volume.thenComparing(byId)).map(e -> e.get("id").asText()).toList(),
                wire.keysetIds("order=volume&ascending=true&" + slice));

        // Two fields; many events share a category, so the second field and then the id decide.
        Comparator<JsonNode> category = Comparator.comparing(e -> e.get("category").asText());
        Comparator<JsonNode> start = Comparator.comparing(e -> time(e, "startDate"), Comparator.nullsLast(Comparator.naturalOrder()));
        Comparator<JsonNode> startDown = Comparator.comparing(e -> time(e, "startDate"), Comparator.nullsLast(Comparator.reverseOrder()));
        assertEquals(part.stream().sorted(category.thenComparing(start).thenComparing(byId)).map(e -> e.get("id").asText()).toList(),
                both("order=category,startDate&ascending=true&" + slice));
        assertEquals(part.stream().sorted(category.reversed().thenComparing(startDown).thenComparing(byId))
                .map(e -> e.get("id").asText()).toList(), wire.keysetIds("order=" + Wire.enc("category, startDate") + "&" + slice));

        // A boolean: ties everywhere, broken by id ascending in either direction.
        Comparator<JsonNode> featured = Comparator.comparing(e -> e.get("featured").asBoolean());
        assertEquals(part.stream().sorted(featured.reversed().thenComparing(byId)).map(e -> e.get("id").asText()).toList(),
                wire.keysetIds("order=featured&" + slice));
        // Nulls last, whichever way: closedTime is null on open events, startDate on a few.
        for (String dir : List.of("true", "false")) {
            List<String> byClosed = wire.keysetIds("order=closedTime&ascending=" + dir + "&" + slice);
            long open = part.stream().filter(e -> e.get("closedTime").isNull()).count();
            assertTrue(open > 0 && open < part.size());
            assertEquals(part.stream().filter(e -> e.get("closedTime").isNull()).map(e -> e.get("id").asText()).toList(),
                    byClosed.subList(byClosed.size() - (int) open, byClosed.size()), "nulls last, in id order");
        }
        // id orders numerically; ascending alone changes nothing.
        List<String> all = expected(e -> true);
        List<String> reversed = new ArrayList<>(all);
        java.util.Collections.reverse(reversed);
        assertEquals(reversed.subList(0, 100), Wire.ids(wire.getOk("/events?order=id&limit=100")));
        assertEquals(all.subList(0, 100), Wire.ids(wire.getOk("/events?ascending=false&limit=100")));

        String error = wire.refused("/events?order=volume,popularity");
        assertTrue(error.contains("popularity") && error.contains("order"), error);
        wire.refused("/events?order=markets");
        wire.refused("/events?order=volume,");
        wire.refused("/events?ascending=maybe");
    }

    @Test
    void malformedValuesAreRefusedNamingTheParameter() {
        String error = wire.refused("/events?limit=ten");
        assertTrue(error.contains("limit") && error.contains("ten") && error.contains("integer"), error);
        error = wire.refused("/events?limit=-1");
        assertTrue(error.contains("limit") && error.contains("-1") && error.contains("0 or more"), error);
        error = wire.refused("/events?offset=-5");
        assertTrue(error.contains("offset") && error.contains("-5"), error);
        error = wire.refused("/events?closed=yes");
        assertTrue(error.contains("closed") && error.contains("yes") && error.contains("true or false"), error);
        wire.refused("/events?limit=1.5");
        wire.refused("/events/keyset?limit=x");
        wire.refused("/events/keyset?closed=1");
        // Parameters the interface does not know are ignored.
        assertEquals(20, Wire.ids(wire.getOk("/events?color=blue")).size());
    }

    // ---- single events ------------------------------------------------------------------------------------------

    @Test
    void oneEventItsTagsAndOk() {
        ObjectNode doc = docs.get(77);
        String id = doc.get("id").asText();
        JsonNode one = wire.json("/events/" + id);
        assertEquals(id, one.get("id").asText());
        assertEquals(doc.get("markets"), one.get("markets"));
        JsonNode tags = wire.json("/events/" + id + "/tags");
        assertTrue(tags.isArray());
        assertEquals(doc.get("tags"), tags);
        for (JsonNode t : tags) for (String f : Fields.TAG) assertTrue(t.has(f), f);

        for (String path : List.of("/events/1", "/events/1/tags", "/events/not-a-number")) {
            HttpResponse<byte[]> missing = wire.get(path);
            assertEquals(404, missing.statusCode(), path);
            assertEquals("event not found", Wire.read(missing.body()).get("error").asText());
        }
        HttpResponse<byte[]> ok = wire.get("/ok");
        assertEquals(200, ok.statusCode());
        assertEquals("OK", new String(ok.body()));
    }

    @Test
    void relatedTagsAreSymmetricAndWithinTheWorld() {
        Set<Long> known = new LinkedHashSet<>();
        sandbox.world().tags().forEach(t -> known.add(t.get("id").asLong()));
        int withRelated = 0;
        for (long t : known) {
            Set<Long> rel = sandbox.world().relatedTags(t);
            if (!rel.isEmpty()) withRelated++;
            assertFalse(rel.contains(t));
            assertTrue(known.containsAll(rel));
            for (long r : rel) assertTrue(sandbox.world().relatedTags(r).contains(t), "related both ways");
        }
        assertTrue(withRelated > known.size() / 2);
        assertNull(sandbox.world().event(1));
    }
}
