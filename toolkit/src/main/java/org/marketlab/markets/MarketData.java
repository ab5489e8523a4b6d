package org.marketlab.markets;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Service;
import org.marketlab.internal.query.Endpoint;
import org.marketlab.internal.query.Read;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Query;
import org.marketlab.config.Connection;
import org.marketlab.internal.transport.Transport;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/** The market-data service of one transport: what the {@code Markets} facade calls. */
public final class MarketData {

    private final Transport transport;

    public MarketData(Connection connection) {
        this.transport = Transport.of(connection);
    }

    public EventsQuery events() {
        return new EventsQuery(transport, read(Endpoints.EVENTS));
    }

    public Event event(String id) {
        return byIdOrSlug("/events", "event", "16085", id, Event.class);
    }

    public List<Tag> eventTags(String id) {
        Document r = transport.send(Call.get(Service.MARKETS, "/events/" + pathId(id) + "/tags", Query.empty()));
        return EventReader.many(r, r.tree(), Tag.class);
    }

    /** A new query of {@code GET /markets}. */
    public MarketsQuery markets() {
        return new MarketsQuery(read(Endpoints.MARKETS));
    }

    /** One market by id (digits) or slug: {@code /markets/{id}} or {@code /markets/slug/{slug}}. */
    public Market market(String idOrSlug) {
        return byIdOrSlug("/markets", "market", "512345", idOrSlug, Market.class);
    }

    public SearchQuery search(String words) {
        return new SearchQuery(transport, words);
    }

    public TagsQuery tags() {
        return new TagsQuery(read(Endpoints.TAGS));
    }

    /** One tag by id (digits) or slug, with its event count where the service gives it. */
    public RankedTag tag(String idOrSlug) {
        return byIdOrSlug("/tags", "tag", "100245", idOrSlug, RankedTag.class);
    }

    public SeriesQuery series() {
        return new SeriesQuery(read(Endpoints.SERIES));
    }

    public Series series(String id) {
        Document r = transport.send(Call.get(Service.MARKETS, "/series/" + Checks.ids("series id", id).get(0), Query.empty()));
        return EventReader.one(r, r.tree(), Series.class);
    }

    public CommentsQuery comments(CommentsQuery.Parent parent, String id) {
        return CommentsQuery.on(read(Endpoints.COMMENTS), Objects.requireNonNull(parent, "parent"), id);
    }

    public HoldersQuery holders(List<String> conditionIds) {
        return new HoldersQuery(transport, conditionIds);
    }

    public OpenInterestQuery openInterest(List<String> conditionIds) {
        return new OpenInterestQuery(transport, conditionIds);
    }

    /** The live volume of an event (Data API {@code /live-volume?id=}); an event without trades has none. */
    public LiveVolume liveVolume(String eventId) {
        return parseLiveVolume(transport.send(Call.get(Service.DATA, "/live-volume", Query.empty().with("id", Checks.ids("eventId", eventId).get(0)))));
    }

    private <T> Read<T> read(Endpoint<T> endpoint) {
        return Read.of(endpoint, transport::send, transport.resources().clock());
    }

    /** A slug as the service writes them: lower-case letters, digits and hyphens ({@code will-it-rain-in-2027}). */
    private static final java.util.regex.Pattern SLUG = java.util.regex.Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    private <T> T byIdOrSlug(String base, String what, String example, String idOrSlug, Class<T> type) {
        String allowed = what + " id: give an id (decimal digits, e.g. \"" + example + "\") or a slug (lower-case letters, digits and"
                + " hyphens, e.g. \"will-it-rain-in-2027\")";
        if (idOrSlug == null || idOrSlug.isBlank()) throw new IllegalArgumentException(allowed);
        String s = idOrSlug.trim();
        boolean digits = s.chars().allMatch(c -> c >= '0' && c <= '9');
        if (!digits && (s.length() > 200 || !SLUG.matcher(s).matches())) {
            throw new IllegalArgumentException(allowed + "; was \"" + (s.length() > 40 ? s.substring(0, 40) + "…" : s) + "\"");
        }
        String path = digits ? base + "/" + org.marketlab.internal.Args.id(s, what + " id") : base + "/slug/" + s;
        Document r = transport.send(Call.get(Service.MARKETS, path, Query.empty()));
        return EventReader.one(r, r.tree(), type);
    }

    private static String pathId(String id) {
        return URLEncoder.encode(org.marketlab.internal.Args.id(id, "event id"), StandardCharsets.UTF_8);
    }

    /** Every sport and league ({@code GET /sports}). */
    public List<Sport> sports() {
        Document r = transport.send(Call.get(Service.MARKETS, "/sports", Query.empty()));
        return EventReader.many(r, r.tree(), Sport.class);
    }

    /** The teams of {@code league} (a sport's short name; null: every league), every page ({@code GET /teams}). */
    public List<Team> teams(String league) {
        List<Team> out = new java.util.ArrayList<>();
        // Pages of 100 (the listings' cap); the next page starts after what the last one gave, until one comes back empty.
        for (int offset = 0; offset < 100_000; ) {
            Query q = Query.empty().with("limit", 100).with("offset", offset);
            if (league != null && !league.isBlank()) q = q.with("league", league.trim());
            Document r = transport.send(Call.get(Service.MARKETS, "/teams", q));
            List<Team> got = EventReader.many(r, r.tree(), Team.class);
            if (got.isEmpty()) break;
            out.addAll(got);
            offset += got.size();
        }
        return out;
    }

