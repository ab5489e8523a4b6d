package org.marketlab.research;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.TreeMap;

/**
 * A market's trade tape seen from its first outcome: a trade of the second outcome at {@code p} is a trade of the
 * first at {@code 1 − p}, and a taker buying the second outcome sells the first. This is how a tape of both outcomes
 * gives one price and one direction.
 */
public final class Tapes {

    /** The columns a tape table needs: as {@code Markets.trades(market).table()} gives them. */
    public static final List<String> NEEDED = List.of("time", "side", "price", "size", "notional", "outcomeIndex");

    private Tapes() {
    }

    /** Checks that {@code tape} is a tape table; says what is missing. */
    public static void check(Table tape) {
        if (tape == null) throw new IllegalArgumentException("give a tape table, such as Markets.trades(market).table()");
        for (String c : NEEDED) {
            if (!tape.containsColumn(c)) {
                throw new IllegalArgumentException("the table has no " + c + " column; a tape table (Markets.trades(market).table()) has "
                        + NEEDED + ", this one has " + tape.columnNames());
            }
        }
    }

    /** The first outcome's price of row {@code i}: the price, or 1 − price for a trade of the second outcome. */
    public static double yesPrice(Table tape, int i) {
        double p = ((NumericColumn<?>) tape.column("price")).getDouble(i);
        return second(tape, i) ? 1 - p : p;
    }

    /** Whether row {@code i} bought the first outcome: a taker's buy of it, or a taker's sell of the second. */
    public static boolean buysYes(Table tape, int i) {
        boolean buy = "BUY".equals(String.valueOf(tape.column("side").get(i)));
        return second(tape, i) != buy;
    }

    private static boolean second(Table tape, int i) {
        Column<?> idx = tape.column("outcomeIndex");
        return !idx.isMissing(i) && ((Number) idx.get(i)).intValue() == 1;
    }

    /**
     * One row per UTC hour with trades: hour, trades, shares, notional (USDC), vwap (the first outcome's
     * volume-weighted average price, by shares), buy_notional and sell_notional (trades that bought and sold the first outcome), and
     * imbalance ((buy − sell) / (buy + sell), from −1 to 1).
     */
    public static Table byHour(Table tape) {
        check(tape);
        NumericColumn<?> size = (NumericColumn<?>) tape.column("size"), notional = (NumericColumn<?>) tape.column("notional");
        Column<?> time = tape.column("time");
        TreeMap<Instant, double[]> hours = new TreeMap<>(); // trades, shares, notional, price x shares, buy, sell
        for (int i = 0; i < tape.rowCount(); i++) {
            if (time.isMissing(i)) continue;
            Instant t = (Instant) time.get(i);
            double[] h = hours.computeIfAbsent(t.truncatedTo(ChronoUnit.HOURS), k -> new double[6]);
            double s = size.getDouble(i), n = notional.getDouble(i);
            h[0]++;
            h[1] += s;
            h[2] += n;
            h[3] += yesPrice(tape, i) * s;
            if (buysYes(tape, i)) h[4] += n;
            else h[5] += n;
        }
        InstantColumn hour = InstantColumn.create("hour");
        IntColumn trades = IntColumn.create("trades");
        DoubleColumn shares = DoubleColumn.create("shares"), usdc = DoubleColumn.create("notional"), vwap = DoubleColumn.create("vwap");
        DoubleColumn buy = DoubleColumn.create("buy_notional"), sell = DoubleColumn.create("sell_notional"), imbalance = DoubleColumn.create("imbalance");
        for (var e : hours.entrySet()) {
            double[] h = e.getValue();
            hour.append(e.getKey());
            trades.append((int) h[0]);
            shares.append(h[1]);
            usdc.append(h[2]);
            vwap.append(h[1] > 0 ? h[3] / h[1] : Double.NaN);
            buy.append(h[4]);
            sell.append(h[5]);
            imbalance.append(h[4] + h[5] > 0 ? (h[4] - h[5]) / (h[4] + h[5]) : 0);
        }
        String name = tape.name() == null ? "tape" : tape.name();
        return Table.create(name + " by hour", hour, trades, shares, usdc, vwap, buy, sell, imbalance);
    }

    /**
     * One row per wallet (the takers of the tape), most notional first: wallet, trades, shares, notional (USDC),
     * share (of the tape's notional), net_yes (shares of the first outcome bought less sold, a trade of the second
     * counted from the first), first and last trade.
     */
    public static Table byWallet(Table tape) {
        check(tape);
        if (!tape.containsColumn("wallet")) throw new IllegalArgumentException("the table has no wallet column; a tape table (Markets.trades(market).table()) has one");
        NumericColumn<?> size = (NumericColumn<?>) tape.column("size"), notional = (NumericColumn<?>) tape.column("notional");
        java.util.Map<String, double[]> sums = new java.util.HashMap<>();
        java.util.Map<String, Instant[]> times = new java.util.HashMap<>();
        double total = 0;
        for (int i = 0; i < tape.rowCount(); i++) {
            String w = String.valueOf(tape.column("wallet").get(i));
            double[] s = sums.computeIfAbsent(w, k -> new double[4]);
            double n = notional.getDouble(i), q = size.getDouble(i);
            s[0]++;
            s[1] += q;
            s[2] += n;
            s[3] += buysYes(tape, i) ? q : -q;
            total += n;
            Instant t = (Instant) tape.column("time").get(i);
            Instant[] span = times.computeIfAbsent(w, k -> new Instant[]{t, t});
            if (t != null && (span[0] == null || t.isBefore(span[0]))) span[0] = t;
            if (t != null && (span[1] == null || t.isAfter(span[1]))) span[1] = t;
        }
        List<String> wallets = new java.util.ArrayList<>(sums.keySet());
        wallets.sort(java.util.Comparator.comparingDouble((String w) -> -sums.get(w)[2]).thenComparing(w -> w));
        tech.tablesaw.api.StringColumn wallet = tech.tablesaw.api.StringColumn.create("wallet");
        IntColumn trades = IntColumn.create("trades");
        DoubleColumn shares = DoubleColumn.create("shares"), usdc = DoubleColumn.create("notional"), share = DoubleColumn.create("share");
        DoubleColumn net = DoubleColumn.create("net_yes");
        InstantColumn first = InstantColumn.create("first"), last = InstantColumn.create("last");
        for (String w : wallets) {
            double[] s = sums.get(w);
            wallet.append(w);
            trades.append((int) s[0]);
            shares.append(s[1]);
            usdc.append(s[2]);
            share.append(total > 0 ? s[2] / total : Double.NaN);
            net.append(s[3]);
            first.append(times.get(w)[0]);
            last.append(times.get(w)[1]);
        }
        String name = tape.name() == null ? "tape" : tape.name();
        return Table.create(name + " by wallet", wallet, trades, shares, usdc, share, net, first, last);
    }
}
