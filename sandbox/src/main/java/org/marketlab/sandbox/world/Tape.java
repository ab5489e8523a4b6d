package org.marketlab.sandbox.world;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A market's public trades over its whole life, both outcomes, computable hour by hour: each hour's trades are its
 * {@link Flow}'s (minutes and USDC values), each on one outcome at that outcome's price on its path at the trade's
 * minute, so trades, candles, histories and last-trade prices agree. A trade's size is its value over its price, to
 * the hundredth of a share.
 *
 * <p>The takers and makers are the market's participants: addresses of the world's crowd (a pool shared by every
 * market, so traders recur across markets), the most active few taking most trades, and a few market makers on the
 * other side of about half of them. Holders are the most active participants, sharing the market's open interest:
 * every holder's shares of an outcome add up to the complete sets outstanding.
 */
public final class Tape {

    /** Where a participant's address is drawn from: a pool of this many. */
    static final int CROWD = 40_000;
    private static final int MAKERS = 3;

    /**
     * One trade: its time (epoch seconds), its order in the tape, the outcome traded (0 or 1), the taker's side, its
     * price and size, the taker's and maker's addresses, and its transaction hash.
     */
    public record Trade(long time, long seq, int outcome, String side, BigDecimal price, BigDecimal size, String taker,
                        String maker, String hash) {

        public BigDecimal value() {
            return price.multiply(size);
        }
    }

    /** An address holding shares of one outcome. */
    public record Holding(String address, BigDecimal shares) {
    }

    private final EventModel model;
    private final int market;
    private final Flow flow;
    private final PricePath first;
    private final long crowd;
    private final long key;
    private final int participants;
    private Flow.Day day;

    Tape(EventModel model, int market, PricePath path, long crowd) {
        this.model = model;
        this.market = market;
        this.flow = model.flow(market);
        this.first = path.outcome() == 0 ? path : path.other();
        this.crowd = crowd;
        this.key = Hash.key(model.key, 900 + market);
        this.participants = (int) Math.max(8, Math.min(5_000, flow.tradeCount() / 6));
    }

    /** Trades in all, over the market's life. */
    public long count() {
        return flow.tradeCount();
    }

    /** The first and last minute the market trades. */
    public long firstMinute() {
        return flow.open;
    }

    public long lastMinute() {
        return flow.close - 1;
    }

    /** The trades of an epoch hour, in time order. */
    public List<Trade> hour(long hour) {
        long day = Math.floorDiv(hour, 24);
        if (flow.tradesOn(day) == 0) return List.of();
        Flow.Hour h = flow.hour(hour, hours(day));
        if (h.size() == 0) return List.of();
        List<Trade> out = new ArrayList<>(h.size());
        PricePath.Reader yes = first.reader();
        long ticks = Math.round(1 / first.tick().doubleValue());
        for (int k = 0; k < h.size(); k++) out.add(trade(h, k, yes, ticks));
        return out;
    }

    /** How epoch day {@code d} spreads over its hours, the last day asked kept. */
    private Flow.Day hours(long d) {
        Flow.Day kept = day;
        if (kept == null || kept.day() != d) day = kept = flow.day(d);
        return kept;
    }

    /** Trade {@code k} of an hour: its outcome, price on the path at its minute, size, side, taker and maker. */
    private Trade trade(Flow.Hour h, int k, PricePath.Reader yes, long ticks) {
        long seq = h.hour() * 4096 + k;
        long minute = h.minutes()[k];
        int outcome = Hash.unit(key, seq * 8 + 1) < 0.5 ? 0 : 1;
        long onGrid = yes.onGrid(minute);
        BigDecimal price = BigDecimal.valueOf(outcome == 0 ? onGrid : ticks - onGrid, first.tick().scale());
        BigDecimal size = BigDecimal.valueOf(h.values()[k]).divide(price, 2, RoundingMode.HALF_UP).max(new BigDecimal("0.01"));
        String side = Hash.unit(key, seq * 8 + 2) < 0.55 ? "BUY" : "SELL";
        long time = minute * 60 + (long) (60 * Hash.unit(key, seq * 8 + 3));
        String maker = Hash.unit(key, seq * 8 + 4) < 0.5 ? maker((int) (MAKERS * Hash.unit(key, seq * 8 + 5)))
                : participant(rank(Hash.unit(key, seq * 8 + 6)));
        return new Trade(time, seq, outcome, side, price, size, participant(rank(Hash.unit(key, seq * 8 + 7))), maker,
                "0x" + hex64(Hash.key(key, seq)));
    }

    /** A participant rank, the most active most often (a power law over the market's participants). */
    private int rank(double u) {
        return (int) (participants * Math.pow(u, 3));
    }

    /** The address of the market's participant of rank {@code j}. */
    public String participant(int j) {
        long pool = Math.floorMod(Hash.key(key, 77_000L + j), CROWD);
        return address(Hash.key(crowd, pool));
    }

    private String maker(int m) {
        return address(Hash.key(crowd, -1 - m));
    }

    private static String address(long k) {
        String a = hex16(Hash.mix(k)), b = hex16(Hash.mix(k + 1)), c = hex16(Hash.mix(k + 2));
        return "0x" + a + b + c.substring(0, 8);
    }

