package org.marketlab;

import org.marketlab.markets.Event;
import org.marketlab.markets.EventTables;
import org.marketlab.markets.EventsQuery;
import org.marketlab.markets.Market;
import org.marketlab.markets.MarketData;
import org.marketlab.markets.Tag;
import org.marketlab.internal.transport.Document;
import tech.tablesaw.api.Table;

import java.util.List;

/**
 * Market data: events, their markets and tags, from the current profile's market-data interface.
 *
 * <pre>{@code
 * var events = Markets.events().active().volumeMin(10_000).table();
 * var markets = Markets.events().active().tagSlug("crypto").marketsTable();
 * }</pre>
 */
public final class Markets {

    private Markets() {
    }

    private static MarketData data() {
        return new MarketData(MarketLab.transport());
    }

    /** A new query of {@code GET /events}; nothing is sent until a terminal call. */
    public static EventsQuery events() {
        return data().events();
    }

    /** One event by id. */
    public static Event event(String id) {
        return data().event(id);
    }

    /** The tags of one event ({@code GET /events/{id}/tags}). */
    public static List<Tag> eventTags(String id) {
        return data().eventTags(id);
    }

    /**
     * Events as a table of the columns scanned first (as {@link EventsQuery#table()});
     * {@code EventTables.events(events)} has every field.
     */
    public static Table table(List<Event> events) {
        return org.marketlab.markets.EventViews.events(events);
    }

    /**
     * The markets of events as a table of the columns scanned first (as {@link EventsQuery#marketsTable()});
     * {@code EventTables.markets(events)} has every field.
     */
    public static Table marketsTable(List<Event> events) {
        return org.marketlab.markets.EventViews.markets(events);
    }

    /** One row per outcome of each market of the events: market (id), question, outcome, tokenId, price. */
    public static Table outcomesTable(List<Event> events) {
        return org.marketlab.markets.EventViews.outcomes(events);
    }

    /** Tags as a table. */
    public static Table tagsTable(List<Tag> tags) {
        return EventTables.tagsOf(tags);
    }

    /** Reads a saved {@code GET /events} answer (a JSON array of events, or one event). */
    public static List<Event> parseEvents(String json) {
        return MarketData.parseEvents(Document.file("of events", json));
    }

    /** Reads a saved market document (one market object, or a JSON array of them). */
    public static List<Market> parseMarkets(String json) {
        return MarketData.parseMarkets(Document.file("of markets", json));
    }

    /** Markets as a table, one row per market (no event columns). */
    public static Table marketsTableOf(List<Market> markets) {
        return EventTables.marketsOf(markets);
    }

    /** Reads a saved tags document (a JSON array of tags). */
    public static List<Tag> parseTags(String json) {
        return MarketData.parseTags(Document.file("of tags", json));
    }
}
