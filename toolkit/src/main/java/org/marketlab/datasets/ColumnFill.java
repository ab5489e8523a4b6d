package org.marketlab.datasets;

import org.duckdb.DuckDBChunkedResult;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDataChunkReader;
import org.duckdb.DuckDBPreparedStatement;
import org.duckdb.DuckDBReadableVector;
import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DateColumn;
import tech.tablesaw.api.DateTimeColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.FloatColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.ShortColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.TimeColumn;
import tech.tablesaw.columns.Column;
import tech.tablesaw.columns.datetimes.PackedLocalDateTime;
import tech.tablesaw.columns.instant.PackedInstant;
import tech.tablesaw.columns.strings.ByteDictionaryMap;
import tech.tablesaw.columns.strings.NullDictionaryMap;

import java.lang.reflect.Array;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.function.BiFunction;

/**
 * A query's result read into Tablesaw columns a chunk at a time: the engine hands over vectors of up to 2,048 values
 * of a column, and each is copied with typed getters into a primitive array that becomes the column (no boxed value
 * and no per-row call through JDBC's row cursor). A text column the engine sends as codes of a dictionary becomes a
 * dictionary-encoded string column built from the codes, so each distinct text crosses from the engine once.
 */
final class ColumnFill {

    private ColumnFill() {
    }

    /** Where one result column goes. */
    abstract static class Sink {
        final String name;
        int size;

        Sink(String name) {
            this.name = name;
        }

        /** Copies {@code n} values of the vector to rows {@code size ...}. */
        abstract void take(DuckDBReadableVector v, int n);

        /** The result columns this sink reads, from {@code at}: one, unless it says otherwise. */
        int width() {
            return 1;
        }

        /** Copies {@code n} rows of the chunk's columns {@code at ...}. */
        void take(DuckDBDataChunkReader chunk, int at, int n) {
            take(chunk.vector(at), n);
        }

        abstract void grow(int capacity);

        abstract Column<?> column();
    }

    /** The sink for a result column read as {@link Reading#chunkProjection} projects it. */
    static Sink sink(String name, Reading.Target target, int capacity) {
        Sink s = switch (target) {
            case STRING -> text(name, false);
            case BOOLEAN -> new Appended(BooleanColumn.create(name), DuckDBReadableVector::getBoolean);
            case SHORT -> new Primitive<short[]>(name, new short[0], (v, a, at, n) -> {
                for (int i = 0; i < n; i++) a[at + i] = v.getShort(i, Short.MIN_VALUE); // Tablesaw's missing short
            }, ShortColumn::create);
            case INT -> new Primitive<int[]>(name, new int[0], (v, a, at, n) -> {
                for (int i = 0; i < n; i++) a[at + i] = v.getInt(i, Integer.MIN_VALUE); // and int
            }, IntColumn::create);
            case LONG -> new Primitive<long[]>(name, new long[0], (v, a, at, n) -> {
                for (int i = 0; i < n; i++) a[at + i] = v.getLong(i, Long.MIN_VALUE); // and long
            }, LongColumn::create);
            case FLOAT -> new Primitive<float[]>(name, new float[0], (v, a, at, n) -> {
                for (int i = 0; i < n; i++) a[at + i] = v.getFloat(i, Float.NaN);
            }, FloatColumn::create);
            case DOUBLE -> new Primitive<double[]>(name, new double[0], (v, a, at, n) -> {
                for (int i = 0; i < n; i++) a[at + i] = v.getDouble(i, Double.NaN);
            }, DoubleColumn::create);
            case INSTANT -> new Primitive<long[]>(name, new long[0], (v, a, at, n) -> micros(v, a, at, n, true), InstantColumn::createInternal);
            case DATETIME -> new Primitive<long[]>(name, new long[0], (v, a, at, n) -> micros(v, a, at, n, false), DateTimeColumn::createInternal);
            case DATE -> new Appended(DateColumn.create(name), DuckDBReadableVector::getLocalDate);
            case TIME -> new Appended(TimeColumn.create(name), (v, i) -> LocalTime.parse(v.getString(i)));
        };
        s.grow(Math.max(capacity, 16));
        return s;
    }

