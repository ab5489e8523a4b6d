package org.marketlab.markets;

import org.marketlab.http.NotFoundException;
import org.marketlab.internal.query.Pager;
import org.marketlab.internal.query.Params;
import org.marketlab.internal.query.Read;
import org.marketlab.internal.transport.Document;

import java.util.function.BiFunction;

/**
 * How {@code GET /events} pages: by keyset ({@code /events/keyset}, {@code after_cursor}; the position a cursor,
 * {@code ""} the first page) until the server has no keyset form, then by offset ({@code /events}; the position an
 * integer), or by offset from the start when asked ({@link EventsQuery.Paging#OFFSET}, or an offset given). Each page
 * is read by the reader given: into records, or into table columns.
 */
final class EventsPaging implements org.marketlab.internal.query.Paging {

    /** The query's paging mode ({@link EventsQuery.Paging}), a parameter never sent. */
    static final String MODE = "$paging";

    private final BiFunction<Document, Boolean, EventReader.Page<?>> reader;

    /** Pages read by {@code reader} (the document, and whether it is a keyset page). */
    EventsPaging(BiFunction<Document, Boolean, EventReader.Page<?>> reader) {
        this.reader = reader;
    }

    private static EventsQuery.Paging mode(Read<?> read) {
        EventsQuery.Paging mode = read.params().get(MODE);
        return mode == null ? EventsQuery.Paging.AUTO : mode;
    }

    @Override
    public Object first(Read<?> read) {
        if (read.start() != null) return read.start();
        return mode(read) == EventsQuery.Paging.OFFSET ? (Object) 0 : "";
    }

    @Override
    public int maxPage() {
        return EventsQuery.MAX_PAGE;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Pager.Page<T, Object> page(Read<T> read, Object position, int wanted) {
        int size = read.pageSize() == null ? EventsQuery.MAX_PAGE : read.pageSize();
        int want = wanted < 0 ? size : Math.min(size, wanted);
        Params filters = read.params().renamed(n -> n.startsWith("$") ? null : n);
        if (position instanceof String cursor) {
            Document r;
            try {
                r = read.send("/events/keyset", filters.with("limit", want).with("after_cursor", cursor.isEmpty() ? null : cursor));
            } catch (NotFoundException e) {
                if (mode(read) == EventsQuery.Paging.KEYSET || !cursor.isEmpty()) throw e;
                return page(read, 0, wanted); // the server has no keyset form: start again by offset
            }
            EventReader.Page<T> page = (EventReader.Page<T>) reader.apply(r, true);
            String next = page.nextCursor();
            if (next != null && next.equals(cursor)) throw r.malformed("next_cursor did not advance (" + next + ")", null);
            if (page.read() == 0 && next != null) throw r.malformed("an empty page with a next_cursor", null);
            return new Pager.Page<>(page.items(), next);
        }
        int at = ((Number) position).intValue();
        Document r = read.send("/events", filters.with("limit", want).with("offset", at));
        EventReader.Page<T> page = (EventReader.Page<T>) reader.apply(r, false);
        // A short page is the last one: the service caps pages at 100, so ask again only on a full page.
        return new Pager.Page<>(page.items(), page.read() < Math.min(want, EventsQuery.MAX_PAGE) ? null : at + page.read());
    }
}