    private static String hex16(long v) {
        String s = Long.toHexString(v);
        return "0000000000000000".substring(s.length()) + s;
    }

    private static String hex64(long k) {
        return hex16(Hash.mix(k)) + hex16(Hash.mix(k + 1)) + hex16(Hash.mix(k + 2)) + hex16(Hash.mix(k + 3));
    }

    /**
     * Trades from {@code from} to {@code to} (epoch seconds, both included) that {@code keep} accepts, newest first if
     * asked, at most {@code limit} of them.
     */
    public List<Trade> between(long from, long to, boolean newestFirst, int limit, Predicate<Trade> keep) {
        List<Trade> out = new ArrayList<>();
        if (limit <= 0) return out;
        visit(from, to, newestFirst, t -> {
            if (keep.test(t)) out.add(t);
            return out.size() < limit;
        });
        return out;
    }

    /**
     * Shows {@code visitor} the trades from {@code from} to {@code to} (epoch seconds, both included), newest first if
     * asked, until it answers false.
     */
    public void visit(long from, long to, boolean newestFirst, Predicate<Trade> visitor) {
        long lo = Math.max(Math.floorDiv(from, 3600), Math.floorDiv(flow.open, 60));
        long hi = Math.min(Math.floorDiv(to, 3600), Math.floorDiv(flow.close, 60));
        for (long h = newestFirst ? hi : lo; newestFirst ? h >= lo : h <= hi; h += newestFirst ? -1 : 1) {
            long day = Math.floorDiv(h, 24);
            if (flow.tradesOn(day) == 0) {
                h = newestFirst ? day * 24 : day * 24 + 23; // skip the rest of an empty day
                continue;
            }
            List<Trade> trades = hour(h);
            for (int k = 0; k < trades.size(); k++) {
                Trade t = trades.get(newestFirst ? trades.size() - 1 - k : k);
                if (t.time() < from || t.time() > to) continue;
                if (!visitor.test(t)) return;
            }
        }
    }

    /** Shares of an outcome traded from {@code from} to {@code to}, epoch seconds, both included. */
    public double shares(int outcome, long from, long to) {
        double sum = 0;
        for (Trade t : between(from, to, false, Integer.MAX_VALUE, t -> t.outcome() == outcome)) sum += t.size().doubleValue();
        return sum;
    }

    /**
     * The last trade of an outcome at or before {@code second} within the 90 days before it, or null. Only the trade
     * found is priced.
     */
    public Trade last(int outcome, long second) {
        long lo = Math.max(Math.floorDiv(second - 90L * 86_400, 3600), Math.floorDiv(flow.open, 60));
        for (long h = Math.min(Math.floorDiv(second, 3600), Math.floorDiv(flow.close, 60)); h >= lo; h--) {
            long day = Math.floorDiv(h, 24);
            if (flow.tradesOn(day) == 0) {
                h = day * 24;
                continue;
            }
            Flow.Day hours = hours(day);
            int n = hours.counts()[(int) (h - day * 24)];
            if (n == 0) continue;
            Flow.Hour hour = flow.hour(h, hours);
            for (int k = n - 1; k >= 0; k--) {
                long seq = h * 4096 + k;
                if (outcome != (Hash.unit(key, seq * 8 + 1) < 0.5 ? 0 : 1)) continue;
                Trade t = trade(hour, k, first.reader(), Math.round(1 / first.tick().doubleValue()));
                if (t.time() <= second) return t;
            }
        }
        return null;
    }

    /** Open interest at a minute: the complete sets outstanding, USDC. */
    public double openInterest(long minute) {
        return flow.openInterest(minute);
    }

    /**
     * The holders of an outcome at a minute, largest first: the most active participants sharing the open interest
     * (one forty-fifth of the participants, between 3 and 200), shares falling with rank. Their shares add up to the
     * open interest, to the cent. {@code reserved} shares are held by others (the seeded wallets) and left out.
     */
    public List<Holding> holders(int outcome, long minute, BigDecimal reserved) {
        BigDecimal total = BigDecimal.valueOf(openInterest(minute)).setScale(2, RoundingMode.DOWN).subtract(reserved);
        List<Holding> out = new ArrayList<>();
        if (total.signum() <= 0) return out;
        int n = Math.max(3, Math.min(200, participants / 45));
        double[] w = new double[n];
        double sum = 0;
        for (int j = 0; j < n; j++) sum += w[j] = Math.pow(j + 1, -1.2);
        BigDecimal given = BigDecimal.ZERO;
        for (int j = 0; j < n; j++) {
            BigDecimal s = j == n - 1 ? total.subtract(given) : total.multiply(BigDecimal.valueOf(w[j] / sum)).setScale(2, RoundingMode.DOWN);
            given = given.add(s);
            // The two outcomes' holders are different people: odd ranks hold the second outcome.
            if (s.signum() > 0) out.add(new Holding(participant(2 * j + outcome), s));
        }
        out.sort((a, b) -> b.shares().compareTo(a.shares()));
        return out;
    }
}
