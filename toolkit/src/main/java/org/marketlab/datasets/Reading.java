package org.marketlab.datasets;

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
import tech.tablesaw.api.Table;
import tech.tablesaw.api.TimeColumn;
import tech.tablesaw.columns.Column;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Query results into Tablesaw columns, or into plain Java values. A table holds what Tablesaw holds: a
 * {@code DECIMAL} becomes a double column (as the toolkit's own tables show money), a UTC timestamp an instant
 * column (to the millisecond), a list its elements joined by {@code ", "}, a 128-bit or unsigned 64-bit integer its
 * exact text. Plain values ({@link #value}) keep everything exact: {@link BigDecimal}, {@link Instant} to the
 * microsecond, lists.
 */
final class Reading {

    enum Target { STRING, BOOLEAN, SHORT, INT, LONG, FLOAT, DOUBLE, INSTANT, DATETIME, DATE, TIME }

    /** A result column: its name and engine type. */
    record Described(String name, String type) {
    }

    private Reading() {
    }

    static List<Described> describe(Connection c, String select) throws SQLException {
        List<Described> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("DESCRIBE " + select)) {
            while (r.next()) out.add(new Described(r.getString("column_name"), r.getString("column_type")));
        }
        return out;
    }

    static Target target(String type) {
        String t = type.toUpperCase(Locale.ROOT);
        if (t.endsWith("]")) return Target.STRING;
        if (t.startsWith("DECIMAL")) return Target.DOUBLE;
        return switch (t) {
            case "BOOLEAN" -> Target.BOOLEAN;
            case "TINYINT", "SMALLINT", "UTINYINT" -> Target.SHORT;
            case "INTEGER", "USMALLINT" -> Target.INT;
            case "BIGINT", "UINTEGER" -> Target.LONG;
            case "FLOAT" -> Target.FLOAT;
            case "DOUBLE" -> Target.DOUBLE;
            case "TIMESTAMP WITH TIME ZONE" -> Target.INSTANT;
            case "TIMESTAMP", "TIMESTAMP_NS", "TIMESTAMP_MS", "TIMESTAMP_S" -> Target.DATETIME;
            case "DATE" -> Target.DATE;
            case "TIME" -> Target.TIME;
            default -> Target.STRING;
        };
    }

    /** The select list that turns each column into what its Tablesaw column reads. */
    static String projection(List<Described> cols) {
        StringBuilder b = new StringBuilder();
        for (Described d : cols) {
            if (b.length() > 0) b.append(", ");
            String id = Engine.ident(d.name());
            String t = d.type().toUpperCase(Locale.ROOT);
            String expr = switch (target(d.type())) {
                case DOUBLE -> "CAST(" + id + " AS DOUBLE)";
                case INSTANT, DATETIME -> "epoch_us(" + id + ")";
                case STRING -> t.endsWith("]") ? "array_to_string(" + id + ", ', ')" : "CAST(" + id + " AS VARCHAR)";
                default -> id;
            };
            b.append(expr).append(" AS ").append(id);
        }
        return b.length() == 0 ? "*" : b.toString();
    }

    /** Empty Tablesaw columns for the described result. */
    static Column<?>[] columns(List<Described> cols) {
        Column<?>[] out = new Column<?>[cols.size()];
        for (int i = 0; i < out.length; i++) {
            String n = cols.get(i).name();
            out[i] = switch (target(cols.get(i).type())) {
                case STRING -> StringColumn.create(n);
                case BOOLEAN -> BooleanColumn.create(n);
                case SHORT -> ShortColumn.create(n);
                case INT -> IntColumn.create(n);
                case LONG -> LongColumn.create(n);
                case FLOAT -> FloatColumn.create(n);
                case DOUBLE -> DoubleColumn.create(n);
                case INSTANT -> InstantColumn.create(n);
                case DATETIME -> DateTimeColumn.create(n);
                case DATE -> DateColumn.create(n);
                case TIME -> TimeColumn.create(n);
            };
        }
        return out;
    }

    /** Appends the result set's current row (of the {@link #projection}) to the columns. */
    static void appendRow(ResultSet r, Column<?>[] cols, Target[] targets) throws SQLException {
        for (int i = 0; i < cols.length; i++) appendOne(r, i + 1, cols[i], targets[i]);
    }

    private static void appendOne(ResultSet r, int at, Column<?> col, Target target) throws SQLException {
        switch (target) {
            case STRING -> {
                String v = r.getString(at);
                if (v == null) col.appendMissing();
                else ((StringColumn) col).append(v);
            }
            case BOOLEAN -> {
                boolean v = r.getBoolean(at);
                if (r.wasNull()) col.appendMissing();
                else ((BooleanColumn) col).append(v);
            }
            case SHORT -> {
                short v = r.getShort(at);
                if (r.wasNull()) col.appendMissing();
                else ((ShortColumn) col).append(v);
            }
            case INT -> {
                int v = r.getInt(at);
                if (r.wasNull()) col.appendMissing();
                else ((IntColumn) col).append(v);
            }
            case LONG -> {
                long v = r.getLong(at);
                if (r.wasNull()) col.appendMissing();
                else ((LongColumn) col).append(v);
            }
            case FLOAT -> {
                float v = r.getFloat(at);
                if (r.wasNull()) col.appendMissing();
                else ((FloatColumn) col).append(v);
            }
            case DOUBLE -> {
                double v = r.getDouble(at);
                if (r.wasNull()) col.appendMissing();
                else ((DoubleColumn) col).append(v);
            }
            case INSTANT -> {
                long us = r.getLong(at);
                if (r.wasNull()) col.appendMissing();
                else ((InstantColumn) col).append(instantOfMicros(us));
            }
            case DATETIME -> {
                long us = r.getLong(at);
                if (r.wasNull()) col.appendMissing();
                else ((DateTimeColumn) col).append(LocalDateTime.ofInstant(instantOfMicros(us), ZoneOffset.UTC));
            }
            case DATE -> {
                LocalDate v = r.getObject(at, LocalDate.class);
                if (v == null) col.appendMissing();
                else ((DateColumn) col).append(v);
            }
            case TIME -> {
                LocalTime v = r.getObject(at, LocalTime.class);
                if (v == null) col.appendMissing();
                else ((TimeColumn) col).append(v);
            }
        }
    }

    static Instant instantOfMicros(long us) {
        return Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000L), Math.floorMod(us, 1_000_000L) * 1000L);
    }

    /** A whole result as a table named {@code name}, or its first {@code maxRows} rows (-1: all). */
    static Table table(Connection c, String select, String name) throws SQLException {
        List<Described> desc = describe(c, select);
        Column<?>[] cols = columns(desc);
        Target[] targets = targets(desc);
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT " + projection(desc) + " FROM (" + select + ") AS q")) {
            while (r.next()) appendRow(r, cols, targets);
        }
        return Table.create(name, cols);
    }

    /** Rows from which a file's load reads its columns on two threads, and its repeated text by code. */
    static final long BIG = 100_000;
    private static final java.util.concurrent.atomic.AtomicLong TYPES = new java.util.concurrent.atomic.AtomicLong();

    /**
     * A whole file (or folder) scan as a table, faster than {@link #table} for big ones: a text column with few distinct
     * values (at most a quarter of the rows) is read as codes of an {@code ENUM} made from its values, so each
     * distinct text crosses from the engine once rather than once a row; and the columns are read in two groups by
     * two queries on two threads. Both queries scan the same files in the same order (the engine keeps insertion
     * order), so their rows line up.
     */
    static Table scan(org.duckdb.DuckDBConnection c, String select, String name) throws SQLException {
        List<Described> desc = describe(c, select);
        int n = desc.size();
        if (n == 0) return Table.create(name);
        Target[] targets = targets(desc);
        String[][] dictionary = new String[n][];
        String[] expr = new String[n];
        List<Integer> text = new ArrayList<>();
        for (int i = 0; i < n; i++) if (desc.get(i).type().equalsIgnoreCase("VARCHAR")) text.add(i);
        long rows = -1;
        if (!text.isEmpty()) {
            StringBuilder q = new StringBuilder("SELECT count(*)");
            for (int i : text) q.append(", approx_count_distinct(").append(Engine.ident(desc.get(i).name())).append(")");
            q.append(" FROM (").append(select).append(") AS q");
            long[] distinct = new long[n];
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(q.toString())) {
                r.next();
                rows = r.getLong(1);
                for (int k = 0; k < text.size(); k++) distinct[text.get(k)] = r.getLong(k + 2);
            }
            for (int i : text) {
                if (rows < BIG || distinct[i] > Math.max(1024, rows / 4)) continue;
                String id = Engine.ident(desc.get(i).name());
                String type = "marketlab_text_" + TYPES.incrementAndGet();
                Engine.exec(c, "CREATE TYPE " + type + " AS ENUM (SELECT DISTINCT " + id + " FROM (" + select + ") AS q WHERE " + id + " IS NOT NULL)");
                try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT enum_range(NULL::" + type + ")")) {
                    r.next();
                    Object[] values = (Object[]) r.getArray(1).getArray();
                    dictionary[i] = java.util.Arrays.copyOf(values, values.length, String[].class);
                }
                expr[i] = "CAST(enum_code(CAST(" + id + " AS " + type + ")) AS INTEGER)";
            }
        } else {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM (" + select + ") AS q")) {
                r.next();
                rows = r.getLong(1);
            }
        }
        for (int i = 0; i < n; i++) {
            if (expr[i] == null) expr[i] = projection(List.of(desc.get(i)));
            else expr[i] = expr[i] + " AS " + Engine.ident(desc.get(i).name());
        }
        Column<?>[] cols = columns(desc);
        // Two groups of about equal weight (text read as text weighs most), read side by side when the file is big.
        List<Integer> first = new ArrayList<>();
        List<Integer> second = new ArrayList<>();
        if (rows >= BIG && n >= 2) {
            long w1 = 0, w2 = 0;
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) order[i] = i;
            java.util.Arrays.sort(order, (a, b) -> Integer.compare(weight(targets[b], dictionary[b]), weight(targets[a], dictionary[a])));
            for (int i : order) {
                if (w1 <= w2) {
                    first.add(i);
                    w1 += weight(targets[i], dictionary[i]);
                } else {
                    second.add(i);
                    w2 += weight(targets[i], dictionary[i]);
                }
            }
        } else {
            for (int i = 0; i < n; i++) first.add(i);
        }
        java.util.concurrent.CompletableFuture<Void> other = second.isEmpty() ? null : java.util.concurrent.CompletableFuture.runAsync(() -> {
            try (org.duckdb.DuckDBConnection d = c.duplicate()) {
                read(d, select, second, expr, cols, targets, dictionary);
            } catch (SQLException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }, command -> {
            Thread t = new Thread(command, "marketlab-datasets-read");
            t.setDaemon(true);
            t.start();
        });
        read(c, select, first, expr, cols, targets, dictionary);
        if (other != null) {
            try {
                other.join();
            } catch (java.util.concurrent.CompletionException e) {
                if (e.getCause() instanceof SQLException q) throw q;
                throw e;
            }
        }
        return Table.create(name, cols);
    }

    private static int weight(Target t, String[] dictionary) {
        return t == Target.STRING && dictionary == null ? 6 : 1;
    }

    /** Reads the columns {@code which} of the scan into {@code cols}. */
    private static void read(Connection c, String select, List<Integer> which, String[] expr, Column<?>[] cols, Target[] targets,
                             String[][] dictionary) throws SQLException {
        StringBuilder q = new StringBuilder("SELECT ");
        for (int k = 0; k < which.size(); k++) q.append(k == 0 ? "" : ", ").append(expr[which.get(k)]);
        q.append(" FROM (").append(select).append(") AS q");
        int m = which.size();
        Column<?>[] mine = new Column<?>[m];
        Target[] kinds = new Target[m];
        String[][] dicts = new String[m][];
        for (int k = 0; k < m; k++) {
            mine[k] = cols[which.get(k)];
            kinds[k] = targets[which.get(k)];
            dicts[k] = dictionary[which.get(k)];
        }
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(q.toString())) {
            while (r.next()) {
                for (int k = 0; k < m; k++) {
                    if (dicts[k] == null) continue;
                    int code = r.getInt(k + 1);
                    if (r.wasNull()) mine[k].appendMissing();
                    else ((StringColumn) mine[k]).append(dicts[k][code]);
                }
                appendRowSkipping(r, mine, kinds, dicts);
            }
        }
    }

    /** {@link #appendRow} for the columns without a dictionary. */
    private static void appendRowSkipping(ResultSet r, Column<?>[] cols, Target[] targets, String[][] dicts) throws SQLException {
        for (int i = 0; i < cols.length; i++) {
            if (dicts[i] != null) continue;
            appendOne(r, i + 1, cols[i], targets[i]);
        }
    }

    static Target[] targets(List<Described> desc) {
        Target[] t = new Target[desc.size()];
        for (int i = 0; i < t.length; i++) t[i] = target(desc.get(i).type());
        return t;
    }

    // ---- plain values ------------------------------------------------------------------------------------------

    /** Column {@code at} of the current row as an exact Java value. */
    static Object value(ResultSet r, int at) throws SQLException {
        Object v = r.getObject(at);
        return normalize(v);
    }

    static Object normalize(Object v) throws SQLException {
        if (v == null) return null;
        if (v instanceof BigDecimal b) return decimal(b);
        if (v instanceof OffsetDateTime t) return t.toInstant();
        if (v instanceof java.sql.Timestamp t) return t.toLocalDateTime();
        if (v instanceof java.sql.Date d) return d.toLocalDate();
        if (v instanceof java.sql.Time t) return t.toLocalTime();
        if (v instanceof Array a) {
            Object[] items = (Object[]) a.getArray();
            List<Object> out = new ArrayList<>(items.length);
            for (Object o : items) out.add(normalize(o));
            return java.util.Collections.unmodifiableList(out);
        }
        return v;
    }

    /** A stored decimal at the smallest scale that keeps its value (0.500000000000000000 reads 0.5, 100 stays 100). */
    static BigDecimal decimal(BigDecimal b) {
        BigDecimal s = b.stripTrailingZeros();
        return s.scale() < 0 ? s.setScale(0) : s;
    }

    /** The current row as name → exact value, in column order. */
    static Map<String, Object> row(ResultSet r, String[] names) throws SQLException {
        Map<String, Object> m = new LinkedHashMap<>(names.length * 2);
        for (int i = 0; i < names.length; i++) m.put(names[i], value(r, i + 1));
        return java.util.Collections.unmodifiableMap(m);
    }

    static String[] names(ResultSet r) throws SQLException {
        ResultSetMetaData md = r.getMetaData();
        String[] n = new String[md.getColumnCount()];
        for (int i = 0; i < n.length; i++) n[i] = md.getColumnLabel(i + 1);
        return n;
    }

    static String typesText(List<Described> d) {
        return Arrays.toString(d.stream().map(x -> x.name() + " " + x.type()).toArray());
    }
}
