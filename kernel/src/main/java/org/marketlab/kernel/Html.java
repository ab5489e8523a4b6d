package org.marketlab.kernel;

import org.marketlab.tables.ColumnKind;
import org.marketlab.tables.ColumnLabels;
import org.marketlab.tables.Formats;
import org.marketlab.tables.Ids;
import org.marketlab.tables.TableView;
import tech.tablesaw.api.Table;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
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
     * Classes that keep the notebook's math typesetting (MathJax: {@code $...$}) out of a table: a market named
     * "$390 to $395" reads as written, not as italic math.
     */
    static final String NO_MATH = "mathjax_ignore tex2jax_ignore";

    /**
     * A table as a report shows it ({@link TableView}): a caption naming it with its shape, readable headers with
     * units (each column's name in the table, type and kind as the header's tooltip, the kind also as
     * {@code data-kind}), names before ids, head and tail rows with an elision row between; cells formatted by kind
     * (numbers right-aligned, the same decimals down a column, long ids shortened with the full value as the cell's
     * tooltip). The table's own names and values are unchanged.
     */
    static String table(Table t) {
        int rows = t.rowCount();
        int max = maxRows();
        int head = rows > max ? max / 2 : rows;
        int tail = rows > max ? max - head : 0;
        int[] shown = new int[head + tail];
        for (int i = 0; i < head; i++) shown[i] = i;
        for (int i = 0; i < tail; i++) shown[head + i] = rows - tail + i;
        List<TableView.Shown> columns = TableView.of(t, shown);
        StringBuilder b = new StringBuilder();
        // A caption is as wide as its table: a short one (most) stays on one line past a narrow table's edge.
        b.append("<div class=\"marketlab-table " + NO_MATH + "\"><table class=\"dataframe\" border=\"1\"><caption style=\"text-align:left;caption-side:top")
                .append(caption(t).length() <= 80 ? ";white-space:nowrap" : "").append("\"><b>")
                .append(escape(caption(t))).append("</b> · ")
                .append(String.format(Locale.ROOT, "%,d", rows)).append(rows == 1 ? " row × " : " rows × ").append(t.columnCount())
                .append(t.columnCount() == 1 ? " column" : " columns").append("</caption>");
        b.append("<thead><tr><th></th>");
        for (TableView.Shown c : columns) {
            String kind = c.kind().name().toLowerCase(Locale.ROOT);
            b.append("<th title=\"").append(escape("column \"" + c.name() + "\" · " + c.type() + ", " + kind)).append("\" data-kind=\"")
                    .append(kind).append("\" style=\"text-align:").append(c.right() ? "right" : "left").append("\">")
                    .append(escape(c.label())).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        String[] cellStyle = cellStyles(columns);
        for (int i = 0; i < shown.length; i++) {
            if (i == head && tail > 0) {
                b.append("<tr><td>…</td>");
                for (int k = 0; k < columns.size(); k++) b.append("<td>…</td>");
                b.append("</tr>");
            }
            b.append("<tr><th>").append(shown[i]).append("</th>");
            for (int k = 0; k < columns.size(); k++) {
                TableView.Shown c = columns.get(k);
                String full = c.fullAt(i);
                b.append("<td style=\"").append(cellStyle[k]).append('"');
                if (full != null) b.append(" title=\"").append(escape(full)).append("\"");
                b.append(">").append(escape(c.text().get(i))).append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table></div>");
        return b.toString();
    }

    /** Text up to this many characters stays on one line. */
    static final int ONE_LINE = 28;

    /**
     * About how wide a notebook's output area is, in em of a table's text (JupyterLab's default page, 12 to 13 px
     * table text): a table laid out within it needs no sideways scrolling.
     */
    static final double PAGE_EM = 64;

    /** The narrowest a column of long text gets to make room: two or three short words a line. */
    static final double NARROWEST_TEXT_EM = 10;

    /**
     * How a column's cells are laid out: numbers right-aligned, numbers, times, ids and short text (a side, a status,
     * a category) on one line; long text (questions, titles, details) wraps, in a column wide enough for about two
     * lines of a question (the longer the text, the wider, from 14 up to 22em), so short columns take no room from it.
     * When the one-line columns and the long text's widths together pass the page ({@link #PAGE_EM}), the long-text
     * columns give up width in proportion, down to {@link #NARROWEST_TEXT_EM}, so a wide report still fits the page.
     */
    static String[] cellStyles(List<TableView.Shown> columns) {
        String[] styles = new String[columns.size()];
        double[] wanted = new double[columns.size()];
        double oneLine = 2.5; // the row numbers
        double wrapping = 0;
        for (int k = 0; k < styles.length; k++) {
            TableView.Shown c = columns.get(k);
            int longest = 0;
            for (String t : c.text()) if (t != null) longest = Math.max(longest, t.length());
            if (c.right()) styles[k] = "text-align:right;white-space:nowrap";
            else if (c.kind() != ColumnKind.TEXT || longest <= ONE_LINE) styles[k] = "text-align:left;white-space:nowrap";
            else {
                wanted[k] = Math.max(14, Math.min(22, longest * 0.28));
                wrapping += wanted[k];
                continue;
            }
            int header = 0; // headers wrap between words: their longest word is as narrow as the column gets
            for (String w : c.label().split(" ")) header = Math.max(header, w.length());
            oneLine += 0.6 * Math.max(longest, header) + 1.2;
        }
        double scale = wrapping == 0 || oneLine + wrapping <= PAGE_EM ? 1 : Math.max(0, PAGE_EM - oneLine) / wrapping;
        for (int k = 0; k < styles.length; k++) {
            if (styles[k] != null) continue;
            double em = Math.max(NARROWEST_TEXT_EM, wanted[k] * scale);
            styles[k] = String.format(Locale.ROOT, "text-align:left;min-width:%.0fem;max-width:32em", em);
        }
        return styles;
    }

    /** What a table is: its name, or a plain word when it has none. */
    static String caption(Table t) {
        return t.name() == null || t.name().isBlank() ? "table" : t.name();
    }

    /** Plain text of a table: Tablesaw's own print, head and tail when long. */
    static String text(Table t) {
        int max = maxRows();
        if (t.rowCount() <= max) return t.print();
        return t.name() + ": " + t.rowCount() + " rows × " + t.columnCount() + " columns\n"
                + t.first(max / 2).print() + "\n…\n" + t.last(max - max / 2).printAll();
    }

    /**
     * A record: a two-column table of its scalar fields, each under a readable label with its unit and written as a
     * table column of that name would be ({@link Formats#value}): money to the cent, durations readable, an unlimited
     * allowance as "unlimited", long ids shortened with the full value as tooltip; lists by their size.
     */
    static String record(Record r) {
        StringBuilder b = new StringBuilder("<table class=\"marketlab-record " + NO_MATH + "\"><caption style=\"text-align:left\"><b>")
                .append(escape(sentence(ColumnLabels.words(r.getClass().getSimpleName())))).append("</b></caption><tbody>");
        if (r instanceof org.marketlab.clob.BalanceAllowance ba) { // the balance in whole units, as the account reads it
            b.append(row("balance (" + (ba.tokenId() == null ? "USDC" : "shares") + ")", "usdc", Formats.money(ba.balance()), null));
        }
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Object v;
            try {
                c.getAccessor().setAccessible(true);
                v = c.getAccessor().invoke(r);
            } catch (ReflectiveOperationException | RuntimeException e) {
                continue;
            }
            if (v == null) continue;
            String shown, full = null, kind = "text";
            if (v instanceof Collection<?> col) {
                if (col.isEmpty()) continue;
                boolean scalars = col.stream().allMatch(x -> x == null || x instanceof String || x instanceof Number);
                shown = scalars && col.size() <= 12 ? col.toString() : col.size() + " " + (col.iterator().next() instanceof Record rr ? rr.getClass().getSimpleName() + "s" : "items");
            } else if (v instanceof Map<?, ?> m) {
                if (m.isEmpty()) continue;
                shown = m.size() + (m.size() == 1 ? " entry" : " entries");
            } else if (v instanceof Record nested) {
                shown = ColumnLabels.words(nested.getClass().getSimpleName());
            } else {
                shown = Formats.value(c.getName(), v);
                if (!shown.equals(String.valueOf(v)) && v instanceof String) full = (String) v;
                if (v instanceof String str && (Ids.byName(c.getName()) || Ids.looksLikeId(str))) kind = "id";
                if (v instanceof Number) kind = ColumnKind.ofNumber(c.getName(), !(v instanceof BigDecimal || v instanceof Double || v instanceof Float)).name().toLowerCase(Locale.ROOT);
            }
            if (isSecret(c.getName())) {
                shown = "(hidden)";
                full = null;
            }
            String label = v instanceof Number && !(v instanceof java.math.BigInteger) ? ColumnLabels.of(c.getName(), ColumnKind.valueOf(kind.toUpperCase(Locale.ROOT)))
                    : ColumnLabels.words(c.getName());
            b.append(row(label, kind, shown, full));
        }
        return b.append("</tbody></table>").toString();
    }

    /** Text with its first letter in capitals (a record's caption: "Balance allowance"). */
    static String sentence(String s) {
        return s == null || s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String row(String label, String kind, String shown, String full) {
        return "<tr><th style=\"text-align:left\" data-kind=\"" + kind + "\">" + escape(label) + "</th><td style=\"text-align:left\""
                + (full == null ? "" : " title=\"" + escape(full) + "\"") + ">" + escape(shown) + "</td></tr>";
    }

    /** A perpetuals session: whose account, through which proxy, until when (never a secret). */
    static String session(org.marketlab.perps.PerpsSession s) {
        var c = s.credentials();
        return "<table class=\"marketlab-record " + NO_MATH + "\"><caption style=\"text-align:left\"><b>Perpetuals session</b></caption><tbody>"
                + row("owner", "id", s.owner(), null)
                + row("proxy signer", "id", c.proxy(), null)
                + row("expires", "time", Formats.time(c.expiresAt()), null)
                + row("proxy", "text", s.resumed() ? "resumed from the credential store" : "registered now", null)
                + "</tbody></table>";
    }

    /** Field names that carry credentials; never shown. */
    static boolean isSecret(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.contains("secret") || n.contains("privatekey") || n.contains("private_key") || n.contains("passphrase");
    }
}
