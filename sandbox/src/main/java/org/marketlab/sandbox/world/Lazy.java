package org.marketlab.sandbox.world;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value made once, on first use, by whichever thread asks first; the others wait for it and all get the same
 * object. For the sandbox's parts that a start need not wait for (the world's events, indexes, derived addresses).
 */
public final class Lazy<T> implements Supplier<T> {

    private final Supplier<? extends T> make;
    private volatile T value;

    public Lazy(Supplier<? extends T> make) {
        this.make = Objects.requireNonNull(make);
    }

    @Override
    public T get() {
        T v = value;
        if (v != null) return v;
        synchronized (this) {
            if (value == null) value = Objects.requireNonNull(make.get(), "a lazy part made nothing");
            return value;
        }
    }

    /** Whether the value has been made. */
    public boolean isMade() {
        return value != null;
    }
}
