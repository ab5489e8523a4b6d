package org.marketlab.sandbox.wallets;

import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One wallet's history and what follows from it: fills, activity (trades, splits, merges, redemptions,
 * rewards), positions as the sums of those, open orders and the collateral balance. Immutable once made.
 */
public final class Ledger {

    public enum Status { OPEN, REDEEMABLE, CLOSED }

    /**
     * One fill from the wallet's side. {@code maker}: the wallet's resting order was hit; else the wallet took.
     * The counterparty is the other side's address, order and API key (its owner id). {@code tapeSeq} is the trade of
     * the market's public tape the fill is part of (a seeded wallet's), or -1 (a fill on the sandbox's order book).
     */
    public record Fill(String wallet, long seq, String id, MarketIndex.Market market, World.Token token, String side, BigDecimal price,
                BigDecimal size, long time, String txHash, boolean maker, String orderId, String counterparty,
                String counterpartyOrderId, String counterpartyOwner, boolean builder, long tapeSeq) {

        public BigDecimal usdc() {
            return price.multiply(size);
        }
    }

    /** One activity row: {@code TRADE} rows carry their fill; the others have no token unless stated. */
    public record Activity(long seq, String type, long time, MarketIndex.Market market, World.Token token, String side,
                    BigDecimal size, BigDecimal usdcSize, BigDecimal price, String txHash, Fill fill) {
    }

    /** A token the wallet traded, valued now. {@code cost} is the remaining entry cost, exact. */
    public record Position(MarketIndex.Market market, World.Token token, BigDecimal size, BigDecimal cost, BigDecimal avgPrice,
                    BigDecimal totalBought, BigDecimal boughtCost, BigDecimal realized, BigDecimal curPrice,
                    Status status, long lastTime) {

        public BigDecimal currentValue() {
            return size.multiply(curPrice);
        }

        public BigDecimal unrealized() {
            return currentValue().subtract(cost);
        }

        public BigDecimal percentPnl() {
            return cost.signum() == 0 ? BigDecimal.ZERO : unrealized().multiply(BigDecimal.valueOf(100)).divide(cost, 2, RoundingMode.HALF_UP);
        }

        public BigDecimal percentRealizedPnl() {
            return boughtCost.signum() == 0 ? BigDecimal.ZERO
                    : realized.multiply(BigDecimal.valueOf(100)).divide(boughtCost, 2, RoundingMode.HALF_UP);
        }

        public boolean redeemable() {
            return status == Status.REDEEMABLE;
        }
    }

    /** A resting order. {@code expiration} is null for GTC. */
    public record Order(String id, MarketIndex.Market market, World.Token token, String side, BigDecimal price, BigDecimal originalSize,
                 long createdAt, String type, Long expiration) {
    }

    public final String address;
    public final List<Fill> fills;
    public final List<Activity> activity;
    public final Map<String, Position> positions;
    public final List<Order> orders;
    public final BigDecimal deposit;
    public final BigDecimal cash;
    private final Map<String, BigDecimal> curPrices;
    private final Map<String, Status> statusOf;
    /**
     * Outcome tokens minted or burnt by on-chain splits and merges, one row a token (type {@code SPLIT} or
     * {@code MERGE}, the collateral it stands for as its cost or proceeds): they move positions, while the split or
     * merge itself is one row of {@link #activity} that moves the collateral.
     */
    private final List<Activity> moves;

    Ledger(String address, List<Fill> fills, List<Activity> activity, List<Order> orders, BigDecimal deposit,
           Map<String, BigDecimal> curPrices, Map<String, Status> statusOf) {
        this(address, fills, activity, orders, deposit, curPrices, statusOf, List.of());
    }

    private Ledger(String address, List<Fill> fills, List<Activity> activity, List<Order> orders, BigDecimal deposit,
                   Map<String, BigDecimal> curPrices, Map<String, Status> statusOf, List<Activity> moves) {
        this.address = address;
        this.moves = List.copyOf(moves);
        List<Fill> byTime = new ArrayList<>(fills);
        // In the order the reads serve them (oldest first, ties by id), so their sorts find the work done.
        byTime.sort(Comparator.comparingLong(Fill::time).thenComparing(Fill::id));
        this.fills = List.copyOf(byTime);
        List<Activity> sorted = new ArrayList<>(activity);
        sorted.sort(Comparator.comparingLong(Activity::time).thenComparingLong(Activity::seq));
        this.activity = Collections.unmodifiableList(sorted);
        this.orders = List.copyOf(orders);
        this.deposit = deposit;
        this.curPrices = Map.copyOf(curPrices);
        this.statusOf = Map.copyOf(statusOf);
        List<Activity> moving = this.activity;
        if (!this.moves.isEmpty()) { // the on-chain token moves in time order among the activity
            moving = new ArrayList<>(this.activity);
            moving.addAll(this.moves);
            moving.sort(Comparator.comparingLong(Activity::time).thenComparingLong(Activity::seq));
        }
        this.positions = Collections.unmodifiableMap(positionsOf(moving, curPrices, statusOf));
        BigDecimal c = deposit;
        for (Activity a : this.activity) c = c.add(cashFlow(a));
        this.cash = c;
    }

