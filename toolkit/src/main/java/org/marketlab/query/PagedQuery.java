package org.marketlab.query;

import org.marketlab.config.Progress;
import org.marketlab.internal.query.Read;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What every paged query of the toolkit does, whatever it reads: it is immutable (each setter returns a new query),
 * sends nothing until a terminal call, and then reads every page, or up to {@link #limit(int)} items.
 *
 * <pre>{@code
 * Markets.tags().limit(20).table();                 // one page of 20
 * session.fills().from(yesterday).stream()          // pages read as the stream is consumed
 *        .filter(f -> Boolean.TRUE.equals(f.taker())).count();
 * }</pre>
 *
 * @param <Q> the query's own type (what its setters return)
 * @param <T> the record of one item
 */
public abstract class PagedQuery<Q extends PagedQuery<Q, T>, T> {

    private final Read<T> read;
    private final Function<Read<T>, Q> make;

    /** A query over {@code read}; {@code make} makes one of the same type over a changed read. */
    protected PagedQuery(Read<T> read, Function<Read<T>, Q> make) {
        this.read = Objects.requireNonNull(read, "read");
        this.make = Objects.requireNonNull(make, "make");
    }

    /** At most this many items in all; without it, every matching item. */
    public Q limit(int limit) {
        return make.apply(read.limit(limit));
    }

    /** Reports the pages read to {@code listener} instead of the default listener. */
    public Q onProgress(Progress.Listener listener) {
        return make.apply(read.progress(listener));
    }

    /** Every matching item (up to the limit), in the service's order. */
    public List<T> list() {
        return read.list();
    }

    /**
     * The matching items, a page read when the items before it are consumed. A reader that stops before the end
     * ({@code limit}, {@code findFirst}) closes the stream (try-with-resources) to end the read's progress there; a
     * kernel cell ends it anyway when the cell ends.
     */
    public Stream<T> stream() {
        return read.stream();
    }

    /** One row per item, one column per field of its record. */
    public Table table() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        RecordTable<?> t = RecordTable.of((Class) read.endpoint().type());
        return tableOf(t, list());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Table tableOf(RecordTable t, List<T> items) {
        return t.table(read.endpoint().name(), items);
    }

    /** The request this query sends, without paging: {@code GET /tags?order=volume}. */
    @Override
    public String toString() {
        return read.toString();
    }

    /** The read behind this query, for a change that is more than a parameter (another route of the endpoint). */
    protected final Read<T> read() {
        return read;
    }

    /** The same pages for a harvest ({@code org.marketlab.datasets.Harvest}): a position is where a page starts. */
    protected final org.marketlab.datasets.Harvest.Source<T> harvestSource() {
        Read<T> r = read;
        return (position, wanted) -> {
            org.marketlab.internal.query.Pager.Page<T, Object> p =
                    r.endpoint().paging().page(r, position == null ? r.endpoint().paging().first(r) : position, wanted);
            return new org.marketlab.datasets.Harvest.Page<>(p.items(), p.next());
        };
    }

    /** The endpoint and every parameter, a query's own included: what a harvest folder records as its query. */
    protected final String describe() {
        return read.endpoint() + "?" + read.params();
    }

    /** This query over a changed read (a change that is more than a parameter). */
    protected final Q withRead(java.util.function.UnaryOperator<Read<T>> change) {
        return make.apply(change.apply(read));
    }

    /** This query with one more parameter ({@code null} removes it; a list repeats the name). */
    protected final Q with(String name, Object value) {
        return make.apply(read.with(name, value));
    }

    /** The value of a parameter set, or {@code null}. */
    protected final <V> V param(String name) {
        return read.params().get(name);
    }

    /** Whether a parameter is set. */
    protected final boolean has(String name) {
        return read.params().has(name);
    }

    /** Items per page (for the endpoints whose pages have a size). */
    protected final Q withPageSize(int pageSize) {
        return make.apply(read.pageSize(pageSize));
    }

    /** The first page at {@code offset} (for offset-paged endpoints). */
    protected final Q withOffset(int offset) {
        return make.apply(read.start(offset));
    }

    /**
     * Refuses a range whose low end lies above its high end ({@code volume_num_min} above {@code volume_num_max}),
     * naming both as the user wrote them.
     */
    protected final void checkRange(String min, String max, String minName, String maxName) {
        read.params().checkRange(min, max, minName, maxName);
    }
}
