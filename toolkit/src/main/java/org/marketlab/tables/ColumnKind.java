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
 * What a column holds, for showing it in a table or on a chart's axis: prices and probabilities (to the tick, at
 * most 4 decimals), USDC amounts (to the cent, thousands grouped), percentages (values already in percent),
 * shares of a whole (fractions, shown as percent), cents, counts (whole, grouped), durations (a number of
 * seconds or milliseconds, shown as "248 ms" or "3 h 12 min"), dates, times (UTC), identifiers (long ones
 * shortened on display), other numbers (at most 4 decimals) and text.
 *
 * <p>The kind comes from the column's type and name, so the same rules hold whatever the data: {@code volume},
 * {@code liquidity}, {@code amount}, {@code pnl}, {@code value}, {@code notional}, {@code fee}... read as USDC;
 * {@code price}, {@code bid}, {@code ask}, {@code open}... as prices; {@code ..._pct} as percent; {@code share} as a
 * share of a whole; {@code ..._cents} as cents; {@code waited_ms}, {@code ..._age_s} as durations;
 * {@code endDate} as a date; {@code ...Id}, {@code hash}, {@code address} and text that is all long hex or digits
 * as identifiers; an aggregate of Tablesaw's ({@code Sum [volume]}) as what it sums, a count as a count.
 * {@link #assign} names a column's kind where the name does not tell. {@link TableFormat} formats a column by
 * its kind, every row with the same number of decimals; {@link ColumnLabels} gives its readable header.
 */
public enum ColumnKind {
    PRICE(4), PROBABILITY(4), USDC(2), PERCENT(2), SHARE(1), CENTS(2), COUNT(0), DURATION(0), DATE(0), TIME(0), ID(0), NUMBER(4), TEXT(0);

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

    /** Whether this kind is shown as a number (right-aligned). */
    public boolean numeric() {
        return this != DATE && this != TIME && this != ID && this != TEXT;
    }

    /** The kind of a column: assigned, else from its type, its name and (for text) whether it holds identifiers. */
    public static ColumnKind of(Column<?> c) {
        ColumnKind k = ASSIGNED.get(c.name().toLowerCase(Locale.ROOT));
        if (k != null) return k;
        if (c instanceof DateColumn) return DATE;
        if (c instanceof InstantColumn || c instanceof DateTimeColumn) {
            String n = squash(c.name());
            return n.endsWith("date") || n.equals("day") || n.endsWith("dateiso") ? DATE : TIME;
        }
        if (!(c instanceof NumericColumn<?>)) return Ids.column(c) ? ID : TEXT;
        boolean whole = c instanceof IntColumn || c instanceof LongColumn || c instanceof ShortColumn;
        return ofNumber(c.name(), whole);
    }

    /** The kind of a number named {@code name} (a column's or a record field's); {@code whole} for integer types. */
    public static ColumnKind ofNumber(String name, boolean whole) {
        ColumnKind k = ASSIGNED.get(name.toLowerCase(Locale.ROOT));
        if (k != null) return k;
        String aggregate = ColumnLabels.aggregateFunction(name);
        if (aggregate != null) {
            String f = aggregate.toLowerCase(Locale.ROOT);
            if (f.startsWith("count") || f.equals("n")) return COUNT;
            ColumnKind inner = ofNumber(ColumnLabels.aggregatedColumn(name), false);
            return f.contains("proportion") ? SHARE : inner == ID ? NUMBER : inner;
        }
        String n = squash(name);
        String raw = name.toLowerCase(Locale.ROOT);
        java.util.List<String> w = java.util.Arrays.asList(ColumnLabels.words(name).toLowerCase(Locale.ROOT).split("[\\s()]+"));
        if (isId(raw, n)) return ID;
        if (Durations.unitOf(name) != null && has(n, "wait", "age", "latency", "elapsed", "heal", "duration", "delay", "took", "uptime", "lag")) return DURATION;
        if (word(w, "count", "requests", "trades", "confirmations", "rows", "levels", "markets", "positions", "frames", "duplicates",
                "reconnects", "resyncs", "charges", "orders", "fills", "refused", "admitted", "events") || n.equals("inwindow")) return COUNT;
        if (n.endsWith("cents") || raw.endsWith("¢")) return CENTS;
        if (has(n, "pct", "percent", "%")) return PERCENT;
        if (n.equals("share") || n.endsWith("share") || has(n, "returnonequity", "fraction", "proportion") || word(w, "weight")) return SHARE;
        if (word(w, "tick")) return PRICE;
        if (has(n, "size", "qty", "quantity", "shares", "depth", "imbalance", "contracts")) return whole ? COUNT : NUMBER;
        if (has(n, "probability", "outcomeprice", "implied")) return PROBABILITY;
        if (has(n, "bps")) return NUMBER;
        if (has(n, "volume", "liquidity", "amount", "pnl", "funding", "equity", "balance", "margin", "notional", "usdc",
                "openinterest", "collateral", "cost", "withdrawn", "deposited", "value", "cash", "holdings", "withdrawable",
                "reserved", "payout", "proceeds", "profit") || word(w, "fee", "fees")) return USDC;
        if (has(n, "price", "spread", "vwap") || word(w, "bid", "ask", "open", "high", "low", "close", "last", "mark", "entry")
                || w.stream().anyMatch(x -> x.startsWith("mid"))) return PRICE;
        return whole ? COUNT : NUMBER;
    }

    /** Whether one of the name's words is one of {@code words} (or its plural). */
    private static boolean word(java.util.List<String> nameWords, String... words) {
        for (String x : nameWords) for (String t : words) if (x.equals(t) || x.equals(t + "s")) return true;
        return false;
    }

    private static boolean isId(String raw, String n) {
        if (n.endsWith("bid") || n.endsWith("mid") || n.endsWith("paid") || n.endsWith("valid")) return false;
        return n.endsWith("id") || n.endsWith("ids") || n.equals("index") || n.endsWith("nonce") || n.endsWith("block") || n.equals("salt")
                || raw.equals("tid") || raw.equals("oid") || raw.equals("iid");
    }

    static String squash(String name) {
        return name.toLowerCase(Locale.ROOT).replace("_", "").replace(" ", "").replace("-", "");
    }

    private static boolean has(String name, String... parts) {
        for (String p : parts) if (name.contains(p)) return true;
        return false;
    }
}
