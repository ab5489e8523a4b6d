package org.marketlab.markets;

import org.marketlab.datasets.Harvest;
import org.marketlab.datasets.HarvestReport;
import org.marketlab.http.ServiceException;
import org.marketlab.internal.Args;
import org.marketlab.internal.query.Read;
import org.marketlab.internal.transport.Transport;
import org.marketlab.query.PagedQuery;
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
public final class EventsQuery extends PagedQuery<EventsQuery, Event> {

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

    /**
     * How often one page is asked for before its failure ends the read: an unusable answer (malformed, cut off), no
     * answer, or a server error. (A {@code 429} that outlasted the transport's budget for rate-limit waits ends the read
     * at once.)
     */
    public static final int PAGE_ATTEMPTS = 3;

    private final Transport transport;

    EventsQuery(Transport transport, Read<Event> read) {
        super(read, r -> new EventsQuery(transport, r));
        this.transport = transport;
        checkRange("liquidity_min", "liquidity_max", "liquidityMin", "liquidityMax");
        checkRange("volume_min", "volume_max", "volumeMin", "volumeMax");
        checkRange("start_date_min", "start_date_max", "startDateMin", "startDateMax");
        checkRange("end_date_min", "end_date_max", "endDateMin", "endDateMax");
    }

    // ---- paging and size -------------------------------------------------------------------------------------

    /** At most this many events in all (0 or more); without it, every matching event. */
    @Override
    public EventsQuery limit(int limit) {
        return super.limit(limit);
    }

    /** Skip this many matching events (0 or more); implies offset paging. */
    public EventsQuery offset(int offset) {
        return withOffset(offset);
    }

    /** Events per request, 1 to 100 (the service's cap; the default). */
    public EventsQuery pageSize(int pageSize) {
        return withPageSize(pageSize);
    }

    public EventsQuery paging(Paging paging) {
        return with(EventsPaging.MODE, Args.notNull(paging, "paging"));
    }

    /**
     * Tells {@code listener} of each failure a page met before it was asked for again (up to {@value #PAGE_ATTEMPTS}
     * times; the last failure ends the read instead). Every one is a typed {@code ServiceException}.
     */
    public EventsQuery onPageFailure(Consumer<ServiceException> listener) {
        return withRead(r -> r.pageFailures(listener));
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
        return with("id", nonNegative(ids, "ids", "; event ids are 0 or more"));
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
        return with("exclude_tag_id", nonNegative(tagIds, "excludeTagIds", ""));
    }

    /** The ids as a list, each checked to be 0 or more. */
    private static List<Long> nonNegative(long[] ids, String name, String why) {
        Args.notNull(ids, name);
        List<Long> list = new ArrayList<>(ids.length);
        for (long id : ids) {
            if (id < 0) throw new IllegalArgumentException(name + ": " + id + " is negative" + why);
            list.add(id);
        }
        return list;
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

    // ---- terminal calls ---------------------------------------------------------------------------------------

    /** Every matching event (up to the limit), in the service's order. */
    @Override
    public List<Event> list() {
        List<Event> out = new ArrayList<>();
        stream().forEach(out::add);
        return out;
    }

    /** The matching events, fetched page by page as the stream is read. */
    @Override
    public Stream<Event> stream() {
        checkArguments();
        if (selectsNothing()) return Stream.empty();
        return super.stream().peek(e -> TokenNames.names(transport).learnAll(e.markets())); // so tables and charts of their tokens carry names
    }

    /**
     * One row per event, the columns scanned first: title, status, category, volume, liquidity, volume24h, endDate, markets,
     * tags, id, slug. {@code allColumns().table()} has every field.
     */
    @Override
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
        Harvest<Event> h = selectsNothing()
                ? Harvest.of("events", Event.class, (position, wanted) -> new Harvest.Page<>(List.of(), null))
                : Harvest.of("events", Event.class, harvestSource());
        return h.query(describe()).distinctBy(Event::id)
                .partitionByDay("day", e -> e.createdAt() != null ? e.createdAt() : e.startDate())
                .limit(read().limit() == null ? null : (long) read().limit()).onProgress(read().progress());
    }

    /**
     * The matching events a page at a time, as a harvest reads them: {@code page(null, -1)} is the first page, and a
     * page's {@code next} (text or a number, kept to resume) is where the following one starts; {@code null} ends.
     */
    public Harvest.Source<Event> pages() {
        checkArguments();
        return selectsNothing() ? (position, wanted) -> new Harvest.Page<>(List.of(), null) : harvestSource();
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
        if (!selectsNothing()) {
            org.marketlab.internal.query.Endpoint<String> into = Endpoints.eventsInto(sink);
            sink.keepEvents((int) read().endpoint(into).stream().count());
        } else {
            sink.keepEvents(0);
        }
        return sink;
    }

    /** ids() of nothing selects nothing; sending no id parameter would select everything. */
    private boolean selectsNothing() {
        return param("id") instanceof java.util.Collection<?> c && c.isEmpty();
    }

    private void checkArguments() {
        if (Boolean.TRUE.equals(param("related_tags")) && !has("tag_id") && !has("tag_slug")) {
            throw new IllegalArgumentException("relatedTags needs tagId or tagSlug");
        }
    }
}
