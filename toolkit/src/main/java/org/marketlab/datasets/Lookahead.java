package org.marketlab.datasets;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * An iterator over elements read one ahead from a source that only says "next or nothing" (a result set, a batch
 * reader): {@link #read} is asked once per element and once more for the end, never after it.
 */
abstract class Lookahead<T> implements Iterator<T> {

    private T next;
    private boolean done;

    /** The next element, or null at the end. */
    abstract T read();

    /** Ends the iteration: nothing more is read. */
    final void end() {
        done = true;
        next = null;
    }

    @Override
    public final boolean hasNext() {
        if (next != null) return true;
        if (done) return false;
        next = read();
        if (next == null) done = true;
        return next != null;
    }

    @Override
    public final T next() {
        if (!hasNext()) throw new NoSuchElementException();
        T t = next;
        next = null;
        return t;
    }
}
