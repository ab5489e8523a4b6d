package org.marketlab.datasets;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.duckdb.DuckDBAppender;
import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.ColumnType;
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

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * The columns of a dataset as the engine stores them, from a Tablesaw table or from a record type, and how a value
 * of each is appended. {@link BigDecimal} is {@code DECIMAL(18,6)} (a 64-bit integer in the file, what every price,
 * size and USDC amount of the service fits: 6 decimals, 12 digits before the point) unless a value of the column
 * needs more, and then {@code DECIMAL(38,12)} (12 decimals, 26 digits before the point); a value that fits neither is
 * refused, never rounded. Instants are UTC timestamps to the microsecond.
 */
final class Columns {

    enum Kind {
        STRING("VARCHAR"), BOOLEAN("BOOLEAN"), SHORT("SMALLINT"), INT("INTEGER"), LONG("BIGINT"), FLOAT("FLOAT"),
        DOUBLE("DOUBLE"), DECIMAL(18, 6), WIDE_DECIMAL(38, 12), INSTANT("TIMESTAMP WITH TIME ZONE"), DATETIME("TIMESTAMP"),
        DATE("DATE"), TIME("TIME"), LIST("VARCHAR[]");

        final String sql;
        final int precision;
        final int scale;

        Kind(String sql) {
            this.sql = sql;
            this.precision = 0;
            this.scale = 0;
        }

        Kind(int precision, int scale) {
            this.sql = "DECIMAL(" + precision + "," + scale + ")";
            this.precision = precision;
            this.scale = scale;
        }
    }

    /** A column: its name, kind, and for records the element type of a list and the getter. */
    record Col(String name, Kind kind, Class<?> element, Function<Object, Object> getter) {
        /** This column as {@code DECIMAL(38,12)}. */
        Col wide() {
            return new Col(name, Kind.WIDE_DECIMAL, element, getter);
        }

        String sql() {
            return Engine.ident(name) + " " + kind.sql;
        }

        /** name and engine type, as a schema check compares them. */
        String signature() {
            return name + " " + kind.sql;
        }
    }

    private Columns() {
    }

    // ---- Tablesaw tables ------------------------------------------------------------------------------------------

    static List<Col> ofTable(Table t) {
        List<Col> cols = new ArrayList<>();
        for (Column<?> c : t.columns()) cols.add(new Col(c.name(), kindOf(c), null, null));
        checkNames(cols, "table " + t.name());
        return cols;
    }

    private static Kind kindOf(Column<?> c) {
        ColumnType t = c.type();
        if (c instanceof StringColumn || t.name().equals("TEXT")) return Kind.STRING;
        if (c instanceof BooleanColumn) return Kind.BOOLEAN;
        if (c instanceof ShortColumn) return Kind.SHORT;
        if (c instanceof IntColumn) return Kind.INT;
        if (c instanceof LongColumn) return Kind.LONG;
        if (c instanceof FloatColumn) return Kind.FLOAT;
        if (c instanceof DoubleColumn) return Kind.DOUBLE;
        if (c instanceof InstantColumn) return Kind.INSTANT;
        if (c instanceof DateTimeColumn) return Kind.DATETIME;
        if (c instanceof DateColumn) return Kind.DATE;
        if (c instanceof TimeColumn) return Kind.TIME;
        throw new DatasetException("column " + c.name() + " is of type " + t.name() + ", which a dataset does not store; "
                + "allowed: text, boolean, short, int, long, float, double, instant, date-time, date, time");
    }

    /** Appends row {@code i} of the table's columns. */
    static void appendRow(DuckDBAppender a, Column<?>[] cols, Kind[] kinds, int i) throws SQLException {
        a.beginRow();
        for (int c = 0; c < cols.length; c++) appendValue(a, cols[c], kinds[c], i);
        a.endRow();
    }

