package org.marketlab.tables;

import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.columns.Column;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Text of table cells for reading: each column by its {@link ColumnKind}, all shown rows of a number column with
 * the same number of decimals (the fewest that show every value to its kind's limit: no {@code 337.21000000000004},
 * no 6 decimals beside 2) but for an exact zero of a plain number (a size, a quantity), which is {@code 0} whatever
 * the other rows need, so that the same quantity reads the same in every table; money to the cent, thousands grouped, percentages and shares of a whole with "%",
 * durations as "248 ms" or "3 h 12 min", long identifiers shortened ({@link Ids}), times in UTC without seconds
 * when none is set, dates as dates. Never E-notation: numbers are written out.
 */
public final class TableFormat {

    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT).withZone(ZoneOffset.UTC);

    private TableFormat() {
    }

    /** The cells of {@code rows} of a column as text (empty for a missing value), in the order given. */
    public static List<String> cells(Column<?> c, int[] rows) {
        ColumnKind kind = shownAs(c);
        List<String> out = new ArrayList<>(rows.length);
        switch (kind) {
            case DATE, TIME -> {
                boolean seconds = false, midnight = true;
                for (int r : rows) {
                    Instant t = instant(c.isMissing(r) ? null : c.get(r));
                    if (t == null) continue;
                    long s = t.getEpochSecond();
                    seconds |= s % 60 != 0 || t.getNano() != 0;
                    midnight &= Math.floorMod(s, 86_400) == 0 && t.getNano() == 0;
                }
                DateTimeFormatter f = kind == ColumnKind.DATE || midnight ? DAY : seconds ? SECOND : MINUTE;
                for (int r : rows) {
                    Instant t = instant(c.isMissing(r) ? null : c.get(r));
                    out.add(t == null ? "" : f.format(t));
                }
            }
            case TEXT -> {
                for (int r : rows) out.add(c.isMissing(r) ? "" : String.valueOf(c.get(r)));
            }
            case ID -> {
                for (int r : rows) out.add(c.isMissing(r) ? "" : Ids.shorten(String.valueOf(c.get(r))));
            }
            case DURATION -> {
                NumericColumn<?> n = (NumericColumn<?>) c;
                String unit = Durations.unitOf(c.name());
                for (int r : rows) {
                    double v = n.isMissing(r) ? Double.NaN : n.getDouble(r);
                    out.add(Double.isNaN(v) || Double.isInfinite(v) ? "" : Durations.format(Durations.of(v, unit == null ? "s" : unit)));
                }
            }
            default -> {
                NumericColumn<?> n = (NumericColumn<?>) c;
                double scale = kind == ColumnKind.SHARE ? 100 : 1;
                String suffix = kind == ColumnKind.SHARE || kind == ColumnKind.PERCENT ? "%" : "";
                int decimals = 0, max = kind.maxDecimals;
                double largest = 0;
                for (int r : rows) if (!n.isMissing(r)) largest = Math.max(largest, Math.abs(n.getDouble(r) * scale));
                if (kind == ColumnKind.NUMBER && largest >= 1000) max = 2; // thousands need no ten-thousandths
                if (kind == ColumnKind.SHARE && largest > 0 && largest < 1) max = 2;
                for (int r : rows) if (!n.isMissing(r)) decimals = Math.max(decimals, decimalsNeeded(n.getDouble(r) * scale, max));
                if (kind == ColumnKind.USDC) decimals = kind.maxDecimals;
                if (kind == ColumnKind.PRICE || kind == ColumnKind.PROBABILITY) decimals = Math.max(decimals, 2);
                DecimalFormat f = number(decimals);
                for (int r : rows) {
                    double v = n.isMissing(r) ? Double.NaN : n.getDouble(r) * scale;
                    if (kind == ColumnKind.NUMBER && v == 0) { // a size of exactly nothing reads the same in every table
                        out.add("0");
                        continue;
                    }
                    if (!Double.isNaN(v) && !Double.isInfinite(v) && BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_EVEN).signum() == 0) v = 0; // no "-0.00"
                    out.add(Double.isNaN(v) ? "" : Double.isInfinite(v) ? (v > 0 ? "∞" : "-∞") : f.format(v) + suffix);
                }
            }
        }
        return out;
    }

    /** The kind a column is shown as: its {@link ColumnKind}, or text when that kind cannot read the column's values. */
    public static ColumnKind shownAs(Column<?> c) {
        ColumnKind kind = ColumnKind.of(c);
        boolean number = c instanceof NumericColumn<?>;
        boolean time = c instanceof tech.tablesaw.api.InstantColumn || c instanceof tech.tablesaw.api.DateColumn || c instanceof tech.tablesaw.api.DateTimeColumn;
        if (kind == ColumnKind.DATE || kind == ColumnKind.TIME) return time ? kind : ColumnKind.TEXT;
        if (kind.numeric() && !number) return ColumnKind.TEXT;
        return kind;
    }

    /** Every row of a column as text. */
    public static List<String> cells(Column<?> c) {
        int[] rows = new int[c.size()];
        for (int i = 0; i < rows.length; i++) rows[i] = i;
        return cells(c, rows);
    }

    /** The fewest decimals (at most {@code max}) that show {@code v} as it is to {@code max} decimals. */
    static int decimalsNeeded(double v, int max) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return 0;
        BigDecimal rounded = BigDecimal.valueOf(v).setScale(max, RoundingMode.HALF_EVEN).stripTrailingZeros();
        return Math.max(0, Math.min(max, rounded.scale()));
    }

    private static DecimalFormat number(int decimals) {
        DecimalFormat f = new DecimalFormat(decimals == 0 ? "#,##0" : "#,##0." + "0".repeat(decimals), DecimalFormatSymbols.getInstance(Locale.ROOT));
        f.setRoundingMode(RoundingMode.HALF_EVEN);
        return f;
    }

    private static Instant instant(Object v) {
        if (v instanceof Instant i) return i;
        if (v instanceof LocalDate d) return d.atStartOfDay(ZoneOffset.UTC).toInstant();
        if (v instanceof LocalDateTime dt) return dt.toInstant(ZoneOffset.UTC);
        return null;
    }
}
