package org.marketlab.markets;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Transport;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/** The market-data service of one transport: what the {@code Markets} facade calls. */
public final class MarketData {

    private final Transport transport;

    public MarketData(Transport transport) {
        this.transport = Objects.requireNonNull(transport, "transport");
    }

    public EventsQuery events() {
        return new EventsQuery(transport);
    }

    public Event event(String id) {
        Document r = transport.send(Call.get(Service.MARKETS, "/events/" + pathId(id), Query.empty()));
        return EventReader.one(r, r.tree(), Event.class);
    }

    public List<Tag> eventTags(String id) {
        Document r = transport.send(Call.get(Service.MARKETS, "/events/" + pathId(id) + "/tags", Query.empty()));
        return EventReader.many(r, r.tree(), Tag.class);
    }

    private static String pathId(String id) {
        if (id == null || id.isBlank()) throw new IllegalArgumentException("event id is empty; give the id an Event record carries, e.g. \"30829\"");
        return URLEncoder.encode(id.trim(), StandardCharsets.UTF_8);
    }

    // ---- saved documents: no transport ------------------------------------------------------------------------

    /** Reads a saved events document: an array of events, a keyset page ({@code {events, next_cursor}}), or one event. */
    public static List<Event> parseEvents(Document d) {
        byte[] json = d.body();
        int i = 0;
        while (i < json.length && Character.isWhitespace(json[i])) i++;
        if (i < json.length && json[i] == '[') return EventReader.page(d, false).events();
        JsonNode n = d.tree();
        if (n.isObject() && n.has("events")) return EventReader.page(d, true).events();
        if (n.isObject()) return List.of(EventReader.one(d, n, Event.class));
        throw d.malformed("expected a JSON array of events, a page {events: [...]}, or one event object", null);
    }

    /** Reads a saved market document: one market object, or an array of them. */
    public static List<Market> parseMarkets(Document d) {
        JsonNode n = d.tree();
        if (n.isObject()) return List.of(EventReader.one(d, n, Market.class));
        return EventReader.many(d, n, Market.class);
    }

    /** Reads a saved tags document (an array of tags). */
    public static List<Tag> parseTags(Document d) {
        return EventReader.many(d, d.tree(), Tag.class);
    }
}