    /** Appends row {@code i} of one column. */
    static void appendValue(DuckDBAppender a, Column<?> col, Kind kind, int i) throws SQLException {
        {
            if (col.isMissing(i)) {
                a.appendNull();
                return;
            }
            switch (kind) {
                case STRING -> a.append(col.getString(i));
                case BOOLEAN -> a.append(((BooleanColumn) col).get(i).booleanValue());
                case SHORT -> a.append(((ShortColumn) col).getShort(i));
                case INT -> a.append(((IntColumn) col).getInt(i));
                case LONG -> a.append(((LongColumn) col).getLong(i));
                case FLOAT -> a.append(((FloatColumn) col).getFloat(i));
                case DOUBLE -> a.append(((DoubleColumn) col).getDouble(i));
                case INSTANT -> a.appendEpochMicros(micros(((InstantColumn) col).get(i), col.name()));
                case DATETIME -> a.appendEpochMicros(micros(((DateTimeColumn) col).get(i).toInstant(ZoneOffset.UTC), col.name()));
                case DATE -> a.append(((DateColumn) col).get(i));
                case TIME -> a.append(((TimeColumn) col).get(i));
                default -> throw new IllegalStateException(kind.name());
            }
        }
    }

    // ---- records ---------------------------------------------------------------------------------------------------

