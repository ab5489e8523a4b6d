package org.marketlab.internal.live;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The listeners a feed keeps for one kind of message, in the order they were added. A feed tells them from its own
 * thread; they may be added from any thread at any time.
 */
public final class Listeners<T> {

    private final List<Consumer<? super T>> all = new CopyOnWriteArrayList<>();

    /** Adds {@code listener} (not null). */
    public void add(Consumer<? super T> listener) {
        all.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Whether none is listening (so that a feed builds no message for nobody). */
    public boolean isEmpty() {
        return all.isEmpty();
    }

    /** Hands {@code value} to each listener in turn; one that throws stops the rest, and the exception reaches the caller. */
    public void tell(T value) {
        for (Consumer<? super T> l : all) l.accept(value);
    }

    /** Hands {@code value} to every listener; one that throws is passed over (a listener's trouble is its own). */
    public void tellEach(T value) {
        for (Consumer<? super T> l : all) {
            try {
                l.accept(value);
            } catch (RuntimeException ignored) {
                // the others are still told
            }
        }
    }
}
