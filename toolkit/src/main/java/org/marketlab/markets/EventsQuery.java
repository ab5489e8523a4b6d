package org.marketlab.markets;

import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.http.Call;
import org.marketlab.http.ConnectionException;
import org.marketlab.http.MalformedResponseException;
import org.marketlab.http.RateLimitedException;
import org.marketlab.http.ServerException;
import org.marketlab.http.ServiceException;
import org.marketlab.http.NotFoundException;
import org.marketlab.http.Query;
import org.marketlab.http.Response;
import org.marketlab.http.Transport;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
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
    private final Integer limit;
    private final Integer offset;
    private final int pageSize;
    private final List<String> order;
    private final Boolean ascending;
    /** null until {@link #ids} is called: an empty list then means "no event", not "any event". */
    private final List<Long> ids;
    private final Long tagId;
    private final List<Long> excludeTagIds;
    private final List<String> slugs;
    private final String tagSlug;
    private final Boolean relatedTags;
    private final Boolean active, archived, featured, cyom, includeChat, includeTemplate, closed;
    private final String recurrence;
    private final Double liquidityMin, liquidityMax, volumeMin, volumeMax;
    private final Instant startDateMin, startDateMax, endDateMin, endDateMax;
    private final Paging paging;
    private final Progress.Listener progress;
    private final Consumer<ServiceException> pageFailures;

    /**
     * How often one page is asked for before its failure ends the read: an unusable answer (malformed, cut off), no
     * answer, a server error or a {@code 429} that outlasted the transport's own retries.
     */
    public static final int PAGE_ATTEMPTS = 3;

    EventsQuery(Transport transport) {
        this(transport, null, null, MAX_PAGE, List.of(), null, null, null, List.of(), List.of(), null, null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                Paging.AUTO, null, e -> { });
    }

    private EventsQuery(Transport transport, Integer limit, Integer offset, int pageSize, List<String> order,
                        Boolean ascending, List<Long> ids, Long tagId, List<Long> excludeTagIds, List<String> slugs,
                        String tagSlug, Boolean relatedTags, Boolean active, Boolean archived, Boolean featured,
                        Boolean cyom, Boolean includeChat, Boolean includeTemplate, Boolean closed, String recurrence,
                        Double liquidityMin, Double liquidityMax, Double volumeMin, Double volumeMax,
                        Instant startDateMin, Instant startDateMax, Instant endDateMin, Instant endDateMax,
                        Paging paging, Progress.Listener progress, Consumer<ServiceException> pageFailures) {
        this.transport = transport;
        this.limit = limit;
        this.offset = offset;
        this.pageSize = pageSize;
        this.order = order;
        this.ascending = ascending;
        this.ids = ids;
        this.tagId = tagId;
        this.excludeTagIds = excludeTagIds;
        this.slugs = slugs;
        this.tagSlug = tagSlug;
        this.relatedTags = relatedTags;
        this.active = active;
        this.archived = archived;
        this.featured = featured;
        this.cyom = cyom;
        this.includeChat = includeChat;
        this.includeTemplate = includeTemplate;
        this.closed = closed;
        this.recurrence = recurrence;
        this.liquidityMin = liquidityMin;
        this.liquidityMax = liquidityMax;
        this.volumeMin = volumeMin;
        this.volumeMax = volumeMax;
        this.startDateMin = startDateMin;
        this.startDateMax = startDateMax;
        this.endDateMin = endDateMin;
        this.endDateMax = endDateMax;
        this.paging = paging;
        this.progress = progress;
        this.pageFailures = pageFailures;
    }

    /** A mutable copy used only inside the setters, so each setter names one field. */
    private static final class B {
        Transport transport;
        Integer limit, offset;
        int pageSize;
        List<String> order;
        Boolean ascending;
        List<Long> ids;
        Long tagId;
        List<Long> excludeTagIds;
        List<String> slugs;
        String tagSlug;
        Boolean relatedTags, active, archived, featured, cyom, includeChat, includeTemplate, closed;
        String recurrence;
        Double liquidityMin, liquidityMax, volumeMin, volumeMax;
        Instant startDateMin, startDateMax, endDateMin, endDateMax;
        Paging paging;
        Progress.Listener progress;
        Consumer<ServiceException> pageFailures;
    }

    private EventsQuery with(UnaryOperator<B> change) {
        B b = new B();
        b.transport = transport; b.limit = limit; b.offset = offset; b.pageSize = pageSize; b.order = order;
        b.ascending = ascending; b.ids = ids; b.tagId = tagId; b.excludeTagIds = excludeTagIds; b.slugs = slugs;
        b.tagSlug = tagSlug; b.relatedTags = relatedTags; b.active = active; b.archived = archived;
        b.featured = featured; b.cyom = cyom; b.includeChat = includeChat; b.includeTemplate = includeTemplate;
        b.closed = closed; b.recurrence = recurrence; b.liquidityMin = liquidityMin; b.liquidityMax = liquidityMax;
        b.volumeMin = volumeMin; b.volumeMax = volumeMax; b.startDateMin = startDateMin;
        b.startDateMax = startDateMax; b.endDateMin = endDateMin; b.endDateMax = endDateMax; b.paging = paging;
        b.progress = progress;
        b.pageFailures = pageFailures;
        b = change.apply(b);
        b.slugs = List.copyOf(b.slugs);
        EventsQuery q = new EventsQuery(b.transport, b.limit, b.offset, b.pageSize, b.order, b.ascending, b.ids,
                b.tagId, b.excludeTagIds, b.slugs, b.tagSlug, b.relatedTags, b.active, b.archived, b.featured, b.cyom,
                b.includeChat, b.includeTemplate, b.closed, b.recurrence, b.liquidityMin, b.liquidityMax,
                b.volumeMin, b.volumeMax, b.startDateMin, b.startDateMax, b.endDateMin, b.endDateMax, b.paging,
                b.progress, b.pageFailures);
        q.checkRanges();
        return q;
    }

    // ---- paging and size -------------------------------------------------------------------------------------

    /** At most this many events in all (0 or more); without it, every matching event. */
    public EventsQuery limit(int limit) {
        if (limit < 0) throw new IllegalArgumentException("limit must be 0 or more, was " + limit);
        return with(b -> { b.limit = limit; return b; });
    }

    /** Skip this many matching events (0 or more); implies offset paging. */
    public EventsQuery offset(int offset) {
        if (offset < 0) throw new IllegalArgumentException("offset must be 0 or more, was " + offset);
        return with(b -> { b.offset = offset; return b; });
    }

    /** Events per request, 1 to 100 (the service's cap; the default). */
    public EventsQuery pageSize(int pageSize) {
        if (pageSize < 1 || pageSize > MAX_PAGE) {
            throw new IllegalArgumentException("pageSize must be 1 to " + MAX_PAGE + " (the service caps a page at "
                    + MAX_PAGE + "), was " + pageSize);
        }
        return with(b -> { b.pageSize = pageSize; return b; });
    }

    public EventsQuery paging(Paging paging) {
        org.marketlab.internal.Args.notNull(paging, "paging");
        return with(b -> { b.paging = paging; return b; });
    }

    /** Reports progress of this query to {@code listener} instead of the default listener. */
    public EventsQuery onProgress(Progress.Listener listener) {
        org.marketlab.internal.Args.notNull(listener, "listener");
        return with(b -> { b.progress = listener; return b; });
    }

    /**
     * Tells {@code listener} of each failure a page met before it was asked for again (up to {@value #PAGE_ATTEMPTS}
     * times; the last failure ends the read instead). Every one is a typed {@code ServiceException}.
     */
    public EventsQuery onPageFailure(Consumer<ServiceException> listener) {
        org.marketlab.internal.Args.notNull(listener, "listener");
        return with(b -> { b.pageFailures = listener; return b; });
    }

    // ---- ordering ---------------------------------------------------------------------------------------------

    /** Order by these Event fields (wire names, e.g. {@code volume}, {@code startDate}). */
    public EventsQuery order(String... fields) {
        org.marketlab.internal.Args.notNull(fields, "order");
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
        return with(b -> { b.order = List.copyOf(list); return b; });
    }

    public EventsQuery ascending(boolean ascending) {
        return with(b -> { b.ascending = ascending; return b; });
    }

    // ---- filters ----------------------------------------------------------------------------------------------

    /** Only events with these ids. */
    public EventsQuery ids(long... ids) {
        org.marketlab.internal.Args.notNull(ids, "ids");
        List<Long> list = new ArrayList<>();
        for (long id : ids) {
            if (id < 0) throw new IllegalArgumentException("ids: " + id + " is negative; event ids are 0 or more");
            list.add(id);
        }
        return with(b -> { b.ids = List.copyOf(list); return b; });
    }

    /** Only events with these ids, given as the strings records carry. */
    public EventsQuery ids(List<String> ids) {
        org.marketlab.internal.Args.notNull(ids, "ids");
        return ids(ids.stream().mapToLong(s -> Long.parseLong(org.marketlab.internal.Args.id(s, "ids element"))).toArray());
    }

    /** Only events carrying this tag. */
    public EventsQuery tagId(long tagId) {
        if (tagId < 0) throw new IllegalArgumentException("tagId must be 0 or more, was " + tagId);
        return with(b -> { b.tagId = tagId; return b; });
    }

    /** No event carrying any of these tags. */
    public EventsQuery excludeTagIds(long... tagIds) {
        org.marketlab.internal.Args.notNull(tagIds, "excludeTagIds");
        List<Long> list = new ArrayList<>();
        for (long id : tagIds) {
            if (id < 0) throw new IllegalArgumentException("excludeTagIds: " + id + " is negative");
            list.add(id);
        }
        return with(b -> { b.excludeTagIds = List.copyOf(list); return b; });
    }

    /** Only events with these slugs. */
    public EventsQuery slugs(String... slugs) {
        org.marketlab.internal.Args.notNull(slugs, "slugs");
        List<String> list = new ArrayList<>(slugs.length);
        for (String s : slugs) list.add(org.marketlab.internal.Args.word(s, "slugs element"));
        return with(b -> { b.slugs = list; return b; });
    }

    /** Only events carrying the tag with this slug. */
    public EventsQuery tagSlug(String tagSlug) {
        String slug = org.marketlab.internal.Args.word(tagSlug, "tagSlug");
        return with(b -> { b.tagSlug = slug; return b; });
    }

    /** With {@link #tagId} or {@link #tagSlug}: also events carrying a tag related to it. */
    public EventsQuery relatedTags(boolean relatedTags) {
        return with(b -> { b.relatedTags = relatedTags; return b; });
    }

    /** Only active events. */
    public EventsQuery active() {
        return active(true);
    }

    public EventsQuery active(boolean active) {
        return with(b -> { b.active = active; return b; });
    }

    public EventsQuery archived(boolean archived) {
        return with(b -> { b.archived = archived; return b; });
    }

    public EventsQuery featured(boolean featured) {
        return with(b -> { b.featured = featured; return b; });
    }

    public EventsQuery cyom(boolean cyom) {
        return with(b -> { b.cyom = cyom; return b; });
    }

    public EventsQuery closed(boolean closed) {
        return with(b -> { b.closed = closed; return b; });
    }

    /** Ask the service to include each event's chats. */
    public EventsQuery includeChat(boolean includeChat) {
        return with(b -> { b.includeChat = includeChat; return b; });
    }

    /** Ask the service to include each event's templates. */
    public EventsQuery includeTemplate(boolean includeTemplate) {
        return with(b -> { b.includeTemplate = includeTemplate; return b; });
    }

    /** Only events of a series with this recurrence, e.g. {@code daily}, {@code weekly}. */
    public EventsQuery recurrence(String recurrence) {
        String r = org.marketlab.internal.Args.word(recurrence, "recurrence");
        return with(b -> { b.recurrence = r; return b; });
    }

    public EventsQuery liquidityMin(double v) {
        return with(b -> { b.liquidityMin = finite("liquidityMin", v); return b; });
    }

    public EventsQuery liquidityMax(double v) {
        return with(b -> { b.liquidityMax = finite("liquidityMax", v); return b; });
    }

    public EventsQuery volumeMin(double v) {
        return with(b -> { b.volumeMin = finite("volumeMin", v); return b; });
    }

    public EventsQuery volumeMax(double v) {
        return with(b -> { b.volumeMax = finite("volumeMax", v); return b; });
    }

    public EventsQuery startDateMin(Instant t) {
        return with(b -> { b.startDateMin = org.marketlab.internal.Args.notNull(t, "startDateMin"); return b; });
    }

    public EventsQuery startDateMax(Instant t) {
        return with(b -> { b.startDateMax = org.marketlab.internal.Args.notNull(t, "startDateMax"); return b; });
    }

    public EventsQuery endDateMin(Instant t) {
        return with(b -> { b.endDateMin = org.marketlab.internal.Args.notNull(t, "endDateMin"); return b; });
    }

    public EventsQuery endDateMax(Instant t) {
        return with(b -> { b.endDateMax = org.marketlab.internal.Args.notNull(t, "endDateMax"); return b; });
    }

    private static Double finite(String name, double v) {
        if (!Double.isFinite(v)) throw new IllegalArgumentException(name + " must be a finite number, was " + v);
        return v;
    }

    private void checkRanges() {
        range("liquidity", liquidityMin, liquidityMax);
        range("volume", volumeMin, volumeMax);
        range("startDate", startDateMin, startDateMax);
        range("endDate", endDateMin, endDateMax);
    }

    private static <T extends Comparable<T>> void range(String name, T min, T max) {
        if (min != null && max != null && min.compareTo(max) > 0) {
            throw new IllegalArgumentException(name + "Min (" + min + ") is above " + name + "Max (" + max + ")");
        }
    }

    // ---- the request ------------------------------------------------------------------------------------------

    /** The query parameters this query sends (without paging). */
    Query filters() {
        Query q = Query.empty();
        if (!order.isEmpty()) q = q.with("order", String.join(",", order));
        q = q.with("ascending", ascending)
                .withEach("id", ids == null ? List.of() : ids)
                .with("tag_id", tagId)
                .withEach("exclude_tag_id", excludeTagIds)
                .withEach("slug", slugs)
                .with("tag_slug", tagSlug)
                .with("related_tags", relatedTags)
                .with("active", active)
                .with("archived", archived)
                .with("featured", featured)
                .with("cyom", cyom)
                .with("include_chat", includeChat)
                .with("include_template", includeTemplate)
                .with("closed", closed)
                .with("recurrence", recurrence)
                .with("liquidity_min", liquidityMin)
                .with("liquidity_max", liquidityMax)
                .with("volume_min", volumeMin)
                .with("volume_max", volumeMax)
                .with("start_date_min", startDateMin)
                .with("start_date_max", startDateMax)
                .with("end_date_min", endDateMin)
                .with("end_date_max", endDateMax);
        return q;
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
        if (relatedTags != null && relatedTags && tagId == null && tagSlug == null) {
            throw new IllegalArgumentException("relatedTags needs tagId or tagSlug");
        }
        // ids() of nothing selects nothing; sending no id parameter would select everything.
        if (ids != null && ids.isEmpty()) return Stream.empty();
        Pager pager = new Pager();
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(pager, Spliterator.ORDERED | Spliterator.NONNULL), false);
    }

    /** One row per event, one column per scalar field, plus {@code marketCount} and {@code tagSlugs}. */
    public Table table() {
        return EventTables.events(list());
    }

    /** One row per market, with its event's {@code eventId}, {@code eventSlug} and {@code eventTitle}. */
    public Table marketsTable() {
        return EventTables.markets(list());
    }

    /** One row per tag of each event, with the event's {@code eventId} and {@code eventSlug}. */
    public Table tagsTable() {
        return EventTables.tags(list());
    }

    /** Walks the pages; stops at the end of the data or the caller's limit, and never silently earlier. */
    private final class Pager implements Iterator<Event> {
        private final Progress.Listener listener = progress != null ? progress : Progress.defaultListener();
        private final Set<String> seen = new LinkedHashSet<>();
        private final Query filters = filters();
        private List<Event> page = List.of();
        private int index;
        private int delivered;
        private int requests;
        private boolean done;
        private Paging mode = offset != null ? Paging.OFFSET : paging;
        private String cursor;
        private int nextOffset = offset == null ? 0 : offset;

        @Override
        public boolean hasNext() {
            while (index >= page.size()) {
                if (done || (limit != null && delivered >= limit)) {
                    finish();
                    return false;
                }
                fetch();
            }
            return true;
        }

        @Override
        public Event next() {
            if (!hasNext()) throw new NoSuchElementException();
            delivered++;
            return page.get(index++);
        }

        private boolean reportedEnd;

        private void finish() {
            if (!reportedEnd) {
                reportedEnd = true;
                listener.onProgress(new Progress("events", delivered, delivered, "events", requests, true));
            }
        }

        private void fetch() {
            int want = limit == null ? pageSize : Math.min(pageSize, limit - delivered);
            if (want <= 0) {
                done = true;
                return;
            }
            Fetched f;
            for (int attempt = 1; ; attempt++) {
                try {
                    f = mode != Paging.OFFSET ? keysetPage(want) : offsetPage(want);
                    break;
                } catch (MalformedResponseException | ConnectionException | ServerException | RateLimitedException e) {
                    // Nothing moved (cursor and offset change only after a usable page): ask for the same page again.
                    if (attempt >= PAGE_ATTEMPTS) throw e;
                    pageFailures.accept(e);
                }
            }
            if (f == null) return; // no keyset form: offset paging from here
            List<Event> got = f.events();
            if (mode != Paging.OFFSET) {
                cursor = f.nextCursor();
                if (cursor == null) done = true;
            } else {
                nextOffset += got.size();
                // A short page is the last one: the service caps pages at 100, so ask again only on a full page.
                if (got.size() < Math.min(want, MAX_PAGE)) done = true;
            }
            // A server that ignores limit must not make limit(n) yield more than n; without a limit all it sent counts.
            int room = limit == null ? Integer.MAX_VALUE : limit - delivered;
            List<Event> fresh = new ArrayList<>(Math.min(got.size(), room));
            for (Event e : got) if (fresh.size() < room && seen.add(e.id())) fresh.add(e);
            page = fresh;
            index = 0;
            listener.onProgress(new Progress("events", delivered + fresh.size(),
                    limit == null ? -1 : limit, "events", requests, false));
        }

        private record Fetched(List<Event> events, String nextCursor) {
        }

        /** One keyset page, checked; null when the server has no keyset form (offset paging takes over). */
        private Fetched keysetPage(int want) {
            Query q = filters.with("limit", want).with("after_cursor", cursor);
            Call call = Call.get(Service.MARKETS, "/events/keyset", q);
            Response r;
            try {
                r = transport.send(call);
            } catch (NotFoundException e) {
                if (mode == Paging.KEYSET || cursor != null) throw e;
                mode = Paging.OFFSET; // the server has no keyset form
                return null;
            }
            requests++;
            EventReader.Page page = EventReader.page(transport, call, r, true);
            String nextCursor = page.nextCursor();
            if (nextCursor != null && nextCursor.equals(cursor)) {
                throw transport.malformed(call, r, "next_cursor did not advance (" + nextCursor + ")", null);
            }
            if (page.events().isEmpty() && nextCursor != null) {
                throw transport.malformed(call, r, "an empty page with a next_cursor", null);
            }
            return new Fetched(page.events(), nextCursor);
        }

        private Fetched offsetPage(int want) {
            Query q = filters.with("limit", want).with("offset", nextOffset);
            Call call = Call.get(Service.MARKETS, "/events", q);
            Response r = transport.send(call);
            requests++;
            return new Fetched(EventReader.page(transport, call, r, false).events(), null);
        }
    }
}
