package org.marketlab.markets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.junit.jupiter.api.Test;
import org.marketlab.spi.Documents;
import org.marketlab.Markets;
import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every market-data document in the service's shapes reads completely into records and tables. */
class MarketDocumentsTest {

    private static final JsonMapper RAW = JsonMapper.builder().build();

    @Test
    void eventReadsIntoRecordsWithEveryPresentFieldKept() throws Exception {
        String json = Documents.read("markets-event.json");
        List<Event> events = Markets.parseEvents(json);
        assertEquals(1, events.size());
        Event e = events.get(0);
        JsonNode raw = RAW.readTree(json).get(0);

        assertEquals(raw.get("id").asText(), e.id());
        assertEquals(raw.get("slug").asText(), e.slug());
        assertEquals(Instant.parse(raw.get("startDate").asText()), e.startDate());
        assertEquals(raw.get("volume").asDouble(), e.volume());
        assertEquals(raw.get("commentCount").asInt(), e.commentCount());
        assertEquals(raw.get("negRisk").asBoolean(), e.negRisk());
        assertEquals(raw.get("markets").size(), e.markets().size());
        assertEquals(raw.get("tags").size(), e.tags().size());
        assertEquals(Instant.parse(raw.get("deployingTimestamp").asText()), e.deployingTimestamp());

        // Every field of the spec that the document carries is kept, with its value.
        assertFieldsKept(raw, e);
        for (int i = 0; i < e.markets().size(); i++) assertFieldsKept(raw.get("markets").get(i), e.markets().get(i));
    }

    @Test
    void jsonInsideStringsIsDecoded() throws Exception {
        String json = Documents.read("markets-event.json");
        Market m = Markets.parseEvents(json).get(0).markets().get(0);
        JsonNode raw = RAW.readTree(json).get(0).get("markets").get(0);
        JsonNode outcomes = RAW.readTree(raw.get("outcomes").asText());
        JsonNode prices = RAW.readTree(raw.get("outcomePrices").asText());
        JsonNode tokens = RAW.readTree(raw.get("clobTokenIds").asText());
        assertEquals(outcomes.size(), m.outcomes().size());
        for (int i = 0; i < outcomes.size(); i++) {
            assertEquals(outcomes.get(i).asText(), m.outcomes().get(i));
            assertEquals(new BigDecimal(prices.get(i).asText()), m.outcomePrices().get(i));
            assertEquals(tokens.get(i).asText(), m.clobTokenIds().get(i));
        }
        assertEquals(2, m.clobTokenIds().size());
        assertTrue(m.clobTokenIds().get(0).length() > 60, "token ids are kept whole, not as numbers");
    }

    @Test
    void singleMarketDocumentReads() throws Exception {
        String json = Documents.read("markets-market.json");
        Market m = Markets.parseMarkets(json).get(0);
        JsonNode raw = RAW.readTree(json);
        assertEquals(raw.get("id").asText(), m.id());
        assertEquals(raw.get("conditionId").asText(), m.conditionId());
        assertFieldsKept(raw, m);
        Table t = Markets.marketsTableOf(List.of(m));
        assertEquals(1, t.rowCount());
        assertEquals(m.question(), t.stringColumn("question").get(0));
    }

    @Test
    void closedScalarMarketReadsWithBothTimestampForms() throws Exception {
        String json = Documents.read("markets-market-closed-scalar.json");
        Market m = Markets.parseMarkets(json).get(0);
        assertEquals(List.of("Long", "Short"), m.outcomes());
        assertEquals(new BigDecimal("0.3716204958812077340529118630457722"), m.outcomePrices().get(0));
        assertEquals(Boolean.TRUE, m.closed());
        assertEquals("2021-01-01 18:07:33+00", m.closedTime(), "closedTime is a string in the specification");
        assertEquals(Instant.parse("2021-01-01T00:00:00Z"), m.endDate());
        assertTrue(m.events().isEmpty(), "a null nested array reads as an empty list");
        assertNull(m.shortOutcomes() == null || m.shortOutcomes().isEmpty() ? null : m.shortOutcomes());
    }

    @Test
    void tagsRead() throws Exception {
        String json = Documents.read("markets-tags.json");
        List<Tag> tags = Markets.parseTags(json);
        JsonNode raw = RAW.readTree(json);
        assertEquals(raw.size(), tags.size());
        for (int i = 0; i < raw.size(); i++) {
            assertEquals(raw.get(i).get("label").asText(), tags.get(i).label());
            assertEquals(Instant.parse(raw.get(i).get("createdAt").asText()), tags.get(i).createdAt());
        }
        Table t = Markets.tagsTable(tags);
        assertEquals(raw.size(), t.rowCount());
        assertEquals(ColumnType.INSTANT, t.column("createdAt").type());
    }

    @Test
    void tablesAreTypedAndComplete() {
        List<Event> events = Markets.parseEvents(Documents.read("markets-event.json"));
        Table t = EventTables.events(events);
        assertEquals(1, t.rowCount());
        assertEquals(ColumnType.STRING, t.column("id").type());
        assertEquals(ColumnType.INSTANT, t.column("startDate").type());
        assertEquals(ColumnType.BOOLEAN, t.column("negRisk").type());
        assertEquals(ColumnType.DOUBLE, t.column("volume").type());
        assertEquals(ColumnType.INTEGER, t.column("commentCount").type());
        assertTrue(t.columnNames().contains("new"), "wire names are column names");
        assertTrue(t.columnNames().contains("published_at"));
        assertEquals(2, t.intColumn("marketCount").get(0));
        // One column per scalar field of the spec's Event list, subEvents joined, plus the two derived ones.
        assertTrue(t.columnNames().contains("subEvents"));
        assertEquals(EventFields.SCALARS.size() + 1 + 2, t.columnCount());

        Table markets = EventTables.markets(events);
        assertEquals(2, markets.rowCount());
        assertEquals(events.get(0).id(), markets.stringColumn("eventId").get(0));
        assertEquals("Yes, No", markets.stringColumn("outcomes").get(0));
        assertFalse(markets.stringColumn("clobTokenIds").isMissing(0));
        assertEquals(ColumnType.DOUBLE, markets.column("orderPriceMinTickSize").type());

        Table tags = EventTables.tags(events);
        assertEquals(7, tags.rowCount());
    }

    /** Each field of the document that the record declares was read with the same value. */
    private static void assertFieldsKept(JsonNode raw, Record r) throws Exception {
        var comps = r.getClass().getRecordComponents();
        int checked = 0;
        for (var c : comps) {
            var p = c.getAccessor().getAnnotation(com.fasterxml.jackson.annotation.JsonProperty.class);
            String name = p != null ? p.value() : c.getName();
            JsonNode v = raw.get(name);
            if (v == null || v.isNull() || v.isContainerNode()) continue;
            Object value = c.getAccessor().invoke(r);
            if (value == null) throw new AssertionError(name + " was present (" + v + ") but read as null");
            if (value instanceof List<?> l) {
                assertFalse(l.isEmpty(), name + " decoded to an empty list");
            } else if (value instanceof Instant i) {
                assertEquals(org.marketlab.time.Timestamps.parse(v.asText()), i, name);
            } else if (value instanceof Number n) {
                assertEquals(v.asDouble(), n.doubleValue(), 1e-9, name);
            } else {
                assertEquals(v.asText(), value.toString(), name);
            }
            checked++;
        }
        assertTrue(checked > 20, "only " + checked + " fields compared");
        Iterator<String> names = raw.fieldNames();
        assertTrue(names.hasNext());
    }
}
