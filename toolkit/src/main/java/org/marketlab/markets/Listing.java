package org.marketlab.markets;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.http.Call;
import org.marketlab.http.Query;
import org.marketlab.http.Response;
import org.marketlab.http.Transport;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * One offset-paged listing of the market-data interface (immutable): its path, its record type and one
 * parameter store. The typed queries ({@link MarketsQuery}, {@link TagsQuery}, {@link SeriesQuery},
 * {@link CommentsQuery}) are setters over it. Pages of at most 100 are read until a short page or the caller's
 * limit; the service refuses offsets past 2,000, so a longer listing ends with that refusal (narrow it).
 */
final class Listing<T> {

    static final int MAX_PAGE = 100;

    private final Transport transport;
    private final String path;
    private final Class<T> type;
    private final Query filters;
    private final Integer limit;
    private final int offset;
    private final int pageSize;
    private final Progress.Listener progress;

    Listing(Transport transport, String path, Class<T> type) {
        this(transport, path, type, Query.empty(), null, 0, MAX_PAGE, null);
    }

    private Listing(Transport transport, String path, Class<T> type, Query filters, Integer limit, int offset,
                    int pageSize, Progress.Listener progress) {
        this.transport = transport;
        this.path = path;
        this.type = type;
        this.filters = filters;
        this.limit = limit;
        this.offset = offset;
        this.pageSize = pageSize;
        this.progress = progress;
    }

    /** Sets one parameter ({@code null} removes it). */
    Listing<T> with(String name, Object value) {
        return new Listing<>(transport, path, type, filters.replacing(name, value), limit, offset, pageSize, progress);
    }

    /** Sets a repeated parameter to these values (empty removes it). */
    Listing<T> withEach(String name, Collection<?> values) {
        return new Listing<>(transport, path, type, filters.replacing(name, null).withEach(name, values), limit, offset, pageSize, progress);
    }

    Listing<T> limit(int limit) {
        if (limit < 0) throw new IllegalArgumentException("limit must be 0 or more, was " + limit);
        return new Listing<>(transport, path, type, filters, limit, offset, pageSize, progress);
    }

    Listing<T> offset(int offset) {
        if (offset < 0) throw new IllegalArgumentException("offset must be 0 or more, was " + offset);
        return new Listing<>(transport, path, type, filters, limit, offset, pageSize, progress);
    }

    Listing<T> pageSize(int pageSize) {
        if (pageSize < 1 || pageSize > MAX_PAGE) {
            throw new IllegalArgumentException("pageSize must be 1 to " + MAX_PAGE + " (the service caps a page at " + MAX_PAGE + "), was " + pageSize);
        }
        return new Listing<>(transport, path, type, filters, limit, offset, pageSize, progress);
    }

    Listing<T> onProgress(Progress.Listener listener) {
        return new Listing<>(transport, path, type, filters, limit, offset, pageSize, Objects.requireNonNull(listener, "listener"));
    }

    /** The parameters sent (without paging). */
    Query filters() {
        return filters;
    }

    Transport transport() {
        return transport;
    }

    List<T> list() {
        List<T> out = new ArrayList<>();
        stream().forEach(out::add);
        return out;
    }

    Stream<T> stream() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(new Pager(), Spliterator.ORDERED | Spliterator.NONNULL), false);
    }

    private final class Pager implements Iterator<T> {
        private final Progress.Listener listener = progress != null ? progress : Progress.defaultListener();
        private final String what = path.substring(1);
        private List<T> page = List.of();
        private int index, delivered, requests, next = offset;
        private boolean done, reported;

        @Override
        public boolean hasNext() {
            while (index >= page.size()) {
                if (done || (limit != null && delivered >= limit)) {
                    if (!reported) {
                        reported = true;
                        listener.onProgress(new Progress(what, delivered, delivered, what, requests, true));
                    }
                    return false;
                }
                fetch();
            }
            return true;
        }

        @Override
        public T next() {
            if (!hasNext()) throw new NoSuchElementException();
            delivered++;
            return page.get(index++);
        }

        private void fetch() {
            int want = limit == null ? pageSize : Math.min(pageSize, limit - delivered);
            Call call = Call.get(Service.MARKETS, path, filters.with("limit", want).with("offset", next));
            Response r = transport.send(call);
            requests++;
            JsonNode body = transport.parse(call, r);
            page = EventReader.many(transport, call, r, body, type);
            index = 0;
            next += page.size();
            if (page.size() < want) done = true;
            listener.onProgress(new Progress(what, delivered + page.size(), limit == null ? -1 : limit, what, requests, false));
        }
    }
}
