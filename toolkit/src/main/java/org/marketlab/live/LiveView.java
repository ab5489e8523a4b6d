package org.marketlab.live;

/**
 * A value that changes while a live feed runs: a table of orders, fills or trades, a book, a chart. The kernel shows
 * one as an output that it redraws in place ({@code update_display_data}) whenever it changes, after the cell that
 * showed it has ended too; elsewhere {@link #now()} is the value at this moment.
 */
public interface LiveView<T> {

    /** The value now. */
    T now();

    /** What the view shows, for titles. */
    String title();

    /** Calls {@code onChange} after each change until the returned handle is closed (called on the feed's thread). */
    AutoCloseable subscribe(Runnable onChange);
}
