package org.marketlab.tables;

import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a table looks like on display, as a notebook shows it: the columns in reading order (names before ids:
 * the question and outcome before the token id, titles before slugs, symbols before instrument ids), each with its
 * readable header ({@link ColumnLabels}), its kind ({@link ColumnKind}) and its cells as text ({@link TableFormat}),
 * the full value of every shortened identifier kept for a tooltip. The table itself is not changed: columns keep
 * their names, order and values for code; this is only how they are drawn.
 */
public final class TableView {

    /** One column as shown: its name in the table, its header, type and kind, and the text of the shown rows. */
    public record Shown(String name, String label, String type, ColumnKind kind, List<String> text, List<String> full) {

        /** Whether the cells line up on the right (numbers). */
        public boolean right() {
            return kind.numeric();
        }

        /** The full value of row {@code i} when the text shows it shortened, else null. */
        public String fullAt(int i) {
            String f = full.get(i);
            return f == null || f.equals(text.get(i)) ? null : f;
        }
    }

    /** Names a reader looks for first (titles, questions), then names that qualify them (outcomes, symbols). */
    private static final Set<String> TITLES = Set.of("title", "question", "event", "eventtitle", "markettitle", "name");
    private static final Set<String> QUALIFIERS = Set.of("outcome", "symbol", "instrument", "label", "tag");

    private TableView() {
    }

    /** The columns of {@code t} in display order, with the cells of {@code rows}. */
    public static List<Shown> of(Table t, int[] rows) {
        List<Shown> out = new ArrayList<>(t.columnCount());
        for (int i : order(t)) {
            Column<?> c = t.column(i);
            ColumnKind kind = TableFormat.shownAs(c);
            List<String> text = TableFormat.cells(c, rows);
            List<String> full = new ArrayList<>(rows.length);
            for (int r : rows) full.add(kind == ColumnKind.ID && !c.isMissing(r) ? String.valueOf(c.get(r)) : null);
            out.add(new Shown(c.name(), ColumnLabels.of(c.name(), kind), c.type().name().toLowerCase(Locale.ROOT), kind, text, full));
        }
        return out;
    }

    /**
     * The display order of a table's columns (indexes): as in the table, except that name columns found after the
     * first identifier or slug column move to where it stood, titles before qualifiers.
     */
    public static int[] order(Table t) {
        int n = t.columnCount();
        int firstKey = -1;
        for (int i = 0; i < n && firstKey < 0; i++) if (isKey(t.column(i))) firstKey = i;
        List<Integer> names = new ArrayList<>();
        if (firstKey >= 0) for (int i = firstKey + 1; i < n; i++) if (rank(t.column(i)) >= 0) names.add(i);
        if (names.isEmpty()) {
            int[] same = new int[n];
            for (int i = 0; i < n; i++) same[i] = i;
            return same;
        }
        names.sort(Comparator.comparingInt((Integer i) -> rank(t.column(i))).thenComparingInt(i -> i));
        List<Integer> order = new ArrayList<>(n);
        for (int i = 0; i < firstKey; i++) order.add(i);
        order.addAll(names);
        for (int i = firstKey; i < n; i++) if (!names.contains(i)) order.add(i);
        return order.stream().mapToInt(Integer::intValue).toArray();
    }

    private static boolean isKey(Column<?> c) {
        return TableFormat.shownAs(c) == ColumnKind.ID || c.name().toLowerCase(Locale.ROOT).contains("slug");
    }

    /** 0 for a title, 1 for a qualifier, -1 for neither (text columns only). */
    private static int rank(Column<?> c) {
        if (TableFormat.shownAs(c) != ColumnKind.TEXT) return -1;
        String n = ColumnKind.squash(c.name());
        if (TITLES.contains(n)) return 0;
        if (QUALIFIERS.contains(n)) return 1;
        return -1;
    }
}
