package org.marketlab.markets;

import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.http.NotFoundException;
import org.marketlab.internal.query.Pager;
import org.marketlab.internal.query.Params;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Transport;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * An immutable query of {@code GET /events}: every query parameter of the specification, typed. Each setter
 * returns a new query. Terminal calls send it: {@link #list()}, {@link #stream()} (lazily, page by page),
 * {@link #table()}, {@link #marketsTable()}, {@link #tagsTable()}.
 *
 * <p>Pagination runs to the end, or until {@link #limit(int)} events: by keyset ({@code /events/keyset}) by
 * default, or by offset when {@link #offset(int)} is given or the server has no keyset form. Arguments the
 * client can judge are checked before anything is sent.
 */
public final class EventsQuery {

    /** How pages are fetched. */
    public enum Paging {
        /** Keyset where the server offers it, else offset. */
        AUTO,
        /** {@code /events/keyset} with {@code after_cursor}. */
        KEYSET,
        /** {@code /events} with {@code offset}; the service refuses offsets past about 2,000. */
        OFFSET
    }

    /** The most events one page of the service holds. */
    public static final int MAX_PAGE = 100;

    private final Transport transport;
    private final Params filters;
    private final Integer limit;
    private final Integer offset;
    private final int pageSize;
    private final Paging paging;
    private final Progress.Listener progress;

    EventsQuery(Transport transport) {
        this(transport, Params.empty(), null, null, MAX_PAGE, Paging.AUTO, null);
    }

    private EventsQuery(Transport transport, Params filters, Integer limit, Integer offset, int pageSize, Paging paging,
                        Progress.Listener progress) {
        this.transport = transport;
        this.filters = filters.checkRange("liquidity_min", "liquidity_max", "liquidityMin", "liquidityMax")
                .checkRange("volume_min", "volume_max", "volumeMin", "volumeMax")
                .checkRange("start_date_min", "start_date_max", "startDateMin", "startDateMax")
                .checkRange("end_date_min", "end_date_max", "endDateMin", "endDateMax");
        this.limit = limit;
        this.offset = offset;
        this.pageSize = pageSize;
        this.paging = paging;
        this.progress = progress;
    }

    private EventsQuery with(String name, Object value) {
        return new EventsQuery(transport, filters.with(name, value), limit, offset, pageSize, paging, progress);
    }

    // ---- paging and size -------------------------------------------------------------------------------------

    /** At most this many events in all (0 or more); without it, every matching event. */
    public EventsQuery limit(int limit) {
        if (limit < 0) throw new IllegalArgumentException("limit must be 0 or more, was " + limit);
        return new EventsQuery(transport, filters, limit, offset, pageSize, paging, progress);
    }

    /** Skip this many matching events (0 or more); implies offset paging. */
    public EventsQuery offset(int offset) {
        if (offset < 0) throw new IllegalArgumentException("offset must be 0 or more, was " + offset);
        return new EventsQuery(transport, filters, limit, offset, pageSize, paging, progress);
    }

    /** Events per request, 1 to 100 (the service's cap; the default). */
    public EventsQuery pageSize(int pageSize) {
        if (pageSize < 1 || pageSize > MAX_PAGE) {
            throw new IllegalArgumentException("pageSize must be 1 to " + MAX_PAGE + " (the service caps a page at "
                    + MAX_PAGE + "), was " + pageSize);
        }
        return new EventsQuery(transport, filters, limit, offset, pageSize, paging, progress);
    }

    public EventsQuery paging(Paging paging) {
        Objects.requireNonNull(paging, "paging");
        return new EventsQuery(transport, filters, limit, offset, pageSize, paging, progress);
    }

    /** Reports progress of this query to {@code listener} instead of the default listener. */
    public EventsQuery onProgress(Progress.Listener listener) {
        return new EventsQuery(transport, filters, limit, offset, pageSize, paging, listener);
    }

    // ---- ordering ---------------------------------------------------------------------------------------------

    /** Order by these Event fields (wire names, e.g. {@code volume}, {@code startDate}). */
    public EventsQuery order(String... fields) {
        List<String> list = new ArrayList<>();
        for (String f : fields) {
            if (f == null || f.isBlank()) throw new IllegalArgumentException("order: empty field name");
            for (String part : f.split(",")) {
                String p = part.trim();
                if (!EventFields.ALL.contains(p)) {
                    throw new IllegalArgumentException("order: '" + p + "' is not an Event field; allowed: " + EventFields.SCALARS);
                }
                list.add(p);
            }
        }
        return with("order", String.join(",", list));
    }

    public EventsQuery ascending(boolean ascending) {
        return with("ascending", ascending);
    }

    // ---- filters ----------------------------------------------------------------------------------------------

    /** Only events with these ids. */
    public EventsQuery ids(long... ids) {
        List<Long> list = new ArrayList<>();
        for (long id : ids) {
            if (id < 0) throw new IllegalArgumentException("ids: " + id + " is negative; event ids are 0 or more");
            list.add(id);
        }
        return with("id", list);
    }

    /** Only events with these ids, given as the strings records carry. */
    public EventsQuery ids(List<String> ids) {
        return ids(ids.stream().mapToLong(s -> parseId("ids", s)).toArray());
    }

    /** Only events carrying this tag. */
    public EventsQuery tagId(long tagId) {
        if (tagId < 0) throw new IllegalArgumentException("tagId must be 0 or more, was " + tagId);
        return with("tag_id", tagId);
    }

    /** No event carrying any of these tags. */
    public EventsQuery excludeTagIds(long... tagIds) {
        List<Long> list = new ArrayList<>();
        for (long id : tagIds) {
            if (id < 0) throw new IllegalArgumentException("excludeTagIds: " + id + " is negative");
            list.add(id);
        }
        return with("exclude_tag_id", list);
    }

    /** Only events with these slugs. */
    public EventsQuery slugs(String... slugs) {
        for (String s : slugs) {
            if (s == null || s.isBlank()) throw new IllegalArgumentException("slugs: empty slug");
        }
        List<String> list = List.copyOf(Arrays.asList(slugs));
        return with("slug", list);
    }

    /** Only events carrying the tag with this slug. */
    public EventsQuery tagSlug(String tagSlug) {
        if (tagSlug == null || tagSlug.isBlank()) throw new IllegalArgumentException("tagSlug: empty slug");
        return with("tag_slug", tagSlug);
    }

    /** With {@link #tagId} or {@link #tagSlug}: also events carrying a tag related to it. */
    public EventsQuery relatedTags(boolean relatedTags) {
        return with("related_tags", relatedTags);
    }

    /** Only active events. */
    public EventsQuery active() {
        return active(true);
    }

    public EventsQuery active(boolean active) {
        return with("active", active);
    }

    public EventsQuery archived(boolean archived) {
        return with("archived", archived);
    }

    public EventsQuery featured(boolean featured) {
        return with("featured", featured);
    }

    public EventsQuery cyom(boolean cyom) {
        return with("cyom", cyom);
    }

    public EventsQuery closed(boolean closed) {
        return with("closed", closed);
    }

    /** Ask the service to include each event's chats. */
    public EventsQuery includeChat(boolean includeChat) {
        return with("include_chat", includeChat);
    }

    /** Ask the service to include each event's templates. */
    public EventsQuery includeTemplate(boolean includeTemplate) {
        return with("include_template", includeTemplate);
    }

    /** Only events of a series with this recurrence, e.g. {@code daily}, {@code weekly}. */
    public EventsQuery recurrence(String recurrence) {
        if (recurrence == null || recurrence.isBlank()) throw new IllegalArgumentException("recurrence: empty value");
        return with("recurrence", recurrence);
    }

    public EventsQuery liquidityMin(double v) {
        return with("liquidity_min", finite("liquidityMin", v));
    }

    public EventsQuery liquidityMax(double v) {
        return with("liquidity_max", finite("liquidityMax", v));
    }

    public EventsQuery volumeMin(double v) {
        return with("volume_min", finite("volumeMin", v));
    }

    public EventsQuery volumeMax(double v) {
        return with("volume_max", finite("volumeMax", v));
    }

    public EventsQuery startDateMin(Instant t) {
        return with("start_date_min", Objects.requireNonNull(t, "startDateMin"));
    }

    public EventsQuery startDateMax(Instant t) {
        return with("start_date_max", Objects.requireNonNull(t, "startDateMax"));
    }

    public EventsQuery endDateMin(Instant t) {
        return with("end_date_min", Objects.requireNonNull(t, "endDateMin"));
    }

    public EventsQuery endDateMax(Instant t) {
        return with("end_date_max", Objects.requireNonNull(t, "endDateMax"));
    }

    private static Double finite(String name, double v) {
        if (!Double.isFinite(v)) throw new IllegalArgumentException(name + " must be a finite number, was " + v);
        return v;
    }

    private static long parseId(String name, String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(name + ": '" + s + "' is not an integer id");
        }
    }

    // ---- the request ------------------------------------------------------------------------------------------

    /** The query parameters this query sends (without paging). */
    Query filters() {
        return filters.toQuery();
    }

    // ---- terminal calls ---------------------------------------------------------------------------------------

    /** Every matching event (up to the limit), in the service's order. */
    public List<Event> list() {
        List<Event> out = new ArrayList<>();
        stream().forEach(out::add);
        return out;
    }

    /** The matching events, fetched page by page as the stream is read. */
    public Stream<Event> stream() {
        if (Boolean.TRUE.equals(filters.get("related_tags")) && !filters.has("tag_id") && !filters.has("tag_slug")) {
            throw new IllegalArgumentException("relatedTags needs tagId or tagSlug");
        }
        return new Pages(filters.toQuery()).pager().stream()
                .peek(e -> TokenNames.remember(e.markets())); // so tables and charts of their tokens carry names
    }

    /**
     * One row per event, the columns scanned first: title, status, category, volume, liquidity, volume24h, endDate, markets,
     * tags, id, slug. {@code allColumns().table()} has every field.
     */
    public Table table() {
        return EventViews.events(list());
    }

    /** The tables with every field of the records: {@code Markets.events().active().allColumns().table()}. */
    public AllColumns allColumns() {
        return new AllColumns(this);
    }

    /** Tables of a query with a column per scalar field of the records, under the wire names. */
    public static final class AllColumns {
        private final EventsQuery query;

        private AllColumns(EventsQuery query) {
            this.query = query;
        }

        /** One row per event, one column per scalar field, plus {@code marketCount} and {@code tagSlugs}. */
        public Table table() {
            return EventTables.events(query.list());
        }

        /** One row per market, every field, led by its event's {@code eventId}, {@code eventSlug} and {@code eventTitle}. */
        public Table marketsTable() {
            return EventTables.markets(query.list());
        }
    }

    /** One row per outcome of each market: market (id), question, outcome, tokenId, price; nothing left to split. */
    public Table outcomesTable() {
        return EventViews.outcomes(list());
    }

    /**
     * One row per market, the columns scanned first: event, question, outcomes, outcomePrices, volume, liquidity,
     * endDate, status, id. {@code allColumns().marketsTable()} has every field.
     */
    public Table marketsTable() {
        return EventViews.markets(list());
    }

    /** One row per tag of each event, with the event's {@code eventId} and {@code eventSlug}. */
    public Table tagsTable() {
        return EventTables.tags(list());
    }

    /**
     * The pages of this query: by keyset ({@code after_cursor}, the position a cursor; {@code ""} the first page)
     * until the server has no keyset form, then by offset (the position an integer).
     */
    private final class Pages {
        private final Query filters;
        private Paging mode = offset != null ? Paging.OFFSET : paging;

        Pages(Query filters) {
            this.filters = filters;
        }

        Pager<Event, Object> pager() {
            Object first = mode == Paging.OFFSET ? (Object) (offset == null ? 0 : offset) : "";
            return Pager.<Event, Object>of("events", "events", first, this::page).distinctBy(Event::id).limit(limit).progress(progress);
        }

        private Pager.Page<Event, Object> page(Object position, int wanted) {
            int want = wanted < 0 ? pageSize : Math.min(pageSize, wanted);
            if (position instanceof String cursor) {
                Call call = Call.get(Service.MARKETS, "/events/keyset", filters.with("limit", want).with("after_cursor", cursor.isEmpty() ? null : cursor));
                Document r;
                try {
                    r = transport.send(call);
                } catch (NotFoundException e) {
                    if (mode == Paging.KEYSET || !cursor.isEmpty()) throw e;
                    mode = Paging.OFFSET; // the server has no keyset form: start again by offset
                    return page(0, wanted);
                }
                EventReader.Page page = EventReader.page(r, true);
                String next = page.nextCursor();
                if (next != null && next.equals(cursor)) throw r.malformed("next_cursor did not advance (" + next + ")", null);
                if (page.events().isEmpty() && next != null) throw r.malformed("an empty page with a next_cursor", null);
                return new Pager.Page<>(page.events(), next);
            }
            int at = (Integer) position;
            Document r = transport.send(Call.get(Service.MARKETS, "/events", filters.with("limit", want).with("offset", at)));
            List<Event> got = EventReader.page(r, false).events();
            // A short page is the last one: the service caps pages at 100, so ask again only on a full page.
            return new Pager.Page<>(got, got.size() < Math.min(want, MAX_PAGE) ? null : at + got.size());
        }
    }
}
