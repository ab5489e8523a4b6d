package org.marketlab.datasets;

import org.duckdb.DuckDBColumnType;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDataChunkWriter;
import org.duckdb.DuckDBFunctions;
import org.duckdb.DuckDBTableFunction;
import org.duckdb.DuckDBTableFunctionBindInfo;
import org.duckdb.DuckDBTableFunctionCallInfo;
import org.duckdb.DuckDBTableFunctionInitInfo;
import org.duckdb.DuckDBWritableVector;
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
import tech.tablesaw.columns.strings.DictionaryMap;
import tech.tablesaw.columns.strings.NullDictionaryMap;

import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A Tablesaw table offered to the engine as a table function that fills its chunks column by column, so that
 * {@code COPY (SELECT ... FROM function()) TO file} writes the table as the engine scans it: no row-by-row appends
 * and no copy of the table inside the engine first. Instants travel as microseconds, dates as days and times of
 * day as microseconds, and the select list turns them back into the engine's types. A text column with few
 * distinct values (a quarter of the rows or fewer) in a big table travels as a code per row, and the select list
 * takes each code's text from a one-row list of the distinct values.
 */
final class TableSource {

    private static final AtomicLong NAMES = new AtomicLong();
    /** Rows from which a text column with few distinct values travels as codes. */
    private static final int BIG = 100_000;

    private TableSource() {
    }

