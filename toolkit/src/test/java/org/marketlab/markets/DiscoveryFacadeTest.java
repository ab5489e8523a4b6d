package org.marketlab.markets;

import org.junit.jupiter.api.Test;
import org.marketlab.MarketLab;
import org.marketlab.Markets;
import org.marketlab.config.Profile;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The discovery tour of docs/markets.md through the {@code Markets} facade, on the default embedded sandbox. */
class DiscoveryFacadeTest {

    @Test
    void theTourStartsWithASearch() {
        MarketLab.use(Profile.sandbox());
        SearchResult found = Markets.search("bitcoin").status("active").result();
        assertFalse(found.events().isEmpty());
        for (Event e : found.events()) assertTrue(e.active() && !e.closed(), e.id());
        assertEquals(found.markets().size(), found.marketsTable().rowCount());
        assertTrue(found.tagsTable().columnNames().contains("eventCount"));

        RankedTag bitcoin = Markets.tag("bitcoin");
        Instant week = Instant.now().plus(Duration.ofDays(7));
        List<Market> soon = Markets.markets().tagId(bitcoin.id()).closed(false).endDateMax(week).order("volumeNum").ascending(false).list();
        for (int i = 0; i < soon.size(); i++) {
            Market m = soon.get(i);
            assertTrue(!m.closed() && !m.endDate().isAfter(week), m.id());
            if (i > 0) assertTrue(soon.get(i - 1).volumeNum() >= m.volumeNum());
        }

        Market market = Markets.market(found.markets().get(0).slug());
        assertEquals(found.markets().get(0).id(), market.id());
        assertEquals(List.of(market.id()), Markets.markets().conditionIds(market.conditionId()).list().stream().map(Market::id).toList());
        assertEquals(List.of(market.id()), Markets.markets().clobTokenIds(market.clobTokenIds().get(0)).list().stream().map(Market::id).toList());

        Table tags = Markets.tags().table();
        assertTrue(tags.intColumn("eventCount").get(0) >= tags.intColumn("eventCount").get(tags.rowCount() - 1));
        Table weekly = Markets.series().recurrence("weekly").table();
        assertTrue(weekly.rowCount() > 0 && weekly.stringColumn("recurrence").asSet().equals(java.util.Set.of("weekly")));
        Event event = found.events().get(0);
        assertEquals(Math.min(event.commentCount(), 150), Markets.comments(event).limit(150).table().rowCount());
    }
}
