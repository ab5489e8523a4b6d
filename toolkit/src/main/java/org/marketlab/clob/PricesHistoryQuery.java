package org.marketlab.clob;

import org.marketlab.markets.TokenNames;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Transport;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.instant.PackedInstant;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code GET /prices-history} for one token: a window ({@link #start}, {@link #end}, default now) or an interval
 * back from now ({@link #interval}, default {@code max}), at a fidelity in minutes (default: the service's
 * choice for the span). Immutable.
 */
public final class PricesHistoryQuery {

    /** The intervals the service knows. */
    public static final Set<String> INTERVALS = Set.of("max", "all", "1m", "1w", "1d", "6h", "1h");

    private final Transport t;
    private final String token;
    private final Instant start, end;
    private final String interval;
    private final Integer fidelity;

    PricesHistoryQuery(Transport t, String token, Instant start, Instant end, String interval, Integer fidelity) {
        this.t = t;
        this.token = token;
        this.start = start;
        this.end = end;
        this.interval = interval;
        this.fidelity = fidelity;
        if (interval != null && (start != null || end != null)) {
            throw new IllegalArgumentException("give either start/end or interval, not both");
        }
        if (start != null && end != null && start.isAfter(end)) {
            throw new IllegalArgumentException("start (" + start + ") is after end (" + end + ")");
        }
    }

    public PricesHistoryQuery start(Instant start) {
        return new PricesHistoryQuery(t, token, org.marketlab.internal.Args.notNull(start, "start"), end, interval, fidelity);
    }

    public PricesHistoryQuery end(Instant end) {
        return new PricesHistoryQuery(t, token, start, org.marketlab.internal.Args.notNull(end, "end"), interval, fidelity);
    }

    /** A span back from now: one of max, all, 1m (a month), 1w, 1d, 6h, 1h. */
    public PricesHistoryQuery interval(String interval) {
        if (interval == null || !INTERVALS.contains(interval)) {
            throw new IllegalArgumentException("interval '" + interval + "' is not one of max, all, 1m, 1w, 1d, 6h, 1h");
        }
        return new PricesHistoryQuery(t, token, start, end, interval, fidelity);
    }

    /** Minutes between points (1 or more). */
    public PricesHistoryQuery fidelity(int minutes) {
        if (minutes < 1) throw new IllegalArgumentException("fidelity is in minutes, 1 or more, was " + minutes);
        return new PricesHistoryQuery(t, token, start, end, interval, minutes);
    }

    /** The same window and fidelity for another token. */
    PricesHistoryQuery withToken(String tokenId) {
        return new PricesHistoryQuery(t, tokenId, start, end, interval, fidelity);
    }

    /** The request's parameters but the token: what a harvest of many tokens records as its query. */
    String settings() {
        return "interval=" + (start == null ? (interval == null ? "max" : interval) : "") + " start=" + start + " end=" + end + " fidelity=" + fidelity;
    }

    /** The longest window one request may ask for: the service refuses a startTs-to-endTs span over 15 days. */
    static final java.time.Duration MAX_WINDOW = java.time.Duration.ofDays(15);

    private Call call(Instant from, Instant to) {
        Query q = Query.empty().with("market", token);
        if (from == null) q = q.with("interval", interval == null ? "max" : interval);
        // The service takes a window as both ends (the official clients refuse one without the other).
        if (from != null) q = q.with("startTs", from.getEpochSecond()).with("endTs", to.getEpochSecond());
        q = q.with("fidelity", fidelity);
        return Call.get(Service.CLOB, "/prices-history", q);
    }

    public List<PricePoint> list() {
        Table table = table();
        List<PricePoint> out = new ArrayList<>(table.rowCount());
        InstantColumn time = table.instantColumn("time");
        DoubleColumn price = table.doubleColumn("price");
        for (int i = 0; i < table.rowCount(); i++) out.add(new PricePoint(time.get(i), price.getDouble(i)));
        return out;
    }

    /**
     * Columns {@code time} and {@code price}, read straight from the response stream (16 bytes a row). A window longer
     * than the service answers at once (15 days) is read in consecutive windows of at most that, joined in time order.
     */
    public Table table() {
        if (end != null && start == null) {
            throw new IllegalArgumentException("end(...) needs start(...) too; or use interval(...) (max, all, 1m, 1w, 1d, 6h, 1h) for a span back from now");
        }
        Table table;
        if (start == null) {
            table = read(t.send(call(null, null)));
        } else {
            Instant to = end != null ? end : Instant.now();
            table = null;
            for (Instant from = start; ; ) {
                Instant until = from.plus(MAX_WINDOW).isBefore(to) ? from.plus(MAX_WINDOW) : to;
                Table part = read(t.send(call(from, until)));
                if (table == null) {
                    table = part;
                } else {
                    // Windows share their boundary second: a point there is read once.
                    Table after = table.rowCount() == 0 ? part
                            : part.where(part.instantColumn("time").isAfter(table.instantColumn("time").get(table.rowCount() - 1)));
                    table.append(after);
                }
                if (!until.isBefore(to)) break;
                from = until;
            }
        }
        return table.setName("prices of " + TokenNames.of(token));
    }

    /** The smallest a point is on the wire, {"t":1700000000,"p":1}: a bound on the points a body holds. */
    private static final int MIN_POINT_BYTES = 24;
    /** 9999-12-31T23:59:59Z. */
    private static final long MAX_EPOCH_SECOND = 253_402_300_799L;

    static Table read(Document r) {
        org.marketlab.tables.TablesawStart.inBackground(); // while the answer is read
        // Columns sized from the answer: its length bounds the points, and the columns are cut to the count read,
        // so the table holds 16 bytes a point (Tablesaw's growth would leave up to half again unused).
        int bound = Math.max(16, r.body().length / MIN_POINT_BYTES + 1);
        long[] times = new long[bound];
        double[] prices = new double[bound];
        int n = 0;
        try (JsonParser p = r.parser()) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw r.malformed("expected {history: [{t, p}]}", null);
            boolean seen = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if (!name.equals("history")) {
                    p.skipChildren();
                    continue;
                }
                seen = true;
                if (v != JsonToken.START_ARRAY) throw r.malformed("history is not an array", null);
                while (p.nextToken() == JsonToken.START_OBJECT) {
                    long ts = Long.MIN_VALUE;
                    double px = Double.NaN;
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String f = p.currentName();
                        p.nextToken();
                        if (f.equals("t")) ts = p.getValueAsLong(Long.MIN_VALUE);
                        else if (f.equals("p")) px = p.getValueAsDouble(Double.NaN);
                        else p.skipChildren();
                    }
                    if (ts == Long.MIN_VALUE || Double.isNaN(px)) throw r.malformed("a history point lacks t or p", null);
                    if (ts < 0 || ts > MAX_EPOCH_SECOND) throw r.malformed("a history point's t (" + ts + ") is not Unix seconds of years 1970 to 9999", null);
                    if (n == times.length) {
                        times = java.util.Arrays.copyOf(times, n * 2);
                        prices = java.util.Arrays.copyOf(prices, n * 2);
                    }
                    times[n] = PackedInstant.pack(Instant.ofEpochSecond(ts));
                    prices[n++] = px;
                }
                // Anything but the end of the array here is an element that is not a point: never a silently shorter history.
                if (p.currentToken() != JsonToken.END_ARRAY) throw r.malformed("history holds an element that is not a {t, p} object", null);
            }
            if (!seen) throw r.malformed("expected {history: [{t, p}]}: no history field", null);
        } catch (IOException e) {
            throw r.malformed("the body is not valid JSON: " + e.getMessage(), e);
        }
        return Table.create("prices-history", InstantColumn.createInternal("time", java.util.Arrays.copyOf(times, n)),
                DoubleColumn.create("price", java.util.Arrays.copyOf(prices, n)));
    }
}
