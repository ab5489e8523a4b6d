package org.marketlab.markets;

import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.datasets.Harvest;
import org.marketlab.datasets.HarvestReport;
import org.marketlab.http.NotFoundException;
import org.marketlab.http.ServiceException;
import org.marketlab.internal.Args;
import org.marketlab.internal.query.Pager;
import org.marketlab.internal.query.Params;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Transport;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

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
    private final Consumer<ServiceException> pageFailures;

    /**
     * How often one page is asked for before its failure ends the read: an unusable answer (malformed, cut off), no
     * answer, or a server error. (A {@code 429} that outlasted the transport's budget for rate-limit waits ends the read
     * at once.)
     */
    public static final int PAGE_ATTEMPTS = 3;

    EventsQuery(Transport transport) {
        this(transport, Params.empty(), null, null, MAX_PAGE, Paging.AUTO, null, e -> { });
    }

    private EventsQuery(Transport transport, Params filters, Integer limit, Integer offset, int pageSize, Paging paging,
                        Progress.Listener progress, Consumer<ServiceException> pageFailures) {
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
        this.pageFailures = pageFailures;
    }

    private EventsQuery with(String name, Object value) {
        return new EventsQuery(transport, filters.with(name, value), limit, offset, pageSize, paging, progress, pageFailures);
    }

    // ---- paging and size -------------------------------------------------------------------------------------

    /** At most this many events in all (0 or more); without it, every matching event. */
    public EventsQuery limit(int limit) {
        if (limit < 0) throw new IllegalArgumentException("limit must be 0 or more, was " + limit);
        return new EventsQuery(transport, filters, limit, offset, pageSize, paging, progress, pageFailures);
    }

    /** Skip this many matching events (0 or more); implies offset paging. */
    public EventsQuery offset(int offset) {
        if (offset < 0) throw new IllegalArgumentException("offset must be 0 or more, was " + offset);
        return new EventsQuery(transport, filters, limit, offset, pageSize, paging, progress, pageFailures);
    }

    /** Events per request, 1 to 100 (the service's cap; the default). */
    public EventsQuery pageSize(int pageSize) {
        if (pageSize < 1 || pageSize > MAX_PAGE) {
            throw new IllegalArgumentException("pageSize must be 1 to " + MAX_PAGE + " (the service caps a page at "
                    + MAX_PAGE + "), was " + pageSize);
        }
        return new EventsQuery(transport, filters, limit, offset, pageSize, paging, progress, pageFailures);
    }

    public EventsQuery paging(Paging paging) {
        Args.notNull(paging, "paging");
        return new EventsQuery(transport, filters, limit, offset, pageSize, paging, progress, pageFailures);
    }

    /** Reports progress of this query to {@code listener} instead of the default listener. */
    public EventsQuery onProgress(Progress.Listener listener) {
        Args.notNull(listener, "listener");
        return new EventsQuery(transport, filters, limit, offset, pageSize, paging, listener, pageFailures);
    }

    /**
     * Tells {@code listener} of each failure a page met before it was asked for again (up to {@value #PAGE_ATTEMPTS}
     * times; the last failure ends the read instead). Every one is a typed {@code ServiceException}.
     */
    public EventsQuery onPageFailure(Consumer<ServiceException> listener) {
        Args.notNull(listener, "listener");
        return new EventsQuery(transport, filters, limit, offset, pageSize, paging, progress, listener);
    }

    // ---- ordering ---------------------------------------------------------------------------------------------

    /** Order by these Event fields (wire names, e.g. {@code volume}, {@code startDate}). */
    public EventsQuery order(String... fields) {
        Args.notNull(fields, "order");
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
        Args.notNull(ids, "ids");
        List<Long> list = new ArrayList<>();
        for (long id : ids) {
            if (id < 0) throw new IllegalArgumentException("ids: " + id + " is negative; event ids are 0 or more");
            list.add(id);
        }
        return with("id", list);
    }

    /** Only events with these ids, given as the strings records carry. */
    public EventsQuery ids(List<String> ids) {
        Args.notNull(ids, "ids");
        return ids(ids.stream().mapToLong(s -> Long.parseLong(Args.id(s, "ids element"))).toArray());
    }

    /** Only events carrying this tag. */
    public EventsQuery tagId(long tagId) {
        if (tagId < 0) throw new IllegalArgumentException("tagId must be 0 or more, was " + tagId);
        return with("tag_id", tagId);
    }

    /** No event carrying any of these tags. */
    public EventsQuery excludeTagIds(long... tagIds) {
        Args.notNull(tagIds, "excludeTagIds");
        List<Long> list = new ArrayList<>();
        for (long id : tagIds) {
            if (id < 0) throw new IllegalArgumentException("excludeTagIds: " + id + " is negative");
            list.add(id);
        }
        return with("exclude_tag_id", list);
    }

    /** Only events with these slugs. */
    public EventsQuery slugs(String... slugs) {
        Args.notNull(slugs, "slugs");
        List<String> list = new ArrayList<>(slugs.length);
        for (String s : slugs) list.add(Args.word(s, "slugs element"));
        return with("slug", list);
    }

    /** Only events carrying the tag with this slug. */
    public EventsQuery tagSlug(String tagSlug) {
        return with("tag_slug", Args.word(tagSlug, "tagSlug"));
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
        return with("recurrence", Args.word(recurrence, "recurrence"));
    }

    public EventsQuery liquidityMin(double v) {
        return with("liquidity_min", Args.finite(v, "liquidityMin"));
    }

    public EventsQuery liquidityMax(double v) {
        return with("liquidity_max", Args.finite(v, "liquidityMax"));
    }

    public EventsQuery volumeMin(double v) {
        return with("volume_min", Args.finite(v, "volumeMin"));
    }

    public EventsQuery volumeMax(double v) {
        return with("volume_max", Args.finite(v, "volumeMax"));
    }

    public EventsQuery startDateMin(Instant t) {
        return with("start_date_min", Args.notNull(t, "startDateMin"));
    }

    public EventsQuery startDateMax(Instant t) {
        return with("start_date_max", Args.notNull(t, "startDateMax"));
    }

    public EventsQuery endDateMin(Instant t) {
        return with("end_date_min", Args.notNull(t, "endDateMin"));
    }

    public EventsQuery endDateMax(Instant t) {
        return with("end_date_max", Args.notNull(t, "endDateMax"));
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
        checkArguments();
        if (selectsNothing()) return Stream.empty();
        return new Pages<Event>(filters.toQuery(), EventReader::page).pager(Event::id).stream()
                .peek(e -> TokenNames.names(transport).learnAll(e.markets())); // so tables and charts of their tokens carry names
    }

    /**
     * One row per event, the columns scanned first: title, status, category, volume, liquidity, volume24h, endDate, markets,
     * tags, id, slug. {@code allColumns().table()} has every field.
     */
    public Table table() {
        return columns(false, false).eventsView();
    }

    /**
     * Harvests the matching events into {@code dir} as Parquet, a page at a time, partitioned by the UTC day each
     * event was created ({@code day=2026-11-01}), resumable: see {@link Harvest}. One row per event, a column per
     * scalar field (markets and tags are the events' own datasets: {@code marketsTable()}, {@code tagsTable()}).
     */
    public HarvestReport toParquet(java.nio.file.Path dir) {
        return harvest().to(dir);
    }

    /** The harvest {@link #toParquet} runs, to adjust first ({@code chunkRows}, {@code onProgress}, partitions). */
    public Harvest<Event> harvest() {
        checkArguments();
        Harvest<Event> h;
        if (selectsNothing()) {
            h = Harvest.of("events", Event.class, (position, wanted) -> new Harvest.Page<>(List.of(), null));
        } else {
            Pages<Event> pages = new Pages<>(filters.toQuery(), EventReader::page);
            Object first = offset != null || paging == Paging.OFFSET ? (Object) (offset == null ? 0 : offset) : "";
            h = Harvest.of("events", Event.class, (position, wanted) -> {
                Pager.Page<Event, Object> p = pages.page(position == null ? first : position, wanted);
                return new Harvest.Page<>(p.items(), p.next());
            });
        }
        return h.query(filters.toQuery().toString()).distinctBy(Event::id)
                .partitionByDay("day", e -> e.createdAt() != null ? e.createdAt() : e.startDate())
                .limit(limit == null ? null : (long) limit).onProgress(progress);
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

        /**
         * One row per event, one column per scalar field, plus {@code marketCount} and {@code tagSlugs}: filled
         * straight from the answers, no records in between.
         */
        public Table table() {
            return query.columns(false, false).eventsTable();
        }

        /**
         * One row per market, every field, led by its event's {@code eventId}, {@code eventSlug} and
         * {@code eventTitle}: filled straight from the answers, no records in between.
         */
        public Table marketsTable() {
            return query.columns(true, false).marketsTable();
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
        return columns(true, false).marketsView();
    }

    /** One row per tag of each event, with the event's {@code eventId} and {@code eventSlug}. */
    public Table tagsTable() {
        return columns(false, true).tagsTable();
    }

    /**
     * The pages read straight into table columns, no records: the pager sees the ids of the events each page
     * added (repeats are dropped as it drops them), and the columns keep the events it delivered.
     */
    private EventColumns columns(boolean markets, boolean tags) {
        checkArguments();
        EventColumns sink = new EventColumns(markets, tags);
        long delivered = selectsNothing() ? 0
                : new Pages<String>(filters.toQuery(), (r, keyset) -> sink.readPage(r, keyset)).pager(id -> id).stream().count();
        sink.keepEvents((int) delivered);
        return sink;
    }

    /** ids() of nothing selects nothing; sending no id parameter would select everything. */
    private boolean selectsNothing() {
        return filters.get("id") instanceof java.util.Collection<?> c && c.isEmpty();
    }

    private void checkArguments() {
        if (Boolean.TRUE.equals(filters.get("related_tags")) && !filters.has("tag_id") && !filters.has("tag_slug")) {
            throw new IllegalArgumentException("relatedTags needs tagId or tagSlug");
        }
    }

    /**
     * The pages of this query: by keyset ({@code after_cursor}, the position a cursor; {@code ""} the first page)
     * until the server has no keyset form, then by offset (the position an integer). Each page is read by
     * {@code reader}: into records, or into table columns.
     */
    private final class Pages<T> {
        private final Query filters;
        private final java.util.function.BiFunction<Document, Boolean, EventReader.Page<T>> reader;
        private Paging mode = offset != null ? Paging.OFFSET : paging;

        Pages(Query filters, java.util.function.BiFunction<Document, Boolean, EventReader.Page<T>> reader) {
            this.filters = filters;
            this.reader = reader;
        }

        Pager<T, Object> pager(java.util.function.Function<T, ?> key) {
            Object first = mode == Paging.OFFSET ? (Object) (offset == null ? 0 : offset) : "";
            return Pager.<T, Object>of("events", "events", first, this::page).distinctBy(key).limit(limit).progress(progress)
                    .reask(PAGE_ATTEMPTS, pageFailures);
        }

        private Pager.Page<T, Object> page(Object position, int wanted) {
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
                EventReader.Page<T> page = reader.apply(r, true);
                String next = page.nextCursor();
                if (next != null && next.equals(cursor)) throw r.malformed("next_cursor did not advance (" + next + ")", null);
                if (page.read() == 0 && next != null) throw r.malformed("an empty page with a next_cursor", null);
                return new Pager.Page<>(page.items(), next);
            }
            int at = (Integer) position;
            Document r = transport.send(Call.get(Service.MARKETS, "/events", filters.with("limit", want).with("offset", at)));
            EventReader.Page<T> page = reader.apply(r, false);
            // A short page is the last one: the service caps pages at 100, so ask again only on a full page.
            return new Pager.Page<>(page.items(), page.read() < Math.min(want, MAX_PAGE) ? null : at + page.read());
        }
    }
}
