package org.marketlab.sandbox.world;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import java.util.function.Predicate;

/**
 * A market's public trades over its whole life, both outcomes, computable hour by hour: each hour's trades are its
 * {@link Flow}'s (minutes and USDC values), each on one outcome at that outcome's price on its path at the trade's
 * minute, so trades, candles, histories and last-trade prices agree. A trade's size is its value over its price, to
 * the hundredth of a share.
 *
 * <p>The takers and makers are the market's participants: addresses of the world's crowd (a pool shared by every
 * market, so traders recur across markets), the most active few taking most trades, and a few market makers on the
 * other side of about half of them. Holders are the participants the tape leaves long an outcome, sharing the market's
 * open interest: every holder's shares of an outcome add up to the complete sets outstanding.
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

    /** The trades of an epoch hour, in time order (ties in the order of the tape). */
    public List<Trade> hour(long hour) {
        long day = Math.floorDiv(hour, 24);
        if (flow.tradesOn(day) == 0) return List.of();
        Flow.Hour h = flow.hour(hour, hours(day));
        if (h.size() == 0) return List.of();
        List<Trade> out = new ArrayList<>(h.size());
        PricePath.Reader yes = first.reader();
        long ticks = Math.round(1 / first.tick().doubleValue());
        for (int k = 0; k < h.size(); k++) out.add(trade(h, k, yes, ticks));
        // A trade's second falls anywhere in its minute: order by time, so that a reader that stops at a row (a page's
        // last) has read every trade newer than it.
        out.sort(BY_TIME);
        return out;
    }

    private static final java.util.Comparator<Trade> BY_TIME = java.util.Comparator.comparingLong(Trade::time).thenComparingLong(Trade::seq);

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
        int outcome = outcome(seq);
        long onGrid = yes.onGrid(minute);
        BigDecimal price = BigDecimal.valueOf(outcome == 0 ? onGrid : ticks - onGrid, first.tick().scale());
        BigDecimal size = BigDecimal.valueOf(h.values()[k]).divide(price, 2, RoundingMode.HALF_UP).max(new BigDecimal("0.01"));
        String side = takerBuys(seq) ? "BUY" : "SELL";
        long time = time(seq, minute);
        String maker = Hash.unit(key, seq * 8 + 4) < 0.5 ? maker((int) (MAKERS * Hash.unit(key, seq * 8 + 5)))
                : participant(rank(Hash.unit(key, seq * 8 + 6)));
        return new Trade(time, seq, outcome, side, price, size, participant(taker(seq)), maker, "0x" + hex64(Hash.key(key, seq)));
    }

    /** When trade {@code seq} of {@code minute} happened, epoch seconds: a second within its minute. */
    private long time(long seq, long minute) {
        return minute * 60 + (long) (60 * Hash.unit(key, seq * 8 + 3));
    }

    /** The outcome trade {@code seq} is on: 0 or 1. */
    private int outcome(long seq) {
        return Hash.unit(key, seq * 8 + 1) < 0.5 ? 0 : 1;
    }

    /** Whether trade {@code seq}'s taker bought. */
    private boolean takerBuys(long seq) {
        return Hash.unit(key, seq * 8 + 2) < 0.55;
    }

    /** The participant rank of trade {@code seq}'s taker. */
    private int taker(long seq) {
        return rank(Hash.unit(key, seq * 8 + 7));
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
            // An hour's trades come in minute order, each at a second within its minute: the last is the latest second
            // (then the latest in the tape's order, as the tape sorts them) among the latest minute's trades at or
            // before it.
            int found = -1;
            long foundTime = Long.MIN_VALUE;
            for (int k = n - 1; k >= 0; k--) {
                if (found >= 0 && hour.minutes()[k] != hour.minutes()[found]) break;
                long seq = h * 4096 + k;
                if (outcome != outcome(seq)) continue;
                long time = time(seq, hour.minutes()[k]);
                if (time <= second && time > foundTime) {
                    found = k;
                    foundTime = time;
                }
            }
            if (found >= 0) return trade(hour, found, first.reader(), Math.round(1 / first.tick().doubleValue()));
        }
        return null;
    }

    /** Open interest at a minute: the complete sets outstanding, USDC. */
    public double openInterest(long minute) {
        return flow.openInterest(minute);
    }

    /**
     * The holders of an outcome at a minute, largest first: the participants whose trades as taker over the market's
     * life, up to that minute, leave them long that outcome (shares of the first outcome bought less sold, a trade of
     * the second counting the other way, above zero for the first outcome and below for the second), the most
     * committed of them (one forty-fifth of the participants, between 3 and 200). They share the open interest in
     * proportion to their net shares, to the cent, so the trader most long an outcome holds the most of it and no
     * holder of an outcome is net short it. {@code reserved} shares are held by others (the seeded wallets) and left
     * out, as are the trades {@code takenByOthers} names by their order in the tape (those the seeded wallets took). A
     * market whose tape leaves no one long an outcome gives it to its most active participants.
     */
    public List<Holding> holders(int outcome, long minute, BigDecimal reserved, LongPredicate takenByOthers) {
        return holders(outcome, minute, reserved, netFirst(minute, takenByOthers));
    }

    /**
     * The holders of an outcome at a minute, as {@link #holders(int, long, BigDecimal, LongPredicate)} gives them, from
     * the net positions {@link #netFirst} counted up to that minute (one count serves both outcomes).
     */
    public List<Holding> holders(int outcome, long minute, BigDecimal reserved, double[] byRank) {
        BigDecimal total = BigDecimal.valueOf(openInterest(minute)).setScale(2, RoundingMode.DOWN).subtract(reserved);
        List<Holding> out = new ArrayList<>();
        if (total.signum() <= 0) return out;
        int n = Math.max(3, Math.min(200, participants / 45));
        // Ranks drawn from one pool may share an address: a wallet's position is the sum of its ranks' trades.
        java.util.Map<String, Double> net = new java.util.HashMap<>();
        for (int j = 0; j < byRank.length; j++) if (byRank[j] != 0) net.merge(participant(j), byRank[j], Double::sum);
        double sign = outcome == 0 ? 1 : -1;
        List<String> longs = new ArrayList<>();
        for (var e : net.entrySet()) if (sign * e.getValue() > 0) longs.add(e.getKey());
        longs.sort(java.util.Comparator.<String>comparingDouble(a -> -sign * net.get(a)).thenComparing(a -> a));
        String[] who;
        double[] w;
        if (longs.isEmpty()) {
            who = new String[n];
            w = new double[n];
            for (int j = 0; j < n; j++) {
                who[j] = participant(2 * j + outcome); // the two outcomes' holders are different people
                w[j] = Math.pow(j + 1, -1.2);
            }
        } else {
            int m = Math.min(n, longs.size());
            who = longs.subList(0, m).toArray(String[]::new);
            w = new double[m];
            for (int j = 0; j < m; j++) w[j] = sign * net.get(who[j]);
        }
        double sum = 0;
        for (double x : w) sum += x;
        BigDecimal given = BigDecimal.ZERO;
        for (int j = 0; j < who.length; j++) {
            BigDecimal s = j == who.length - 1 ? total.subtract(given)
                    : total.multiply(BigDecimal.valueOf(w[j] / sum)).setScale(2, RoundingMode.DOWN);
            given = given.add(s);
            if (s.signum() > 0) out.add(new Holding(who[j], s));
        }
        out.sort((a, b) -> b.shares().compareTo(a.shares()));
        return out;
    }

    /**
     * Each participant's shares of the first outcome bought less sold as taker, by rank, over the trades of every
     * minute up to {@code minute} but those {@code takenByOthers} names; a trade of the second outcome counts the other
     * way (buying the second outcome is selling the first).
     */
    public double[] netFirst(long minute, LongPredicate takenByOthers) {
        double[] net = new double[participants];
        PricePath.Reader yes = first.reader();
        long ticks = Math.round(1 / first.tick().doubleValue());
        double tick = first.tick().doubleValue();
        long lo = Math.floorDiv(flow.open, 60), hi = Math.min(Math.floorDiv(minute, 60), Math.floorDiv(flow.close, 60));
        for (long h = lo; h <= hi; h++) {
            long day = Math.floorDiv(h, 24);
            if (flow.tradesOn(day) == 0) {
                h = day * 24 + 23; // skip the rest of an empty day
                continue;
            }
            Flow.Hour hour = flow.hour(h, hours(day));
            for (int k = 0; k < hour.size(); k++) {
                long at = hour.minutes()[k];
                if (at > minute) break;
                long seq = h * 4096 + k;
                if (takenByOthers.test(seq)) continue;
                int outcome = outcome(seq);
                long onGrid = yes.onGrid(at);
                double shares = Math.max(0.01, Math.rint(100 * hour.values()[k] / ((outcome == 0 ? onGrid : ticks - onGrid) * tick)) / 100);
                boolean longFirst = takerBuys(seq) == (outcome == 0);
                net[taker(seq)] += longFirst ? shares : -shares;
            }
        }
        return net;
    }
}
