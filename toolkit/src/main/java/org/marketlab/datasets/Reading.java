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

    /**
     * The select list for {@link ColumnFill}: as {@link #projection}, with each number at the exact width its getter
     * reads and a time of day as its ISO text.
     */
    static String chunkProjection(List<Described> cols) {
        StringBuilder b = new StringBuilder();
        for (Described d : cols) {
            if (b.length() > 0) b.append(", ");
            b.append(chunkExpression(d)).append(" AS ").append(Engine.ident(d.name()));
        }
        return b.length() == 0 ? "*" : b.toString();
    }

    private static String chunkExpression(Described d) {
        String id = Engine.ident(d.name());
        return switch (target(d.type())) {
            case SHORT -> "CAST(" + id + " AS SMALLINT)";
            case INT -> "CAST(" + id + " AS INTEGER)";
            case LONG -> "CAST(" + id + " AS BIGINT)";
            case TIME -> "CAST(" + id + " AS VARCHAR)";
            case BOOLEAN, DATE -> id;
            default -> {
                String p = projection(List.of(d));
                yield p.substring(0, p.length() - (" AS " + id).length());
            }
        };
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

    /**
     * Appends the result set's current row (of the {@link #projection}) to the columns: each value as the column's
     * own type takes it ({@code appendObj}), a null as missing. Row by row through JDBC, a boxed value per cell costs
     * little beside the cursor; a whole result is read a chunk at a time instead ({@link ColumnFill}).
     */
    static void appendRow(ResultSet r, Column<?>[] cols, Target[] targets) throws SQLException {
        for (int i = 0; i < cols.length; i++) {
            Object v = value(r, i + 1, targets[i]);
            if (v == null) cols[i].appendMissing();
            else cols[i].appendObj(v);
        }
    }

    /** Column {@code at}'s value as its Tablesaw column takes it, or null. */
    private static Object value(ResultSet r, int at, Target target) throws SQLException {
        Object v = switch (target) {
            case STRING -> r.getString(at);
            case BOOLEAN -> r.getBoolean(at);
            case SHORT -> r.getShort(at);
            case INT -> r.getInt(at);
            case LONG -> r.getLong(at);
            case FLOAT -> r.getFloat(at);
            case DOUBLE -> r.getDouble(at);
            case INSTANT -> instantOfMicros(r.getLong(at));
            case DATETIME -> LocalDateTime.ofInstant(instantOfMicros(r.getLong(at)), ZoneOffset.UTC);
            case DATE -> r.getObject(at, LocalDate.class);
            case TIME -> r.getObject(at, LocalTime.class);
        };
        return r.wasNull() ? null : v;
    }

    static Instant instantOfMicros(long us) {
        return Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000L), Math.floorMod(us, 1_000_000L) * 1000L);
    }

    /** A whole result as a table named {@code name}, read a chunk at a time ({@link ColumnFill}). */
    static Table table(org.duckdb.DuckDBConnection c, String select, String name) throws SQLException {
        List<Described> desc = describe(c, select);
        if (desc.isEmpty()) return Table.create(name);
        Target[] targets = targets(desc);
        ColumnFill.Sink[] sinks = new ColumnFill.Sink[desc.size()];
        for (int i = 0; i < sinks.length; i++) sinks[i] = ColumnFill.sink(desc.get(i).name(), targets[i], 1024);
        ColumnFill.fill(c, "SELECT " + chunkProjection(desc) + " FROM (" + select + ") AS q", sinks);
        Column<?>[] cols = new Column<?>[sinks.length];
        for (int i = 0; i < cols.length; i++) cols[i] = sinks[i].column();
        return Table.create(name, cols);
    }

    /**
     * A whole file (or folder) scan as a table, faster than {@link #table} for big ones: each text column is read as
     * 63 bits of the engine's hash of each value beside the value itself, and a value's text crosses from the engine only
     * the first time its hash is seen ({@link ColumnFill#learned}), so a column of few distinct values becomes a
     * dictionary-encoded column without a call per row or a hash of each row in Java. A column whose distinct values
     * turn out to be many (a quarter of the rows or more) is read as plain text from there on. Nothing is read twice:
     * no count of distinct values and no table of them first.
     */
    static Table scan(org.duckdb.DuckDBConnection c, String select, String name) throws SQLException {
        List<Described> desc = describe(c, select);
        int n = desc.size();
        if (n == 0) return Table.create(name);
        Target[] targets = targets(desc);
        long rows;
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM (" + select + ") AS q")) {
            r.next();
            rows = r.getLong(1); // from the files' footers
        }
        int capacity = (int) Math.min(Math.max(rows, 0), Integer.MAX_VALUE - 16);
        StringBuilder q = new StringBuilder("SELECT ");
        ColumnFill.Sink[] sinks = new ColumnFill.Sink[n];
        int at = 0;
        for (int i = 0; i < n; i++) {
            String id = Engine.ident(desc.get(i).name());
            if (at > 0) q.append(", ");
            if (desc.get(i).type().equalsIgnoreCase("VARCHAR")) {
                q.append(hashOf(id)).append(" AS c").append(at++).append(", ").append(id).append(" AS c").append(at++);
                sinks[i] = ColumnFill.learned(desc.get(i).name(), capacity);
            } else {
                q.append(chunkExpression(desc.get(i))).append(" AS c").append(at++);
                sinks[i] = ColumnFill.sink(desc.get(i).name(), targets[i], capacity);
            }
        }
        q.append(" FROM (").append(select).append(") AS q");
        ColumnFill.fill(c, q.toString(), sinks);
        Column<?>[] cols = new Column<?>[n];
        for (int i = 0; i < n; i++) cols[i] = sinks[i].column();
        return Table.create(name, cols);
    }

    /** 63 bits of the engine's hash of a value: what a text column sends beside each value. */
    private static String hashOf(String id) {
        return "CAST(hash(" + id + ") & 9223372036854775807 AS BIGINT)";
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
