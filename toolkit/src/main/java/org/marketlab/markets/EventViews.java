package org.marketlab.markets;

import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The columns a researcher scans first, under readable names: events (title, status, category, volume, liquidity, 24 h
 * volume, end date, markets, tags, id, slug), markets (event, question, outcomes, outcome prices, volume,
 * liquidity, end date, status, id) and outcomes (one row per outcome token: market, question, outcome, token id,
 * price). {@link EventTables} has every field.
 */
public final class EventViews {

    private record MarketRow(Event event, Market market) {
    }

    private record OutcomeRow(Market market, String outcome, String tokenId, BigDecimal price) {
    }

    private static final RecordTable<Event> EVENTS = RecordTable.<Event>columns()
            .column("title", String.class, Event::title)
            .column("status", String.class, e -> status(e.active(), e.closed(), e.archived()))
            .column("category", String.class, Event::category)
            .column("volume", Double.class, Event::volume)
            .column("liquidity", Double.class, Event::liquidity)
            .column("volume24h", Double.class, Event::volume24hr)
            .column("endDate", Instant.class, Event::endDate)
            .column("markets", Integer.class, e -> e.markets().size())
            .column("tags", String.class, e -> e.tags().isEmpty() ? null : e.tags().stream().map(Tag::label).collect(Collectors.joining(", ")))
            .column("id", String.class, Event::id)
            .column("slug", String.class, Event::slug);

    private static final RecordTable<MarketRow> MARKETS = RecordTable.<MarketRow>columns()
            .column("event", String.class, r -> r.event() == null ? null : r.event().title())
            .column("question", String.class, r -> r.market().question())
            .column("outcomes", String.class, r -> join(r.market().outcomes()))
            .column("outcomePrices", String.class, r -> join(r.market().outcomePrices()))
            .column("volume", Double.class, r -> r.market().volumeNum())
            .column("liquidity", Double.class, r -> r.market().liquidityNum())
            .column("endDate", Instant.class, r -> r.market().endDate())
            .column("status", String.class, r -> status(r.market().active(), r.market().closed(), r.market().archived()))
            .column("id", String.class, r -> r.market().id());

    private static final RecordTable<OutcomeRow> OUTCOMES = RecordTable.<OutcomeRow>columns()
            .column("market", String.class, r -> r.market().id())
            .column("question", String.class, r -> r.market().question())
            .column("outcome", String.class, OutcomeRow::outcome)
            .column("tokenId", String.class, OutcomeRow::tokenId)
            .column("price", BigDecimal.class, OutcomeRow::price);

    private EventViews() {
    }

    /** One row per event, the columns scanned first. */
    public static Table events(List<Event> events) {
        if (events instanceof EventList read) return read.eventsView(); // no null element: no records are made
        org.marketlab.internal.Args.elements(events, "events");
        return EVENTS.table("events", events);
    }

    /** One row per market of the events, the columns scanned first. */
    public static Table markets(List<Event> events) {
        if (events instanceof EventList read) return read.marketsView(); // no null element: no records are made
        org.marketlab.internal.Args.elements(events, "events");
        List<MarketRow> rows = new ArrayList<>();
        for (Event e : events) for (Market m : e.markets()) rows.add(new MarketRow(e, m));
        return MARKETS.table("markets", rows);
    }

    /** One row per outcome of each market of the events: market id, question, outcome, token id, price. */
    public static Table outcomes(List<Event> events) {
        List<Market> markets = new ArrayList<>();
        for (Event e : events) markets.addAll(e.markets());
        return outcomesOf(markets);
    }

    /** One row per outcome of each market. */
    public static Table outcomesOf(List<Market> markets) {
        List<OutcomeRow> rows = new ArrayList<>();
        for (Market m : markets) {
            TokenNames.remember(m);
            int n = Math.max(m.outcomes().size(), m.clobTokenIds().size());
            for (int i = 0; i < n; i++) {
                rows.add(new OutcomeRow(m, i < m.outcomes().size() ? m.outcomes().get(i) : "outcome " + i,
                        i < m.clobTokenIds().size() ? m.clobTokenIds().get(i) : null,
                        i < m.outcomePrices().size() ? m.outcomePrices().get(i) : null));
            }
        }
        return OUTCOMES.table("outcomes", rows);
    }

    /**
     * {@link #events} made from columns of the every-field events table ({@link EventTables#events}), each built alone
     * by {@code column} from its name, and the tags' labels.
     */
    static Table eventsFrom(Function<String, Column<?>> column, Column<?> tagLabels) {
        return Table.create("events", column.apply("title"), status(column), column.apply("category"), column.apply("volume"),
                column.apply("liquidity"), column.apply("volume24hr").setName("volume24h"), column.apply("endDate"),
                column.apply("marketCount").setName("markets"), tagLabels.setName("tags"), column.apply("id"), column.apply("slug"));
    }

    /** {@link #markets} made from columns of the every-field markets table ({@link EventTables#markets}), by name. */
    static Table marketsFrom(Function<String, Column<?>> column) {
        return Table.create("markets", column.apply("eventTitle").setName("event"), column.apply("question"), column.apply("outcomes"),
                column.apply("outcomePrices"), column.apply("volumeNum").setName("volume"), column.apply("liquidityNum").setName("liquidity"),
                column.apply("endDate"), status(column), column.apply("id"));
    }

    /** The status column from the active, closed and archived columns. */
    private static Column<?> status(Function<String, Column<?>> column) {
        BooleanColumn active = (BooleanColumn) column.apply("active"), closed = (BooleanColumn) column.apply("closed"),
                archived = (BooleanColumn) column.apply("archived");
        StringColumn status = StringColumn.create("status");
        for (int r = 0; r < active.size(); r++) {
            String s = status(value(active, r), value(closed, r), value(archived, r));
            if (s == null) status.appendMissing();
            else status.append(s);
        }
        return status;
    }

    private static Boolean value(BooleanColumn c, int row) {
        return c.isMissing(row) ? null : c.get(row);
    }

    /** open, closed, archived or inactive. */
    static String status(Boolean active, Boolean closed, Boolean archived) {
        if (Boolean.TRUE.equals(archived)) return "archived";
        if (Boolean.TRUE.equals(closed)) return "closed";
        if (Boolean.FALSE.equals(active)) return "inactive";
        return active == null && closed == null ? null : "open";
    }

    private static String join(List<?> list) {
        if (list == null || list.isEmpty()) return null;
        return list.stream().map(v -> v instanceof BigDecimal b ? b.toPlainString() : java.util.Objects.toString(v, "")).collect(Collectors.joining(", "));
    }
}
