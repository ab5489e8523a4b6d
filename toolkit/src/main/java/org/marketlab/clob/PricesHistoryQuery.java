package org.marketlab.clob;

import org.marketlab.markets.TokenNames;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.marketlab.config.Service;
import org.marketlab.internal.Args;
import org.marketlab.internal.query.Params;
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
 * choice for the span). Immutable: the settings live in one {@link Params} store, and each setter returns a query over
 * a new store.
 */
public final class PricesHistoryQuery {

    /** The intervals, longest first, in the order a refusal lists them. */
    private static final List<String> INTERVAL_NAMES = List.of("max", "all", "1m", "1w", "1d", "6h", "1h");

    /** The intervals the service knows. */
    public static final Set<String> INTERVALS = Set.copyOf(INTERVAL_NAMES);

    /** The settings' names in the store: the wire names of the request's parameters. */
    private static final String START = "startTs", END = "endTs", INTERVAL = "interval", FIDELITY = "fidelity";

    private final Transport t;
    private final String token;
    private final Params params;

    PricesHistoryQuery(Transport t, String token) {
        this(t, token, Params.empty());
    }

    private PricesHistoryQuery(Transport t, String token, Params params) {
        this.t = t;
        this.token = token;
        this.params = params;
        if (params.has(INTERVAL) && (params.has(START) || params.has(END))) {
            throw new IllegalArgumentException("give either start/end or interval, not both");
        }
        params.checkWindow(START, END, "start", "end");
    }

    private PricesHistoryQuery with(String name, Object value) {
        return new PricesHistoryQuery(t, token, params.with(name, value));
    }

    public PricesHistoryQuery start(Instant start) {
        return with(START, Args.notNull(start, "start"));
    }

    public PricesHistoryQuery end(Instant end) {
        return with(END, Args.notNull(end, "end"));
    }

    /** A span back from now: one of max, all, 1m (a month), 1w, 1d, 6h, 1h. */
    public PricesHistoryQuery interval(String interval) {
        return with(INTERVAL, Args.oneOf(interval, "interval", INTERVAL_NAMES));
    }

    /** Minutes between points (1 or more). */
    public PricesHistoryQuery fidelity(int minutes) {
        if (minutes < 1) throw new IllegalArgumentException("fidelity is in minutes, 1 or more, was " + minutes);
        return with(FIDELITY, minutes);
    }

    /** The same window and fidelity for another token. */
    PricesHistoryQuery withToken(String tokenId) {
        return new PricesHistoryQuery(t, tokenId, params);
    }

    /** The request's parameters but the token: what a harvest of many tokens records as its query. */
    String settings() {
        Instant start = params.get(START);
        return "interval=" + (start == null ? interval() : "") + " start=" + start + " end=" + params.get(END) + " fidelity=" + params.get(FIDELITY);
    }

    /** The span back from now asked for: the service's {@code max} unless told. */
    private String interval() {
        return params.has(INTERVAL) ? params.get(INTERVAL) : "max";
    }

    /** The longest window one request may ask for: the service refuses a startTs-to-endTs span over 15 days. */
    static final java.time.Duration MAX_WINDOW = java.time.Duration.ofDays(15);

    private Call call(Instant from, Instant to) {
        Query q = Query.empty().with("market", token);
        if (from == null) q = q.with(INTERVAL, interval());
        // The service takes a window as both ends (the official clients refuse one without the other).
        if (from != null) q = q.with(START, from.getEpochSecond()).with(END, to.getEpochSecond());
        q = q.with(FIDELITY, params.get(FIDELITY));
        return Call.get(Service.CLOB, "/prices-history", q);
    }

    /**
     * The points as records, in time order: read straight from the response stream into them, with no table in
     * between (a read of thousands of histories, such as {@code Research.resolved()}, needs no Tablesaw).
     */
    public List<PricePoint> list() {
        Points p = points();
        List<PricePoint> out = new ArrayList<>(p.n());
        for (int i = 0; i < p.n(); i++) out.add(new PricePoint(Instant.ofEpochSecond(p.seconds()[i]), p.prices()[i]));
        return out;
    }

