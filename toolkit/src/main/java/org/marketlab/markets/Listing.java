package org.marketlab.markets;

import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.internal.query.Pager;
import org.marketlab.internal.query.Params;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Transport;

import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

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
    private final Params filters;
    private final Integer limit;
    private final int offset;
    private final int pageSize;
    private final Progress.Listener progress;

    Listing(Transport transport, String path, Class<T> type) {
        this(transport, path, type, Params.empty(), null, 0, MAX_PAGE, null);
    }

    private Listing(Transport transport, String path, Class<T> type, Params filters, Integer limit, int offset,
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

    /** Sets one parameter ({@code null} removes it; a list repeats the name). */
    Listing<T> with(String name, Object value) {
        return new Listing<>(transport, path, type, filters.with(name, value), limit, offset, pageSize, progress);
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
    Params filters() {
        return filters;
    }

    List<T> list() {
        return pager().list();
    }

    Stream<T> stream() {
        return pager().stream();
    }

    private Pager<T, Integer> pager() {
        String name = path.substring(1);
        return Pager.<T, Integer>of(name, name, offset, (position, wanted) -> {
            int want = wanted < 0 ? pageSize : Math.min(pageSize, wanted);
            Document d = transport.send(Call.get(Service.MARKETS, path, filters.toQuery().with("limit", want).with("offset", position)));
            List<T> items = EventReader.many(d, d.tree(), type);
            return new Pager.Page<>(items, items.size() < want ? null : position + items.size());
        }).limit(limit).progress(progress);
    }

    @Override
    public String toString() {
        return "GET " + path + "?" + filters;
    }
}
