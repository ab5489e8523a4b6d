package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.http.Call;
import org.marketlab.http.Query;
import org.marketlab.http.Response;
import org.marketlab.http.Transport;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /ohlc} candles of one outcome token from {@link #since} to {@link #until} (default now) at a fidelity.
 * A window holding more candles than one request may carry ({@link #limit}, at most 1,000) is fetched page by
 * page; each candle comes once. Immutable.
 */
public final class OhlcQuery {

    /** Fidelities the service knows, and their bucket lengths. */
    public static final Map<String, Duration> FIDELITIES = new LinkedHashMap<>();

    static {
        FIDELITIES.put("1m", Duration.ofMinutes(1));
        FIDELITIES.put("5m", Duration.ofMinutes(5));
        FIDELITIES.put("15m", Duration.ofMinutes(15));
        FIDELITIES.put("30m", Duration.ofMinutes(30));
        FIDELITIES.put("1h", Duration.ofHours(1));
        FIDELITIES.put("4h", Duration.ofHours(4));
        FIDELITIES.put("1d", Duration.ofDays(1));
        FIDELITIES.put("1w", Duration.ofDays(7));
    }

    public static final int MAX_LIMIT = 1000;

    private final Transport t;
    private final String asset;
    private final Instant since, until;
    private final String fidelity;
    private final int limit;
    private final Progress.Listener progress;

    OhlcQuery(Transport t, String asset, Instant since, Instant until, String fidelity, int limit, Progress.Listener progress) {
        this.t = t;
        this.asset = asset;
        this.since = since;
        this.until = until;
        this.fidelity = fidelity;
        this.limit = limit;
        this.progress = progress;
        if (since != null && until != null && since.isAfter(until)) {
            throw new IllegalArgumentException("since (" + since + ") is after until (" + until + ")");
        }
    }

    /** The first candle's time (required: the service needs startTs). */
    public OhlcQuery since(Instant since) {
        return new OhlcQuery(t, asset, org.marketlab.internal.Args.notNull(since, "since"), until, fidelity, limit, progress);
    }

    public OhlcQuery until(Instant until) {
        return new OhlcQuery(t, asset, since, org.marketlab.internal.Args.notNull(until, "until"), fidelity, limit, progress);
    }

    /** Candle length: one of 1m, 5m, 15m, 30m, 1h (the default), 4h, 1d, 1w. */
    public OhlcQuery fidelity(String fidelity) {
        if (fidelity == null || !FIDELITIES.containsKey(fidelity)) {
            throw new IllegalArgumentException("fidelity '" + fidelity + "' is not one of " + String.join(", ", FIDELITIES.keySet()));
        }
        return new OhlcQuery(t, asset, since, until, fidelity, limit, progress);
    }

    /** Candles per request, 1 to 1,000 (the default); longer windows are paged. */
    public OhlcQuery limit(int limit) {
        if (limit > MAX_LIMIT) throw new IllegalArgumentException("limit cannot exceed " + MAX_LIMIT + " (was " + limit + "); longer windows are paged for you");
        if (limit < 1) throw new IllegalArgumentException("limit must be 1 to " + MAX_LIMIT + ", was " + limit);
        return new OhlcQuery(t, asset, since, until, fidelity, limit, progress);
    }

    public OhlcQuery onProgress(Progress.Listener listener) {
        org.marketlab.internal.Args.notNull(listener, "listener");
        return new OhlcQuery(t, asset, since, until, fidelity, limit, listener);
    }

    public List<Candle> list() {
        if (since == null) throw new IllegalArgumentException("since(...) is required: the service answers 'startTs is required' without it");
        Duration step = FIDELITIES.get(fidelity);
        Instant end = until != null ? until : Instant.now();
        Progress.Listener listener = progress != null ? progress : Progress.defaultListener();
        long expected = Math.max(1, Duration.between(since, end).dividedBy(step) + 1);
        List<Candle> out = new ArrayList<>();
        Instant from = since;
        int requests = 0;
        while (!from.isAfter(end)) {
            Query q = Query.empty().with("asset_id", asset).with("startTs", from.getEpochSecond())
                    .with("endTs", end.getEpochSecond()).with("fidelity", fidelity).with("limit", limit);
            Call call = Call.get(Service.CLOB, "/ohlc", q);
            Response r = t.send(call);
            requests++;
            JsonNode candles = t.parse(call, r).get("candles");
            if (candles == null || !candles.isArray()) throw t.malformed(call, r, "expected {candles: [{t, o, h, l, c, v}]}", null);
            Instant last = null;
            for (JsonNode c : candles) {
                JsonNode tn = c.get("t");
                if (tn == null || !tn.canConvertToLong() || tn.asLong() < 0 || tn.asLong() > 253_402_300_799L) {
                    throw t.malformed(call, r, "a candle's t is not Unix seconds of years 1970 to 9999: " + (tn == null ? "missing" : tn.toString()), null);
                }
                Instant time = Instant.ofEpochSecond(tn.asLong());
                if (!out.isEmpty() && !time.isAfter(out.get(out.size() - 1).time())) continue; // never twice
                out.add(new Candle(time, dec(call, r, c, "o"), dec(call, r, c, "h"), dec(call, r, c, "l"), dec(call, r, c, "c"), dec(call, r, c, "v")));
                last = time;
            }
            listener.onProgress(new Progress("candles", out.size(), expected, "candles", requests, false));
            if (candles.size() < limit || last == null) break;
            from = last.plus(step);
        }
        listener.onProgress(new Progress("candles", out.size(), out.size(), "candles", requests, true));
        return out;
    }

    private BigDecimal dec(Call call, Response r, JsonNode c, String f) {
        JsonNode v = c.get(f);
        if (v == null || v.isNull()) throw t.malformed(call, r, "a candle lacks " + f, null);
        try {
            return new BigDecimal(v.asText());
        } catch (NumberFormatException e) {
            throw t.malformed(call, r, "candle " + f + " '" + v.asText() + "' is not a number", e);
        }
    }

    /** Columns time, open, high, low, close, volume. */
    public Table table() {
        List<Candle> candles = list();
        InstantColumn time = InstantColumn.create("time");
        DoubleColumn open = DoubleColumn.create("open"), high = DoubleColumn.create("high"), low = DoubleColumn.create("low"),
                close = DoubleColumn.create("close"), volume = DoubleColumn.create("volume");
        for (Candle c : candles) {
            time.append(c.time());
            open.append(c.open().doubleValue());
            high.append(c.high().doubleValue());
            low.append(c.low().doubleValue());
            close.append(c.close().doubleValue());
            volume.append(c.volume().doubleValue());
        }
        return Table.create("OHLC " + fidelity + " of " + Book.shortId(asset), time, open, high, low, close, volume);
    }
}
