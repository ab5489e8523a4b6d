package org.marketlab.kernel;

import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.util.Collection;
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

    /** A table: a shape line, the header with column types, head and tail rows with an elision row between. */
    static String table(Table t) {
        int rows = t.rowCount();
        int max = maxRows();
        int head = rows > max ? max / 2 : rows;
        int tail = rows > max ? max - head : 0;
        StringBuilder b = new StringBuilder();
        b.append("<div class=\"marketlab-table\"><p style=\"margin:0 0 4px 0;font-size:90%\"><b>")
                .append(escape(t.name() == null ? "table" : t.name())).append("</b>: ")
                .append(String.format(Locale.ROOT, "%,d", rows)).append(" rows × ").append(t.columnCount()).append(" columns</p>");
        b.append("<table class=\"dataframe\" border=\"1\"><thead><tr><th></th>");
        for (Column<?> c : t.columns()) {
            b.append("<th title=\"").append(escape(c.type().name().toLowerCase(Locale.ROOT))).append("\">")
                    .append(escape(c.name())).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (int r = 0; r < head; r++) row(b, t, r);
        if (tail > 0) {
            b.append("<tr><td>…</td>");
            for (int i = 0; i < t.columnCount(); i++) b.append("<td>…</td>");
            b.append("</tr>");
            for (int r = rows - tail; r < rows; r++) row(b, t, r);
        }
        b.append("</tbody></table></div>");
        return b.toString();
    }

    private static void row(StringBuilder b, Table t, int r) {
        b.append("<tr><th>").append(r).append("</th>");
        for (Column<?> c : t.columns()) {
            b.append("<td>");
            if (!c.isMissing(r)) b.append(escape(format(c.get(r))));
            b.append("</td>");
        }
        b.append("</tr>");
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
        StringBuilder b = new StringBuilder("<table class=\"marketlab-record\"><caption style=\"text-align:left\"><b>")
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

    /** Field names that carry credentials; never shown. */
    static boolean isSecret(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.contains("secret") || n.contains("privatekey") || n.contains("private_key") || n.contains("passphrase");
    }
}
