package org.marketlab.markets;

import org.marketlab.pacing.RetryPolicy;
import org.marketlab.Markets;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.spi.Documents;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.MalformedResponseException;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Transport;
import org.marketlab.time.Timestamps;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tables filled straight from the stream are the tables built from records, value for value: on the whole
 * sandbox world (over HTTP, paged, and from one saved document), with random nulls, and on the documents in the
 * live service's shapes. The hand-written readers agree with the general ones they stand in for.
 */
class EventColumnsTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static Sandbox sandbox;
    private static Transport transport;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(5).now(NOW).build();
        var urls = sandbox.start();
        Profile p = Profile.sandbox(5).withUrl(Service.MARKETS, urls.get("markets").toString());
        transport = Transport.create(p, Clock.system(), new RetryPolicy(3, 3, Duration.ofMillis(10), Duration.ofMillis(50)));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static EventsQuery q() {
        return new MarketData(transport).events();
    }

    @Test
    void wholeWorldOverHttpGivesTheRecordsTables() {
        List<Event> events = q().list();
        assertTrue(events.size() >= 2000);
        assertEquals(records(doc(worldDocument())), events, "the paged records are the ones binding makes, value for value");
        assertSameTable(EventTables.events(events), q().allColumns().table());
        assertSameTable(EventTables.markets(events), q().allColumns().marketsTable());
        assertSameTable(EventTables.tags(events), q().tagsTable());
        // Offset paging, a limit across pages, and filters read the same way.
        assertSameTable(EventTables.events(q().paging(EventsQuery.Paging.OFFSET).limit(250).list()),
                q().paging(EventsQuery.Paging.OFFSET).limit(250).allColumns().table());
        assertSameTable(EventTables.markets(q().active().closed(false).limit(130).list()), q().active().closed(false).limit(130).allColumns().marketsTable());
    }

    @Test
    void wholeWorldFromOneDocumentGivesTheRecordsTables() {
        byte[] doc = worldDocument();
        List<Event> events = records(doc(doc));
        EventTables.All all = MarketData.parseEventTables(doc(doc));
        assertSameTable(EventTables.events(events), all.events());
        assertSameTable(EventTables.markets(events), all.markets());
        assertSameTable(EventTables.tags(events), all.tags());
    }

    /**
     * The default path, {@code Markets.parseEvents} then {@code Markets.table} / {@code marketsTable} (and
     * {@code EventTables} of the same list), is read into columns: its tables are the records' tables, value for
     * value, and its records are the records.
     */
    @Test
    void theDefaultPathGivesTheRecordsViewsValueForValue() {
        byte[] doc = worldDocument();
        String text = new String(doc, StandardCharsets.UTF_8);
        List<Event> parsed = Markets.parseEvents(text);
        List<Event> records = records(doc(doc));
        assertTrue(records.size() >= 2000);
        assertSameTable(EventViews.events(records), Markets.table(parsed));
        assertSameTable(EventViews.markets(records), Markets.marketsTable(parsed));
        assertSameTable(EventTables.events(records), EventTables.events(parsed));
        assertSameTable(EventTables.markets(records), EventTables.markets(parsed));
        assertSameTable(EventTables.tags(records), EventTables.tags(parsed));
        assertEquals(records.size(), parsed.size());
        assertEquals(records, parsed, "the records, made when asked for");
        // An event repeated within one document is kept, as its records keep it.
        String firstEvent = pages(1).get(0);
        String repeated = text.substring(0, text.length() - 1) + "," + firstEvent + "]";
        List<Event> twice = Markets.parseEvents(repeated);
        assertEquals(records.size() + 1, twice.size());
        assertSameTable(EventViews.events(new ArrayList<>(twice)), Markets.table(twice));
        assertSameTable(EventViews.markets(new ArrayList<>(twice)), Markets.marketsTable(twice));
    }

    @Test
    void theQueryTablesAreTheRecordsViews() {
        assertSameTable(EventViews.events(q().list()), q().table());
        assertSameTable(EventViews.markets(q().list()), q().marketsTable());
        assertSameTable(EventViews.events(q().active().closed(false).limit(130).list()), q().active().closed(false).limit(130).table());
        assertSameTable(EventViews.markets(q().paging(EventsQuery.Paging.OFFSET).limit(250).list()),
                q().paging(EventsQuery.Paging.OFFSET).limit(250).marketsTable());
    }

    @Test
    void theDefaultPathWithRandomNullsGivesTheRecordsViews() {
        sandbox.faults().nullFields(0.3);
        try {
            String text = "[" + String.join(",", pages(4)) + "]";
            List<Event> parsed = Markets.parseEvents(text);
            List<Event> records = records(Document.file("events.json", text));
            assertTrue(Markets.table(parsed).stringColumn("title").countMissing() > 0);
            assertSameTable(EventViews.events(records), Markets.table(parsed));
            assertSameTable(EventViews.markets(records), Markets.marketsTable(parsed));
        } finally {
            sandbox.faults().clear();
        }
    }

    @Test
    void aLargeDocumentIsReadInTwoHalvesAndAnEventInBothIsStillDroppedOnce() {
        byte[] doc = worldDocument();
        assertTrue(doc.length > TwoHalves.MIN_BYTES);
        assertTrue(TwoHalves.read(doc, 0) != null, "read in two halves");
        String text = new String(doc, StandardCharsets.UTF_8);
        String firstEvent = pages(1).get(0);
        byte[] repeated = (text.substring(0, text.length() - 1) + "," + firstEvent + "]").getBytes(StandardCharsets.UTF_8);
        assertNull(TwoHalves.read(repeated, 0), "an event in both halves: one pass instead");
        List<Event> events = records(doc(doc));
        EventTables.All all = MarketData.parseEventTables(doc(repeated));
        assertSameTable(EventTables.events(events), all.events());
        assertSameTable(EventTables.markets(events), all.markets());
        assertSameTable(EventTables.tags(events), all.tags());
        byte[] tricky = "[{\"id\":\"1\",\"t\":\"x,\\\"]}\"},{\"id\":\"2\",\"m\":[1,2]},{\"id\":\"3\"}]".getBytes(StandardCharsets.UTF_8);
        assertEquals("[{\"id\":\"1\",\"t\":\"x,\\\"]}\"},{\"id\":\"2\",\"m\":[1,2]}".length(), TwoHalves.middleComma(tricky, 0));
    }

    @Test
    void randomNullsGiveTheRecordsTables() {
        sandbox.faults().nullFields(0.3);
        try {
            byte[] doc = ("[" + String.join(",", pages(4)) + "]").getBytes(StandardCharsets.UTF_8);
            List<Event> events = records(doc(doc));
            EventTables.All all = MarketData.parseEventTables(doc(doc));
            assertTrue(all.events().stringColumn("title").countMissing() > 0);
            assertEquals(events, new ArrayList<>(MarketData.parseEvents(doc(doc))), "the reader's records");
            assertSameTable(EventTables.events(events), all.events());
            assertSameTable(EventTables.markets(events), all.markets());
            assertSameTable(EventTables.tags(events), all.tags());
        } finally {
            sandbox.faults().clear();
        }
    }

    @Test
    void liveShapedDocumentsGiveTheRecordsTables() {
        byte[] event = Documents.read("markets-event.json").getBytes(StandardCharsets.UTF_8);
        List<Event> events = records(doc(event));
        assertEquals(events, new ArrayList<>(MarketData.parseEvents(doc(event))), "the reader's records");
        EventTables.All all = MarketData.parseEventTables(doc(event));
        assertSameTable(EventTables.events(events), all.events());
        assertSameTable(EventTables.markets(events), all.markets());
        assertSameTable(EventTables.tags(events), all.tags());
        // The market documents, each inside an event, as the events listing nests them.
        for (String name : List.of("markets-market.json", "markets-market-closed-scalar.json")) {
            String market = Documents.read(name).strip();
            if (market.startsWith("[")) market = market.substring(1, market.lastIndexOf(']'));
            byte[] doc = ("[{\"id\":\"1\",\"slug\":\"s\",\"title\":\"t\",\"markets\":[" + market + "]}]").getBytes(StandardCharsets.UTF_8);
            List<Event> es = records(doc(doc));
            assertEquals(es, new ArrayList<>(MarketData.parseEvents(doc(doc))), name);
            assertSameTable(EventTables.markets(es), MarketData.parseEventTables(doc(doc)).markets());
        }
    }

    @Test
    void unusualJsonTypesAreConvertedAsBindingConvertsThem() {
        String doc = "[{\"id\":7,\"slug\":\"a\",\"volume\":\"12.5\",\"commentCount\":\"3\",\"active\":\"true\","
                + "\"startDate\":1700000000,\"endDate\":\"2024-03-07 20:44:01.258+00\",\"creationDate\":\"2024-02-30T10:00:00Z\","
                + "\"createdAt\":\"2024-03-07T20:44:01+02:00\",\"subEvents\":[\"x\",\"y\"],\"title\":\"first\",\"title\":\"second\","
                + "\"tags\":[{\"id\":\"1\",\"slug\":\"p\"},{\"id\":\"2\"}],"
                + "\"markets\":[{\"id\":\"m\",\"outcomes\":[\"Yes\",\"No\"],\"outcomePrices\":\"[\\\"0.50\\\", \\\"1e-2\\\", null, \\\"\\\"]\","
                + "\"clobTokenIds\":\"  [ 1 , \\\"2\\\\u0041\\\" ] \",\"shortOutcomes\":\"\",\"positionIds\":null},null]},"
                + "{\"id\":\"7\",\"slug\":\"repeat\"}]";
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        List<Event> events = MarketData.parseEvents(doc(bytes));
        assertEquals(records(doc(bytes)), new ArrayList<>(events), "the reader's records, both events kept");
        EventTables.All all = MarketData.parseEventTables(doc(bytes));
        assertEquals(1, all.events().rowCount(), "the repeated event is dropped");
        assertEquals("second", all.events().stringColumn("title").get(0));
        assertEquals("0.50, 0.01, , ", all.markets().stringColumn("outcomePrices").get(0));
        assertEquals("1, 2A", all.markets().stringColumn("clobTokenIds").get(0));
        assertEquals(2, all.events().intColumn("marketCount").get(0));
        assertEquals("p, null", all.events().stringColumn("tagSlugs").get(0));
        // The records path keeps both events; compare with the first one.
        assertSameTable(EventTables.events(events.subList(0, 1)), all.events());
        assertSameTable(EventTables.tags(events.subList(0, 1)), all.tags());
    }

    @Test
    void aBadValueIsAMalformedDocumentNamingTheEvent() {
        for (String bad : List.of("[{\"id\":\"1\",\"markets\":[{\"id\":\"m\",\"outcomes\":\"[\\\"Yes\\\",\"}]}]",
                "[{\"id\":\"1\",\"startDate\":\"yesterday\"}]", "[{\"slug\":\"no id\"}]", "[{\"id\":\"1\",\"volume\":{}}]",
                "[{\"id\":\"1\",\"markets\":[{\"id\":\"m\",\"outcomePrices\":\"[\\\"x\\\"]\"}]}]")) {
            var e = assertThrows(MalformedResponseException.class,
                    () -> MarketData.parseEventTables(doc(bad.getBytes(StandardCharsets.UTF_8))), bad);
            assertTrue(e.getMessage().contains("event 0"), e.getMessage());
            assertThrows(MalformedResponseException.class, () -> MarketData.parseEvents(doc(bad.getBytes(StandardCharsets.UTF_8))), bad);
        }
    }

    @Test
    void theInStringScannerAgreesWithAParser() throws Exception {
        JsonFactory json = new JsonFactory();
        List<String> cases = List.of("[]", " [ ] ", "[\"Yes\", \"No\"]", "[1, -2.5e3, 0, 0.25]", "[null, true, false]",
                "[\"a\\\"b\\\\c\\/d\\n\\u00e9\"]", "[\"\\ud83d\\ude00\"]", "[01]", "[1.]", "[-]", "[\"x\",]", "[,]", "[\"x\"",
                "[\"x\"] y", "{}", "\"x\"", "[[1]]", "[{}]", "[\"tab\there\"]", "[\"\\q\"]", "[truex]", "[1e]", "[\"a\" \"b\"]",
                "[nul]", "[\"\\u12\"]", "[1,2,3]x");
        for (String c : cases) {
            List<String> expected = new ArrayList<>();
            boolean ok;
            try (JsonParser p = json.createParser(c)) {
                ok = p.nextToken() == JsonToken.START_ARRAY;
                JsonToken t;
                while (ok && (t = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (t == JsonToken.VALUE_NULL) expected.add(null);
                    else if (t != null && t.isScalarValue()) expected.add(p.getText());
                    else ok = false;
                }
                if (ok && p.nextToken() != null) ok = false;
            } catch (Exception e) {
                ok = false;
            }
            List<String> got = new ArrayList<>();
            assertEquals(ok, JsonInString.scan(c, got), c);
            if (ok) assertEquals(expected, got, c);
        }
    }

    @Test
    void fastInstantsAgreeWithTimestamps() {
        List<String> cases = List.of("2024-03-07T20:44:01.258Z", "2024-03-07 20:44:01.258+00", "2024-03-07T20:44:01Z",
                "2024-03-07T20:44Z", "2024-03-07T20:44:01.123456789Z", "2024-03-07T20:44:01.1234567891Z",
                "2024-03-07T20:44:01+00:00", "2024-03-07T20:44:01+0000", "2024-03-07T20:44:01+02:00", "2024-03-07T20:44:01",
                "2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "2024-04-31T00:00:00Z", "2024-03-07", " 2024-03-07T20:44:01Z",
                "1700000000", "1700000000000", "", "2024-13-01T00:00:00Z", "2024-03-07T24:00:00Z", "2024-03-07t20:44:01z");
        for (String c : cases) {
            Object expected, got;
            try {
                expected = Timestamps.parse(c);
            } catch (IllegalArgumentException e) {
                expected = "refused";
            }
            try {
                got = FastInstants.parse(c);
            } catch (IllegalArgumentException e) {
                got = "refused";
            }
            assertEquals(expected, got, c);
        }
        assertNull(FastInstants.parse("  "));
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    private static byte[] worldDocument() {
        return ("[" + String.join(",", pages(Integer.MAX_VALUE)) + "]").getBytes(StandardCharsets.UTF_8);
    }

    /** The events of up to {@code max} keyset pages, each as JSON text, fetched over HTTP. */
    private static List<String> pages(int max) {
        List<String> out = new ArrayList<>();
        String cursor = null;
        var m = transport.resources().json();
        try {
            for (int i = 0; i < max; i++) {
                var call = Call.get(Service.MARKETS, "/events/keyset", Query.empty().with("limit", 100).with("after_cursor", cursor));
                var page = m.readTree(transport.send(call).body());
                for (var e : page.get("events")) out.add(m.writeValueAsString(e));
                var next = page.get("next_cursor");
                cursor = next == null || next.isNull() ? null : next.asText();
                if (cursor == null) break;
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out;
    }

    /**
     * The records of a document (an array of events, or one keyset page) as Jackson binds them with the decoding's
     * mapper, as a plain list: an oracle written apart from the toolkit's events reader, and its tables are made from
     * the records.
     */
    static List<Event> records(Document d) {
        try {
            var tree = d.json().readTree(d.body());
            if (tree.isObject()) tree = tree.get("events");
            List<Event> out = new ArrayList<>();
            for (var n : tree) out.add(d.json().treeToValue(n, Event.class));
            return out;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Document doc(byte[] bytes) {
        return Document.file("events.json", bytes);
    }

    static void assertSameTable(Table expected, Table actual) {
        assertEquals(expected.columnNames(), actual.columnNames(), "column names");
        assertEquals(expected.rowCount(), actual.rowCount(), "rows");
        for (int c = 0; c < expected.columnCount(); c++) {
            Column<?> e = expected.column(c), a = actual.column(c);
            assertEquals(e.type(), a.type(), "type of " + e.name());
            for (int r = 0; r < e.size(); r++) {
                assertEquals(e.isMissing(r), a.isMissing(r), e.name() + " row " + r + " missing");
                if (!e.isMissing(r)) assertEquals(e.get(r), a.get(r), e.name() + " row " + r);
            }
        }
    }
}
