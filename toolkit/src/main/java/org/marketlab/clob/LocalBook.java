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

    // bids ascending, asks descending: the best price last on both sides
    private long[] bidP = new long[16], bidS = new long[16];
    private long[] askP = new long[16], askS = new long[16];
    private int nb, na;

    LocalBook(String assetId) {
        this.assetId = assetId;
    }

    void clear() {
        nb = 0;
        na = 0;
        bidValid = 0;
        askValid = 0;
    }

    int bidCount() {
        return nb;
    }

    int askCount() {
        return na;
    }

    /** The best bid in millionths, or {@link #NONE}. */
    long bestBid() {
        return nb == 0 ? NONE : bidP[nb - 1];
    }

    /** The best ask in millionths, or {@link #NONE}. */
    long bestAsk() {
        return na == 0 ? NONE : askP[na - 1];
    }

    /** Sets the size of a level (zero removes it). */
    void set(boolean bid, long price, long size) {
        if (bid) {
            int i = search(bidP, nb, price, true);
            bidValid = Math.min(bidValid, i >= 0 ? i : -i - 1);
            if (i >= 0) {
                if (size == 0) {
                    System.arraycopy(bidP, i + 1, bidP, i, nb - i - 1);
                    System.arraycopy(bidS, i + 1, bidS, i, nb - i - 1);
                    nb--;
                } else {
                    bidS[i] = size;
                }
            } else if (size != 0) {
                int at = -i - 1;
                if (nb == bidP.length) {
                    bidP = Arrays.copyOf(bidP, nb * 2);
                    bidS = Arrays.copyOf(bidS, nb * 2);
                }
                System.arraycopy(bidP, at, bidP, at + 1, nb - at);
                System.arraycopy(bidS, at, bidS, at + 1, nb - at);
                bidP[at] = price;
                bidS[at] = size;
                nb++;
            }
        } else {
            int i = search(askP, na, price, false);
            askValid = Math.min(askValid, i >= 0 ? i : -i - 1);
            if (i >= 0) {
                if (size == 0) {
                    System.arraycopy(askP, i + 1, askP, i, na - i - 1);
                    System.arraycopy(askS, i + 1, askS, i, na - i - 1);
                    na--;
                } else {
                    askS[i] = size;
                }
            } else if (size != 0) {
                int at = -i - 1;
                if (na == askP.length) {
                    askP = Arrays.copyOf(askP, na * 2);
                    askS = Arrays.copyOf(askS, na * 2);
                }
                System.arraycopy(askP, at, askP, at + 1, na - at);
                System.arraycopy(askS, at, askS, at + 1, na - at);
                askP[at] = price;
                askS[at] = size;
                na++;
            }
        }
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
        long total = 0;
        if (bid) {
            if (nb == 0) return 0;
            long limit = bidP[nb - 1] - ticks * tick;
            for (int i = nb - 1; i >= 0 && bidP[i] >= limit; i--) total += bidS[i];
        } else {
            if (na == 0) return 0;
            long limit = askP[na - 1] + ticks * tick;
            for (int i = na - 1; i >= 0 && askP[i] <= limit; i--) total += askS[i];
        }
        return total;
    }

    /** The book as the service orders it: {@link Book} with bids ascending, asks descending. */
    Book toBook() {
        List<Level> bids = new ArrayList<>(nb), asks = new ArrayList<>(na);
        for (int i = 0; i < nb; i++) bids.add(new Level(decimal(bidP[i]), decimal(bidS[i])));
        for (int i = 0; i < na; i++) asks.add(new Level(decimal(askP[i]), decimal(askS[i])));
        return new Book(market, assetId, timestamp == 0 ? null : Instant.ofEpochMilli(timestamp), hash, bids, asks,
                minOrderSize == null ? null : new BigDecimal(minOrderSize), tickSize == null ? null : new BigDecimal(tickSize), negRisk,
                lastTradePrice == null || lastTradePrice.isEmpty() ? null : new BigDecimal(lastTradePrice));
    }

    // ---- the hash ----------------------------------------------------------------------------------------------------

    private byte[] buf = new byte[1024];
    private int len;
    private static final byte[] BETWEEN_SIDES = "],\"asks\":[".getBytes(StandardCharsets.US_ASCII);
    /** Each side's levels as text, the end of each level's text, and how many levels' text is current. */
    private byte[] bidText = new byte[1024], askText = new byte[1024];
    private int[] bidEnd = new int[16], askEnd = new int[16];
    private int bidValid, askValid;
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
        int bids = sideText(true), asks = sideText(false);
        len = 0;
        ascii("{\"market\":\"");
        ascii(market);
        ascii("\",\"asset_id\":\"");
        ascii(assetId);
        ascii("\",\"timestamp\":\"");
        ascii(timestampText);
        ascii("\",\"hash\":\"\",\"bids\":[");
        sha1.update(buf, 0, len);
        sha1.update(bidText, 0, bids);
        sha1.update(BETWEEN_SIDES);
        sha1.update(askText, 0, asks);
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
    private int sideText(boolean bid) {
        int n = bid ? nb : na, valid = Math.min(bid ? bidValid : askValid, n);
        long[] price = bid ? bidP : askP, size = bid ? bidS : askS;
        int[] ends = bid ? bidEnd : askEnd;
        if (ends.length < n) ends = Arrays.copyOf(ends, Math.max(n, ends.length * 2));
        byte[] saved = buf;
        int savedLen = len;
        buf = bid ? bidText : askText;
        len = valid == 0 ? 0 : ends[valid - 1];
        for (int i = valid; i < n; i++) {
            level(i > 0, price[i], size[i]);
            ends[i] = len;
        }
        int out = len;
        if (bid) {
            bidText = buf;
            bidEnd = ends;
            bidValid = n;
        } else {
            askText = buf;
            askEnd = ends;
            askValid = n;
        }
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
