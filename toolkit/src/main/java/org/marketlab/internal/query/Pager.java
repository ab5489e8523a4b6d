package org.marketlab.internal.query;

import org.marketlab.config.Progress;
import org.marketlab.http.ConnectionException;
import org.marketlab.http.MalformedResponseException;
import org.marketlab.http.ServerException;
import org.marketlab.http.ServiceException;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The one pager: walks the pages of a read lazily, whatever the service's way of paging (offset, keyset cursor,
 * cursor, or a moving end timestamp), stops at the end of the data or at a limit and never silently earlier, drops
 * items repeated across pages by their key, and reports progress.
 *
 * <p>The way of paging is the {@link Fetch}: given the position (an offset, a cursor, a timestamp: whatever the
 * read's own type {@code P} is) and how many items are still wanted, it reads one page and says where the next one
 * starts, or that there is none.
 *
 * @param <T> the items
 * @param <P> the position of a page
 */
public final class Pager<T, P> {

    /** One page: its items, and the position of the next page ({@code null}: this was the last). */
    public record Page<T, P>(List<T> items, P next) {
        public Page {
            items = List.copyOf(items);
        }

        public static <T, P> Page<T, P> last(List<T> items) {
            return new Page<>(items, null);
        }
    }

    /** Reads the page at {@code position}; {@code wanted} is how many items are still wanted (-1: all). */
    @FunctionalInterface
    public interface Fetch<T, P> {
        Page<T, P> page(P position, int wanted);
    }

    private final String name;
    private final String unit;
    private final P first;
    private final Fetch<T, P> fetch;
    private final Function<T, ?> key;
    private final Integer limit;
    private final Progress.Listener listener;
    private final int attempts;
    private final Consumer<ServiceException> failures;

    private Pager(String name, String unit, P first, Fetch<T, P> fetch, Function<T, ?> key, Integer limit, Progress.Listener listener) {
        this(name, unit, first, fetch, key, limit, listener, 1, e -> { });
    }

    private Pager(String name, String unit, P first, Fetch<T, P> fetch, Function<T, ?> key, Integer limit, Progress.Listener listener,
                  int attempts, Consumer<ServiceException> failures) {
        this.name = name;
        this.unit = unit;
        this.first = first;
        this.fetch = fetch;
        this.key = key;
        this.limit = limit;
        this.listener = listener;
        this.attempts = attempts;
        this.failures = failures;
    }

    /**
     * Asks for a page again, up to {@code attempts} times in all, when its answer was unusable (malformed or cut
     * off), did not come, or was a server error; {@code failures} is
     * told of each failure before the page is asked again (the last one ends the read instead). The position does not
     * move until a page is usable, so nothing is skipped or repeated. A {@code 429} that outlasted the transport's
     * budget for rate-limit waits ends the read at once: asking again would only wait that budget out again.
     */
    public Pager<T, P> reask(int attempts, Consumer<ServiceException> failures) {
        if (attempts < 1) throw new IllegalArgumentException("attempts must be 1 or more, was " + attempts);
        return new Pager<>(name, unit, first, fetch, key, limit, listener, attempts, Objects.requireNonNull(failures));
    }

    /**
     * A pager named {@code name} (for progress: "events", "withdrawals") counting {@code unit}s, starting at
     * {@code first}.
     */
    public static <T, P> Pager<T, P> of(String name, String unit, P first, Fetch<T, P> fetch) {
        return new Pager<>(Objects.requireNonNull(name), Objects.requireNonNull(unit), first, Objects.requireNonNull(fetch), null, null, null);
    }

    /** Drops an item whose key an earlier item had (pages that overlap at their boundary). */
    public Pager<T, P> distinctBy(Function<T, ?> key) {
        return new Pager<>(name, unit, first, fetch, Objects.requireNonNull(key), limit, listener, attempts, failures);
    }

    /** At most {@code limit} items ({@code null}: all). */
    public Pager<T, P> limit(Integer limit) {
        if (limit != null && limit < 0) throw new IllegalArgumentException("limit must be 0 or more, was " + limit);
        return new Pager<>(name, unit, first, fetch, key, limit, listener, attempts, failures);
    }

    /** Reports to {@code listener} ({@code null}: the default listener). */
    public Pager<T, P> progress(Progress.Listener listener) {
        return new Pager<>(name, unit, first, fetch, key, limit, listener, attempts, failures);
    }

    /**
     * The items, a page read when the items before it are consumed. The read's last progress report comes when the
     * items run out or, for a reader that stops before (a {@code limit} or a {@code findFirst} downstream), when the
     * stream is closed: close it (try-with-resources) to end the task's progress where the reading ended.
     */
    public Stream<T> stream() {
        Walk walk = new Walk();
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(walk, Spliterator.ORDERED | Spliterator.NONNULL), false)
                .onClose(walk::end);
    }

    /** Every item. */
    public List<T> list() {
        List<T> out = new ArrayList<>();
        stream().forEach(out::add);
        return out;
    }

    private final class Walk implements Iterator<T> {
        private final Progress.Listener progress = listener != null ? listener : Progress.defaultListener();
        private final Set<Object> seen = key != null ? new HashSet<>() : null;
        private final ArrayDeque<T> buffer = new ArrayDeque<>();
        private P position = first;
        private boolean more = true;
        private boolean reported;
        private int requests;
        private long delivered;

        @Override
        public boolean hasNext() {
            while (buffer.isEmpty() && more && (limit == null || delivered < limit)) fetch();
            if (buffer.isEmpty()) end();
            return !buffer.isEmpty();
        }

        /** The task's last report, once: the items delivered are all it read, whether the data ran out or the reader stopped. */
        void end() {
            if (reported) return;
            reported = true;
            progress.onProgress(new Progress(name, delivered, delivered, unit, requests, true));
        }

        @Override
        public T next() {
            if (!hasNext()) throw new NoSuchElementException();
            delivered++;
            return buffer.poll();
        }

        private void fetch() {
            int wanted = limit == null ? -1 : (int) Math.min(Integer.MAX_VALUE, limit - delivered);
            Page<T, P> page;
            for (int attempt = 1; ; attempt++) {
                try {
                    page = fetch.page(position, wanted);
                    break;
                } catch (MalformedResponseException | ConnectionException | ServerException e) {
                    if (attempt >= attempts) throw e;
                    failures.accept(e);
                }
            }
            requests++;
            for (T item : page.items()) {
                if (limit != null && delivered + buffer.size() >= limit) break;
                if (seen == null || seen.add(key.apply(item))) buffer.add(item);
            }
            more = page.next() != null;
            position = page.next();
            progress.onProgress(new Progress(name, delivered + buffer.size(), limit == null ? -1 : limit, unit, requests, false));
        }
    }
}
