package org.marketlab.datasets;

import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Rows into records: each component takes the column of its wire name ({@code @JsonProperty}) or its own name, in
 * any case; a component with no column is null (an empty list for a list). Values convert exactly (a decimal into
 * {@link BigDecimal}, a UTC timestamp into {@link Instant}); one that would change is refused.
 */
final class RecordMapper<R> {

    private final Class<R> type;
    private final Constructor<R> constructor;
    private final RecordComponent[] components;
    private final int[] columnOf;

    RecordMapper(Class<R> type, String[] columns) {
        if (!type.isRecord()) throw new DatasetException(type.getName() + " is not a record; rows are read into records");
        this.type = type;
        this.components = type.getRecordComponents();
        Class<?>[] params = new Class<?>[components.length];
        for (int i = 0; i < params.length; i++) params[i] = components[i].getType();
        try {
            this.constructor = type.getDeclaredConstructor(params);
            this.constructor.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < columns.length; i++) byName.putIfAbsent(columns[i].toLowerCase(Locale.ROOT), i + 1);
        columnOf = new int[components.length];
        int matched = 0;
        for (int i = 0; i < components.length; i++) {
            Integer at = byName.get(Columns.wireName(components[i]).toLowerCase(Locale.ROOT));
            if (at == null) at = byName.get(components[i].getName().toLowerCase(Locale.ROOT));
            columnOf[i] = at == null ? 0 : at;
            if (at != null) matched++;
            else if (components[i].getType().isPrimitive()) {
                throw new DatasetException("record " + type.getSimpleName() + " needs a column " + components[i].getName()
                        + " (a primitive cannot be left empty); the dataset has " + String.join(", ", columns));
            }
        }
        if (matched == 0) {
            throw new DatasetException("no column of the dataset (" + String.join(", ", columns) + ") names a component of record "
                    + type.getSimpleName());
        }
    }

    R map(ResultSet r) throws SQLException {
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            Object v = columnOf[i] == 0 ? null : Reading.value(r, columnOf[i]);
            args[i] = convert(v, c);
        }
        try {
            return constructor.newInstance(args);
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new DatasetException("a row does not make a " + type.getSimpleName() + ": " + cause.getMessage(), cause);
        }
    }

    private Object convert(Object v, RecordComponent c) {
        Class<?> t = c.getType();
        if (List.class.isAssignableFrom(t)) {
            if (v == null) return List.of();
            Class<?> element = c.getGenericType() instanceof ParameterizedType p && p.getActualTypeArguments()[0] instanceof Class<?> e ? e : Object.class;
            List<Object> out = new ArrayList<>();
            for (Object o : v instanceof List<?> l ? l : List.of(v)) out.add(o == null ? null : scalar(o instanceof String s ? parse(s, element, c) : o, element, c));
            return java.util.Collections.unmodifiableList(out);
        }
        if (v == null) {
            if (t.isPrimitive()) throw new DatasetException("column " + c.getName() + " is empty in a row, and record " + type.getSimpleName() + " holds it as a " + t);
            return null;
        }
        return scalar(v, t, c);
    }

    private Object parse(String s, Class<?> element, RecordComponent c) {
        if (element == String.class || element == Object.class) return s;
        if (element == BigDecimal.class) return new BigDecimal(s);
        if (element == Instant.class) return Instant.parse(s);
        if (element == Long.class) return Long.parseLong(s);
        if (element == Integer.class) return Integer.parseInt(s);
        if (element == Double.class) return Double.parseDouble(s);
        if (element == Boolean.class) return Boolean.parseBoolean(s);
        if (element == LocalDate.class) return LocalDate.parse(s);
        return s;
    }

    private Object scalar(Object v, Class<?> t, RecordComponent c) {
        if (t.isInstance(v) || t == Object.class) return v;
        if (t.isPrimitive()) t = box(t);
        if (t.isInstance(v)) return v;
        try {
            if (t == String.class) return v instanceof BigDecimal b ? b.toPlainString() : v.toString();
            if (v instanceof Number n) {
                BigDecimal exact = n instanceof BigDecimal b ? b : (n instanceof Double || n instanceof Float) ? new BigDecimal(n.toString()) : new BigDecimal(n.toString());
                if (t == BigDecimal.class) return exact;
                if (t == Long.class) return exact.longValueExact();
                if (t == Integer.class) return exact.intValueExact();
                if (t == Short.class) return exact.shortValueExact();
                if (t == Double.class) return n.doubleValue();
                if (t == Float.class) return n.floatValue();
            }
            if (t == Instant.class && v instanceof LocalDateTime d) return d.toInstant(ZoneOffset.UTC);
            if (t == LocalDateTime.class && v instanceof Instant i) return LocalDateTime.ofInstant(i, ZoneOffset.UTC);
            if (t == LocalDate.class && v instanceof LocalDateTime d) return d.toLocalDate();
            if (t == LocalTime.class && v instanceof LocalDateTime d) return d.toLocalTime();
            if (v instanceof String s) return parse(s, t, c);
        } catch (ArithmeticException | IllegalArgumentException | java.time.DateTimeException e) {
            throw new DatasetException("column " + c.getName() + ": " + v + " does not fit record " + type.getSimpleName() + "'s " + t.getSimpleName()
                    + " exactly (" + e.getMessage() + ")", e);
        }
        throw new DatasetException("column " + c.getName() + " holds " + v.getClass().getSimpleName() + " values; record " + type.getSimpleName()
                + " wants " + t.getSimpleName());
    }

    private static Class<?> box(Class<?> p) {
        if (p == int.class) return Integer.class;
        if (p == long.class) return Long.class;
        if (p == double.class) return Double.class;
        if (p == float.class) return Float.class;
        if (p == boolean.class) return Boolean.class;
        if (p == short.class) return Short.class;
        if (p == byte.class) return Byte.class;
        return Character.class;
    }
}
