package org.marketlab.live;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * The views of one feed and what tells them it changed: a feed calls {@link #changed()} after each change it applies,
 * and every {@link LiveView} made here hears it (the kernel then redraws them, a few times a second at most).
 */
public final class ChangeSignal {

    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    /** Tells every view's subscribers; their trouble stays theirs. */
    public void changed() {
        for (Runnable r : listeners) {
            try {
                r.run();
            } catch (RuntimeException ignored) {
                // a display's trouble is its own
            }
        }
    }

    /** A view of {@code now}'s value that redraws on this signal. */
    public <T> LiveView<T> view(String title, Supplier<T> now) {
        Objects.requireNonNull(now, "now");
        return new LiveView<>() {
            @Override
            public T now() {
                return now.get();
            }

            @Override
            public String title() {
                return title;
            }

            @Override
            public AutoCloseable subscribe(Runnable onChange) {
                listeners.add(onChange);
                return () -> listeners.remove(onChange);
            }

            @Override
            public String toString() {
                return String.valueOf(now.get());
            }
        };
    }
}
