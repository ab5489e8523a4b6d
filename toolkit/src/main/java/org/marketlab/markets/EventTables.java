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
        List<MarketRow> rows = new ArrayList<>();
        for (Event e : events) for (Market m : e.markets()) rows.add(new MarketRow(e, m));
        return MARKETS.table("markets", rows);
    }

    /** One row per market of a plain list of markets (no event columns filled). */
    public static Table marketsOf(List<Market> markets) {
        List<MarketRow> rows = new ArrayList<>();
        for (Market m : markets) rows.add(new MarketRow(null, m));
        return MARKETS.table("markets", rows);
    }

    /** One row per tag of each event, led by the event's {@code eventId} and {@code eventSlug}. */
    public static Table tags(List<Event> events) {
        if (events instanceof EventList read) return read.tables().tags();
        List<TagRow> rows = new ArrayList<>();
        for (Event e : events) for (Tag t : e.tags()) rows.add(new TagRow(e, t));
        return TAGS.table("tags", rows);
    }

    /** One row per tag. */
    public static Table tagsOf(List<Tag> tags) {
        List<TagRow> rows = new ArrayList<>();
        for (Tag t : tags) rows.add(new TagRow(null, t));
        return TAGS.table("tags", rows);
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
