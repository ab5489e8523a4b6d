package org.marketlab.markets;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.columns.Column;

import java.util.Arrays;

/**
 * One table column while it is read from a stream: a primitive array written by row index, so a field seen twice
 * in one object keeps its last value (as binding does), a row the reader drops (a repeated event) is cut off, and
 * the finished Tablesaw column is exactly as long as the table. Missing values are Tablesaw's own markers.
 */
abstract class ColumnBuffer {

    final String name;
    int size;

    ColumnBuffer(String name) {
        this.name = name;
    }

    abstract int capacity();

    /** A new array of {@code length} with the values kept. */
    abstract void resize(int length);

    /** Writes the missing marker into slots {@code from..to-1}. */
    abstract void fillMissing(int from, int to);

    /** Row {@code row} is missing (a field sent as null, perhaps after a value). */
    abstract void setMissing(int row);

    abstract Column<?> build();

    /**
     * Makes {@code row} writable: rows between the last one written and it become missing; returns it. Callers
     * take the index before they read their array field, which this may replace.
     */
    final int slot(int row) {
        if (row >= capacity()) resize(Math.max(row + 1, Math.max(16, capacity() + (capacity() >> 1))));
        if (row > size) fillMissing(size, row);
        if (row >= size) size = row + 1;
        return row;
    }

    /** Copies {@code other}'s rows ({@code other} is of this class) into this buffer from row {@code at}. */
    abstract void copyFrom(ColumnBuffer other, int at);

    /** Appends the rows of {@code other}, a buffer of the same class. */
    final void appendAll(ColumnBuffer other) {
        if (other.size == 0) return;
        int at = size;
        slot(at + other.size - 1);
        copyFrom(other, at);
    }

    /** Drops every row from {@code rows} on. */
    final void truncate(int rows) {
        if (rows < size) size = rows;
    }

    /** Ends the column at {@code rows} rows, the missing ones filled in. */
    final void pad(int rows) {
        if (size < rows) setMissing(rows - 1);
    }

    static final class Strings extends ColumnBuffer {
        private String[] values = new String[16];

        Strings(String name) {
            super(name);
        }

        int capacity() {
            return values.length;
        }

        void resize(int length) {
            values = Arrays.copyOf(values, length);
        }

        void fillMissing(int from, int to) {
            Arrays.fill(values, from, to, null);
        }

        void setMissing(int row) {
            int i = slot(row);
            values[i] = null;
        }

        void set(int row, String v) {
            int i = slot(row);
            values[i] = v;
        }

        String get(int row) {
            return row < size ? values[row] : null;
        }

        void copyFrom(ColumnBuffer other, int at) {
            System.arraycopy(((Strings) other).values, 0, values, at, other.size);
        }

        @Override
        Column<?> build() {
            StringColumn c = StringColumn.create(name);
            for (int i = 0; i < size; i++) {
                String v = values[i];
                if (v == null) c.appendMissing();
                else c.append(v);
            }
            return c;
        }
    }

    static final class Doubles extends ColumnBuffer {
        private double[] values = new double[16];

        Doubles(String name) {
            super(name);
        }

        int capacity() {
            return values.length;
        }

        void resize(int length) {
            values = Arrays.copyOf(values, length);
        }

        void fillMissing(int from, int to) {
            Arrays.fill(values, from, to, Double.NaN);
        }

        void setMissing(int row) {
            int i = slot(row);
            values[i] = Double.NaN;
        }

        void set(int row, double v) {
            int i = slot(row);
            values[i] = v;
        }

        void copyFrom(ColumnBuffer other, int at) {
            System.arraycopy(((Doubles) other).values, 0, values, at, other.size);
        }

        @Override
        Column<?> build() {
            return DoubleColumn.create(name, Arrays.copyOf(values, size));
        }
    }

    static final class Ints extends ColumnBuffer {
        private int[] values = new int[16];

        Ints(String name) {
            super(name);
        }

        int capacity() {
            return values.length;
        }

        void resize(int length) {
            values = Arrays.copyOf(values, length);
        }

        void fillMissing(int from, int to) {
            Arrays.fill(values, from, to, Integer.MIN_VALUE);
        }

        void setMissing(int row) {
            int i = slot(row);
            values[i] = Integer.MIN_VALUE;
        }

        void set(int row, int v) {
            int i = slot(row);
            values[i] = v;
        }

        void copyFrom(ColumnBuffer other, int at) {
            System.arraycopy(((Ints) other).values, 0, values, at, other.size);
        }

        @Override
        Column<?> build() {
            return IntColumn.create(name, Arrays.copyOf(values, size));
        }
    }

    /** Longs, and instants as Tablesaw packs them. */
    static final class Longs extends ColumnBuffer {
        private long[] values = new long[16];
        private final boolean instants;

        Longs(String name, boolean instants) {
            super(name);
            this.instants = instants;
        }

        int capacity() {
            return values.length;
        }

        void resize(int length) {
            values = Arrays.copyOf(values, length);
        }

        void fillMissing(int from, int to) {
            Arrays.fill(values, from, to, Long.MIN_VALUE);
        }

        void setMissing(int row) {
            int i = slot(row);
            values[i] = Long.MIN_VALUE;
        }

        void set(int row, long v) {
            int i = slot(row);
            values[i] = v;
        }

        void copyFrom(ColumnBuffer other, int at) {
            System.arraycopy(((Longs) other).values, 0, values, at, other.size);
        }

        @Override
        Column<?> build() {
            long[] exact = Arrays.copyOf(values, size);
            return instants ? InstantColumn.createInternal(name, exact) : LongColumn.create(name, exact);
        }
    }

    static final class Booleans extends ColumnBuffer {
        private byte[] values = new byte[16];

        Booleans(String name) {
            super(name);
        }

        int capacity() {
            return values.length;
        }

        void resize(int length) {
            values = Arrays.copyOf(values, length);
        }

        void fillMissing(int from, int to) {
            Arrays.fill(values, from, to, Byte.MIN_VALUE);
        }

        void setMissing(int row) {
            int i = slot(row);
            values[i] = Byte.MIN_VALUE;
        }

        void set(int row, boolean v) {
            int i = slot(row);
            values[i] = v ? (byte) 1 : 0;
        }

        void copyFrom(ColumnBuffer other, int at) {
            System.arraycopy(((Booleans) other).values, 0, values, at, other.size);
        }

        @Override
        Column<?> build() {
            BooleanColumn c = BooleanColumn.create(name);
            for (int i = 0; i < size; i++) {
                byte v = values[i];
                if (v == Byte.MIN_VALUE) c.appendMissing();
                else c.append(v == 1);
            }
            return c;
        }
    }
}
