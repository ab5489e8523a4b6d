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
 * One table column while it is read from a stream: an array written by row index, so a field seen twice
 * in one object keeps its last value (as binding does), a row the reader drops (a repeated event) is cut off, and
 * the finished Tablesaw column is exactly as long as the table. Missing values are Tablesaw's own markers.
 */
abstract class ColumnBuffer {

    final String name;
    int size;
    /** The values: a {@code String[]} or a {@code long[]}, grown as rows are written. */
    Object array;
    private int capacity;

    ColumnBuffer(String name, Object array) {
        this.name = name;
        this.array = array;
        this.capacity = java.lang.reflect.Array.getLength(array);
    }

    /** Writes the missing marker into slots {@code from..to-1}. */
    abstract void fillMissing(int from, int to);

    abstract Column<?> build();

    /**
     * Makes {@code row} writable: rows between the last one written and it become missing; returns it. Callers
     * take the index before they read {@link #array}, which this may replace.
     */
    final int slot(int row) {
        if (row >= capacity) resize(Math.max(row + 1, Math.max(16, capacity + (capacity >> 1))));
        if (row > size) fillMissing(size, row);
        if (row >= size) size = row + 1;
        return row;
    }

    /** A new array of {@code length} with the values kept. */
    private void resize(int length) {
        Object grown = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), length);
        System.arraycopy(array, 0, grown, 0, size);
        array = grown;
        capacity = length;
    }

    /** Row {@code row} is missing (a field sent as null, perhaps after a value). */
    final void setMissing(int row) {
        int i = slot(row);
        fillMissing(i, i + 1);
    }

    /** Appends the rows of {@code other}, a buffer of the same class. */
    final void appendAll(ColumnBuffer other) {
        if (other.size == 0) return;
        int at = size;
        slot(at + other.size - 1);
        System.arraycopy(other.array, 0, array, at, other.size);
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

        Strings(String name) {
            super(name, new String[16]);
        }

        void fillMissing(int from, int to) {
            Arrays.fill((String[]) array, from, to, null);
        }

        void set(int row, String v) {
            int i = slot(row);
            ((String[]) array)[i] = v;
        }

        String get(int row) {
            return row < size ? ((String[]) array)[row] : null;
        }

        @Override
        Column<?> build() {
            String[] values = (String[]) array;
            StringColumn c = StringColumn.create(name);
            for (int i = 0; i < size; i++) {
                String v = values[i];
                if (v == null) c.appendMissing();
                else c.append(v);
            }
            return c;
        }
    }

    /**
     * Numbers, instants and booleans, one {@code long} a row: a whole number as itself, a double as its bits, an
     * instant as Tablesaw packs it, a boolean as 0 or 1; built into the Tablesaw column of its kind.
     */
    static final class Numbers extends ColumnBuffer {

        enum Kind { LONG, INSTANT, INT, DOUBLE, BOOLEAN }

        private static final long NAN = Double.doubleToRawLongBits(Double.NaN);

        final Kind kind;
        private final long missing;

        Numbers(String name, Kind kind) {
            super(name, new long[16]);
            this.kind = kind;
            this.missing = kind == Kind.DOUBLE ? NAN : Long.MIN_VALUE;
        }

        void fillMissing(int from, int to) {
            Arrays.fill((long[]) array, from, to, missing);
        }

        /** A whole number, or an instant packed. */
        void set(int row, long v) {
            int i = slot(row);
            ((long[]) array)[i] = v;
        }

        void setDouble(int row, double v) {
            set(row, Double.doubleToRawLongBits(v));
        }

        void setBoolean(int row, boolean v) {
            set(row, v ? 1 : 0);
        }

        @Override
        Column<?> build() {
            long[] values = Arrays.copyOf((long[]) array, size);
            switch (kind) {
                case LONG:
                    return LongColumn.create(name, values);
                case INSTANT:
                    return InstantColumn.createInternal(name, values);
                case INT: {
                    int[] ints = new int[size];
                    for (int i = 0; i < size; i++) ints[i] = values[i] == Long.MIN_VALUE ? Integer.MIN_VALUE : (int) values[i];
                    return IntColumn.create(name, ints);
                }
                case DOUBLE: {
                    double[] doubles = new double[size];
                    for (int i = 0; i < size; i++) doubles[i] = Double.longBitsToDouble(values[i]);
                    return DoubleColumn.create(name, doubles);
                }
                default: {
                    BooleanColumn c = BooleanColumn.create(name);
                    for (int i = 0; i < size; i++) {
                        if (values[i] == Long.MIN_VALUE) c.appendMissing();
                        else c.append(values[i] == 1);
                    }
                    return c;
                }
            }
        }
    }
}
