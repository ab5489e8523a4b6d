package org.marketlab.markets;

import org.junit.jupiter.api.Test;
import org.marketlab.Clob;
import org.marketlab.spi.Documents;
import org.marketlab.Markets;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The compact views of an event in the live shape and the outcome table, against the records they come from. */
class EventViewsTest {

    private final List<Event> events = Markets.parseEvents(Documents.read("markets-event.json"));

    @Test
    void eventsAndMarketsShowTheColumnsScannedFirst() {
        var t = EventViews.events(events);
        assertEquals(List.of("title", "status", "category", "volume", "liquidity", "volume24h", "endDate", "markets", "tags", "id", "slug"), t.columnNames());
        Event e = events.get(0);
        assertEquals(e.title(), t.stringColumn("title").get(0));
        assertEquals(e.volume(), t.doubleColumn("volume").get(0));
        assertEquals(e.markets().size(), t.intColumn("markets").get(0));
        assertTrue(t.stringColumn("tags").get(0).contains(e.tags().get(0).label()));
        var m = EventViews.markets(events);
        assertEquals(List.of("event", "question", "outcomes", "outcomePrices", "volume", "liquidity", "endDate", "status", "id"), m.columnNames());
        Market first = e.markets().get(0);
        assertEquals(first.volumeNum(), m.doubleColumn("volume").get(0), "volume, not volumeNum");
        assertEquals(String.join(", ", first.outcomes()), m.stringColumn("outcomes").get(0));
    }

    @Test
    void oneRowPerOutcomeWithItsTokenAndPriceAndNamesForTheToken() {
        var o = Markets.outcomesTable(events);
        assertEquals(List.of("market", "question", "outcome", "tokenId", "price"), o.columnNames());
        int outcomes = events.get(0).markets().stream().mapToInt(mk -> mk.outcomes().size()).sum();
        assertEquals(outcomes, o.rowCount());
        Market first = events.get(0).markets().get(0);
        for (int i = 0; i < first.outcomes().size(); i++) {
            assertEquals(first.clobTokenIds().get(i), o.stringColumn("tokenId").get(i));
            assertEquals(first.outcomePrices().get(i).doubleValue(), o.doubleColumn("price").get(i), 1e-12);
            assertEquals(first.question() + " · " + first.outcomes().get(i), TokenNames.of(first.clobTokenIds().get(i)));
        }
        var token = Clob.tokens(first).get(0);
        assertEquals(first.question() + " · " + first.outcomes().get(0), token.name());
        assertTrue(!token.toString().contains(first.clobTokenIds().get(0)), "no 77-digit id in the text: " + token);
    }

    @Test
    void statusReadsTheFlags() {
        assertEquals("open", EventViews.status(true, false, false));
        assertEquals("closed", EventViews.status(true, true, false));
        assertEquals("archived", EventViews.status(false, true, true));
        assertEquals("inactive", EventViews.status(false, false, null));
    }
}