    /** The sink for a text column sent as two result columns: the engine's hash of each value, then the value. */
    static Sink learned(String name, int capacity) {
        Sink s = new Learned(name);
        s.grow(Math.max(capacity, 16));
        return s;
    }

    /** Runs {@code sql} and fills the sinks, one per result column, in order. */
    static void fill(DuckDBConnection c, String sql, Sink[] sinks) throws SQLException {
        try (DuckDBPreparedStatement p = c.prepare(sql); DuckDBChunkedResult r = p.query()) {
            while (r.nextChunk()) {
                DuckDBDataChunkReader chunk = r.chunk();
                int n = (int) chunk.rowCount();
                if (n == 0) continue;
                int at = 0;
                for (Sink s : sinks) {
                    if (s.size + n > capacity(s)) s.grow(Math.max(s.size + n, capacity(s) * 2));
                    s.take(chunk, at, n);
                    at += s.width();
                    s.size += n;
                }
            }
        }
    }

    private static int capacity(Sink s) {
        return s instanceof Sized z ? z.capacity() : Integer.MAX_VALUE;
    }

    private interface Sized {
        int capacity();
    }

    /** Copies a vector's {@code n} values into {@code a} from index {@code at}. */
    private interface Fill<A> {
        void take(DuckDBReadableVector v, A a, int at, int n);
    }

    /**
     * A column of one primitive type ({@code A}: {@code double[]}, {@code int[]}, ...) filled a chunk at a time into an
     * array that doubles as it fills, and built from the array cut to the rows. Each type's copying loop is its own
     * {@link Fill} (the loop is compiled for that one getter); the array is grown and cut without knowing its type.
     */
    private static final class Primitive<A> extends Sink implements Sized {
        final Fill<A> fill;
        final BiFunction<String, A, Column<?>> build;
        A a;

        Primitive(String name, A empty, Fill<A> fill, BiFunction<String, A, Column<?>> build) {
            super(name);
            this.a = empty;
            this.fill = fill;
            this.build = build;
        }

        public int capacity() {
            return Array.getLength(a);
        }

        void grow(int capacity) {
            a = copy(capacity);
        }

        void take(DuckDBReadableVector v, int n) {
            fill.take(v, a, size, n);
        }

        Column<?> column() {
            return build.apply(name, size == capacity() ? a : copy(size));
        }

        @SuppressWarnings("unchecked")
        private A copy(int length) {
            A b = (A) Array.newInstance(a.getClass().getComponentType(), length);
            System.arraycopy(a, 0, b, 0, Math.min(size, length));
            return b;
        }
    }

    /** Microseconds since the epoch packed as an instant (UTC timestamps) or a date-time, as Tablesaw packs them. */
    private static void micros(DuckDBReadableVector v, long[] a, int at, int n, boolean instant) {
        for (int i = 0; i < n; i++) {
            if (v.isNull(i)) {
                a[at + i] = instant ? InstantColumnMissing.VALUE : DateTimeMissing.VALUE;
                continue;
            }
            var t = Reading.instantOfMicros(v.getLong(i));
            a[at + i] = instant ? PackedInstant.pack(t) : PackedLocalDateTime.pack(LocalDateTime.ofInstant(t, ZoneOffset.UTC));
        }
    }

    /** Tablesaw's packed missing values (what {@code appendMissing} stores). */
    static final class InstantColumnMissing {
        static final long VALUE = tech.tablesaw.columns.instant.InstantColumnType.missingValueIndicator();
    }

    static final class DateTimeMissing {
        static final long VALUE = tech.tablesaw.columns.datetimes.DateTimeColumnType.missingValueIndicator();
    }

    /** A vector's value at a row as its column's {@code appendObj} takes it (not called for a null). */
    private interface Value {
        Object at(DuckDBReadableVector v, int i);
    }

    /**
     * A column appended value by value through Tablesaw's own {@code append} (a null as missing): booleans, dates,
     * times of day (the engine's chunk reader has no time getter: projected as ISO text) and text. Text goes into
     * Tablesaw's dictionary while its distinct values are few or, for a column known to hold many, into plain text
     * (Tablesaw's {@link NullDictionaryMap}: a list of the values, without the two hash maps and the count per value a
     * dictionary of a million keys would build). The values handed over are the column's own objects (a boolean
     * boxes to one of its two instances).
     */
    private static final class Appended extends Sink {
        final Column<?> c;
        final Value value;

