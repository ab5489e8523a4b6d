package org.marketlab.clob;

import org.marketlab.markets.TokenNames;
import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.internal.Args;
import org.marketlab.internal.query.Pager;
import org.marketlab.internal.query.Params;
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

/**
 * {@code GET /ohlc} candles of one outcome token from {@link #since} to {@link #until} (default now) at a fidelity.
 * A window holding more candles than one request may carry ({@link #limit}, at most 1,000) is fetched page by
 * page; each candle comes once. Immutable: the settings live in one {@link Params} store, and each setter returns a
 * query over a new store.
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

    /** The settings' names in the store (the request is built from them page by page, so they are not wire names). */
    private static final String SINCE = "since", UNTIL = "until", FIDELITY = "fidelity", LIMIT = "limit";

    private final Transport t;
    private final String asset;
    private final Params params;
    private final Progress.Listener progress;

    OhlcQuery(Transport t, String asset) {
        this(t, asset, Params.empty().with(FIDELITY, "1h").with(LIMIT, MAX_LIMIT), null);
    }

    private OhlcQuery(Transport t, String asset, Params params, Progress.Listener progress) {
        this.t = t;
        this.asset = asset;
        this.params = params.checkWindow(SINCE, UNTIL);
        this.progress = progress;
    }

    private OhlcQuery with(String name, Object value) {
        return new OhlcQuery(t, asset, params.with(name, value), progress);
    }

    /** The first candle's time (required: the service needs startTs). */
    public OhlcQuery since(Instant since) {
        return with(SINCE, Args.notNull(since, "since"));
    }

    public OhlcQuery until(Instant until) {
        return with(UNTIL, Args.notNull(until, "until"));
    }

    /** Candle length: one of 1m, 5m, 15m, 30m, 1h (the default), 4h, 1d, 1w. */
    public OhlcQuery fidelity(String fidelity) {
        return with(FIDELITY, Args.oneOf(fidelity, "fidelity", List.copyOf(FIDELITIES.keySet())));
    }

    /** Candles per request, 1 to 1,000 (the default); longer windows are paged. */
    public OhlcQuery limit(int limit) {
        if (limit > MAX_LIMIT) throw new IllegalArgumentException("limit cannot exceed " + MAX_LIMIT + " (was " + limit + "); longer windows are paged for you");
        if (limit < 1) throw new IllegalArgumentException("limit must be 1 to " + MAX_LIMIT + ", was " + limit);
        return with(LIMIT, limit);
    }

    public OhlcQuery onProgress(Progress.Listener listener) {
        return new OhlcQuery(t, asset, params, Args.notNull(listener, "listener"));
    }

    public List<Candle> list() {
        return pager().list();
    }

    /**
     * The candles, page by page: the position is the first candle's time wanted; a full page moves it one step
     * past the last candle received, a short page ends the read.
     */
    private Pager<Candle, Instant> pager() {
        Instant since = params.get(SINCE), until = params.get(UNTIL);
        String fidelity = params.get(FIDELITY);
        int limit = params.get(LIMIT);
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
                JsonNode tn = c.get("t");
                if (tn == null || !tn.canConvertToLong() || tn.asLong() < 0 || tn.asLong() > 253_402_300_799L) {
                    throw r.malformed("a candle's t is not Unix seconds of years 1970 to 9999: " + (tn == null ? "missing" : tn.toString()), null);
                }
                Instant time = Instant.ofEpochSecond(tn.asLong());
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
        return Table.create(params.<String>get(FIDELITY) + " candles of " + TokenNames.of(asset), time, open, high, low, close, volume);
    }
}
