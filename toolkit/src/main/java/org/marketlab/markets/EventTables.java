package org.marketlab.markets;

import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Events, their markets and their tags as Tablesaw tables. */
public final class EventTables {

    private static final RecordTable<Event> EVENTS = RecordTable.of(Event.class)
            .column("marketCount", Integer.class, e -> e.markets().size(), false)
            .column("tagSlugs", String.class, e -> e.tags().isEmpty() ? null
                    : e.tags().stream().map(Tag::slug).collect(Collectors.joining(", ")), false);

    private record MarketRow(Event event, Market market) {
    }

    private static final RecordTable<MarketRow> MARKETS = marketTable();

    private record TagRow(Event event, Tag tag) {
    }

    private static final RecordTable<TagRow> TAGS = tagTable();

    private EventTables() {
    }

    /** The three tables of one harvest. */
    public record All(Table events, Table markets, Table tags) {
    }

    /** One row per event, a column per scalar field, plus {@code marketCount} and {@code tagSlugs}. */
    public static Table events(List<Event> events) {
        if (events instanceof EventList read) return read.tables().events();
        return EVENTS.table("events", events);
    }

    /** One row per market, led by its event's {@code eventId}, {@code eventSlug} and {@code eventTitle}. */
    public static Table markets(List<Event> events) {
        if (events instanceof EventList read) return read.tables().markets();
        return MARKETS.table("markets", rows(events, Event::markets, MarketRow::new));
    }

    /** One row per market of a plain list of markets (no event columns filled). */
    public static Table marketsOf(List<Market> markets) {
        return MARKETS.table("markets", markets.stream().map(m -> new MarketRow(null, m)).toList());
    }

    /** One row per tag of each event, led by the event's {@code eventId} and {@code eventSlug}. */
    public static Table tags(List<Event> events) {
        if (events instanceof EventList read) return read.tables().tags();
        return TAGS.table("tags", rows(events, Event::tags, TagRow::new));
    }

    /** One row per tag. */
    public static Table tagsOf(List<Tag> tags) {
        return TAGS.table("tags", tags.stream().map(t -> new TagRow(null, t)).toList());
    }

    /** One row per part ({@code parts}: an event's markets, or its tags) of each event, with its event. */
    private static <P, R> List<R> rows(List<Event> events, java.util.function.Function<Event, List<P>> parts,
                                       java.util.function.BiFunction<Event, P, R> row) {
        List<R> rows = new ArrayList<>();
        for (Event e : events) for (P p : parts.apply(e)) rows.add(row.apply(e, p));
        return rows;
    }

    private static RecordTable<MarketRow> marketTable() {
        // Adapt the Market columns to rows that also carry the event.
        RecordTable<Market> m = RecordTable.of(Market.class);
        return m.<MarketRow>adapt(MarketRow::market)
                .column("eventTitle", String.class, r -> r.event() == null ? null : r.event().title(), true)
                .column("eventSlug", String.class, r -> r.event() == null ? null : r.event().slug(), true)
                .column("eventId", String.class, r -> r.event() == null ? null : r.event().id(), true);
    }

    private static RecordTable<TagRow> tagTable() {
        return RecordTable.of(Tag.class).<TagRow>adapt(TagRow::tag)
                .column("eventSlug", String.class, r -> r.event() == null ? null : r.event().slug(), true)
                .column("eventId", String.class, r -> r.event() == null ? null : r.event().id(), true);
    }
}
