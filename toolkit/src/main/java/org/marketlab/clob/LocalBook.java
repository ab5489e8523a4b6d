package org.marketlab.clob;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One token's book as a feed keeps it: prices and sizes in exact fixed point (millionths, the outcome tokens' and the
 * collateral's own unit), each side a sorted array with its best price last, as the service orders them, so that a
 * change near the top moves few entries. It reproduces the service's book hash (SHA-1 of the ten-field summary in the
 * official clients' field order, the hash itself empty) from the numbers written without trailing zeros, which is how
 * the order book writes them; {@link #verifiable} says whether a snapshot's own hash came out so, and only then are
 * hashes checked. Not thread-safe: a feed touches its books from one thread.
 */
final class LocalBook {

    /** Decimal places kept: millionths. */
    static final int SCALE = 6;
    static final long UNIT = 1_000_000L;
    static final long NONE = -1;

    final String assetId;
    String market;
    long timestamp;
    String hash;
    String minOrderSize;
    String tickSize;
    Boolean negRisk;
    String lastTradePrice;
    /** Whether this book's hashes can be reproduced (its snapshot's hash was). */
    boolean verifiable;
    /** Waiting for a fresh snapshot: changes are not applied meanwhile. */
    boolean resyncing;
    boolean resolved;

    /** One side of the book: prices sorted with the best last (bids ascending, asks descending), and their sizes. */
    private static final class Side {
        final boolean ascending;
        long[] price = new long[16], size = new long[16];
        int n;
        /** The side's levels as the hash summary writes them, the end of each level's text, and how many are current. */
        byte[] text = new byte[1024];
        int[] ends = new int[16];
        int valid;

        Side(boolean ascending) {
            this.ascending = ascending;
        }

        long best() {
            return n == 0 ? NONE : price[n - 1];
        }

        /** Sets the size of a level (zero removes it). */
        void set(long p, long s) {
            int i = search(price, n, p, ascending);
            valid = Math.min(valid, i >= 0 ? i : -i - 1);
            if (i >= 0) {
                if (s == 0) {
                    System.arraycopy(price, i + 1, price, i, n - i - 1);
                    System.arraycopy(size, i + 1, size, i, n - i - 1);
                    n--;
                } else {
                    size[i] = s;
                }
            } else if (s != 0) {
                int at = -i - 1;
                if (n == price.length) {
                    price = Arrays.copyOf(price, n * 2);
                    size = Arrays.copyOf(size, n * 2);
                }
                System.arraycopy(price, at, price, at + 1, n - at);
                System.arraycopy(size, at, size, at + 1, n - at);
                price[at] = p;
                size[at] = s;
                n++;
            }
        }

        /** Size resting within {@code distance} (millionths) of the best price, the best included. */
        long depthWithin(long distance) {
            if (n == 0) return 0;
            long limit = ascending ? price[n - 1] - distance : price[n - 1] + distance;
            long total = 0;
            for (int i = n - 1; i >= 0 && (ascending ? price[i] >= limit : price[i] <= limit); i--) total += size[i];
            return total;
        }

        List<Level> levels() {
            List<Level> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) out.add(new Level(decimal(price[i]), decimal(size[i])));
            return out;
        }
    }

    private final Side bids = new Side(true), asks = new Side(false);

    LocalBook(String assetId) {
        this.assetId = assetId;
    }

    void clear() {
        bids.n = 0;
        asks.n = 0;
        bids.valid = 0;
        asks.valid = 0;
    }

    int bidCount() {
        return bids.n;
    }

    int askCount() {
        return asks.n;
    }

    /** The best bid in millionths, or {@link #NONE}. */
    long bestBid() {
        return bids.best();
    }

    /** The best ask in millionths, or {@link #NONE}. */
    long bestAsk() {
        return asks.best();
    }

    /** Sets the size of a level (zero removes it). */
    void set(boolean bid, long price, long size) {
        (bid ? bids : asks).set(price, size);
    }

    /**
     * The index of {@code price} in the first {@code n} entries, or {@code -(insertion point) - 1}; ascending or
     * descending. The search starts from the best end, where most changes are.
     */
    private static int search(long[] a, int n, long price, boolean ascending) {
        int lo = 0, hi = n - 1;
        if (n > 0) { // the top of the book first
            long top = a[n - 1];
            if (top == price) return n - 1;
            if (ascending ? price > top : price < top) return -(n) - 1;
        }
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long v = a[mid];
            if (v == price) return mid;
            if (ascending ? v < price : v > price) lo = mid + 1;
            else hi = mid - 1;
        }
        return -lo - 1;
    }

    /** Size resting at or better than {@code price} on a side within {@code ticks} ticks of its best price (millionths). */
    long depthWithin(boolean bid, long ticks, long tick) {
        return (bid ? bids : asks).depthWithin(ticks * tick);
    }

    /** The book as the service orders it: {@link Book} with bids ascending, asks descending. */
    Book toBook() {
        return new Book(market, assetId, timestamp == 0 ? null : Instant.ofEpochMilli(timestamp), hash, bids.levels(), asks.levels(),
                minOrderSize == null ? null : new BigDecimal(minOrderSize), tickSize == null ? null : new BigDecimal(tickSize), negRisk,
                lastTradePrice == null || lastTradePrice.isEmpty() ? null : new BigDecimal(lastTradePrice));
    }

    // ---- the hash ----------------------------------------------------------------------------------------------------

    private byte[] buf = new byte[1024];
    private int len;
    private static final byte[] BETWEEN_SIDES = "],\"asks\":[".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private MessageDigest sha1;

    /**
     * The hash of this book stamped {@code timestamp} (its text as sent): SHA-1 over
     * {@code {"market","asset_id","timestamp","hash":"","bids","asks","min_order_size","tick_size","neg_risk","last_trade_price"}}
     * written compactly; null when a field of the summary is unknown.
     */
    String hash(String timestampText) {
        if (market == null || minOrderSize == null || tickSize == null || negRisk == null || lastTradePrice == null) return null;
        try {
            if (sha1 == null) sha1 = MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        int bidsLen = sideText(bids), asksLen = sideText(asks);
        len = 0;
        ascii("{\"market\":\"");
        ascii(market);
        ascii("\",\"asset_id\":\"");
        ascii(assetId);
        ascii("\",\"timestamp\":\"");
        ascii(timestampText);
        ascii("\",\"hash\":\"\",\"bids\":[");
        sha1.update(buf, 0, len);
        sha1.update(bids.text, 0, bidsLen);
        sha1.update(BETWEEN_SIDES);
        sha1.update(asks.text, 0, asksLen);
        len = 0;
        ascii("],\"min_order_size\":\"");
        ascii(minOrderSize);
        ascii("\",\"tick_size\":\"");
        ascii(tickSize);
        ascii("\",\"neg_risk\":");
        ascii(negRisk ? "true" : "false");
        ascii(",\"last_trade_price\":\"");
        ascii(lastTradePrice);
        ascii("\"}");
        sha1.update(buf, 0, len);
        byte[] d = sha1.digest();
        byte[] hex = new byte[40];
        for (int i = 0; i < 20; i++) {
            hex[2 * i] = HEX[(d[i] >> 4) & 0xf];
            hex[2 * i + 1] = HEX[d[i] & 0xf];
        }
        return new String(hex, StandardCharsets.US_ASCII);
    }

    /**
     * One side's levels as the summary writes them, kept between hashes: the text of the levels before the first one
     * changed since is reused (changes are mostly near the best price, the end of both arrays). Its length.
     */
    private int sideText(Side side) {
        int n = side.n, valid = Math.min(side.valid, n);
        if (side.ends.length < n) side.ends = Arrays.copyOf(side.ends, Math.max(n, side.ends.length * 2));
        int[] ends = side.ends;
        byte[] saved = buf;
        int savedLen = len;
        buf = side.text;
        len = valid == 0 ? 0 : ends[valid - 1];
        for (int i = valid; i < n; i++) {
            level(i > 0, side.price[i], side.size[i]);
            ends[i] = len;
        }
        int out = len;
        side.text = buf;
        side.valid = n;
        buf = saved;
        len = savedLen;
        return out;
    }

    private void level(boolean comma, long price, long size) {
        if (comma) put((byte) ',');
        ascii("{\"price\":\"");
        writeDecimal(price);
        ascii("\",\"size\":\"");
        writeDecimal(size);
        ascii("\"}");
    }

    private void ascii(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) buf[len++] = (byte) s.charAt(i);
    }

    private void put(byte b) {
        ensure(1);
        buf[len++] = b;
    }

    private void ensure(int n) {
        if (len + n > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
    }

    /**
     * A millionths value as the order book writes it: plain, no trailing zeros. Digits are written from the last one back,
     * one division by ten each: a book's summary writes two of these per level, once per message checked.
     */
    private void writeDecimal(long v) {
        ensure(24);
        long whole = v / UNIT, frac = v % UNIT;
        if (whole == 0) buf[len++] = '0';
        else {
            int n = 1;
            for (long w = whole; w >= 10; w /= 10) n++;
            for (int i = len + n - 1; i >= len; i--) {
                buf[i] = (byte) ('0' + whole % 10);
                whole /= 10;
            }
            len += n;
        }
        if (frac != 0) {
            buf[len++] = '.';
            int digits = SCALE;
            while (frac % 10 == 0) {
                frac /= 10;
                digits--;
            }
            for (int i = len + digits - 1; i >= len; i--) {
                buf[i] = (byte) ('0' + frac % 10);
                frac /= 10;
            }
            len += digits;
        }
    }

    // ---- fixed point --------------------------------------------------------------------------------------------------

    /** A millionths value as an exact decimal without trailing zeros. */
    static BigDecimal decimal(long v) {
        return v == 0 ? BigDecimal.ZERO : BigDecimal.valueOf(v, SCALE).stripTrailingZeros();
    }

    /** A millionths value as the order book writes it. */
    static String text(long v) {
        return v == NONE ? null : decimal(v).toPlainString();
    }

    /**
     * Reads a decimal written as the service writes one ({@code 0.48}, {@code .48}, {@code 120}, {@code 3149725.72}) into
     * millionths; empty text is {@link #NONE}.
     *
     * @throws NumberFormatException for anything else, or more than six decimal places that are not zero
     */
    static long parse(char[] s, int from, int to) {
        if (from == to) return NONE;
        long whole = 0, frac = 0;
        int fracDigits = 0;
        boolean dot = false, digits = false;
        for (int i = from; i < to; i++) {
            char c = s[i];
            if (c >= '0' && c <= '9') {
                digits = true;
                if (!dot) {
                    whole = whole * 10 + (c - '0');
                    if (whole > 9_000_000_000_000L) throw new NumberFormatException("'" + new String(s, from, to - from) + "' is too large for a price or size");
                } else if (fracDigits < SCALE) {
                    frac = frac * 10 + (c - '0');
                    fracDigits++;
                } else if (c != '0') {
                    throw new NumberFormatException("'" + new String(s, from, to - from) + "' has more than " + SCALE + " decimal places");
                }
            } else if (c == '.' && !dot) {
                dot = true;
            } else {
                throw new NumberFormatException("'" + new String(s, from, to - from) + "' is not a decimal price or size");
            }
        }
        if (!digits) throw new NumberFormatException("'" + new String(s, from, to - from) + "' is not a decimal price or size");
        for (int k = fracDigits; k < SCALE; k++) frac *= 10;
        return whole * UNIT + frac;
    }

    static long parse(String s) {
        return s == null ? NONE : parse(s.toCharArray(), 0, s.length());
    }

    /** Millionths of a decimal given as a number (for the levels of a {@link Book}). */
    static long of(BigDecimal v) {
        return v == null ? NONE : v.movePointRight(SCALE).setScale(0, java.math.RoundingMode.UNNECESSARY).longValueExact();
    }
}
