package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Progress;
import org.marketlab.internal.query.Pager;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Query;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * One history read (immutable), paged past the service's 100-entry cap the way the official client pages:
 * {@code start_timestamp} stays, {@code end_timestamp} moves to the last entry's time (inclusive), and the entries
 * repeated at that boundary are dropped by their key. Both ends are always sent: the start defaults to 0 (the
 * whole history), the end to the time the read began, so entries arriving meanwhile cannot shift the pages.
 * Newest first. If more than a page of entries share one time the read cannot move past them without a gap, and
 * says so instead.
 */
final class History<T extends Record> {

    /** What differs between the histories. */
    record Kind<T>(String path, String name, Class<T> type, Function<T, Instant> time, Function<T, Object> key) {
    }

    private final PerpsSession session;
    private final Kind<T> kind;
    private final Query filters;
    private final Instant from, to;
    private final Progress.Listener listener;

    History(PerpsSession session, Kind<T> kind) {
        this(session, kind, Query.empty(), null, null, null);
    }

    private History(PerpsSession session, Kind<T> kind, Query filters, Instant from, Instant to, Progress.Listener listener) {
        if (from != null && to != null && from.isAfter(to)) {
            throw new IllegalArgumentException("from (" + from + ") is after to (" + to + "): nothing can match");
        }
        if (from != null && from.isBefore(Instant.EPOCH)) throw new IllegalArgumentException("from must not be before 1970, was " + from);
        this.session = session;
        this.kind = kind;
        this.filters = filters;
        this.from = from;
        this.to = to;
        this.listener = listener;
    }

    PerpsSession session() {
        return session;
    }

    History<T> filter(String name, Object value) {
        return new History<>(session, kind, filters.replacing(name, value), from, to, listener);
    }

    History<T> from(Instant from) {
        return new History<>(session, kind, filters, Objects.requireNonNull(from, "from"), to, listener);
    }

    History<T> to(Instant to) {
        return new History<>(session, kind, filters, from, Objects.requireNonNull(to, "to"), listener);
    }

    History<T> onProgress(Progress.Listener listener) {
        return new History<>(session, kind, filters, from, to, Objects.requireNonNull(listener, "listener"));
    }

    List<T> list() {
        return pager().list();
    }

    Stream<T> stream() {
        return pager().stream();
    }

    Table table() {
        return RecordTable.of(kind.type()).table(kind.name(), list());
    }

    /** The pages: the position is {@code end_timestamp}, moved to the last entry's time after each full page. */
    private Pager<T, Long> pager() {
        long start = from != null ? from.toEpochMilli() : 0;
        long end = (to != null ? to : Instant.ofEpochMilli(session.requests().transport().clock().currentTimeMillis())).toEpochMilli();
        Pager.Fetch<T, Long> fetch = (at, wanted) -> {
            Query q = filters.replacing("start_timestamp", start).replacing("end_timestamp", at);
            Document r = session.requests().read(kind.path(), q, Weights.HISTORY_PAGE);
            JsonNode body = r.tree();
            JsonNode data = body.get("data");
            JsonNode hasMore = body.get("more");
            if (data == null || !data.isArray() || hasMore == null || !hasMore.isBoolean()) {
                throw r.malformed("expected {\"data\": [...], \"more\": true|false}", null);
            }
            List<T> items = new ArrayList<>(data.size());
            int i = 0;
            for (JsonNode n : data) items.add(r.read(n, kind.type(), kind.name() + " entry " + i++));
            if (!hasMore.asBoolean() || items.isEmpty()) return Pager.Page.last(items);
            long next = kind.time().apply(items.get(items.size() - 1)).toEpochMilli();
            if (next < start) return Pager.Page.last(items); // past the start: nothing older is wanted
            if (next == at && items.stream().allMatch(e -> kind.time().apply(e).toEpochMilli() == at)) {
                throw new IllegalStateException("cannot page " + kind.name() + " past " + Instant.ofEpochMilli(next) + ": more than a page of"
                        + " entries share that time, and the service pages by time; read a narrower window with from/to");
            }
            return new Pager.Page<>(items, next);
        };
        return Pager.of(kind.name(), "entries", end, fetch).distinctBy(kind.key()).progress(listener);
    }
}
