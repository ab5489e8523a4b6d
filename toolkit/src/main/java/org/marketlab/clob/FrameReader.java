package org.marketlab.clob;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.marketlab.time.Timestamps;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the order book channels' frames (one message object, or an array of them) in one streaming pass, into a reused
 * {@link Msg} per message: prices and sizes straight to fixed point, no tree and few objects, since a busy book sends
 * thousands of price changes a second. {@link #record} turns a {@link Msg} into its {@link MarketMessage} when someone
 * asks for the typed message (a listener, {@link MarketFeed#parse}). Not thread-safe.
 */
final class FrameReader {

    private static final JsonFactory FACTORY = new JsonFactory();

    /** Receives each message of a frame. */
    interface Sink {
        void message(Msg m);
    }

    /** A message as read: the fields the market channel uses, reset for each message. */
    static final class Msg {
        String text; // the whole frame, for the text of an unknown message
        int start, end; // the message's place in it
        String eventType, market, assetId, timestamp, hash, side, feeRateBps, txHash, id, winningAssetId, winningOutcome, question, slug,
                description, minOrderSize, tickSize, lastTradePrice, oldTickSize, newTickSize;
        long price, size, bestBid, bestAsk, spread;
        Boolean negRisk, active;
        List<String> assetIds, outcomes, tags;
        // price_change entries
        int n;
        String[] eAsset = new String[4], eHash = new String[4];
        long[] ePrice = new long[4], eSize = new long[4], eBid = new long[4], eAsk = new long[4];
        boolean[] eBuy = new boolean[4];
        // book levels, as sent
        int nb, na;
        long[] bP = new long[32], bS = new long[32], aP = new long[32], aS = new long[32];
        boolean hasBids, hasAsks, hasChanges;

        void reset() {
            eventType = market = assetId = timestamp = hash = side = feeRateBps = txHash = id = winningAssetId = winningOutcome = null;
            question = slug = description = minOrderSize = tickSize = lastTradePrice = oldTickSize = newTickSize = null;
            price = size = bestBid = bestAsk = spread = LocalBook.NONE;
            negRisk = active = null;
            assetIds = outcomes = tags = null;
            n = nb = na = 0;
            hasBids = hasAsks = hasChanges = false;
        }

        /** The event type, or what the fields say when it is missing. */
        String type() {
            if (eventType != null) return eventType;
            if (hasChanges) return "price_change";
            if (hasBids || hasAsks) return "book";
            return "unknown";
        }

        Instant instant() {
            return Timestamps.parse(timestamp);
        }
    }

    private final Msg msg = new Msg();
    private String lastAsset = "";

    /** The arrival time of the last recording line read ({@link #read} of {@code {"t": ms, "frame": ...}}), else 0. */
    long arrival;

    /**
     * Reads every message of {@code text}, handing each to {@code sink}; a frame that is not JSON throws. A recording's
     * line ({@code {"t": ms, "frame": <frame>}}) is read in the same pass: its frame's messages, its time in
     * {@link #arrival}.
     */
    void read(String text, Sink sink) throws IOException {
        arrival = 0;
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken t = p.nextToken();
            if (t == JsonToken.START_OBJECT && p.nextToken() == JsonToken.FIELD_NAME && p.currentName().equals("t")) {
                t = p.currentToken();
                while (t != JsonToken.END_OBJECT && t != null) {
                    if (t == JsonToken.FIELD_NAME) {
                        String f = p.currentName();
                        t = p.nextToken();
                        if (f.equals("t")) arrival = p.getLongValue();
                        else if (f.equals("frame")) frame(p, t, text, sink);
                        else p.skipChildren();
                    }
                    t = p.nextToken();
                }
                return;
            }
            if (t == JsonToken.START_OBJECT) {
                one(p, text, sink, true);
                return;
            }
            frame(p, t, text, sink);
        }
    }

    private void frame(JsonParser p, JsonToken t, String text, Sink sink) throws IOException {
        if (t == JsonToken.START_ARRAY) {
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t == null) throw new IOException("the frame ends inside an array");
                if (t == JsonToken.START_OBJECT) one(p, text, sink, false);
                else p.skipChildren();
            }
        } else if (t == JsonToken.START_OBJECT) {
            one(p, text, sink, false);
        } else {
            throw new IOException("a frame is a JSON object or an array of them, was " + (text.length() > 40 ? text.substring(0, 37) + "…" : text));
        }
    }

    /** One message object; {@code atName}: the parser stands on its first field name already. */
    private void one(JsonParser p, String text, Sink sink, boolean atName) throws IOException {
        Msg m = msg;
        m.reset();
        m.text = text;
        m.start = atName ? 0 : (int) p.currentTokenLocation().getCharOffset();
        JsonToken t = atName ? p.currentToken() : p.nextToken();
        for (; t == JsonToken.FIELD_NAME; t = p.nextToken()) {
            String f = p.currentName();
            t = p.nextToken();
            switch (f) {
                case "event_type" -> m.eventType = str(p, t);
                case "market" -> m.market = str(p, t);
                case "asset_id" -> m.assetId = str(p, t);
                case "timestamp" -> m.timestamp = str(p, t);
                case "hash" -> m.hash = str(p, t);
                case "side" -> m.side = str(p, t);
                case "price" -> m.price = dec(p, t);
                case "size" -> m.size = dec(p, t);
                case "best_bid" -> m.bestBid = dec(p, t);
                case "best_ask" -> m.bestAsk = dec(p, t);
                case "spread" -> m.spread = dec(p, t);
                case "fee_rate_bps" -> m.feeRateBps = str(p, t);
                case "transaction_hash" -> m.txHash = str(p, t);
                case "id" -> m.id = str(p, t);
                case "winning_asset_id" -> m.winningAssetId = str(p, t);
                case "winning_outcome" -> m.winningOutcome = str(p, t);
                case "question" -> m.question = str(p, t);
                case "slug" -> m.slug = str(p, t);
                case "description" -> m.description = str(p, t);
                case "min_order_size" -> m.minOrderSize = str(p, t);
                case "tick_size" -> m.tickSize = str(p, t);
                case "order_price_min_tick_size" -> {
                    if (m.tickSize == null) m.tickSize = str(p, t);
                }
                case "last_trade_price" -> m.lastTradePrice = str(p, t);
                case "old_tick_size" -> m.oldTickSize = str(p, t);
                case "new_tick_size" -> m.newTickSize = str(p, t);
                case "neg_risk" -> m.negRisk = t == JsonToken.VALUE_TRUE ? Boolean.TRUE : t == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
                case "active" -> m.active = t == JsonToken.VALUE_TRUE ? Boolean.TRUE : t == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
                case "assets_ids", "clob_token_ids" -> {
                    List<String> ids = strings(p, t);
                    if (m.assetIds == null || f.equals("assets_ids")) m.assetIds = ids;
                }
                case "outcomes" -> m.outcomes = strings(p, t);
                case "tags" -> m.tags = strings(p, t);
                case "bids" -> {
                    m.hasBids = true;
                    m.nb = levels(p, t, true, m);
                }
                case "asks" -> {
                    m.hasAsks = true;
                    m.na = levels(p, t, false, m);
                }
                case "buys" -> { // the channel's first documents named the sides so
                    m.hasBids = true;
                    m.nb = levels(p, t, true, m);
                }
                case "sells" -> {
                    m.hasAsks = true;
                    m.na = levels(p, t, false, m);
                }
                case "price_changes", "changes" -> {
                    m.hasChanges = true;
                    changes(p, t, m);
                }
                default -> p.skipChildren();
            }
        }
        if (t != JsonToken.END_OBJECT) throw new IOException("a message object does not end");
        m.end = (int) p.currentTokenLocation().getCharOffset() + 1;
        sink.message(m);
    }

    private static String str(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NULL) return null;
        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        return p.getText();
    }

    /** A decimal, as a string or a number, in millionths; null and empty text are {@link LocalBook#NONE}. */
    private static long dec(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NULL) return LocalBook.NONE;
        if (t == JsonToken.VALUE_STRING || t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
            return LocalBook.parse(p.getTextCharacters(), p.getTextOffset(), p.getTextOffset() + p.getTextLength());
        }
        p.skipChildren();
        return LocalBook.NONE;
    }

    private static List<String> strings(JsonParser p, JsonToken t) throws IOException {
        if (t != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        List<String> out = new ArrayList<>();
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) p.skipChildren();
            else out.add(p.getText());
        }
        return out;
    }

    /** A side's levels, {@code [{price, size}]} (or {@code [[price, size]]}), into the message's arrays. */
    private static int levels(JsonParser p, JsonToken t, boolean bids, Msg m) throws IOException {
        if (t != JsonToken.START_ARRAY) {
            p.skipChildren();
            return 0;
        }
        int n = 0;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            long price = LocalBook.NONE, size = LocalBook.NONE;
            if (t == JsonToken.START_OBJECT) {
                while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                    String f = p.currentName();
                    t = p.nextToken();
                    if (f.equals("price")) price = dec(p, t);
                    else if (f.equals("size")) size = dec(p, t);
                    else p.skipChildren();
                }
            } else if (t == JsonToken.START_ARRAY) {
                price = dec(p, p.nextToken());
                size = dec(p, p.nextToken());
                while (p.nextToken() != JsonToken.END_ARRAY) p.skipChildren();
            } else {
                continue;
            }
            if (price == LocalBook.NONE || size == LocalBook.NONE) throw new IOException("a book level needs a price and a size");
            if (bids) {
                if (n == m.bP.length) {
                    m.bP = Arrays.copyOf(m.bP, n * 2);
                    m.bS = Arrays.copyOf(m.bS, n * 2);
                }
                m.bP[n] = price;
                m.bS[n] = size;
            } else {
                if (n == m.aP.length) {
                    m.aP = Arrays.copyOf(m.aP, n * 2);
                    m.aS = Arrays.copyOf(m.aS, n * 2);
                }
                m.aP[n] = price;
                m.aS[n] = size;
            }
            n++;
        }
        return n;
    }

    private void changes(JsonParser p, JsonToken t, Msg m) throws IOException {
        if (t != JsonToken.START_ARRAY) {
            p.skipChildren();
            return;
        }
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            int i = m.n;
            if (i == m.ePrice.length) grow(m);
            String asset = m.assetId; // the old shape carries the asset once, beside the changes
            long price = LocalBook.NONE, size = LocalBook.NONE, bid = LocalBook.NONE, ask = LocalBook.NONE;
            String side = null, hash = m.hash;
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String f = p.currentName();
                t = p.nextToken();
                switch (f) {
                    case "asset_id" -> asset = asset(p);
                    case "price" -> price = dec(p, t);
                    case "size" -> size = dec(p, t);
                    case "side" -> side = p.getText();
                    case "hash" -> hash = str(p, t);
                    case "best_bid" -> bid = dec(p, t);
                    case "best_ask" -> ask = dec(p, t);
                    default -> p.skipChildren();
                }
            }
            if (price == LocalBook.NONE || size == LocalBook.NONE || side == null) throw new IOException("a price change needs a price, a size and a side");
            boolean buy;
            if (side.equalsIgnoreCase("BUY")) buy = true;
            else if (side.equalsIgnoreCase("SELL")) buy = false;
            else throw new IOException("a price change's side is BUY or SELL, was " + side);
            m.eAsset[i] = asset;
            m.ePrice[i] = price;
            m.eSize[i] = size;
            m.eBuy[i] = buy;
            m.eHash[i] = hash;
            m.eBid[i] = bid;
            m.eAsk[i] = ask;
            m.n = i + 1;
        }
    }

    /** The token id, the previous one's String when it is the same (most frames are about one token). */
    private String asset(JsonParser p) throws IOException {
        char[] c = p.getTextCharacters();
        int off = p.getTextOffset(), len = p.getTextLength();
        String last = lastAsset;
        if (last.length() == len) {
            boolean same = true;
            for (int k = 0; k < len && same; k++) same = last.charAt(k) == c[off + k];
            if (same) return last;
        }
        lastAsset = new String(c, off, len);
        return lastAsset;
    }

    private static void grow(Msg m) {
        int n = m.ePrice.length * 2;
        m.eAsset = Arrays.copyOf(m.eAsset, n);
        m.eHash = Arrays.copyOf(m.eHash, n);
        m.ePrice = Arrays.copyOf(m.ePrice, n);
        m.eSize = Arrays.copyOf(m.eSize, n);
        m.eBid = Arrays.copyOf(m.eBid, n);
        m.eAsk = Arrays.copyOf(m.eAsk, n);
        m.eBuy = Arrays.copyOf(m.eBuy, n);
    }

    // ---- typed messages -----------------------------------------------------------------------------------------------

    /** The message as its record. */
    static MarketMessage record(Msg m) {
        return switch (m.type()) {
            case "book" -> new MarketMessage.BookSnapshot(book(m));
            case "price_change" -> {
                List<MarketMessage.LevelChange> changes = new ArrayList<>(m.n);
                for (int i = 0; i < m.n; i++) {
                    changes.add(new MarketMessage.LevelChange(m.eAsset[i], LocalBook.decimal(m.ePrice[i]), LocalBook.decimal(m.eSize[i]),
                            m.eBuy[i] ? Side.BUY : Side.SELL, m.eHash[i], dec(m.eBid[i]), dec(m.eAsk[i])));
                }
                yield new MarketMessage.PriceChange(m.market, m.instant(), changes);
            }
            case "last_trade_price" -> new MarketMessage.LastTrade(m.market, m.assetId, dec(m.price), dec(m.size), side(m.side), decimal(m.feeRateBps),
                    m.instant(), m.txHash);
            case "tick_size_change" -> new MarketMessage.TickSizeChange(m.market, m.assetId, decimal(m.oldTickSize), decimal(m.newTickSize), m.instant());
            case "best_bid_ask" -> new MarketMessage.BestBidAsk(m.market, m.assetId, dec(m.bestBid), dec(m.bestAsk), dec(m.spread), m.instant());
            case "new_market" -> new MarketMessage.NewMarket(m.id, m.market, m.question, m.slug, m.description, m.assetIds, m.outcomes,
                    decimal(m.tickSize), m.tags, m.active, m.instant());
            case "market_resolved" -> new MarketMessage.MarketResolved(m.id, m.market, m.assetIds, m.winningAssetId, m.winningOutcome, m.tags, m.instant());
            default -> new MarketMessage.Unknown(m.type(), m.text.substring(Math.max(0, m.start), Math.min(m.text.length(), Math.max(m.start, m.end))),
                    looseInstant(m));
        };
    }

    /** An unknown message's time: its fields are not this version's to judge, so one it cannot read is left out (null). */
    private static Instant looseInstant(Msg m) {
        try {
            return m.instant();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** A {@code book} message as a {@link Book}, its levels in the order sent. */
    static Book book(Msg m) {
        List<Level> bids = new ArrayList<>(m.nb), asks = new ArrayList<>(m.na);
        for (int i = 0; i < m.nb; i++) bids.add(new Level(LocalBook.decimal(m.bP[i]), LocalBook.decimal(m.bS[i])));
        for (int i = 0; i < m.na; i++) asks.add(new Level(LocalBook.decimal(m.aP[i]), LocalBook.decimal(m.aS[i])));
        return new Book(m.market, m.assetId, m.instant(), m.hash, bids, asks, decimal(m.minOrderSize), decimal(m.tickSize), m.negRisk,
                decimal(m.lastTradePrice));
    }

    private static BigDecimal dec(long v) {
        return v == LocalBook.NONE ? null : LocalBook.decimal(v);
    }

    private static BigDecimal decimal(String s) {
        return s == null || s.isBlank() ? null : new BigDecimal(s.trim());
    }

    private static Side side(String s) {
        if (s == null) return null;
        return s.equalsIgnoreCase("BUY") ? Side.BUY : s.equalsIgnoreCase("SELL") ? Side.SELL : null;
    }
}
