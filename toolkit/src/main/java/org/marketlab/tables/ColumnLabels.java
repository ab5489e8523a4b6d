package org.marketlab.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The header a reader sees for a column: words instead of wire names ({@code endDate} → "end date",
 * {@code realized_pnl} → "realized PnL"), the unit where the kind has one ("volume (USDC)", "change (¢)",
 * "window (s)", "time (UTC)"), and Tablesaw's aggregate headers renamed ({@code Sum [volume]} → "total volume (USDC)",
 * {@code Count [amount]} → "count", {@code Mean [price]} → "mean price"). The column keeps its name for code; only
 * the header shown changes. {@link #assign} sets the label of a name where the rules do not read well.
 */
public final class ColumnLabels {

    private static final Pattern AGGREGATE = Pattern.compile("^(.+?) \\[(.+)]$");
    private static final Map<String, String> ASSIGNED = new ConcurrentHashMap<>();
    /** Names whose words the rules cannot find (run together, or wire abbreviations seen in the toolkit's tables). */
    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("volume24h", "24h volume"), Map.entry("volume24hr", "24h volume"), Map.entry("volume1wk", "1w volume"),
            Map.entry("volume1mo", "1m volume"), Map.entry("volume1yr", "1y volume"), Map.entry("volumenum", "volume"),
            Map.entry("liquiditynum", "liquidity"), Map.entry("outcomeprices", "outcome prices"), Map.entry("clobtokenids", "token ids"),
            Map.entry("negrisk", "negative risk"), Map.entry("tokenid", "token id"), Map.entry("eventslug", "event slug"),
            Map.entry("tagslugs", "tag slugs"), Map.entry("inwindow", "in window"), Map.entry("usepct", "use"),
            Map.entry("refused429", "refused (429)"), Map.entry("tid", "trade id"), Map.entry("oid", "order id"),
            Map.entry("iid", "instrument id"), Map.entry("coid", "client order id"), Map.entry("ts", "time"),
            Map.entry("qty", "quantity"), Map.entry("psz", "position before fill"), Map.entry("pep", "entry price before fill"),
            Map.entry("fea", "fee asset"), Map.entry("liq", "liquidation"), Map.entry("adl", "auto-deleveraged"),
            Map.entry("tif", "time in force"), Map.entry("po", "post-only"), Map.entry("ro", "reduce-only"),
            Map.entry("cts", "created"), Map.entry("uts", "updated"), Map.entry("roe", "return on equity"),
            Map.entry("sdperhourcents", "sd per hour"));
    private static final Map<String, String> ACRONYMS = Map.of("pnl", "PnL", "usdc", "USDC", "vwap", "VWAP", "url", "URL",
            "utc", "UTC", "ohlc", "OHLC", "roe", "ROE", "api", "API", "uma", "UMA", "ip", "IP");

    private ColumnLabels() {
    }

    /** Shows columns named {@code columnName} (any table, any case) under {@code label} from now on. */
    public static void assign(String columnName, String label) {
        if (columnName == null || columnName.isBlank()) throw new IllegalArgumentException("columnName must be a column's name, was '" + columnName + "'");
        if (label == null || label.isBlank()) throw new IllegalArgumentException("label must be text, was '" + label + "'");
        ASSIGNED.put(columnName.toLowerCase(Locale.ROOT), label);
    }

    /** The header of a column named {@code name} of {@code kind}: readable words and the unit. */
    public static String of(String name, ColumnKind kind) {
        String assigned = ASSIGNED.get(name.toLowerCase(Locale.ROOT));
        if (assigned != null) return assigned;
        String fn = aggregateFunction(name);
        if (fn != null) {
            String inner = aggregatedColumn(name);
            String f = fn.toLowerCase(Locale.ROOT);
            if (f.equals("count")) return "count";
            String word = switch (f) {
                case "sum" -> "total";
                case "std. deviation", "standard deviation" -> "sd of";
                case "count unique" -> "distinct";
                case "count missing" -> "missing";
                case "proportion true" -> "share true of";
                default -> f;
            };
            if (f.startsWith("count")) return word + " " + words(inner);
            return word + " " + of(inner, kind);
        }
        String unit = switch (kind) {
            case USDC -> "USDC";
            case CENTS -> "¢";
            case TIME -> "UTC";
            default -> null;
        };
        String words = words(name);
        if (kind != ColumnKind.DURATION && unit == null) {
            String u = Durations.unitOf(name);
            if (u != null && suffixed(name)) unit = u;
        }
        return unit == null || words.contains("(" + unit + ")") || words.equalsIgnoreCase(unit) ? words : words + " (" + unit + ")";
    }

    /** Tablesaw's aggregate function in a header such as {@code Sum [volume]} ("Sum"), or null. */
    public static String aggregateFunction(String name) {
        Matcher m = AGGREGATE.matcher(name);
        return m.matches() ? m.group(1) : null;
    }

    /** The column an aggregate header aggregates ({@code volume} of {@code Sum [volume]}), or null. */
    public static String aggregatedColumn(String name) {
        Matcher m = AGGREGATE.matcher(name);
        return m.matches() ? m.group(2) : null;
    }

    private static boolean suffixed(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.matches(".*_(ms|s|sec|min|h)$") || n.matches(".*[a-z](Ms|Seconds|Millis)$");
    }

    /** A name as words: snake, kebab and camel case split, units and kind suffixes dropped, acronyms restored. */
    public static String words(String name) {
        String known = WORDS.get(ColumnKind.squash(name));
        if (known != null) return known;
        String n = name.strip().replaceAll("(?i)_per_s$", "_per_second").replaceAll("(?i)_per_ms$", "_per_millisecond");
        // Suffixes the unit or the cell already says.
        n = n.replaceAll("(?i)_(pct|percent|cents|usdc|ms|s|sec|min|h)$", "")
                .replaceAll("(Pct|Percent|Cents|Usdc|Ms|Seconds|Millis)$", "");
        List<String> parts = new ArrayList<>();
        for (String chunk : n.split("[_\\-\\s]+")) {
            if (chunk.isEmpty()) continue;
            // camelCase and letter-digit boundaries: endDate → end Date, volume24h → volume 24h
            for (String w : chunk.split("(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")) if (!w.isEmpty()) parts.add(w);
        }
        StringBuilder b = new StringBuilder();
        for (String w : parts) {
            if (b.length() > 0) b.append(' ');
            String lower = w.toLowerCase(Locale.ROOT);
            String acronym = ACRONYMS.get(lower);
            b.append(acronym != null ? acronym : w.equals(w.toUpperCase(Locale.ROOT)) && w.length() > 1 && !w.matches("\\d+") ? w : lower);
        }
        return b.length() == 0 ? name : b.toString();
    }
}
