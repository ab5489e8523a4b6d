package org.marketlab.tables;

import tech.tablesaw.api.DateColumn;
import tech.tablesaw.api.DateTimeColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.ShortColumn;
import tech.tablesaw.columns.Column;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a column holds, for showing it: prices and probabilities (to the tick, at most 4 decimals), USDC amounts
 * (2 decimals, thousands grouped), percentages (2 decimals), counts (whole, grouped), dates, times (UTC, to the
 * minute when no second is set), identifiers (as they are), other numbers (at most 4 decimals) and text. The kind
 * comes from the column's type and name ({@code volume}, {@code liquidity}, {@code amount}, {@code pnl} read as
 * USDC; {@code price}, {@code bid}, {@code ask}, {@code open}... as prices; {@code ..._pct} as percent;
 * {@code endDate} as a date); {@link #assign} names a column's kind where the name does not tell.
 * {@link TableFormat} formats a column by its kind, every row with the same number of decimals.
 */
public enum ColumnKind {
    PRICE(4), PROBABILITY(4), USDC(2), PERCENT(2), COUNT(0), DATE(0), TIME(0), ID(0), NUMBER(4), TEXT(0);

    /** The most decimals shown; fewer when every value shown needs fewer. */
    public final int maxDecimals;

    ColumnKind(int maxDecimals) {
        this.maxDecimals = maxDecimals;
    }

    private static final Map<String, ColumnKind> ASSIGNED = new ConcurrentHashMap<>();

    /** Shows columns named {@code columnName} (any table, any case) as {@code kind} from now on. */
    public static void assign(String columnName, ColumnKind kind) {
        if (columnName == null || columnName.isBlank()) throw new IllegalArgumentException("columnName must be a column's name, was '" + columnName + "'");
        if (kind == null) throw new IllegalArgumentException("kind must be one of " + java.util.Arrays.toString(values()));
        ASSIGNED.put(columnName.toLowerCase(Locale.ROOT), kind);
    }

    /** The kind of a column: assigned, else from its type and name. */
    public static ColumnKind of(Column<?> c) {
        ColumnKind k = ASSIGNED.get(c.name().toLowerCase(Locale.ROOT));
        if (k != null) return k;
        String n = c.name().toLowerCase(Locale.ROOT).replace("_", "").replace(" ", "");
        if (c instanceof DateColumn) return DATE;
        if (c instanceof InstantColumn || c instanceof DateTimeColumn) {
            return n.endsWith("date") || n.equals("day") || n.endsWith("dateiso") ? DATE : TIME;
        }
        if (!(c instanceof NumericColumn<?>)) return TEXT;
        boolean whole = c instanceof IntColumn || c instanceof LongColumn || c instanceof ShortColumn;
        if ((n.endsWith("id") && !n.endsWith("bid") && !n.endsWith("mid")) || n.endsWith("ids") || n.equals("index") || n.endsWith("nonce") || n.endsWith("block")) return ID;
        if (has(n, "count", "requests", "trades", "confirmations", "inwindow", "rows", "levels", "markets")) return COUNT;
        if (has(n, "pct", "percent", "%")) return PERCENT;
        if (has(n, "probability", "outcomeprice", "implied")) return PROBABILITY;
        if (has(n, "volume", "liquidity", "amount", "pnl", "funding", "equity", "balance", "margin", "notional", "usdc",
                "openinterest", "collateral", "fee", "cost", "withdrawn", "deposited")) return USDC;
        if (has(n, "price", "bid", "ask", "mid", "spread", "vwap", "open", "high", "low", "close", "last", "tick", "mark", "entry")) return PRICE;
        return whole ? COUNT : NUMBER;
    }

    private static boolean has(String name, String... parts) {
        for (String p : parts) if (name.contains(p)) return true;
        return false;
    }
}
