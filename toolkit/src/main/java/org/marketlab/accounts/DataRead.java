package org.marketlab.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.internal.query.Pager;
import org.marketlab.internal.query.Params;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Transport;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * One Data API read, in either version: v2 ({@code {data, pagination: {has_more, next_cursor}}}, cursor-only, the
 * filters re-sent with each cursor) or v1 (bare arrays, {@code limit}/{@code offset}, offsets up to
 * {@value #V1_MAX_OFFSET}). The filters are kept in both spellings; {@code keep} filters rows the v1 route cannot
 * (a time window).
 */
final class DataRead<T> {

    static final int V1_MAX_OFFSET = 10_000;

    record Route(String path, int maxPage) {
    }

    final Transport transport;
    final boolean v1;
    final Route v2Route;
    final Route v1Route;
    final Params v2;
    final Params v1Params;
    final BiFunction<Document, JsonNode, T> row;
    final Predicate<T> keep;
    final Integer limit;
    final Progress.Listener progress;
    final String name;

    DataRead(Transport transport, String name, Route v2Route, Route v1Route, BiFunction<Document, JsonNode, T> row) {
        this(transport, name, false, v2Route, v1Route, Params.empty(), Params.empty(), row, t -> true, null, null);
    }

    private DataRead(Transport transport, String name, boolean v1, Route v2Route, Route v1Route, Params v2, Params v1Params,
                     BiFunction<Document, JsonNode, T> row, Predicate<T> keep, Integer limit, Progress.Listener progress) {
        this.transport = transport;
        this.name = name;
        this.v1 = v1;
        this.v2Route = v2Route;
        this.v1Route = v1Route;
        this.v2 = v2;
        this.v1Params = v1Params;
        this.row = row;
        this.keep = keep;
        this.limit = limit;
        this.progress = progress;
    }

    /** Sets a filter in both spellings ({@code v1Name} null: v2 only). */
    DataRead<T> with(String v2Name, String v1Name, Object value) {
        return new DataRead<>(transport, name, v1, v2Route, v1Route, v2.with(v2Name, value), v1Name == null ? v1Params : v1Params.with(v1Name, value),
                row, keep, limit, progress);
    }

    /** Sets a filter of the v1 routes only. */
    DataRead<T> withV1(String v1Name, Object value) {
        return new DataRead<>(transport, name, v1, v2Route, v1Route, v2, v1Params.with(v1Name, value), row, keep, limit, progress);
    }

    DataRead<T> version1(boolean on) {
        return new DataRead<>(transport, name, on, v2Route, v1Route, v2, v1Params, row, keep, limit, progress);
    }

    DataRead<T> route(Route v2Route, Route v1Route, BiFunction<Document, JsonNode, T> row) {
        return new DataRead<>(transport, name, v1, v2Route, v1Route, v2, v1Params, row, keep, limit, progress);
    }

    /** Pages of at most {@code n} rows (up to each route's maximum). */
    DataRead<T> pageSize(int n) {
        if (n < 1) throw new IllegalArgumentException("pageSize must be 1 or more, was " + n);
        return new DataRead<>(transport, name, v1, new Route(v2Route.path(), Math.min(n, v2Route.maxPage())),
                new Route(v1Route.path(), Math.min(n, v1Route.maxPage())), v2, v1Params, row, keep, limit, progress);
    }

    DataRead<T> keep(Predicate<T> more) {
        return new DataRead<>(transport, name, v1, v2Route, v1Route, v2, v1Params, row, keep.and(more), limit, progress);
    }

    DataRead<T> limit(Integer n) {
        if (n != null && n < 0) throw new IllegalArgumentException("limit must be 0 or more, was " + n);
        return new DataRead<>(transport, name, v1, v2Route, v1Route, v2, v1Params, row, keep, n, progress);
    }

    DataRead<T> progress(Progress.Listener l) {
        return new DataRead<>(transport, name, v1, v2Route, v1Route, v2, v1Params, row, keep, limit, l);
    }

    <P> Pager<T, ?> pager() {
        if (v1) {
            return Pager.<T, Integer>of(name, name, 0, (offset, wanted) -> v1Page(offset, wanted)).limit(limit).progress(progress);
        }
        return Pager.<T, String>of(name, name, "", (cursor, wanted) -> v2Page(cursor, wanted)).limit(limit).progress(progress);
    }

    /** The same pages for a harvest: positions are the v2 cursor or the v1 offset. */
    org.marketlab.datasets.Harvest.Source<T> source() {
        if (v1) {
            return (position, wanted) -> {
                Pager.Page<T, Integer> p = v1Page(position == null ? 0 : ((Number) position).intValue(), wanted);
                return new org.marketlab.datasets.Harvest.Page<>(p.items(), p.next());
            };
        }
        return (position, wanted) -> {
            Pager.Page<T, String> p = v2Page(position == null ? "" : position.toString(), wanted);
            return new org.marketlab.datasets.Harvest.Page<>(p.items(), p.next());
        };
    }

    /** The route and filters read: what a harvest folder records as its query. */
    String describe() {
        return v1 ? v1Route.path() + "?" + v1Params : v2Route.path() + "?" + v2;
    }

    List<T> list() {
        return pager().list();
    }

    java.util.stream.Stream<T> stream() {
        return pager().stream();
    }

    private int pageSize(Route r, int wanted) {
        return wanted < 0 ? r.maxPage() : Math.max(1, Math.min(r.maxPage(), wanted));
    }

    private Pager.Page<T, String> v2Page(String cursor, int wanted) {
        Params p = v2.with("limit", pageSize(v2Route, wanted));
        if (!cursor.isEmpty()) p = p.with("cursor", cursor);
        Document doc = transport.send(Call.get(Service.DATA, v2Route.path(), p.toQuery()));
        JsonNode n = doc.tree();
        JsonNode data = n.get("data");
        List<T> rows = new ArrayList<>();
        if (data != null && data.isArray()) {
            for (JsonNode r : data) {
                T t = row.apply(doc, r);
                if (keep.test(t)) rows.add(t);
            }
        } else if (data != null && !data.isNull()) {
            throw doc.malformed("a v2 page's data is an array or null", null);
        }
        JsonNode pg = n.path("pagination");
        String next = pg.path("has_more").asBoolean(false) ? pg.path("next_cursor").asText(null) : null;
        if (next != null && (next.isEmpty() || next.equals(cursor))) next = null;
        return new Pager.Page<>(rows, next);
    }

    private Pager.Page<T, Integer> v1Page(int offset, int wanted) {
        int size = pageSize(v1Route, wanted);
        if (offset + size > V1_MAX_OFFSET + size) return Pager.Page.last(List.of());
        Params p = v1Params.with("limit", size).with("offset", offset);
        Document doc = transport.send(Call.get(Service.DATA, v1Route.path(), p.toQuery()));
        JsonNode n = doc.tree();
        if (!n.isArray()) throw doc.malformed("a v1 page is an array", null);
        List<T> rows = new ArrayList<>();
        for (JsonNode r : n) {
            T t = row.apply(doc, r);
            if (keep.test(t)) rows.add(t);
        }
        int next = offset + n.size();
        boolean more = n.size() >= size && next <= V1_MAX_OFFSET;
        return new Pager.Page<>(rows, more ? next : null);
    }
}
