package org.marketlab.datasets;

import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/** Equality of tables (names, types, every value) and of records (decimals by value), with messages that point. */
final class Tables {

    private Tables() {
    }

    static void assertSameTable(Table expected, Table actual) {
        assertEquals(expected.columnNames(), actual.columnNames(), "column names of " + expected.name());
        assertEquals(expected.rowCount(), actual.rowCount(), "rows of " + expected.name());
        for (int c = 0; c < expected.columnCount(); c++) {
            Column<?> e = expected.column(c);
            Column<?> a = actual.column(c);
            assertEquals(e.type(), a.type(), "type of column " + e.name() + " in " + expected.name());
            for (int r = 0; r < e.size(); r++) {
                if (e.isMissing(r) != a.isMissing(r) || (!e.isMissing(r) && !Objects.equals(e.get(r), a.get(r)))) {
                    fail(expected.name() + " row " + r + " column " + e.name() + ": expected " + e.getString(r) + " but was " + a.getString(r));
                }
            }
        }
    }

    static <R extends Record> void assertSameRecords(List<R> expected, List<R> actual) {
        assertEquals(expected.size(), actual.size(), "rows");
        for (int i = 0; i < expected.size(); i++) {
            R e = expected.get(i);
            R a = actual.get(i);
            for (RecordComponent c : e.getClass().getRecordComponents()) {
                if (Columns.scalarKind(c.getType()) == null && !List.class.isAssignableFrom(c.getType())) continue;
                Object ev = get(c, e);
                Object av = get(c, a);
                if (List.class.isAssignableFrom(c.getType())) {
                    if (Columns.ofRecord(e.getClass()).stream().noneMatch(x -> x.name().equals(Columns.wireName(c)))) continue; // lists of records are left out
                    ev = ev == null ? List.of() : ev;
                }
                boolean same = ev instanceof BigDecimal eb && av instanceof BigDecimal ab ? eb.compareTo(ab) == 0 : Objects.equals(ev, av);
                if (!same) fail(e.getClass().getSimpleName() + " row " + i + " component " + c.getName() + ": expected " + ev + " but was " + av);
            }
        }
    }

    private static Object get(RecordComponent c, Object r) {
        try {
            c.getAccessor().setAccessible(true);
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
