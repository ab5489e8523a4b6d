package org.marketlab.accounts;

import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A wallet's PnL series, one point per activity row (see {@link PnlPoint}), the last point marked at the open
 * positions' current prices: so the last {@code pnl} is the wallet's total PnL, realised plus unrealised. Reads the
 * whole activity feed (oldest first) and the open positions; {@link #from}/{@link #to} select the points shown.
 */
public final class PnlQuery {

    private final Account account;
    private final Instant from;
    private final Instant to;

    PnlQuery(Account account, Instant from, Instant to) {
        this.account = account;
        this.from = from;
        this.to = to;
    }

    public PnlQuery from(Instant from) {
        Checks.seconds(from, "from");
        return new PnlQuery(account, from, to);
    }

    public PnlQuery to(Instant to) {
        Checks.seconds(to, "to");
        return new PnlQuery(account, from, to);
    }

    public List<PnlPoint> list() {
        List<Activity> activity = account.activity().ascending().list();
        List<Position> open = account.positions().list();
        List<PnlPoint> all = series(activity, open, Instant.now());
        List<PnlPoint> out = new ArrayList<>();
        for (PnlPoint p : all) {
            if (from != null && p.time().isBefore(from) || to != null && p.time().isAfter(to)) continue;
            out.add(p);
        }
        return out;
    }

    /** time, type, title, cash, holdings, pnl. */
    public Table table() {
        List<PnlPoint> rows = list();
        Table t = RecordTable.of(PnlPoint.class).table("pnl", rows);
        return rows.isEmpty() ? account.empty(t, "activity to build a PnL series from", from != null || to != null) : t;
    }

    /**
     * The series from activity in time order and the open positions (for the last mark, at {@code now}): trades move
     * shares at their price, splits and merges swap cash for complete sets at par, redeems pay out the market's
     * shares, rewards, rebates and yield are cash; deposits, withdrawals and conversions are not PnL.
     */
    public static List<PnlPoint> series(List<Activity> activity, List<Position> open, Instant now) {
        Map<String, BigDecimal> shares = new HashMap<>();
        Map<String, BigDecimal> price = new HashMap<>();
        Map<String, String> conditionOf = new HashMap<>();
        Map<String, BigDecimal> sets = new HashMap<>();
        BigDecimal cash = BigDecimal.ZERO;
        List<PnlPoint> out = new ArrayList<>();
        for (Activity a : activity) {
            BigDecimal usdc = Position.nz(a.usdcSize());
            BigDecimal size = Position.nz(a.size());
            switch (a.type() == null ? "" : a.type()) {
                case "TRADE" -> {
                    if (a.tokenId() == null) break;
                    boolean sell = "SELL".equals(a.side());
                    cash = sell ? cash.add(usdc) : cash.subtract(usdc);
                    shares.merge(a.tokenId(), sell ? size.negate() : size, BigDecimal::add);
                    if (a.price() != null) price.put(a.tokenId(), a.price());
                    conditionOf.put(a.tokenId(), a.conditionId());
                }
                case "SPLIT" -> {
                    cash = cash.subtract(usdc);
                    sets.merge(a.conditionId(), size, BigDecimal::add);
                }
                case "MERGE" -> {
                    cash = cash.add(usdc);
                    sets.merge(a.conditionId(), size.negate(), BigDecimal::add);
                }
                case "REDEEM" -> {
                    cash = cash.add(usdc);
                    sets.remove(a.conditionId());
                    shares.keySet().removeIf(token -> a.conditionId() != null && a.conditionId().equals(conditionOf.get(token)));
                }
                case "REWARD", "MAKER_REBATE", "TAKER_REBATE", "REFERRAL_REWARD", "YIELD" -> cash = cash.add(usdc);
                default -> {
                    // DEPOSIT, WITHDRAWAL, CONVERSION: money moved, no PnL
                }
            }
            BigDecimal held = holdings(shares, price, sets);
            out.add(new PnlPoint(a.timestamp(), a.type(), a.title(), cash, held, cash.add(held)));
        }
        Map<String, BigDecimal> current = new HashMap<>(price);
        for (Position p : open) if (p.tokenId() != null && p.currentPrice() != null) current.put(p.tokenId(), p.currentPrice());
        BigDecimal held = holdings(shares, current, sets);
        out.add(new PnlPoint(now, "MARK", "open positions at their current prices", cash, held, cash.add(held)));
        return out;
    }

    private static BigDecimal holdings(Map<String, BigDecimal> shares, Map<String, BigDecimal> price, Map<String, BigDecimal> sets) {
        BigDecimal v = BigDecimal.ZERO;
        for (Map.Entry<String, BigDecimal> e : shares.entrySet()) v = v.add(e.getValue().multiply(price.getOrDefault(e.getKey(), BigDecimal.ZERO)));
        for (BigDecimal s : sets.values()) v = v.add(s);
        return v;
    }
}
