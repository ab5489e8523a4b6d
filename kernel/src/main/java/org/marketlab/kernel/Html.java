package org.marketlab.kernel;

import org.marketlab.tables.ColumnKind;
import org.marketlab.tables.TableFormat;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** HTML and plain-text views of tables and records for notebook output. */
final class Html {

    /** Rows shown before a table is elided to its head and tail (change with -Dmarketlab.display.rows). */
    static int maxRows() {
        return Integer.getInteger("marketlab.display.rows", 40);
    }

    private Html() {
    }

    static String escape(Object o) {
        String s = String.valueOf(o);
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * A table: a caption naming it with its shape, the header (each column's type and kind as its tooltip), head
     * and tail rows with an elision row between; cells formatted by {@link TableFormat} (numbers right-aligned,
     * the same decimals down a column).
     */
    /**
     * Classes that keep the notebook's math typesetting (MathJax: {@code $...$}) out of a table: a market named
     * "$390 to $395" reads as written, not as italic math.
     */
    static final String NO_MATH = "mathjax_ignore tex2jax_ignore";

    static String table(Table t) {
        int rows = t.rowCount();
        int max = maxRows();
        int head = rows > max ? max / 2 : rows;
        int tail = rows > max ? max - head : 0;
        int[] shown = new int[head + tail];
        for (int i = 0; i < head; i++) shown[i] = i;
        for (int i = 0; i < tail; i++) shown[head + i] = rows - tail + i;
        List<List<String>> cells = new ArrayList<>(t.columnCount());
        List<Boolean> right = new ArrayList<>(t.columnCount());
        StringBuilder b = new StringBuilder();
        b.append("<div class=\"marketlab-table " + NO_MATH + "\"><table class=\"dataframe\" border=\"1\"><caption style=\"text-align:left;caption-side:top\"><b>")
                .append(escape(caption(t))).append("</b> · ")
                .append(String.format(Locale.ROOT, "%,d", rows)).append(rows == 1 ? " row × " : " rows × ").append(t.columnCount())
                .append(t.columnCount() == 1 ? " column" : " columns").append("</caption>");
        b.append("<thead><tr><th></th>");
        for (Column<?> c : t.columns()) {
            ColumnKind kind = ColumnKind.of(c);
            cells.add(TableFormat.cells(c, shown));
            right.add(c instanceof NumericColumn<?> && kind != ColumnKind.ID);
            b.append("<th title=\"").append(escape(c.type().name().toLowerCase(Locale.ROOT) + ", " + kind.name().toLowerCase(Locale.ROOT))).append("\">")
                    .append(escape(c.name())).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (int i = 0; i < shown.length; i++) {
            if (i == head && tail > 0) {
                b.append("<tr><td>…</td>");
                for (int k = 0; k < t.columnCount(); k++) b.append("<td>…</td>");
                b.append("</tr>");
            }
            b.append("<tr><th>").append(shown[i]).append("</th>");
            for (int k = 0; k < cells.size(); k++) {
                b.append(right.get(k) ? "<td style=\"text-align:right\">" : "<td style=\"text-align:left\">").append(escape(cells.get(k).get(i))).append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table></div>");
        return b.toString();
    }

    /** What a table is: its name, or a plain word when it has none. */
    static String caption(Table t) {
        return t.name() == null || t.name().isBlank() ? "table" : t.name();
    }

    private static final ThreadLocal<DecimalFormat> NUMBER = ThreadLocal.withInitial(
            () -> new DecimalFormat("#,##0.######", DecimalFormatSymbols.getInstance(Locale.ROOT)));

    static String format(Object v) {
        if (v == null) return "";
        if (v instanceof Double d) return d.isNaN() ? "" : NUMBER.get().format(d);
        if (v instanceof Float f) return NUMBER.get().format(f);
        if (v instanceof BigDecimal d) return d.toPlainString();
        if (v instanceof Instant i) return i.toString();
        return v.toString();
    }

    /** Plain text of a table: Tablesaw's own print, head and tail when long. */
    static String text(Table t) {
        int max = maxRows();
        if (t.rowCount() <= max) return t.print();
        return t.name() + ": " + t.rowCount() + " rows × " + t.columnCount() + " columns\n"
                + t.first(max / 2).print() + "\n…\n" + t.last(max - max / 2).printAll();
    }

    /** A record: a two-column table of its scalar fields; lists by their size. */
    static String record(Record r) {
        StringBuilder b = new StringBuilder("<table class=\"marketlab-record " + NO_MATH + "\"><caption style=\"text-align:left\"><b>")
                .append(escape(r.getClass().getSimpleName())).append("</b></caption><tbody>");
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Object v;
            try {
                c.getAccessor().setAccessible(true);
                v = c.getAccessor().invoke(r);
            } catch (ReflectiveOperationException | RuntimeException e) {
                continue;
            }
            if (v == null) continue;
            String shown;
            if (v instanceof Collection<?> col) {
                if (col.isEmpty()) continue;
                boolean scalars = col.stream().allMatch(x -> x == null || x instanceof String || x instanceof Number);
                shown = scalars && col.size() <= 12 ? col.toString() : col.size() + " " + (col.iterator().next() instanceof Record rr ? rr.getClass().getSimpleName() + "s" : "items");
            } else if (v instanceof Map<?, ?> m) {
                shown = m.size() + " entries";
            } else if (v instanceof Record nested) {
                shown = nested.getClass().getSimpleName();
            } else {
                shown = format(v);
            }
            if (isSecret(c.getName())) shown = "(hidden)";
            b.append("<tr><th style=\"text-align:left\">").append(escape(c.getName())).append("</th><td style=\"text-align:left\">")
                    .append(escape(shown)).append("</td></tr>");
        }
        return b.append("</tbody></table>").toString();
    }

    /** A perpetuals session: whose account, through which proxy, until when (never a secret). */
    static String session(org.marketlab.perps.PerpsSession s) {
        var c = s.credentials();
        return "<table class=\"marketlab-record " + NO_MATH + "\"><caption style=\"text-align:left\"><b>Perpetuals session</b></caption><tbody>"
                + "<tr><th style=\"text-align:left\">owner</th><td style=\"text-align:left\">" + escape(s.owner()) + "</td></tr>"
                + "<tr><th style=\"text-align:left\">proxy signer</th><td style=\"text-align:left\">" + escape(c.proxy()) + "</td></tr>"
                + "<tr><th style=\"text-align:left\">expires</th><td style=\"text-align:left\">" + escape(format(c.expiresAt())) + "</td></tr>"
                + "<tr><th style=\"text-align:left\">proxy</th><td style=\"text-align:left\">" + (s.resumed() ? "resumed from the credential store" : "registered now") + "</td></tr>"
                + "</tbody></table>";
    }

    /** Field names that carry credentials; never shown. */
    static boolean isSecret(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.contains("secret") || n.contains("privatekey") || n.contains("private_key") || n.contains("passphrase");
    }
}
