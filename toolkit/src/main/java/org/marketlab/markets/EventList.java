package org.marketlab.markets;

import org.marketlab.internal.transport.Document;
import tech.tablesaw.api.Table;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * The events of a saved document as {@code Markets.parseEvents} gives them: read once, straight into table columns,
 * with no records in between; the records are made only when an element is asked for (the whole list at once, from
 * the same bytes). {@code Markets.table}, {@code Markets.marketsTable} and {@code EventTables} of this list come from
 * the columns, and are the tables the records would give, value for value. Unmodifiable.
 */
final class EventList extends AbstractList<Event> implements RandomAccess {

    private final Document document;
    private final boolean keyset;
    private final EventColumns columns;
    private volatile List<Event> records;

    private EventList(Document document, boolean keyset, EventColumns columns) {
        this.document = document;
        this.keyset = keyset;
        this.columns = columns;
    }

    /** Reads an array of events (at {@code open}, its '[') or a keyset page ({@code open} -1) into columns. */
    static EventList read(Document d, int open) {
        boolean keyset = open < 0;
        // An event repeated within one document is kept, as its records keep it.
        EventColumns sink = keyset ? null : TwoHalves.read(d.body(), open, true, true, false);
        if (sink == null) {
            sink = new EventColumns(true, true, false);
            EventReader.read(d, keyset, sink, null);
        }
        return new EventList(d, keyset, sink);
    }

    @Override
    public Event get(int index) {
        return records().get(index);
    }

    @Override
    public int size() {
        return columns.rows();
    }

    private List<Event> records() {
        List<Event> r = records;
        if (r == null) {
            synchronized (this) {
                r = records;
                if (r == null) records = r = List.copyOf(EventReader.page(document, keyset).events());
            }
        }
        return r;
    }

    /** The events view ({@link EventViews#events}), from the columns. */
    Table eventsView() {
        return columns.eventsView();
    }

    /** The markets view ({@link EventViews#markets}), from the columns. */
    Table marketsView() {
        return columns.marketsView();
    }

    /** Every field ({@link EventTables#events}, {@link EventTables#markets}, {@link EventTables#tags}), from the columns. */
    EventTables.All tables() {
        return new EventTables.All(columns.eventsTable(), columns.marketsTable(), columns.tagsTable());
    }
}