    /** The {@code SELECT} of the table's rows, in order and with their stored types; registers what it reads. */
    static String select(DuckDBConnection c, List<Columns.Col> cols, Column<?>[] columns, Columns.Kind[] kinds, int rows) throws SQLException {
        int n = cols.size();
        int[][] codes = new int[n][];
        List<List<String>> dictionaries = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            dictionaries.add(null);
            if (rows >= BIG && columns[i] instanceof StringColumn sc) {
                List<String> values = new ArrayList<>();
                codes[i] = codes(sc, rows, values);
                dictionaries.set(i, values);
            }
        }
        long id = NAMES.incrementAndGet();
        String function = "marketlab_table_" + id;
        StringBuilder select = new StringBuilder("SELECT ");
        for (int i = 0; i < n; i++) {
            String col = Engine.ident(cols.get(i).name());
            select.append(i == 0 ? "" : ", ");
            if (codes[i] != null) {
                String dt = "marketlab_dict_" + id + "_" + i;
                Engine.exec(c, "CREATE TABLE " + Engine.ident(dt) + " (v VARCHAR[])");
                try (var a = c.createAppender(DuckDBConnection.DEFAULT_SCHEMA, dt)) {
                    a.beginRow().append(dictionaries.get(i)).endRow();
                }
                select.append("list_extract((SELECT v FROM ").append(Engine.ident(dt)).append("), ").append(col).append(" + 1)");
            } else {
                select.append(switch (kinds[i]) {
                    case INSTANT -> "CAST(make_timestamp(" + col + ") AS TIMESTAMP WITH TIME ZONE)";
                    case DATETIME -> "make_timestamp(" + col + ")";
                    case DATE -> "CAST(DATE '1970-01-01' + " + col + " AS DATE)";
                    case TIME -> "CAST(TIME '00:00:00' + to_microseconds(" + col + ") AS TIME)";
                    default -> col;
                });
            }
            select.append(" AS ").append(col);
        }
        DuckDBColumnType[] types = new DuckDBColumnType[n];
        for (int i = 0; i < n; i++) types[i] = codes[i] != null ? DuckDBColumnType.INTEGER : wireType(kinds[i]);
        Fill fill = new Fill(cols, columns, kinds, codes, types, rows);
        DuckDBFunctions.tableFunction().withName(function).withFunction(fill).register(c);
        return select.append(" FROM ").append(function).append("()").toString();
    }

    /** Codes of a column with few distinct values into {@code values} (-1: missing), or null to send its text. */
    static int[] codes(StringColumn sc, int rows, List<String> values) {
        DictionaryMap d = sc.getDictionary();
        if (d instanceof NullDictionaryMap) return null; // Tablesaw keeps it as plain text: many distinct values
        if (sc.countUnique() > Math.max(1024, rows / 4)) return null;
        int min = Integer.MAX_VALUE, max = Integer.MIN_VALUE;
        for (int r = 0; r < rows; r++) {
            int k = d.getKeyForIndex(r);
            if (k < min) min = k;
            if (k > max) max = k;
        }
        int[] codeOfKey = new int[max - min + 1];
        Arrays.fill(codeOfKey, Integer.MIN_VALUE);
        int[] code = new int[rows];
        for (int r = 0; r < rows; r++) {
            int k = d.getKeyForIndex(r) - min;
            int v = codeOfKey[k];
            if (v == Integer.MIN_VALUE) {
                String text = d.getValueForKey(k + min);
                if (text == null || text.isEmpty()) v = -1; // Tablesaw's missing text
                else {
                    v = values.size();
                    values.add(text);
                }
                codeOfKey[k] = v;
            }
            code[r] = v;
        }
        return code;
    }

    private static DuckDBColumnType wireType(Columns.Kind k) {
        return switch (k) {
            case STRING -> DuckDBColumnType.VARCHAR;
            case BOOLEAN -> DuckDBColumnType.BOOLEAN;
            case SHORT -> DuckDBColumnType.SMALLINT;
            case INT, DATE -> DuckDBColumnType.INTEGER;
            case LONG, INSTANT, DATETIME, TIME -> DuckDBColumnType.BIGINT;
            case FLOAT -> DuckDBColumnType.FLOAT;
            case DOUBLE -> DuckDBColumnType.DOUBLE;
            default -> throw new IllegalStateException("a table has no " + k + " column");
        };
    }

    /** The function: one thread, chunks of the table's rows in order. */
    private static final class Fill implements DuckDBTableFunction<Object, long[], Object> {
        final List<Columns.Col> cols;
        final Column<?>[] columns;
        final Columns.Kind[] kinds;
        final int[][] codes;
        final DuckDBColumnType[] types;
        final int rows;

        Fill(List<Columns.Col> cols, Column<?>[] columns, Columns.Kind[] kinds, int[][] codes, DuckDBColumnType[] types, int rows) {
            this.cols = cols;
            this.columns = columns;
            this.kinds = kinds;
            this.codes = codes;
            this.types = types;
            this.rows = rows;
        }

        @Override
        public Object bind(DuckDBTableFunctionBindInfo info) {
            for (int i = 0; i < cols.size(); i++) info.addResultColumn(cols.get(i).name(), types[i]);
            info.setCardinality(rows, true);
            return Boolean.TRUE;
        }

        @Override
        public long[] init(DuckDBTableFunctionInitInfo info) {
            info.setMaxThreads(1);
            return new long[1];
        }

        @Override
        public long apply(DuckDBTableFunctionCallInfo info, DuckDBDataChunkWriter out) {
            long[] next = info.getInitData();
            int from = (int) next[0];
            int n = (int) Math.min(out.capacity(), rows - from);
            if (n <= 0) return 0;
            for (int i = 0; i < columns.length; i++) fill(out.vector(i), i, from, n);
            next[0] = from + n;
            return n;
        }

        private void fill(DuckDBWritableVector v, int i, int from, int n) {
            Column<?> col = columns[i];
            if (codes[i] != null) {
                int[] code = codes[i];
                for (int r = 0; r < n; r++) {
                    int k = code[from + r];
                    if (k < 0) v.setNull(r);
                    else v.setInt(r, k);
                }
                return;
            }
            switch (kinds[i]) {
                case STRING -> {
                    String[] text = new String[n];
                    for (int r = 0; r < n; r++) text[r] = col.isMissing(from + r) ? null : col.getString(from + r);
                    v.setStrings(0, text);
                }
                default -> copy(col, kinds[i], from, n, new EngineCells(v));
            }
        }
    }

    /** Where a column's values go, row by row: a vector of the engine's ({@link EngineCells}) or of Arrow's. */
    interface Cells {
        void setNull(int row);

        void setBoolean(int row, boolean v);

        void setShort(int row, short v);

        void setInt(int row, int v);

        void setLong(int row, long v);

        void setFloat(int row, float v);

        void setDouble(int row, double v);
    }

    private record EngineCells(DuckDBWritableVector v) implements Cells {
        public void setNull(int row) {
            v.setNull(row);
        }

        public void setBoolean(int row, boolean x) {
            v.setBoolean(row, x);
        }

        public void setShort(int row, short x) {
            v.setShort(row, x);
        }

        public void setInt(int row, int x) {
            v.setInt(row, x);
        }

        public void setLong(int row, long x) {
            v.setLong(row, x);
        }

        public void setFloat(int row, float x) {
            v.setFloat(row, x);
        }

        public void setDouble(int row, double x) {
            v.setDouble(row, x);
        }
    }

    /**
     * Rows {@code from ... from + n - 1} of a column other than text into rows {@code 0 ... n - 1} of {@code out}, as the
     * engine stores them: instants and date-times as microseconds since the epoch (UTC), dates as days, times of day as
     * microseconds.
     */
    static void copy(Column<?> col, Columns.Kind kind, int from, int n, Cells out) {
        if (kind == Columns.Kind.STRING || kind == Columns.Kind.DECIMAL || kind == Columns.Kind.WIDE_DECIMAL || kind == Columns.Kind.LIST) {
            throw new IllegalStateException("a " + kind + " column is not copied by value");
        }
        for (int r = 0; r < n; r++) {
            if (col.isMissing(from + r)) out.setNull(r);
            else cell(col, kind, from + r, r, out);
        }
    }

    /**
     * Row {@code row} of {@code col}, not missing, into row {@code r} of {@code out}. A switch per cell rather than a
     * loop per type: this copies a table the engine reads, where the engine's own work per value is the larger part.
     */
    private static void cell(Column<?> col, Columns.Kind kind, int row, int r, Cells out) {
        switch (kind) {
            case DOUBLE -> out.setDouble(r, ((DoubleColumn) col).getDouble(row));
            case FLOAT -> out.setFloat(r, ((FloatColumn) col).getFloat(row));
            case INT -> out.setInt(r, ((IntColumn) col).getInt(row));
            case SHORT -> out.setShort(r, ((ShortColumn) col).getShort(row));
            case LONG -> out.setLong(r, ((LongColumn) col).getLong(row));
            case BOOLEAN -> out.setBoolean(r, ((BooleanColumn) col).get(row));
            case INSTANT -> out.setLong(r, Columns.micros(((InstantColumn) col).get(row), col.name()));
            case DATETIME -> out.setLong(r, Columns.micros(((DateTimeColumn) col).get(row).toInstant(ZoneOffset.UTC), col.name()));
            case DATE -> out.setInt(r, (int) ((DateColumn) col).get(row).toEpochDay());
            case TIME -> out.setLong(r, ((TimeColumn) col).get(row).toNanoOfDay() / 1000);
            default -> throw new IllegalStateException("a " + kind + " column is not copied by value");
        }
    }
}
