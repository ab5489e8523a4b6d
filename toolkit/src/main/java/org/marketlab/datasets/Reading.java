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
        for (int i = 0; i < cols.length; i++) {
            int at = i + 1;
            switch (targets[i]) {
                case STRING -> {
                    String v = r.getString(at);
                    if (v == null) cols[i].appendMissing();
                    else ((StringColumn) cols[i]).append(v);
                }
                case BOOLEAN -> {
                    boolean v = r.getBoolean(at);
                    if (r.wasNull()) cols[i].appendMissing();
                    else ((BooleanColumn) cols[i]).append(v);
                }
                case SHORT -> {
                    short v = r.getShort(at);
                    if (r.wasNull()) cols[i].appendMissing();
                    else ((ShortColumn) cols[i]).append(v);
                }
                case INT -> {
                    int v = r.getInt(at);
                    if (r.wasNull()) cols[i].appendMissing();
                    else ((IntColumn) cols[i]).append(v);
                }
                case LONG -> {
                    long v = r.getLong(at);
                    if (r.wasNull()) cols[i].appendMissing();
                    else ((LongColumn) cols[i]).append(v);
                }
                case FLOAT -> {
                    float v = r.getFloat(at);
                    if (r.wasNull()) cols[i].appendMissing();
                    else ((FloatColumn) cols[i]).append(v);
                }
                case DOUBLE -> {
                    double v = r.getDouble(at);
                    if (r.wasNull()) cols[i].appendMissing();
                    else ((DoubleColumn) cols[i]).append(v);
                }
                case INSTANT -> {
                    long us = r.getLong(at);
                    if (r.wasNull()) cols[i].appendMissing();
                    else ((InstantColumn) cols[i]).append(instantOfMicros(us));
                }
                case DATETIME -> {
                    long us = r.getLong(at);
                    if (r.wasNull()) cols[i].appendMissing();
                    else ((DateTimeColumn) cols[i]).append(LocalDateTime.ofInstant(instantOfMicros(us), ZoneOffset.UTC));
                }
                case DATE -> {
                    LocalDate v = r.getObject(at, LocalDate.class);
                    if (v == null) cols[i].appendMissing();
                    else ((DateColumn) cols[i]).append(v);
                }
                case TIME -> {
                    LocalTime v = r.getObject(at, LocalTime.class);
                    if (v == null) cols[i].appendMissing();
                    else ((TimeColumn) cols[i]).append(v);
                }
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
