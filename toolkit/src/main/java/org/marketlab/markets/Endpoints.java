package org.marketlab.markets;

import org.marketlab.config.Service;
import org.marketlab.internal.query.Endpoint;
import org.marketlab.internal.query.Paging;

/** The market-data interface's paged listings, declared once each (offset pages of at most 100). */
final class Endpoints {

    private Endpoints() {
    }

    /** Pages of at most 100; the service refuses offsets past 2,000, so a longer listing ends with that refusal. */
    private static final Paging PAGES = Paging.offset(100);

    static final Endpoint<Market> MARKETS = listing("/markets", "markets", Market.class);
    static final Endpoint<RankedTag> TAGS = listing("/tags", "tags", RankedTag.class);
    static final Endpoint<Series> SERIES = listing("/series", "series", Series.class);
    static final Endpoint<Comment> COMMENTS = listing("/comments", "comments", Comment.class);

    /** {@code GET /events}: keyset pages (offset where asked or where the server has none), each event once. */
    static final Endpoint<Event> EVENTS = Endpoint.get(Service.MARKETS, "/events/keyset", "events", Event.class)
            .paged(new EventsPaging(EventReader::page)).distinctBy(Event::id).reask(EventsQuery.PAGE_ATTEMPTS);

    /** The same pages read straight into {@code sink}'s columns: the items are the ids of the events each page added. */
    static Endpoint<String> eventsInto(EventColumns sink) {
        return Endpoint.get(Service.MARKETS, "/events/keyset", "events", String.class)
                .paged(new EventsPaging(sink::readPage)).distinctBy(id -> id).reask(EventsQuery.PAGE_ATTEMPTS);
    }

    /** A listing whose rows are read as the event reader reads them (each an object with an id). */
    private static <T> Endpoint<T> listing(String path, String name, Class<T> type) {
        return Endpoint.get(Service.MARKETS, path, name, type).rows((d, array) -> EventReader.many(d, array, type)).paged(PAGES);
    }
}