    /** This ledger with fills made on the sandbox's order book added (each also a TRADE activity row). */
    Ledger plus(List<Fill> more, Map<String, BigDecimal> prices) {
        List<Fill> f = new ArrayList<>(fills);
        f.addAll(more);
        List<Activity> a = new ArrayList<>(activity);
        for (Fill x : more) {
            a.add(new Activity(x.seq(), "TRADE", x.time(), x.market(), x.token(), x.side(), x.size(), x.usdc(), x.price(), x.txHash(), x));
        }
        Map<String, BigDecimal> cur = new java.util.HashMap<>(curPrices);
        cur.putAll(prices);
        return new Ledger(address, f, a, orders, deposit, cur, statusOf, moves);
    }

    /**
     * This ledger with an on-chain change: activity rows (splits, merges, redemptions: their collateral flows and, for
     * redemptions, their tokens), token moves (see {@link #moves}) and collateral that came in ({@code cashIn} &gt; 0)
     * or left ({@code < 0}) by a transfer. A redeemed token's position is valued at its payout.
     */
    public Ledger withChain(List<Activity> rows, List<Activity> tokenMoves, BigDecimal cashIn) {
        List<Activity> a = new ArrayList<>(activity);
        a.addAll(rows);
        List<Activity> m = new ArrayList<>(moves);
        m.addAll(tokenMoves);
        Map<String, BigDecimal> cur = new java.util.HashMap<>(curPrices);
        for (Activity x : rows) if (x.type().equals("REDEEM") && x.token() != null) cur.put(x.token().tokenId(), x.price());
        for (Activity x : tokenMoves) cur.putIfAbsent(x.token().tokenId(), x.price());
        return new Ledger(address, fills, a, orders, deposit.add(cashIn), cur, statusOf, m);
    }

    public static Ledger empty(String address) {
        return new Ledger(address, List.of(), List.of(), List.of(), BigDecimal.ZERO, Map.of(), Map.of());
    }

    boolean isEmpty() {
        return fills.isEmpty() && activity.isEmpty();
    }

    /** What an activity row does to the collateral: buys and splits spend it, sells, merges, redemptions and rewards bring it. */
    static BigDecimal cashFlow(Activity a) {
        return switch (a.type()) {
            case "TRADE" -> a.side().equals("BUY") ? a.usdcSize().negate() : a.usdcSize();
            case "SPLIT" -> a.usdcSize().negate();
            case "MERGE", "REDEEM", "REWARD" -> a.usdcSize();
            default -> BigDecimal.ZERO;
        };
    }

    /**
     * Average-cost accounting over the activity in time order: a buy adds its cost, a sell or redemption takes out
     * the average cost of what left (rounded to 6 places, so the remaining cost stays exact) and realises the rest.
     * The seeded splits and merges come in pairs of equal size that leave no position behind, so they change nothing
     * here; the tokens an on-chain split mints count as bought at their share of the collateral, those a merge burns
     * as sold for theirs.
     */
    private static Map<String, Position> positionsOf(List<Activity> activity, Map<String, BigDecimal> curPrices, Map<String, Status> statusOf) {
        final class Acc {
            MarketIndex.Market market;
            World.Token token;
            BigDecimal size = BigDecimal.ZERO, cost = BigDecimal.ZERO, bought = BigDecimal.ZERO, boughtCost = BigDecimal.ZERO,
                    realized = BigDecimal.ZERO;
            long last;
        }
        Map<String, Acc> acc = new LinkedHashMap<>();
        for (Activity a : activity) {
            boolean move = a.token() != null && (a.type().equals("SPLIT") || a.type().equals("MERGE"));
            if (!a.type().equals("TRADE") && !a.type().equals("REDEEM") && !move) continue;
            Acc p = acc.computeIfAbsent(a.token().tokenId(), k -> new Acc());
            p.market = a.market();
            p.token = a.token();
            p.last = a.time();
            if (a.type().equals("TRADE") && a.side().equals("BUY") || a.type().equals("SPLIT")) {
                p.size = p.size.add(a.size());
                p.cost = p.cost.add(a.usdcSize());
                p.bought = p.bought.add(a.size());
                p.boughtCost = p.boughtCost.add(a.usdcSize());
            } else {
                BigDecimal leaving = p.size.signum() == 0 ? BigDecimal.ZERO
                        : p.cost.multiply(a.size()).divide(p.size, 6, RoundingMode.HALF_EVEN);
                if (a.size().compareTo(p.size) == 0) leaving = p.cost;
                p.realized = p.realized.add(a.usdcSize().subtract(leaving));
                p.cost = p.cost.subtract(leaving);
                p.size = p.size.subtract(a.size());
            }
        }
        Map<String, Position> out = new LinkedHashMap<>();
        for (Map.Entry<String, Acc> e : acc.entrySet()) {
            Acc p = e.getValue();
            BigDecimal avg = p.size.signum() > 0 ? p.cost.divide(p.size, 6, RoundingMode.HALF_EVEN)
                    : p.bought.signum() > 0 ? p.boughtCost.divide(p.bought, 6, RoundingMode.HALF_EVEN) : BigDecimal.ZERO;
            Status status = p.size.signum() == 0 ? Status.CLOSED : statusOf.getOrDefault(e.getKey(), Status.OPEN);
            out.put(e.getKey(), new Position(p.market, p.token, p.size, p.cost, avg, p.bought, p.boughtCost, p.realized,
                    curPrices.getOrDefault(e.getKey(), BigDecimal.ZERO), status, p.last));
        }
        return out;
    }
}
