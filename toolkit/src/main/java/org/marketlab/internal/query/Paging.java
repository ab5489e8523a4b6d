package org.marketlab.internal.query;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * How an endpoint pages: where the first page starts, and how one page is asked for and where the next starts. The
 * service's ways: one answer ({@link #single()}), {@code limit}/{@code offset} ({@link #offset}), the order book's
 * {@code next_cursor} ({@link #cursor}), and a moving {@code end_timestamp} ({@link #endTimestamp}). A paging reads
 * the page's envelope; the endpoint's {@link Endpoint.Rows} read its rows.
 */
public interface Paging {

    /** The position of the first page of {@code read}. */
    Object first(Read<?> read);

    /** Reads the page at {@code position}; {@code wanted} is how many items are still wanted (-1: all). */
    <T> Pager.Page<T, Object> page(Read<T> read, Object position, int wanted);

    /** The largest page the service gives ({@link Read#pageSize} may ask for less), 0 where pages have no size. */
    default int maxPage() {
        return 0;
    }

    /** One answer, an array of rows: no paging. */
    static Paging single() {
        return new Paging() {
            @Override
            public Object first(Read<?> read) {
                return 0;
            }

            @Override
            public <T> Pager.Page<T, Object> page(Read<T> read, Object position, int wanted) {
                Document d = read.send(read.params());
                return Pager.Page.last(read.endpoint().rows().read(d, d.tree()));
            }
        };
    }

    /**
     * {@code limit} and {@code offset}, pages of at most {@code maxPage}, a bare array each; a short page is the last
     * (the service never gives more than it was asked for, nor more than {@code maxPage}).
     */
    static Paging offset(int maxPage) {
        return new Paging() {
            @Override
            public Object first(Read<?> read) {
                return read.start() == null ? 0 : read.start();
            }

            @Override
            public <T> Pager.Page<T, Object> page(Read<T> read, Object position, int wanted) {
                int size = read.pageSize() == null ? maxPage : read.pageSize();
                int want = wanted < 0 ? size : Math.min(size, wanted);
                int at = ((Number) position).intValue();
                Document d = read.send(read.params().with("limit", want).with("offset", at));
                List<T> items = read.endpoint().rows().read(d, d.tree());
                return new Pager.Page<>(items, items.size() < want ? null : at + items.size());
            }

            @Override
            public int maxPage() {
                return maxPage;
            }
        };
    }

    /**
     * The order book's cursor pages ({@code {data, next_cursor}}): from {@code first} until the answer's cursor is
     * {@code end}, empty, or does not move.
     */
    static Paging cursor(String first, String end) {
        return new Paging() {
            @Override
            public Object first(Read<?> read) {
                return first;
            }

            @Override
            public <T> Pager.Page<T, Object> page(Read<T> read, Object position, int wanted) {
                String cursor = (String) position;
                Document d = read.send(read.params().with("next_cursor", cursor));
                JsonNode n = d.tree();
                JsonNode data = n.isArray() ? n : n.get("data");
                if (data == null || !data.isArray()) throw d.malformed("a page has a data array", null);
                List<T> rows = read.endpoint().rows().read(d, data);
                String next = n.isArray() ? null : n.path("next_cursor").asText(null);
                if (next == null || next.isEmpty() || next.equals(end) || next.equals(cursor) || data.isEmpty()) next = null;
                return new Pager.Page<>(rows, next);
            }
        };
    }

    /**
     * A history paged by time ({@code {data, more}}), newest first, the way the official client pages past the
     * service's cap: {@code start_timestamp} stays (0, the whole history, unless given), {@code end_timestamp}
     * moves to the last entry's time (inclusive; the read's start time unless given, so entries arriving meanwhile
     * cannot shift the pages), and the entries repeated at that boundary are dropped by the endpoint's key. If more
     * than a page of entries share one time the read cannot move past them without a gap, and says so instead.
     *
     * @param time an entry's paging time (required of every entry)
     */
    static <E> Paging endTimestamp(Function<E, Instant> time) {
        return new Paging() {
            @Override
            public Object first(Read<?> read) {
                Long end = read.params().get("end_timestamp");
                return end != null ? end : read.clock().currentTimeMillis();
            }

            @Override
            @SuppressWarnings("unchecked")
            public <T> Pager.Page<T, Object> page(Read<T> read, Object position, int wanted) {
                long at = ((Number) position).longValue();
                Long from = read.params().get("start_timestamp");
                long start = from == null ? 0 : from;
                Document r = read.send(read.params().with("start_timestamp", start).with("end_timestamp", at));
                JsonNode body = r.tree();
                JsonNode data = body.get("data");
                JsonNode hasMore = body.get("more");
                if (data == null || !data.isArray() || hasMore == null || !hasMore.isBoolean()) {
                    throw r.malformed("expected {\"data\": [...], \"more\": true|false}", null);
                }
                String name = read.endpoint().name();
                List<T> items = read.endpoint().rows().read(r, data);
                Function<T, Instant> timeOf = (Function<T, Instant>) (Function<?, Instant>) time;
                for (T item : items) {
                    if (timeOf.apply(item) == null) throw r.malformed("an entry of " + name + " has no time (its paging time is required)", null);
                }
                if (!hasMore.asBoolean() || items.isEmpty()) return Pager.Page.last(items);
                long next = timeOf.apply(items.get(items.size() - 1)).toEpochMilli();
                if (next < start) return Pager.Page.last(items); // past the start: nothing older is wanted
                if (next == at && items.stream().allMatch(e -> timeOf.apply(e).toEpochMilli() == at)) {
                    throw new IllegalStateException("cannot page " + name + " past " + Instant.ofEpochMilli(next) + ": more than a page of"
                            + " entries share that time, and the service pages by time; read a narrower window with from/to");
                }
                return new Pager.Page<>(items, next);
            }
        };
    }

    /**
     * The Data API's two versions of a read, one parameter store for both: v2 ({@code {data, pagination: {has_more,
     * next_cursor}}}, pages of up to {@code v2Max} by cursor, the parameters re-sent with each cursor) by default, v1
     * (bare arrays, {@code limit}/{@code offset} up to {@value #DATA_V1_MAX_OFFSET}) when the parameter
     * {@value #DATA_V1} is {@code true}. A parameter's v1 spelling is stored as {@code v1.name}, its v2 spelling as
     * the name itself; names beginning with {@code $} are the query's own and never sent. Rows whose time (by
     * {@code time}, may be null) lies outside {@code $from}/{@code $to} (Instants) are dropped: the v1 routes cannot
     * filter by time themselves.
     */
    static <E> Paging dataApi(int v2Max, String v1Path, int v1Max, Function<E, Instant> time) {
        return new Paging() {
            @Override
            public Object first(Read<?> read) {
                return Boolean.TRUE.equals(read.params().get(DATA_V1)) ? (Object) 0 : "";
            }

            @Override
            public <T> Pager.Page<T, Object> page(Read<T> read, Object position, int wanted) {
                return position instanceof String cursor ? v2(read, cursor, wanted) : v1(read, ((Number) position).intValue(), wanted);
            }

            private <T> Pager.Page<T, Object> v2(Read<T> read, String cursor, int wanted) {
                Params p = read.params().renamed(n -> n.startsWith("$") || n.startsWith("v1.") ? null : n)
                        .with("limit", size(read, v2Max, wanted));
                if (!cursor.isEmpty()) p = p.with("cursor", cursor);
                Document doc = read.send(p);
                JsonNode n = doc.tree();
                JsonNode data = n.get("data");
                List<T> rows = List.of();
                if (data != null && data.isArray()) rows = kept(read, read.endpoint().rows().read(doc, data));
                else if (data != null && !data.isNull()) throw doc.malformed("a v2 page's data is an array or null", null);
                JsonNode pg = n.path("pagination");
                String next = pg.path("has_more").asBoolean(false) ? pg.path("next_cursor").asText(null) : null;
                if (next != null && (next.isEmpty() || next.equals(cursor))) next = null;
                return new Pager.Page<>(rows, next);
            }

            private <T> Pager.Page<T, Object> v1(Read<T> read, int offset, int wanted) {
                int size = size(read, v1Max, wanted);
                if (offset > DATA_V1_MAX_OFFSET) return Pager.Page.last(List.of());
                Params p = read.params().renamed(n -> n.startsWith("v1.") ? n.substring(3) : null).with("limit", size).with("offset", offset);
                Document doc = read.send(v1Path, p);
                JsonNode n = doc.tree();
                if (!n.isArray()) throw doc.malformed("a v1 page is an array", null);
                List<T> rows = kept(read, read.endpoint().rows().read(doc, n));
                int next = offset + n.size();
                boolean more = n.size() >= size && next <= DATA_V1_MAX_OFFSET;
                return new Pager.Page<>(rows, more ? next : null);
            }

            private int size(Read<?> read, int max, int wanted) {
                int size = read.pageSize() == null ? max : Math.min(read.pageSize(), max);
                return wanted < 0 ? size : Math.max(1, Math.min(size, wanted));
            }

            @SuppressWarnings("unchecked")
            private <T> List<T> kept(Read<T> read, List<T> rows) {
                Instant from = read.params().get("$from"), to = read.params().get("$to");
                if (time == null || (from == null && to == null)) return rows;
                Function<T, Instant> timeOf = (Function<T, Instant>) (Function<?, Instant>) time;
                List<T> out = new java.util.ArrayList<>(rows.size());
                for (T r : rows) {
                    Instant t = timeOf.apply(r);
                    if ((from == null || !t.isBefore(from)) && (to == null || !t.isAfter(to))) out.add(r);
                }
                return out;
            }
        };
    }

    /** The parameter that makes a {@link #dataApi} read take its v1 route. */
    String DATA_V1 = "$v1";
    /** The largest offset the Data API's v1 routes take. */
    int DATA_V1_MAX_OFFSET = 10_000;
}
