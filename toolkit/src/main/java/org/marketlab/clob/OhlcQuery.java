package org.marketlab.clob;

import org.marketlab.markets.TokenNames;
import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.internal.query.Pager;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Transport;
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
import java.util.Objects;

/**
 * {@code GET /ohlc} candles of one outcome token from {@link #since} to {@link #until} (default now) at a fidelity.
 * A window holding more candles than one request may carry ({@link #limit}, at most 1,000) is fetched page by
 * page; each candle comes once. Immutable.
 */
public final class OhlcQuery {

    /** Fidelities the service knows, and their bucket lengths (unmodifiable, in ascending order). */
    public static final Map<String, Duration> FIDELITIES = fidelities();

    private static Map<String, Duration> fidelities() {
        Map<String, Duration> m = new LinkedHashMap<>();
        m.put("1m", Duration.ofMinutes(1));
        m.put("5m", Duration.ofMinutes(5));
        m.put("15m", Duration.ofMinutes(15));
        m.put("30m", Duration.ofMinutes(30));
        m.put("1h", Duration.ofHours(1));
        m.put("4h", Duration.ofHours(4));
        m.put("1d", Duration.ofDays(1));
        m.put("1w", Duration.ofDays(7));
        return java.util.Collections.unmodifiableMap(m);
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
        return new OhlcQuery(t, asset, Objects.requireNonNull(since, "since"), until, fidelity, limit, progress);
    }

    public OhlcQuery until(Instant until) {
        return new OhlcQuery(t, asset, since, Objects.requireNonNull(until, "until"), fidelity, limit, progress);
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
        return new OhlcQuery(t, asset, since, until, fidelity, limit, listener);
    }

    public List<Candle> list() {
        return pager().list();
    }

    /**
     * The candles, page by page: the position is the first candle's time wanted; a full page moves it one step
     * past the last candle received, a short page ends the read.
     */
    private Pager<Candle, Instant> pager() {
        if (since == null) throw new IllegalArgumentException("since(...) is required: the service answers 'startTs is required' without it");
        Duration step = FIDELITIES.get(fidelity);
        Instant end = until != null ? until : Instant.now();
        Instant[] lastTime = {null};
        Pager.Fetch<Candle, Instant> fetch = (from, wanted) -> {
            Query q = Query.empty().with("asset_id", asset).with("startTs", from.getEpochSecond())
                    .with("endTs", end.getEpochSecond()).with("fidelity", fidelity).with("limit", limit);
            Document r = t.send(Call.get(Service.CLOB, "/ohlc", q));
            JsonNode candles = r.tree().get("candles");
            if (candles == null || !candles.isArray()) throw r.malformed("expected {candles: [{t, o, h, l, c, v}]}", null);
            List<Candle> page = new ArrayList<>(candles.size());
            for (JsonNode c : candles) {
                Instant time = Instant.ofEpochSecond(c.path("t").asLong());
                if (lastTime[0] != null && !time.isAfter(lastTime[0])) continue; // never twice, never backwards
                page.add(new Candle(time, dec(r, c, "o"), dec(r, c, "h"), dec(r, c, "l"), dec(r, c, "c"), dec(r, c, "v")));
                lastTime[0] = time;
            }
            Instant next = candles.size() < limit || page.isEmpty() ? null : lastTime[0].plus(step);
            return new Pager.Page<>(page, next != null && !next.isAfter(end) ? next : null);
        };
        return Pager.of("candles", "candles", since, fetch).progress(progress);
    }

    private BigDecimal dec(Document r, JsonNode c, String f) {
        JsonNode v = c.get(f);
        if (v == null || v.isNull()) throw r.malformed("a candle lacks " + f, null);
        try {
            return new BigDecimal(v.asText());
        } catch (NumberFormatException e) {
            throw r.malformed("candle " + f + " '" + v.asText() + "' is not a number", e);
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
        return Table.create(fidelity + " candles of " + TokenNames.of(asset), time, open, high, low, close, volume);
    }
}
