package org.marketlab.tables;

import com.fasterxml.jackson.annotation.JsonProperty;
import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Builds a typed Tablesaw table from records, one column per scalar component: strings, instants, dates, booleans,
 * doubles (also for {@link BigDecimal}), integers and longs. Lists of scalars become one text column, the
 * elements joined by {@code ", "}. Nested records and lists of records are left to their own tables.
 * Column names are the wire names ({@link JsonProperty} where present).
 *
 * @param <R> the row type
 */
public final class RecordTable<R> {

    private final List<Spec<R>> specs = new ArrayList<>();

    private record Spec<R>(String name, Class<?> type, Function<R, Object> getter) {
    }

    private RecordTable() {
    }

    /** A builder with one column per scalar component of {@code type}, in declaration order. */
    public static <R extends Record> RecordTable<R> of(Class<R> type) {
        RecordTable<R> t = new RecordTable<>();
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        for (RecordComponent c : type.getRecordComponents()) {
            Class<?> ct = c.getType();
            boolean scalarList = List.class.isAssignableFrom(ct) && isScalarElement(c);
            if (!isScalar(ct) && !scalarList) continue;
            JsonProperty p = c.getAccessor().getAnnotation(JsonProperty.class);
            String name = p != null && !p.value().isEmpty() ? p.value() : c.getName();
            MethodHandle h;
            try {
                h = lookup.unreflect(c.getAccessor());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("record " + type.getName() + " is not public", e);
            }
            MethodHandle handle = h;
            Function<R, Object> getter = r -> {
                try {
                    return handle.invoke(r);
                } catch (Throwable e) {
                    throw new IllegalStateException(e);
                }
            };
            t.specs.add(new Spec<>(name, scalarList ? String.class : ct, scalarList ? r -> join((List<?>) getter.apply(r)) : getter));
        }
        return t;
    }

    /** A builder with no columns yet; add them with {@link #column(String, Class, Function)}. */
    public static <R> RecordTable<R> columns() {
        return new RecordTable<>();
    }

    /** Adds a derived column after the others. */
    public RecordTable<R> column(String name, Class<?> type, Function<R, Object> getter) {
        return column(name, type, getter, false);
    }

    /** The same columns, read from rows of another type through {@code part}. */
    public <T> RecordTable<T> adapt(Function<T, R> part) {
        RecordTable<T> t = new RecordTable<>();
        for (Spec<R> s : specs) t.specs.add(new Spec<>(s.name(), s.type(), row -> s.getter().apply(part.apply(row))));
        return t;
    }

    /**
     * A builder with only the named columns, in the order given: a compact view of a wider table. A name this builder
     * does not have is refused with the names it has.
     */
    public RecordTable<R> only(String... names) {
        RecordTable<R> t = new RecordTable<>();
        for (String n : names) {
            Spec<R> found = specs.stream().filter(s -> s.name().equals(n)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                    "no column '" + n + "'; the columns are " + specs.stream().map(Spec::name).toList()));
            t.specs.add(found);
        }
        return t;
    }

    /** Adds a derived column before the others ({@code first}) or after them. */
    public RecordTable<R> column(String name, Class<?> type, Function<R, Object> getter, boolean first) {
        if (!isScalar(type)) throw new IllegalArgumentException("column " + name + ": unsupported type " + type);
        Spec<R> s = new Spec<>(name, type, getter);
        if (first) specs.add(0, s);
        else specs.add(s);
        return this;
    }

    /** Builds the table named {@code name} from {@code rows}. */
    public Table table(String name, Collection<? extends R> rows) {
        List<Column<?>> cols = new ArrayList<>(specs.size());
        for (Spec<R> s : specs) cols.add(fill(s, rows));
        return Table.create(name, cols);
    }

    private Column<?> fill(Spec<R> s, Collection<? extends R> rows) {
        Class<?> t = s.type();
        Column<?> c;
        Function<Object, Object> convert = Function.identity();
        if (t == String.class) {
            c = StringColumn.create(s.name());
            convert = Object::toString;
        } else if (t == Instant.class) {
            c = InstantColumn.create(s.name());
        } else if (t == java.time.LocalDate.class) {
            c = tech.tablesaw.api.DateColumn.create(s.name());
        } else if (t == Boolean.class || t == boolean.class) {
            c = BooleanColumn.create(s.name());
        } else if (t == Integer.class || t == int.class) {
            c = IntColumn.create(s.name());
        } else if (t == Long.class || t == long.class) {
            c = LongColumn.create(s.name());
        } else {
            c = DoubleColumn.create(s.name());
            convert = v -> ((Number) v).doubleValue();
        }
        for (R r : rows) {
            Object v = s.getter().apply(r);
            if (v == null) c.appendMissing();
            else c.appendObj(convert.apply(v));
        }
        return c;
    }

    private static boolean isScalar(Class<?> t) {
        return t == String.class || t == Instant.class || t == java.time.LocalDate.class || t == Boolean.class || t == boolean.class
                || t == Integer.class || t == int.class || t == Long.class || t == long.class
                || t == Double.class || t == double.class || t == BigDecimal.class;
    }

    private static boolean isScalarElement(RecordComponent c) {
        if (!(c.getGenericType() instanceof java.lang.reflect.ParameterizedType p)) return false;
        return p.getActualTypeArguments()[0] instanceof Class<?> e && isScalar(e);
    }

    private static String join(List<?> list) {
        if (list == null || list.isEmpty()) return null;
        return list.stream().map(v -> v instanceof BigDecimal b ? b.toPlainString() : Objects.toString(v, ""))
                .collect(Collectors.joining(", "));
    }
}
