package org.marketlab.markets;

import org.marketlab.internal.query.Read;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.util.List;

/** An immutable query of {@code GET /series}: the series that group recurring events. */
public final class SeriesQuery extends ListingQuery<SeriesQuery, Series> {

    SeriesQuery(Read<Series> read) {
        super(read, SeriesQuery::new);
    }

    public SeriesQuery slugs(String... slugs) {
        return with("slug", Checks.texts("slugs", slugs));
    }

    /** Only series whose events are all closed ({@code true}) or not. */
    public SeriesQuery closed(boolean closed) {
        return with("closed", closed);
    }

    /** Only series with this recurrence, e.g. {@code daily}, {@code weekly}, {@code monthly}. */
    public SeriesQuery recurrence(String recurrence) {
        return with("recurrence", Checks.text("recurrence", recurrence));
    }

    /** Only series in these categories (labels, e.g. {@code Sports}). */
    public SeriesQuery categoriesLabels(String... labels) {
        return with("categories_labels", Checks.texts("categoriesLabels", labels));
    }

    public SeriesQuery includeChat(boolean includeChat) {
        return with("include_chat", includeChat);
    }

    public SeriesQuery order(String... fields) {
        java.util.Set<String> allowed = new java.util.LinkedHashSet<>(Checks.fields(Series.class));
        allowed.remove("events");
        return with("order", Checks.order(fields, allowed, "Series"));
    }

    /** One row per series, with {@code eventCount}. */
    public Table table() {
        return RecordTable.of(Series.class)
                .column("eventCount", Integer.class, s -> s.events().size())
                .table("series", list());
    }

    /** One row per event of each series, with the series' {@code seriesId} and {@code seriesSlug}. */
    public Table eventsTable() {
        List<Series> all = list();
        List<Event> events = new java.util.ArrayList<>();
        List<Series> owners = new java.util.ArrayList<>();
        for (Series s : all) {
            for (Event e : s.events()) {
                events.add(e);
                owners.add(s);
            }
        }
        Table t = EventTables.events(events);
        tech.tablesaw.api.StringColumn id = tech.tablesaw.api.StringColumn.create("seriesId");
        tech.tablesaw.api.StringColumn slug = tech.tablesaw.api.StringColumn.create("seriesSlug");
        for (Series s : owners) {
            id.append(s.id());
            slug.append(s.slug());
        }
        // An event's own seriesSlug/seriesId columns give way to the series it is listed under here.
        for (String name : List.of("seriesSlug", "seriesId")) if (t.containsColumn(name)) t.removeColumns(name);
        return t.insertColumn(0, slug).insertColumn(0, id).setName("series events");
    }
}
