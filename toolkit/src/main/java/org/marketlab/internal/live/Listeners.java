package org.marketlab.internal.live;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The listeners a feed keeps, each for one type of value: a message record, a whole family of them (an interface they
 * share), or the feed's state. Every feed's typed {@code onX} setter is one call of {@link #on}, and every value the
 * feed hands out goes through {@link #tell} or {@link #tellEach}, so that the order in which listeners hear and what a
 * throwing one does are the same for every feed.
 *
 * <p>A value is told to the listeners of its own class first, then to those of the types it extends or implements, each
 * group in the order it was added. A feed tells them from its own thread; they may be added from any thread at any time.
 *
 * @param <F> the feed, which {@link #on} returns so that a feed's setters chain
 */
public final class Listeners<F> {

    private record Entry(Class<?> type, Consumer<Object> listener) {
    }

    private final F feed;
    private final List<Entry> all = new CopyOnWriteArrayList<>();

    /** The listeners of {@code feed} (none yet). */
    public Listeners(F feed) {
        this.feed = Objects.requireNonNull(feed, "feed");
    }

    /** Adds {@code listener} (not null) for the values of {@code type}, its subtypes included; returns the feed. */
    @SuppressWarnings("unchecked")
    public <T> F on(Class<T> type, Consumer<? super T> listener) {
        Objects.requireNonNull(listener, "listener");
        all.add(new Entry(type, (Consumer<Object>) listener));
        return feed;
    }

    /** Whether a value of {@code type} has a listener (so that a feed builds no message for nobody). */
    public boolean wants(Class<?> type) {
        if (all.isEmpty()) return false; // the common case, on every message of a feed nobody listens to
        for (Entry e : all) if (e.type().isAssignableFrom(type)) return true;
        return false;
    }

    /** Hands {@code value} to each of its listeners in turn; one that throws stops the rest, and the exception reaches the caller. */
    public void tell(Object value) {
        hand(value, false);
    }

    /** Hands {@code value} to every one of its listeners; one that throws is passed over (a listener's trouble is its own). */
    public void tellEach(Object value) {
        hand(value, true);
    }

    private void hand(Object value, boolean each) {
        if (all.isEmpty()) return;
        Class<?> own = value.getClass();
        for (Entry e : all) if (e.type() == own) accept(e, value, each);
        for (Entry e : all) if (e.type() != own && e.type().isInstance(value)) accept(e, value, each);
    }

    private static void accept(Entry e, Object value, boolean each) {
        if (!each) {
            e.listener().accept(value);
            return;
        }
        try {
            e.listener().accept(value);
        } catch (RuntimeException ignored) {
            // the others are still told
        }
    }
}
