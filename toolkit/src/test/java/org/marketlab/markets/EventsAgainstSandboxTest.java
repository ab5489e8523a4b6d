package org.marketlab.markets;

import org.marketlab.pacing.RetryPolicy;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.http.ConnectionException;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.http.MalformedResponseException;
import org.marketlab.http.ServerException;
import org.marketlab.http.ServiceException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.world.World;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The events query against the real sandbox over loopback, checked against the generated world. */
class EventsAgainstSandboxTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static Sandbox sandbox;
    private static Transport transport;
    private static World world;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(11).now(NOW).build();
        var urls = sandbox.start();
        world = sandbox.world();
        Profile p = Profile.sandbox(11).withUrl(Service.MARKETS, urls.get("markets").toString());
        transport = Transport.create(p, Clock.system(),
                new RetryPolicy(3, 3, Duration.ofMillis(10), Duration.ofMillis(50)));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @BeforeEach
    void goodDay() {
        sandbox.faults().clear();
    }

    private static EventsQuery q() {
        return new MarketData(transport).events();
    }

    private static List<String> expected(Predicate<World.EventFacts> p) {
        return world.events().stream().filter(p).map(e -> Long.toString(e.id())).toList();
    }

    private static List<String> ids(List<Event> events) {
        return events.stream().map(Event::id).toList();
    }

    @Test
    void booleanFiltersMatchTheWorldExactly() {
        assertEquals(expected(e -> Boolean.TRUE.equals(e.active())), ids(q().active().list()));
        assertEquals(expected(e -> Boolean.FALSE.equals(e.closed())), ids(q().closed(false).list()));
        assertEquals(expected(e -> Boolean.TRUE.equals(e.archived())), ids(q().archived(true).list()));
        assertEquals(expected(e -> Boolean.TRUE.equals(e.featured())), ids(q().featured(true).list()));
        assertEquals(expected(e -> Boolean.TRUE.equals(e.cyom())), ids(q().cyom(true).list()));
        assertEquals(expected(e -> Boolean.TRUE.equals(e.active()) && Boolean.FALSE.equals(e.closed())),
                ids(q().active().closed(false).list()));
    }

    @Test
    void numericAndDateRangesAreInclusive() {
        assertEquals(expected(e -> e.volume() != null && e.volume() >= 10_000), ids(q().volumeMin(10_000).list()));
        assertEquals(expected(e -> e.volume() != null && e.volume() >= 1_000 && e.volume() <= 50_000),
                ids(q().volumeMin(1_000).volumeMax(50_000).list()));
        assertEquals(expected(e -> e.liquidity() != null && e.liquidity() <= 500), ids(q().liquidityMax(500).list()));
        // An exact value on a bound is inside it.
        World.EventFacts some = world.events().get(100);
        assertTrue(ids(q().volumeMin(some.volume()).volumeMax(some.volume()).list()).contains(Long.toString(some.id())));
        Instant from = NOW.minus(Duration.ofDays(90));
        assertEquals(expected(e -> e.startDate() != null && !e.startDate().isBefore(from)), ids(q().startDateMin(from).list()));
        assertEquals(expected(e -> e.endDate() != null && !e.endDate().isAfter(NOW) && !e.endDate().isBefore(from)),
                ids(q().endDateMin(from).endDateMax(NOW).list()));
        assertEquals(expected(e -> e.startDate() != null && !e.startDate().isAfter(from)), ids(q().startDateMax(from).list()));
        assertEquals(expected(e -> e.liquidity() != null && e.liquidity() >= 100), ids(q().liquidityMin(100).list()));
    }

    @Test
    void idSlugAndTagFilters() {
        List<World.EventFacts> some = List.of(world.events().get(3), world.events().get(700), world.events().get(2000));
        long[] idArray = some.stream().mapToLong(World.EventFacts::id).toArray();
        assertEquals(some.stream().map(e -> Long.toString(e.id())).toList(), ids(q().ids(idArray).list()));
        assertEquals(List.of(Long.toString(some.get(1).id())), ids(q().slugs(some.get(1).slug()).list()));

        JsonNode tag = world.tags().get(20);
        long tagId = tag.get("id").asLong();
        String tagSlug = tag.get("slug").asText();
        assertEquals(expected(e -> e.tagIds().contains(tagId)), ids(q().tagId(tagId).list()));
        assertEquals(expected(e -> e.tagSlugs().contains(tagSlug)), ids(q().tagSlug(tagSlug).list()));
        Set<Long> family = new HashSet<>(world.relatedTags(tagId));
        family.add(tagId);
        List<String> related = expected(e -> e.tagIds().stream().anyMatch(family::contains));
        assertEquals(related, ids(q().tagId(tagId).relatedTags(true).list()));
        assertTrue(related.size() > expected(e -> e.tagIds().contains(tagId)).size());
        long other = world.tags().get(0).get("id").asLong();
        assertEquals(expected(e -> !e.tagIds().contains(tagId) && !e.tagIds().contains(other)),
                ids(q().excludeTagIds(tagId, other).list()));
        assertEquals(expected(e -> e.recurrences().contains("weekly")), ids(q().recurrence("weekly").list()));
        assertFalse(expected(e -> e.recurrences().contains("weekly")).isEmpty());
    }

    @Test
    void includeChatAndTemplateAskForThoseArrays() {
        List<Event> without = q().limit(300).list();
        assertTrue(without.stream().allMatch(e -> e.chats().isEmpty() && e.templates().isEmpty()));
        List<Event> with = q().includeChat(true).includeTemplate(true).list();
        long chats = world.events().stream().filter(e -> e.document().get("chats").size() > 0).count();
        assertEquals(chats, with.stream().filter(e -> !e.chats().isEmpty()).count());
        assertTrue(chats > 0);
    }

    @Test
    void orderAndAscending() {
        List<Event> byVolume = q().active().order("volume").limit(250).list();
        for (int i = 1; i < byVolume.size(); i++) assertTrue(byVolume.get(i - 1).volume() >= byVolume.get(i).volume());
        List<Event> asc = q().order("endDate").ascending(true).limit(150).list();
        for (int i = 1; i < asc.size(); i++) assertFalse(asc.get(i - 1).endDate().isAfter(asc.get(i).endDate()));
        // The same order through offset paging.
        assertEquals(ids(asc), ids(q().order("endDate").ascending(true).limit(150).paging(EventsQuery.Paging.OFFSET).list()));
    }

    @Test
    void fullHarvestByOffsetAndByKeysetReturnsEveryEventOnce() {
        List<String> all = expected(e -> true);
        List<Integer> progress = new ArrayList<>();
        List<Event> keyset = q().paging(EventsQuery.Paging.KEYSET).onProgress(p -> progress.add((int) p.done())).list();
        assertEquals(all, ids(keyset));
        assertEquals(all.size(), progress.get(progress.size() - 1));
        assertTrue(progress.size() > 20, "progress is reported page by page");
        List<Event> offset = q().paging(EventsQuery.Paging.OFFSET).list();
        assertEquals(all, ids(offset));
        assertEquals(all.size(), new HashSet<>(ids(offset)).size());
        // A caller's limit stops the harvest there, across pages.
        assertEquals(all.subList(0, 237), ids(q().limit(237).list()));
        assertEquals(all.subList(50, 80), ids(q().offset(50).limit(30).list()));
    }

    @Test
    void tablesOfTheWholeWorld() {
        List<Event> events = q().list();
        Table t = EventTables.events(events);
        Table m = EventTables.markets(events);
        assertEquals(world.events().size(), t.rowCount());
        assertEquals(world.marketCount(), m.rowCount());
        assertTrue(world.marketCount() >= 8000 && world.events().size() >= 2000 && world.tags().size() >= 100);
        assertEquals(events.get(5).markets().get(0).clobTokenIds().get(0),
                m.where(m.stringColumn("eventId").isEqualTo(events.get(5).id())).stringColumn("clobTokenIds").get(0).split(", ")[0]);
        Table tags = EventTables.tags(events);
        assertEquals(events.stream().mapToInt(e -> e.tags().size()).sum(), tags.rowCount());
    }

    @Test
    void oneEventAndItsTags() {
        World.EventFacts f = world.events().get(42);
        Event e = new MarketData(transport).event(Long.toString(f.id()));
        assertEquals(f.slug(), e.slug());
        List<Tag> tags = new MarketData(transport).eventTags(Long.toString(f.id()));
        assertEquals(f.tagSlugs(), tags.stream().map(Tag::slug).collect(Collectors.toCollection(java.util.LinkedHashSet::new)));
        var missing = assertThrows(org.marketlab.http.NotFoundException.class, () -> new MarketData(transport).event("1"));
        assertTrue(missing.getMessage().contains("/events/1"), missing.getMessage());
    }

    @Test
    void randomNullsNeverBreakRecordsOrTables() {
        sandbox.faults().nullFields(0.3);
        List<Event> events = q().limit(400).list();
        assertEquals(400, events.size());
        assertTrue(events.stream().anyMatch(e -> e.title() == null));
        Table t = EventTables.events(events);
        Table m = EventTables.markets(events);
        Table tags = EventTables.tags(events);
        assertEquals(400, t.rowCount());
        assertTrue(t.stringColumn("title").countMissing() > 0);
        assertTrue(m.rowCount() > 0 && tags.rowCount() >= 0);
    }

    @Test
    void malformedBodyIsAServiceExceptionNamingTheEndpoint() {
        // One malformed page is asked for again (reported, typed); as many as the page attempts end the read.
        java.util.List<ServiceException> seen = new java.util.ArrayList<>();
        sandbox.faults().malformedBodies(1);
        assertEquals(5, q().limit(5).onPageFailure(seen::add).list().size());
        assertEquals(1, seen.size());
        assertInstanceOf(MalformedResponseException.class, seen.get(0));
        sandbox.faults().malformedBodies(EventsQuery.PAGE_ATTEMPTS);
        ServiceException e = assertThrows(ServiceException.class, () -> q().limit(5).list());
        assertInstanceOf(MalformedResponseException.class, e);
        assertTrue(e.getMessage().contains("/events"), e.getMessage());
        assertTrue(e.endpoint().contains("/events"), e.endpoint());
    }

    @Test
    void badArgumentsFailBeforeAnythingIsSent() {
        long before = sandbox.stats().total();
        assertThrows(IllegalArgumentException.class, () -> q().limit(-1));
        assertThrows(IllegalArgumentException.class, () -> q().offset(-5));
        assertThrows(IllegalArgumentException.class, () -> q().pageSize(101));
        var e = assertThrows(IllegalArgumentException.class, () -> q().volumeMin(100).volumeMax(10));
        assertTrue(e.getMessage().contains("volumeMin (100.0) is above volumeMax (10.0)"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> q().startDateMin(NOW).startDateMax(NOW.minusSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> q().liquidityMin(Double.NaN));
        var o = assertThrows(IllegalArgumentException.class, () -> q().order("volumne"));
        assertTrue(o.getMessage().contains("allowed") && o.getMessage().contains("volume"), o.getMessage());
        assertThrows(IllegalArgumentException.class, () -> q().relatedTags(true).list());
        assertThrows(IllegalArgumentException.class, () -> new MarketData(transport).event(" "));
        assertEquals(before, sandbox.stats().total(), "no request was sent");
    }

    @Test
    void serverRefusalsAreTyped() {
        var e = assertThrows(InvalidRequestException.class, () -> q().offset(2500).limit(5).list());
        assertEquals(422, e.status());
        assertTrue(e.serverMessage().contains("offset"), e.serverMessage());
    }

    @Test
    void readsAreRetriedThroughServerErrorsAndDrops() {
        sandbox.faults().errors(503, 2);
        assertEquals(5, q().limit(5).list().size());
        sandbox.faults().errors(425, 1);
        assertEquals(5, q().limit(5).list().size());
        sandbox.faults().drops(1);
        assertEquals(5, q().limit(5).list().size());
        sandbox.faults().errors(500, 10);
        var e = assertThrows(ServerException.class, () -> q().limit(5).list());
        assertEquals(500, e.status());
        sandbox.faults().clear().drops(10);
        assertThrows(ConnectionException.class, () -> q().limit(5).list());
    }

    /**
     * A reader that stops before the end (a limit downstream of the stream) ends the read's progress when it closes the
     * stream: one last report, finished, counting what was read; a stream read to its end reports its end once.
     */
    @Test
    void aReadStoppedEarlyEndsItsProgressWhenTheStreamCloses() {
        List<Progress> seen = new ArrayList<>();
        List<Event> firstFew;
        try (var events = q().onProgress(seen::add).stream()) {
            firstFew = events.filter(e -> e.markets().size() > 1).limit(120).toList();
            assertEquals(120, firstFew.size());
            assertFalse(seen.isEmpty());
            assertFalse(seen.get(seen.size() - 1).finished(), "pages left unread: not finished before the close");
        }
        Progress last = seen.get(seen.size() - 1);
        Progress before = seen.get(seen.size() - 2);
        assertTrue(last.finished(), "finished at the close: " + seen);
        assertEquals(last.total(), last.done(), "a finished report is whole: " + last);
        assertTrue(last.done() >= 120 && last.done() <= before.done(), "the events handed out, no more than were read: " + last);
        assertEquals(before.requests(), last.requests(), "the close sends nothing");
        assertEquals(1, seen.stream().filter(Progress::finished).count());

        seen.clear();
        try (var events = q().limit(150).onProgress(seen::add).stream()) {
            assertEquals(150, events.count());
        }
        assertEquals(1, seen.stream().filter(Progress::finished).count(), "a read to its end reports its end once: " + seen);
        assertEquals(150, seen.get(seen.size() - 1).done());
    }

    @Test
    void progressGoesToTheDefaultListenerWhenNoneIsGiven() {
        List<Progress> seen = new ArrayList<>();
        Progress.setDefaultListener(seen::add);
        try {
            q().limit(250).list();
        } finally {
            Progress.setDefaultListener(null);
        }
        assertTrue(seen.get(seen.size() - 1).finished());
        assertEquals(250, seen.get(seen.size() - 1).done());
    }
}