    /**
     * One column per scalar component of a record type (strings, booleans, numbers, {@link BigDecimal}, instants,
     * dates, times) and per list of scalars; nested records and lists of records are left out (they are datasets of
     * their own). Names are the wire names ({@link JsonProperty} where present), as in the toolkit's tables.
     */
    static List<Col> ofRecord(Class<?> type) {
        if (!type.isRecord()) throw new DatasetException(type.getName() + " is not a record; a dataset of objects is written from records");
        List<Col> cols = new ArrayList<>();
        for (RecordComponent rc : type.getRecordComponents()) {
            Class<?> ct = rc.getType();
            Kind k = scalarKind(ct);
            Class<?> element = null;
            if (k == null && List.class.isAssignableFrom(ct) && rc.getGenericType() instanceof ParameterizedType p
                    && p.getActualTypeArguments()[0] instanceof Class<?> e && scalarKind(e) != null) {
                k = Kind.LIST;
                element = e;
            }
            if (k == null) continue;
            java.lang.reflect.Method accessor = rc.getAccessor();
            accessor.setAccessible(true);
            Function<Object, Object> getter = r -> {
                try {
                    return accessor.invoke(r);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            };
            cols.add(new Col(wireName(rc), k, element, getter));
        }
        checkNames(cols, "record " + type.getSimpleName());
        if (cols.isEmpty()) throw new DatasetException("record " + type.getName() + " has no scalar component to store");
        return cols;
    }

    static String wireName(RecordComponent rc) {
        JsonProperty p = rc.getAccessor().getAnnotation(JsonProperty.class);
        return p != null && !p.value().isEmpty() ? p.value() : rc.getName();
    }

    static Kind scalarKind(Class<?> t) {
        if (t == String.class) return Kind.STRING;
        if (t == Boolean.class || t == boolean.class) return Kind.BOOLEAN;
        if (t == Short.class || t == short.class) return Kind.SHORT;
        if (t == Integer.class || t == int.class) return Kind.INT;
        if (t == Long.class || t == long.class) return Kind.LONG;
        if (t == Float.class || t == float.class) return Kind.FLOAT;
        if (t == Double.class || t == double.class) return Kind.DOUBLE;
        if (t == BigDecimal.class) return Kind.DECIMAL;
        if (t == Instant.class) return Kind.INSTANT;
        if (t == LocalDateTime.class) return Kind.DATETIME;
        if (t == LocalDate.class) return Kind.DATE;
        if (t == LocalTime.class) return Kind.TIME;
        return null;
    }

    /** Appends one record's columns as a row. */
    static void appendRecord(DuckDBAppender a, List<Col> cols, Object record) throws SQLException {
        a.beginRow();
        for (Col c : cols) append(a, c, c.getter().apply(record));
        a.endRow();
    }

    static void append(DuckDBAppender a, Col c, Object v) throws SQLException {
        if (v == null) {
            a.appendNull();
            return;
        }
        switch (c.kind()) {
            case STRING -> a.append((String) v);
            case BOOLEAN -> a.append(((Boolean) v).booleanValue());
            case SHORT -> a.append(((Short) v).shortValue());
            case INT -> a.append(((Integer) v).intValue());
            case LONG -> a.append(((Long) v).longValue());
            case FLOAT -> a.append(((Float) v).floatValue());
            case DOUBLE -> a.append(((Double) v).doubleValue());
            case DECIMAL, WIDE_DECIMAL -> a.append(fit((BigDecimal) v, c.name(), c.kind()));
            case INSTANT -> a.appendEpochMicros(micros((Instant) v, c.name()));
            case DATETIME -> a.appendEpochMicros(micros(((LocalDateTime) v).toInstant(ZoneOffset.UTC), c.name()));
            case DATE -> a.append((LocalDate) v);
            case TIME -> a.append((LocalTime) v);
            case LIST -> {
                List<String> text = new ArrayList<>();
                for (Object e : (Collection<?>) v) text.add(e == null ? null : e instanceof BigDecimal b ? b.toPlainString() : e.toString());
                a.append(text);
            }
        }
    }

    /**
     * The columns for these records: each {@code DECIMAL(18,6)} column whose values do not all fit it becomes
     * {@code DECIMAL(38,12)} (the same list when none does).
     */
    static List<Col> widened(List<Col> cols, Collection<?> records) {
        List<Col> out = null;
        for (int i = 0; i < cols.size(); i++) {
            Col c = cols.get(i);
            if (c.kind() != Kind.DECIMAL) continue;
            for (Object r : records) {
                Object v = c.getter().apply(r);
                if (v != null && !fits((BigDecimal) v, Kind.DECIMAL)) {
                    if (out == null) out = new ArrayList<>(cols);
                    out.set(i, c.wide());
                    break;
                }
            }
        }
        return out == null ? cols : out;
    }

    /** Whether a decimal column of this kind holds {@code v} exactly. */
    static boolean fits(BigDecimal v, Kind kind) {
        if (v.scale() > kind.scale && v.stripTrailingZeros().scale() > kind.scale) return false;
        return v.abs().compareTo(BigDecimal.TEN.pow(kind.precision - kind.scale)) < 0;
    }

    /** The value at the column's scale, or a refusal naming what does not fit. */
    static BigDecimal fit(BigDecimal v, String column, Kind kind) {
        BigDecimal scaled;
        try {
            scaled = v.setScale(kind.scale, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new DatasetException("column " + column + ": " + v.toPlainString() + " has more than " + kind.scale + " decimals; a "
                    + kind.sql + " column keeps " + kind.scale + " exactly and never rounds: round it first (setScale) or store it as text");
        }
        if (scaled.unscaledValue().abs().compareTo(BigInteger.TEN.pow(kind.precision)) >= 0) {
            throw new DatasetException("column " + column + ": " + v.toPlainString() + " has more than " + (kind.precision - kind.scale)
                    + " digits before the point; a " + kind.sql + " column holds up to " + (kind.precision - kind.scale) + " digits there");
        }
        return scaled;
    }

    /** An instant as microseconds since the epoch; a finer instant is refused, never truncated. */
    static long micros(Instant t, String column) {
        if (t.getNano() % 1000 != 0) {
            throw new DatasetException("column " + column + ": " + t + " is finer than a microsecond; a dataset keeps instants "
                    + "to the microsecond (UTC timestamps): truncate it first (truncatedTo(ChronoUnit.MICROS))");
        }
        try {
            return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
        } catch (ArithmeticException e) {
            throw new DatasetException("column " + column + ": " + t + " is outside the years a timestamp holds (290,000 either side of 1970)");
        }
    }

    private static void checkNames(List<Col> cols, String what) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Col c : cols) {
            if (c.name() == null || c.name().isEmpty()) throw new DatasetException(what + " has a column without a name");
            if (!seen.add(c.name().toLowerCase(java.util.Locale.ROOT))) {
                throw new DatasetException(what + " has two columns named " + c.name() + " (names are compared without case); rename one");
            }
        }
    }

    static String createTable(String table, List<Col> cols) {
        StringBuilder b = new StringBuilder("CREATE TABLE ").append(Engine.ident(table)).append(" (");
        for (int i = 0; i < cols.size(); i++) b.append(i == 0 ? "" : ", ").append(cols.get(i).sql());
        return b.append(")").toString();
    }

}
