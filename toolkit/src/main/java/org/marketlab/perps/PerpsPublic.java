package org.marketlab.perps;

import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Signer;
import org.marketlab.config.Connection;
import org.marketlab.internal.transport.Transport;

import java.util.List;

/** The public reads of the perpetuals interface on one transport, paced against the shared public weight budget. */
public final class PerpsPublic {

    private final PerpsRequests requests;

    public PerpsPublic(Connection connection) {
        Transport transport = Transport.of(connection);
        this.requests = new PerpsRequests(transport, Weights.publicReads(transport), null, Signer.NONE);
    }

    /** {@code GET /v1/info/portfolio?address=}, weight 5. */
    public PublicPortfolio portfolio(String address) {
        String checked = org.marketlab.internal.Args.address(address, "address");
        return requests.read("/v1/info/portfolio", Query.empty().with("address", checked), Weights.PUBLIC_PORTFOLIO).read(PublicPortfolio.class);
    }

    /** {@code GET /v1/info/assets}, weight 2. */
    public List<CollateralAsset> assets() {
        return List.of(requests.read("/v1/info/assets", Query.empty(), Weights.ASSETS).read(CollateralAsset[].class));
    }

    // ---- market data ---------------------------------------------------------------------------------------------

    /** Weight of one market-data read (the specification gives none; the toolkit's choice, as the public portfolio's half). */
    private static final long INFO = 2;

    /** {@code GET /v1/info/instruments}: every listed instrument. */
    public List<Instrument> instruments() {
        return List.of(requests.read("/v1/info/instruments", Query.empty(), INFO).read(Instrument[].class));
    }

    /** {@code GET /v1/info/tickers}: every instrument's prices now. */
    public List<Ticker> tickers() {
        return List.of(requests.read("/v1/info/tickers", Query.empty(), INFO).read(Ticker[].class));
    }

    /** {@code GET /v1/info/book}: the book of the instrument named by {@code symbolOrId}, up to {@code depth} levels a side (1 to 1000). */
    public PerpsBook book(String symbolOrId, int depth) {
        if (depth < 1 || depth > 1000) throw new IllegalArgumentException("depth is from 1 to 1000 levels a side, not " + depth);
        Query q = Query.empty().with("instrument_id", instrumentId(symbolOrId)).with("depth", depth);
        return requests.read("/v1/info/book", q, INFO).read(PerpsBook.class);
    }

    /**
     * {@code GET /v1/info/klines}: the candles of {@code interval} ({@code 1s 1m 5m 15m 1h 4h 1d 1w}) from {@code from}
     * to {@code to}, oldest first, read page by page.
     */
    public List<Kline> klines(String symbolOrId, String interval, java.time.Instant from, java.time.Instant to) {
        if (!INTERVALS.containsKey(interval)) throw new IllegalArgumentException("interval is one of " + INTERVALS.keySet() + ", not " + interval);
        window(from, to);
        long id = instrumentId(symbolOrId), width = INTERVALS.get(interval);
        List<Kline> out = new java.util.ArrayList<>();
        long start = from.toEpochMilli();
        while (true) {
            Query q = Query.empty().with("instrument_id", id).with("interval", interval).with("start_timestamp", start).with("end_timestamp", to.toEpochMilli());
            org.marketlab.internal.transport.Document d = requests.read("/v1/info/klines", q, Weights.HISTORY_PAGE);
            Page<Kline> page = d.read(d.json().getTypeFactory().constructParametricType(Page.class, Kline.class));
            out.addAll(page.data());
            if (!page.more() || page.data().isEmpty()) return out;
            start = page.data().get(page.data().size() - 1).time().toEpochMilli() + width;
        }
    }

    /** {@code GET /v1/info/funding}: the funding rate of every period ending from {@code from} to {@code to}, newest first. */
    public List<FundingRate> fundingHistory(String symbolOrId, java.time.Instant from, java.time.Instant to) {
        return newestFirst("/v1/info/funding", symbolOrId, from, to, FundingRate.class, FundingRate::timestamp);
    }

    /** {@code GET /v1/info/trades}: the public tape from {@code from} to {@code to}, newest first. */
    public List<PublicTrade> trades(String symbolOrId, java.time.Instant from, java.time.Instant to) {
        return newestFirst("/v1/info/trades", symbolOrId, from, to, PublicTrade.class, PublicTrade::timestamp);
    }

    /** A history answered newest first, read page by page: each next page ends before the last entry read, repeats dropped. */
    private <T> List<T> newestFirst(String path, String symbolOrId, java.time.Instant from, java.time.Instant to, Class<T> type,
                                    java.util.function.Function<T, java.time.Instant> time) {
        window(from, to);
        long id = instrumentId(symbolOrId);
        java.util.LinkedHashSet<T> out = new java.util.LinkedHashSet<>();
        long end = to.toEpochMilli();
        while (true) {
            Query q = Query.empty().with("instrument_id", id).with("start_timestamp", from.toEpochMilli()).with("end_timestamp", end);
            org.marketlab.internal.transport.Document d = requests.read(path, q, Weights.HISTORY_PAGE);
            Page<T> page = d.read(d.json().getTypeFactory().constructParametricType(Page.class, type));
            int before = out.size();
            out.addAll(page.data());
            if (!page.more() || page.data().isEmpty() || out.size() == before) return List.copyOf(out);
            // The next page ends at the last entry's time: entries sharing it are read again and dropped as repeats.
            end = time.apply(page.data().get(page.data().size() - 1)).toEpochMilli();
        }
    }

    /** One page of a market-data history: {@code {data, more}}. */
    record Page<T>(List<T> data, boolean more) {
        Page {
            data = data == null ? List.of() : data;
        }
    }

    private static final java.util.Map<String, Long> INTERVALS = new java.util.LinkedHashMap<>();

    static {
        long minute = 60_000L;
        INTERVALS.put("1s", 1_000L);
        INTERVALS.put("1m", minute);
        INTERVALS.put("5m", 5 * minute);
        INTERVALS.put("15m", 15 * minute);
        INTERVALS.put("1h", 60 * minute);
        INTERVALS.put("4h", 240 * minute);
        INTERVALS.put("1d", 1_440 * minute);
        INTERVALS.put("1w", 10_080 * minute);
    }

    private static void window(java.time.Instant from, java.time.Instant to) {
        if (from == null || to == null) throw new IllegalArgumentException("a window needs both ends (from and to)");
        if (from.isAfter(to)) throw new IllegalArgumentException("the window's start " + from + " is after its end " + to);
    }

    /** The id of the instrument named by its symbol ({@code BTC-USD}), display symbol ({@code BTC-USD}), base asset ({@code BTC}) or id. */
    public long instrumentId(String symbolOrId) {
        if (symbolOrId == null || symbolOrId.isBlank()) throw new IllegalArgumentException("an instrument's symbol (such as BTC-USD) or id is needed");
        String s = symbolOrId.trim();
        if (s.chars().allMatch(Character::isDigit)) return Long.parseLong(s);
        List<Instrument> all = instruments();
        for (Instrument i : all) {
            if (s.equalsIgnoreCase(i.symbol()) || s.equalsIgnoreCase(i.displaySymbol()) || s.equalsIgnoreCase(i.baseAsset())) return i.instrumentId();
        }
        throw new IllegalArgumentException("no listed instrument " + s + "; listed: "
                + all.stream().map(Instrument::symbol).collect(java.util.stream.Collectors.joining(", ")));
    }
}