    // ---- saved documents: no transport ------------------------------------------------------------------------

    /** Reads a saved events document (see {@link #parseEvents(Document)}). */
    public static List<Event> parseEvents(String json) {
        return parseEvents(Document.file("of events", json));
    }

    /** Every field of a saved events document as three tables (see {@link #parseEventTables(Document)}). */
    public static EventTables.All parseEventTables(String json) {
        return parseEventTables(Document.file("of events", json));
    }

    /** Reads a saved events file (see {@link #parseEvents(Document)}) from its bytes. */
    public static List<Event> parseEvents(java.nio.file.Path file) {
        return parseEvents(saved(file));
    }

    /** Every field of a saved events file as three tables (see {@link #parseEventTables(Document)}). */
    public static EventTables.All parseEventTables(java.nio.file.Path file) {
        return parseEventTables(saved(file));
    }

    /**
     * A saved events file's bytes as a document: read as they are, with no text decoded and encoded again in between
     * (a 30 MB file costs a tenth of a second of CPU less than its text).
     */
    private static Document saved(java.nio.file.Path file) {
        String allowed = "give the path of a saved events document (a JSON array of events, a keyset page or one event)";
        if (file == null) throw new IllegalArgumentException("the events file is null: " + allowed);
        try {
            return Document.file(file.toString(), java.nio.file.Files.readAllBytes(file));
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException("there is no file " + file + ": " + allowed, e);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("could not read the events file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads a saved market document (one market object, or a JSON array of them). */
    public static List<Market> parseMarkets(String json) {
        return parseMarkets(Document.file("of markets", json));
    }

    /** Reads a saved {@code /public-search} answer. */
    public static SearchResult parseSearch(String json) {
        return parseSearch(Document.file("of a search", json));
    }

    /** Reads a saved tags document (a JSON array of tags). */
    public static List<Tag> parseTags(String json) {
        return parseTags(Document.file("of tags", json));
    }

    /**
     * Reads a saved events document: an array of events, a keyset page ({@code {events, next_cursor}}), or one event.
     * An array or a page is read straight into table columns ({@link EventList}): its records are made when first
     * asked for, and its tables come from the columns.
     */
    static List<Event> parseEvents(Document d) {
        byte[] json = d.body();
        int i = 0;
        while (i < json.length && Character.isWhitespace(json[i])) i++;
        if (i < json.length && json[i] == '[') return EventList.read(d, i);
        JsonNode n = d.tree();
        if (n.isObject() && n.has("events")) return EventList.read(d, -1);
        if (n.isObject()) return List.of(EventReader.one(d, n, Event.class));
        throw d.malformed("expected a JSON array of events, a page {events: [...]}, or one event object", null);
    }

    /**
     * The events, markets and tags tables of a saved events document (an array of events or a keyset page),
     * filled straight from its bytes with no records in between: the same tables as {@link EventTables} makes from
     * the records. One event object is read through its record.
     */
    static EventTables.All parseEventTables(Document d) {
        byte[] json = d.body();
        int i = 0;
        while (i < json.length && Character.isWhitespace(json[i])) i++;
        boolean array = i < json.length && json[i] == '[';
        if (!array && !d.tree().has("events")) {
            List<Event> events = parseEvents(d);
            return new EventTables.All(EventTables.events(events), EventTables.markets(events), EventTables.tags(events));
        }
        EventColumns sink = array ? TwoHalves.read(json, i) : null;
        if (sink == null) {
            sink = new EventColumns(true, true);
            EventReader.read(d, !array, sink, null);
        }
        return new EventTables.All(sink.eventsTable(), sink.marketsTable(), sink.tagsTable());
    }

    /** Reads a saved market document: one market object, or an array of them. */
    static List<Market> parseMarkets(Document d) {
        JsonNode n = d.tree();
        if (n.isObject()) return List.of(EventReader.one(d, n, Market.class));
        return EventReader.many(d, n, Market.class);
    }

    /** Reads a saved {@code /public-search} answer. */
    static SearchResult parseSearch(Document d) {
        return SearchQuery.read(d);
    }

    /** Reads a saved Data API {@code /holders} answer ({@code [{token, holders: [...]}]}). */
    static List<Holder> parseHolders(Document d) {
        return HoldersQuery.read(d);
    }

    /** Reads a saved Data API {@code /oi} answer. */
    static List<OpenInterest> parseOpenInterest(Document d) {
        return OpenInterestQuery.read(d);
    }

    /** Reads {@code [{"total": ..., "markets": [{"market", "value"}]}]} (an empty array is no volume). */
    static LiveVolume parseLiveVolume(Document d) {
        JsonNode body = d.tree();
        if (!body.isArray() || body.size() > 1) throw d.malformed("expected a JSON array of one {total, markets}", null);
        if (body.isEmpty()) return new LiveVolume(java.math.BigDecimal.ZERO, List.of());
        return d.read(body.get(0), LiveVolume.class, "the live volume");
    }

    /** Reads a saved tags document (an array of tags). */
    static List<Tag> parseTags(Document d) {
        return EventReader.many(d, d.tree(), Tag.class);
    }
}
