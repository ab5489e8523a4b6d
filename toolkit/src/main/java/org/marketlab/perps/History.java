package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.http.Call;
import org.marketlab.http.Query;
import org.marketlab.http.Response;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

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

    History<T> filter(String name, Object value) {
        return new History<>(session, kind, filters.replacing(name, value), from, to, listener);
    }

    History<T> from(Instant from) {
        return new History<>(session, kind, filters, org.marketlab.internal.Args.notNull(from, "from"), to, listener);
    }

    History<T> to(Instant to) {
        return new History<>(session, kind, filters, from, org.marketlab.internal.Args.notNull(to, "to"), listener);
    }

    History<T> onProgress(Progress.Listener listener) {
        return new History<>(session, kind, filters, from, to, org.marketlab.internal.Args.notNull(listener, "listener"));
    }

    List<T> list() {
        List<T> out = new ArrayList<>();
        stream().forEach(out::add);
        return out;
    }

    Stream<T> stream() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(new Pages(), Spliterator.ORDERED | Spliterator.NONNULL), false);
    }

    Table table() {
        return RecordTable.of(kind.type()).table(kind.name(), list());
    }

    /** Reads page after page as the entries are consumed. */
    private final class Pages implements Iterator<T> {
        private final ObjectReader reader = session.transport().json().readerFor(kind.type());
        private final Progress.Listener progress = listener != null ? listener : Progress.defaultListener();
        private final long start = from != null ? from.toEpochMilli() : 0;
        private long end = (to != null ? to : Instant.now()).toEpochMilli();
        private final Set<Object> seen = new HashSet<>();
        private final ArrayDeque<T> buffer = new ArrayDeque<>();
        private boolean more = true;
        private int requests;
        private long delivered;

        @Override
        public boolean hasNext() {
            while (buffer.isEmpty() && more) fetch();
            if (buffer.isEmpty() && requests > 0 && delivered >= 0) {
                progress.onProgress(new Progress(kind.name(), delivered, delivered, "entries", requests, true));
                delivered = -1; // reported once
            }
            return !buffer.isEmpty();
        }

        @Override
        public T next() {
            if (!hasNext()) throw new NoSuchElementException();
            delivered++;
            return buffer.poll();
        }

        private void fetch() {
            Query q = filters.replacing("start_timestamp", start).replacing("end_timestamp", end);
            Call call = Call.get(Service.PERPS, kind.path(), q);
            Response r = session.read(call, Weights.HISTORY_PAGE);
            requests++;
            JsonNode body = session.transport().parse(call, r);
            JsonNode data = body.get("data");
            JsonNode hasMore = body.get("more");
            if (data == null || !data.isArray() || hasMore == null || !hasMore.isBoolean()) {
                throw session.transport().malformed(call, r, "expected {\"data\": [...], \"more\": true|false}", null);
            }
            T last = null;
            int fresh = 0;
            for (JsonNode n : data) {
                T item;
                try {
                    item = reader.readValue(n);
                } catch (IOException e) {
                    throw session.transport().malformed(call, r, "an entry could not be read as " + kind.type().getSimpleName() + ": " + e.getMessage(), e);
                }
                if (kind.time().apply(item) == null) {
                    throw session.transport().malformed(call, r, "an entry of " + kind.name() + " has no time (its paging time is required)", null);
                }
                last = item;
                if (seen.add(kind.key().apply(item))) {
                    buffer.add(item);
                    fresh++;
                }
            }
            progress.onProgress(new Progress(kind.name(), Math.max(0, delivered) + buffer.size(), -1, "entries", requests, false));
            more = hasMore.asBoolean() && last != null;
            if (!more) return;
            long next = kind.time().apply(last).toEpochMilli();
            if (next < start) {
                more = false; // past the start: nothing older is wanted
            } else if (fresh == 0 && next == end) {
                throw new IllegalStateException("cannot page " + kind.name() + " past " + Instant.ofEpochMilli(next) + ": more than a page of"
                        + " entries share that time, and the service pages by time; read a narrower window with from/to");
            } else {
                end = next;
            }
        }
    }
}