    /**
     * Columns {@code time} and {@code price}, read straight from the response stream (16 bytes a row). A window longer
     * than the service answers at once (15 days) is read in consecutive windows of at most that, joined in time order.
     */
    public Table table() {
        org.marketlab.tables.TablesawStart.inBackground(); // while the answer is read
        return table(points()).setName("prices of " + TokenNames.of(token));
    }

    /** A history's points: Unix seconds and prices, the first {@code n} of each array. */
    private record Points(long[] seconds, double[] prices, int n) {
    }

    /** Every window's points in time order, a point on the boundary two windows share once. */
    private Points points() {
        Instant start = params.get(START), end = params.get(END);
        if (end != null && start == null) {
            throw new IllegalArgumentException("end(...) needs start(...) too; or use interval(...) (max, all, 1m, 1w, 1d, 6h, 1h) for a span back from now");
        }
        if (start == null) return parse(t.send(call(null, null)));
        Instant to = end != null ? end : Instant.now();
        Points out = null;
        for (Instant from = start; ; ) {
            Instant until = from.plus(MAX_WINDOW).isBefore(to) ? from.plus(MAX_WINDOW) : to;
            Points part = parse(t.send(call(from, until)));
            out = out == null ? part : joined(out, part);
            if (!until.isBefore(to)) break;
            from = until;
        }
        return out;
    }

    /** {@code a}, then the points of {@code b} after {@code a}'s last. */
    private static Points joined(Points a, Points b) {
        int skip = 0;
        if (a.n() > 0) while (skip < b.n() && b.seconds()[skip] <= a.seconds()[a.n() - 1]) skip++;
        int n = a.n() + b.n() - skip;
        long[] seconds = java.util.Arrays.copyOf(a.seconds(), n);
        double[] prices = java.util.Arrays.copyOf(a.prices(), n);
        System.arraycopy(b.seconds(), skip, seconds, a.n(), b.n() - skip);
        System.arraycopy(b.prices(), skip, prices, a.n(), b.n() - skip);
        return new Points(seconds, prices, n);
    }

    private static Table table(Points p) {
        long[] packed = new long[p.n()];
        for (int i = 0; i < p.n(); i++) packed[i] = PackedInstant.pack(Instant.ofEpochSecond(p.seconds()[i]));
        return Table.create("prices-history", InstantColumn.createInternal("time", packed),
                DoubleColumn.create("price", java.util.Arrays.copyOf(p.prices(), p.n())));
    }

    /** The smallest a point is on the wire, {"t":1700000000,"p":1}: a bound on the points a body holds. */
    private static final int MIN_POINT_BYTES = 24;
    /** 9999-12-31T23:59:59Z. */
    private static final long MAX_EPOCH_SECOND = 253_402_300_799L;

    static Table read(Document r) {
        org.marketlab.tables.TablesawStart.inBackground(); // while the answer is read
        return table(parse(r));
    }

    private static Points parse(Document r) {
        // Arrays sized from the answer: its length bounds the points, and the columns are cut to the count read,
        // so a table holds 16 bytes a point (Tablesaw's growth would leave up to half again unused).
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
                    times[n] = ts;
                    prices[n++] = px;
                }
                // Anything but the end of the array here is an element that is not a point: never a silently shorter history.
                if (p.currentToken() != JsonToken.END_ARRAY) throw r.malformed("history holds an element that is not a {t, p} object", null);
            }
            if (!seen) throw r.malformed("expected {history: [{t, p}]}: no history field", null);
        } catch (IOException e) {
            throw r.malformed("the body is not valid JSON: " + e.getMessage(), e);
        }
        return new Points(times, prices, n);
    }
}
