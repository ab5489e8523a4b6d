package org.marketlab;

import org.marketlab.accounts.MarketTradesQuery;
import org.marketlab.internal.Args;
import org.marketlab.markets.CommentsQuery;
import org.marketlab.markets.Event;
import org.marketlab.markets.HoldersQuery;
import org.marketlab.markets.LiveVolume;
import org.marketlab.markets.MarketsQuery;
import org.marketlab.markets.OpenInterestQuery;
import org.marketlab.markets.RankedTag;
import org.marketlab.markets.SearchQuery;
import org.marketlab.markets.SearchResult;
import org.marketlab.markets.Series;
import org.marketlab.markets.SeriesQuery;
import org.marketlab.markets.TagsQuery;
import org.marketlab.markets.EventTables;
import org.marketlab.markets.EventsQuery;
import org.marketlab.markets.Market;
import org.marketlab.markets.MarketData;
import org.marketlab.markets.Tag;
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

    /**
     * Searches events, markets, tags and profiles ({@code GET /public-search}); {@code .result()} holds them all,
     * each as a table ({@code eventsTable()}, {@code marketsTable()}, {@code tagsTable()}, {@code profilesTable()}).
     */
    public static SearchQuery search(String words) {
        return data().search(words);
    }

    /** A new query of {@code GET /markets} (every official filter); nothing is sent until a terminal call. */
    public static MarketsQuery markets() {
        return data().markets();
    }

    /** One market by id ({@code "512345"}) or slug. */
    public static Market market(String idOrSlug) {
        return data().market(idOrSlug);
    }

    /** Every tag, ranked (most events first on the sandbox), with its event count. */
    public static TagsQuery tags() {
        return data().tags();
    }

    /** One tag by id or slug. */
    public static RankedTag tag(String idOrSlug) {
        return data().tag(idOrSlug);
    }

    /** The series that group recurring events. */
    public static SeriesQuery series() {
        return data().series();
    }

    /** One series by id. */
    public static Series series(String id) {
        return data().series(id);
    }

    /** The comments of an event, newest first, paged to the end. */
    public static CommentsQuery comments(Event event) {
        return comments(event.id());
    }

    /** The comments of the event with this id. */
    public static CommentsQuery comments(String eventId) {
        return data().comments(CommentsQuery.Parent.EVENT, eventId);
    }

    /** The comments of a series or a market (by its id). */
    public static CommentsQuery comments(CommentsQuery.Parent parent, String id) {
        return data().comments(parent, id);
    }

    /** The top holders of markets, per outcome token (Data API {@code /holders}); proxyWallet leads to the account. */
    public static HoldersQuery holders(String... conditionIds) {
        return data().holders(List.of(conditionIds));
    }

    /** The top holders of a market. */
    public static HoldersQuery holders(Market market) {
        return holders(market.conditionId());
    }

    /**
     * The trade tape of a market (Data API {@code /v2/trades?condition=}, every page, oldest first): filter with
     * {@code from}, {@code to}, {@code side}, {@code minSize}; {@code .table()} has time, outcome, side, price, size,
     * notional, wallet and transactionHash. A malformed condition id is refused before anything is sent.
     */
    public static MarketTradesQuery trades(String conditionId) {
        return MarketTradesQuery.of(MarketLab.connection(), conditionId);
    }

    /** The trade tape of this market: {@link #trades(String)} of its condition id. */
    public static MarketTradesQuery trades(Market market) {
        return trades(Args.notNull(market, "market").conditionId());
    }

    /** The open interest of markets (Data API {@code /oi}). */
    public static OpenInterestQuery openInterest(String... conditionIds) {
        return data().openInterest(List.of(conditionIds));
    }

    /** The live volume of an event and of each of its markets (Data API {@code /live-volume}). */
    public static LiveVolume liveVolume(Event event) {
        return data().liveVolume(event.id());
    }

    /** Reads a saved {@code /public-search} answer. */
    public static SearchResult parseSearch(String json) {
        return MarketData.parseSearch(json);
    }

    /** One event by id (digits) or slug. */
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
        Args.elements(events, "events");
        return org.marketlab.markets.EventViews.outcomes(events);
    }

    /** Tags as a table. */
    public static Table tagsTable(List<Tag> tags) {
        Args.elements(tags, "tags");
        return EventTables.tagsOf(tags);
    }

    /** Reads a saved {@code GET /events} answer (a JSON array of events, or one event). */
    public static List<Event> parseEvents(String json) {
        return MarketData.parseEvents(json);
    }

    /**
     * Every field of a saved {@code GET /events} answer (an array of events, or a keyset page) as three tables, events,
     * markets and tags, filled straight from its text with no records in between: the same tables as
     * {@code EventTables} makes from {@link #parseEvents(String)}.
     */
    public static EventTables.All parseEventTables(String json) {
        return MarketData.parseEventTables(json);
    }

    /**
     * Reads a saved events file (a JSON array of events, a keyset page, or one event), as {@link #parseEvents(String)}
     * reads its text: the quicker way for a file, since its bytes are read as they are.
     */
    public static List<Event> parseEvents(java.nio.file.Path file) {
        return MarketData.parseEvents(file);
    }

    /** Every field of a saved events file as three tables, as {@link #parseEventTables(String)} reads its text. */
    public static EventTables.All parseEventTables(java.nio.file.Path file) {
        return MarketData.parseEventTables(file);
    }

    /** Reads a saved market document (one market object, or a JSON array of them). */
    public static List<Market> parseMarkets(String json) {
        return MarketData.parseMarkets(json);
    }

    /** Markets as a table, one row per market (no event columns). */
    public static Table marketsTableOf(List<Market> markets) {
        Args.elements(markets, "markets");
        return EventTables.marketsOf(markets);
    }

    /** Reads a saved tags document (a JSON array of tags). */
    public static List<Tag> parseTags(String json) {
        return MarketData.parseTags(json);
    }

    /** Every sport and league, as a table: id, sport, name, ordering, tags, series. */
    public static Table sports() {
        return org.marketlab.tables.RecordTable.of(org.marketlab.markets.Sport.class).table("sports", data().sports());
    }

    /** The teams of a league (a sport's short name, as {@link #sports()} lists it), as a table. */
    public static Table teams(String league) {
        return org.marketlab.tables.RecordTable.of(org.marketlab.markets.Team.class).table("teams of " + league, data().teams(league));
    }

    /** Every league's teams, as a table. */
    public static Table teams() {
        return org.marketlab.tables.RecordTable.of(org.marketlab.markets.Team.class).table("teams", data().teams(null));
    }
}
