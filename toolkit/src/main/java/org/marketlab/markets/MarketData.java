package org.marketlab.markets;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Service;
import org.marketlab.http.Call;
import org.marketlab.http.MalformedResponseException;
import org.marketlab.http.Query;
import org.marketlab.http.Response;
import org.marketlab.http.Transport;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** The market-data service: what the {@code Markets} facade calls, per transport. */
public final class MarketData {

    private MarketData() {
    }

    public static EventsQuery events(Transport t) {
        return new EventsQuery(t);
    }

    public static MarketsQuery markets(Transport t) {
        return new MarketsQuery(t);
    }

    /** One market by id (digits) or slug: {@code /markets/{id}} or {@code /markets/slug/{slug}}. */
    public static Market market(Transport t, String idOrSlug) {
        return byIdOrSlug(t, "/markets", "market", "512345", idOrSlug, Market.class);
    }

    public static SearchQuery search(Transport t, String q) {
        return new SearchQuery(t, q);
    }

    public static TagsQuery tags(Transport t) {
        return new TagsQuery(t);
    }

    /** One tag by id (digits) or slug, with its event count where the service gives it. */
    public static RankedTag tag(Transport t, String idOrSlug) {
        return byIdOrSlug(t, "/tags", "tag", "100245", idOrSlug, RankedTag.class);
    }

    private static <T> T byIdOrSlug(Transport t, String base, String what, String example, String idOrSlug, Class<T> type) {
        if (idOrSlug == null || idOrSlug.isBlank()) throw new IllegalArgumentException(what + ": give an id (\"" + example + "\") or a slug");
        String s = idOrSlug.trim();
        String path = s.matches("[0-9]+") ? base + "/" + s : base + "/slug/" + URLEncoder.encode(s, StandardCharsets.UTF_8);
        Call call = Call.get(Service.MARKETS, path, Query.empty());
        Response r = t.send(call);
        return EventReader.one(t, call, r, t.parse(call, r), type);
    }

    public static SeriesQuery series(Transport t) {
        return new SeriesQuery(t);
    }

    public static Series series(Transport t, String id) {
        Call call = Call.get(Service.MARKETS, "/series/" + Checks.ids("series id", id).get(0), Query.empty());
        Response r = t.send(call);
        return EventReader.one(t, call, r, t.parse(call, r), Series.class);
    }

    public static CommentsQuery comments(Transport t, CommentsQuery.Parent parent, String id) {
        return new CommentsQuery(t, java.util.Objects.requireNonNull(parent, "parent"), id);
    }

    public static HoldersQuery holders(Transport t, List<String> conditionIds) {
        return new HoldersQuery(t, conditionIds);
    }

    public static OpenInterestQuery openInterest(Transport t, List<String> conditionIds) {
        return new OpenInterestQuery(t, conditionIds);
    }

    /** The live volume of an event (Data API {@code /live-volume?id=}); an event without trades has none. */
    public static LiveVolume liveVolume(Transport t, String eventId) {
        Call call = Call.get(Service.DATA, "/live-volume", Query.empty().with("id", Checks.ids("eventId", eventId).get(0)));
        Response r = t.send(call);
        return readLiveVolume(t, call, r, t.parse(call, r));
    }

    /** Reads {@code [{"total": ..., "markets": [{"market", "value"}]}]} (an empty array is no volume). */
    static LiveVolume readLiveVolume(Transport t, Call call, Response r, JsonNode body) {
        if (!body.isArray() || body.size() > 1) throw t.malformed(call, r, "expected a JSON array of one {total, markets}", null);
        if (body.isEmpty()) return new LiveVolume(java.math.BigDecimal.ZERO, List.of());
        try {
            return t.json().treeToValue(body.get(0), LiveVolume.class);
        } catch (java.io.IOException e) {
            throw t.malformed(call, r, "the live volume could not be read: " + e.getMessage(), e);
        }
    }

