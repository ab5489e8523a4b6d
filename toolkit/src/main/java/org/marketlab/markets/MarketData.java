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
        return URLEncoder.encode(org.marketlab.internal.Args.id(id, "event id"), StandardCharsets.UTF_8);
    }

    public static JsonNode parse(Transport t, String json) {
        org.marketlab.internal.Args.notNull(json, "json");
        try {
            return t.json().readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("json: the document (file) is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    public static List<Event> parseEvents(Transport t, String json) {
        return parseEvents(t, org.marketlab.internal.Args.notNull(json, "json").getBytes(StandardCharsets.UTF_8));
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
        if (!n.isArray()) throw new IllegalArgumentException("json: the document (file) is neither a JSON array of events nor one event object");
        return EventReader.events(t, call, r, n);
    }

    public static List<Market> parseMarkets(Transport t, String json) {
        org.marketlab.internal.Args.notNull(json, "json");
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