        Appended(Column<?> c, Value value) {
            super(c.name());
            this.c = c;
            this.value = value;
        }

        void grow(int capacity) {
        }

        void take(DuckDBReadableVector v, int n) {
            for (int i = 0; i < n; i++) {
                if (v.isNull(i)) c.appendMissing();
                else c.appendObj(value.at(v, i));
            }
        }

        Column<?> column() {
            return c;
        }
    }

    private static Appended text(String name, boolean plain) {
        return new Appended(plain ? plainText(name) : StringColumn.create(name), DuckDBReadableVector::getString);
    }

    /** An empty string column kept as plain text (Tablesaw's {@link NullDictionaryMap}), for a column of many distinct values. */
    static StringColumn plainText(String name) {
        return StringColumn.createInternal(name, new NullDictionaryMap(new ByteDictionaryMap()));
    }

    /**
     * Text sent as 63 bits of the engine's hash of each value beside the value: the text of a hash is read once, the
     * first time it is seen, and each row keeps the code of its value; the column is built from the codes. When the
     * distinct values are many (past {@value #LEARN_ROWS} rows, more than a quarter of them), the codes so far become
     * text and the rest is read value by value, as plain text is.
     */
    private static final class Learned extends Sink implements Sized {
        final it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap byHash = new it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap();
        final java.util.ArrayList<String> dictionary = new java.util.ArrayList<>();
        int[] codes = new int[0];
        Appended text;

        Learned(String name) {
            super(name);
            byHash.defaultReturnValue(Integer.MIN_VALUE);
        }

        public int capacity() {
            return text != null ? Integer.MAX_VALUE : codes.length;
        }

        void grow(int capacity) {
            if (text == null) codes = Arrays.copyOf(codes, capacity);
        }

        @Override
        int width() {
            return 2;
        }

        void take(DuckDBReadableVector v, int n) {
            throw new IllegalStateException("a learned text column reads two vectors");
        }

        @Override
        void take(DuckDBDataChunkReader chunk, int at, int n) {
            DuckDBReadableVector values = chunk.vector(at + 1);
            if (text != null) {
                text.take(values, n);
                return;
            }
            DuckDBReadableVector hashes = chunk.vector(at);
            for (int i = 0; i < n; i++) {
                if (values.isNull(i)) {
                    codes[size + i] = -1;
                    continue;
                }
                long h = hashes.getLong(i);
                int k = byHash.get(h);
                if (k == Integer.MIN_VALUE) {
                    k = dictionary.size();
                    dictionary.add(values.getString(i));
                    byHash.put(h, k);
                }
                codes[size + i] = k;
            }
            int seen = size + n;
            if (manyTexts(dictionary.size(), seen)) {
                text = text(name, true);
                for (int r = 0; r < seen; r++) {
                    int k = codes[r];
                    if (k < 0) text.c.appendMissing();
                    else text.c.appendObj(dictionary.get(k));
                }
                codes = null;
            }
        }

        Column<?> column() {
            return text != null ? text.c : coded(name, dictionary.toArray(new String[0]), codes, size);
        }
    }

    /** Rows of a text column read before its distinct values are judged few (coded) or many (text). */
    static final int LEARN_ROWS = 16_384;

    /** Whether a text column of {@code distinct} texts in its first {@code rows} rows is kept as plain text: past {@link #LEARN_ROWS}, more than a quarter. */
    static boolean manyTexts(int distinct, int rows) {
        return rows >= LEARN_ROWS && distinct > rows / 4;
    }

    /**
     * A string column from codes into a dictionary ({@code -1}: missing), equal to the column appended value by
     * value, built without hashing every row ({@link TextCodes}). {@code codes} is overwritten.
     */
    static StringColumn coded(String name, String[] dictionary, int[] codes, int rows) {
        return new TextCodes(Math.min(dictionary.length, rows)).add(dictionary, codes, 0, rows).column(name, codes, rows);
    }
}