    /** Reads a saved Data API {@code /live-volume} answer. */
    public static LiveVolume parseLiveVolume(Transport t, String json) {
        Call call = Call.get(Service.DATA, "/live-volume", Query.empty());
        Response r = new Response(200, java.net.URI.create("file:live-volume.json"), Map.of(), json.getBytes(StandardCharsets.UTF_8));
        return readLiveVolume(t, call, r, parse(t, json));
    }

    /** Reads a saved {@code /public-search} answer. */
    public static SearchResult parseSearch(Transport t, String json) {
        Call call = Call.get(Service.MARKETS, "/public-search", Query.empty());
        Response r = new Response(200, java.net.URI.create("file:search.json"), Map.of(), json.getBytes(StandardCharsets.UTF_8));
        return SearchQuery.read(t, call, r, parse(t, json));
    }

    /** Reads a saved Data API {@code /holders} answer. */
    public static List<Holder> parseHolders(Transport t, String json) {
        Call call = Call.get(Service.DATA, "/holders", Query.empty());
        Response r = new Response(200, java.net.URI.create("file:holders.json"), Map.of(), json.getBytes(StandardCharsets.UTF_8));
        return HoldersQuery.read(t, call, r, parse(t, json));
    }

    public static Event event(Transport t, String id) {
        Call call = Call.get(Service.MARKETS, "/events/" + pathId(id), Query.empty());
        Response r = t.send(call);
        return EventReader.one(t, call, r, t.parse(call, r), Event.class);
    }

    public static List<Tag> eventTags(Transport t, String id) {
        Call call = Call.get(Service.MARKETS, "/events/" + pathId(id) + "/tags", Query.empty());
        Response r = t.send(call);
        return EventReader.many(t, call, r, t.parse(call, r), Tag.class);
    }

    private static String pathId(String id) {
        if (id == null || id.isBlank()) throw new IllegalArgumentException("event id is empty; give the id an Event record carries, e.g. \"30829\"");
        return URLEncoder.encode(id.trim(), StandardCharsets.UTF_8);
    }

    public static JsonNode parse(Transport t, String json) {
        try {
            return t.json().readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("not a JSON document: " + e.getOriginalMessage(), e);
        }
    }

    public static List<Event> parseEvents(Transport t, String json) {
        return parseEvents(t, json.getBytes(StandardCharsets.UTF_8));
    }

    /** Reads a saved events document from bytes: an array of events, a keyset page, or one event. */
    public static List<Event> parseEvents(Transport t, byte[] json) {
        Call call = Call.get(Service.MARKETS, "/events", Query.empty());
        Response r = new Response(200, java.net.URI.create("file:events.json"), Map.of(), json);
        int i = 0;
        while (i < json.length && Character.isWhitespace(json[i])) i++;
        if (i < json.length && json[i] == '[') return EventReader.page(t, call, r, false).events();
        JsonNode n = parse(t, new String(json, StandardCharsets.UTF_8));
        if (n.isObject() && n.has("events")) return EventReader.page(t, call, r, true).events();
        if (n.isObject()) return List.of(EventReader.one(t, call, r, n, Event.class));
        if (!n.isArray()) throw new IllegalArgumentException("expected a JSON array of events or one event object");
        return EventReader.events(t, call, r, n);
    }

    public static List<Market> parseMarkets(Transport t, String json) {
        JsonNode n = parse(t, json);
        Call call = Call.get(Service.MARKETS, "/markets", Query.empty());
        Response r = new Response(200, java.net.URI.create("file:markets.json"), Map.of(), json.getBytes(StandardCharsets.UTF_8));
        if (n.isObject()) return List.of(EventReader.one(t, call, r, n, Market.class));
        return EventReader.many(t, call, r, n, Market.class);
    }

    public static List<Tag> tags(Transport t, JsonNode n) {
        Call call = Call.get(Service.MARKETS, "/tags", Query.empty());
        Response r = new Response(200, java.net.URI.create("file:tags.json"), Map.of(), n.toString().getBytes(StandardCharsets.UTF_8));
        return EventReader.many(t, call, r, n, Tag.class);
    }
}
