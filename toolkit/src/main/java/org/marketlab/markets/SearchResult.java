package org.marketlab.markets;

import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code GET /public-search} found: events (with their markets), tags and profiles, in the service's
 * ranking, and the service's count of matching events ({@code totalResults}) and whether more pages remain.
 */
public record SearchResult(List<Event> events, List<RankedTag> tags, List<Profile> profiles, Boolean hasMore,
                           Integer totalResults) {

    public SearchResult {
        events = events == null ? List.of() : List.copyOf(events);
        tags = tags == null ? List.of() : List.copyOf(tags);
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
    }

    /** The markets of the events found, in order. */
    public List<Market> markets() {
        List<Market> out = new ArrayList<>();
        for (Event e : events) out.addAll(e.markets());
        return out;
    }

    /** One row per event, as {@code Markets.events().table()}. */
    public Table eventsTable() {
        return EventTables.events(events);
    }

    /** One row per market of the events found, with its event's id, slug and title. */
    public Table marketsTable() {
        return EventTables.markets(events);
    }

    public Table tagsTable() {
        return TagsQuery.table(tags);
    }

    /** One row per profile; {@code proxyWallet} leads to the account. */
    public Table profilesTable() {
        return RecordTable.of(Profile.class).table("profiles", profiles);
    }
}
