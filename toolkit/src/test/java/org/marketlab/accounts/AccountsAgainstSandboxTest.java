package org.marketlab.accounts;

import org.junit.jupiter.api.Test;
import org.marketlab.config.Progress;
import org.marketlab.signing.Wallet;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Accounts.of(...)} against the sandbox's Data API: every status and filter, cursor walks (each row once, no
 * gap, v2 at any page size equal to v1), the figures agreeing (position size = net traded size; total PnL = sum of
 * rows = the PnL series' last point), and the empty-wallet note.
 */
class AccountsAgainstSandboxTest {

    private static Account demo(int n) {
        return new Account(AccountsSandbox.transport(), Wallet.demo(n).address());
    }

    private static java.util.SortedSet<String> tokens(List<Position> rows) {
        java.util.SortedSet<String> out = new java.util.TreeSet<>();
        rows.forEach(p -> out.add(p.tokenId()));
        assertEquals(rows.size(), out.size(), "each position once");
        return out;
    }

    @Test
    void positionsByStatus() {
        Account a = demo(1);
        List<Position> open = a.positions().list();
        List<Position> redeemable = a.positions().status(PositionsQuery.Status.REDEEMABLE).list();
        List<Position> closed = a.positions().status("closed").list();
        assertFalse(open.isEmpty(), "demo 1 has open positions");
        assertFalse(redeemable.isEmpty(), "demo 1 has redeemable positions");
        assertFalse(closed.isEmpty(), "demo 1 has closed positions");
        for (Position p : open) {
            assertTrue(p.size().signum() > 0, "open: holding shares " + p);
            assertEquals(a.address(), p.proxyWallet());
        }
        for (Position p : redeemable) assertEquals(Boolean.TRUE, p.redeemable());
        for (Position p : closed) {
            assertEquals("CLOSED", p.status());
            assertEquals(0, p.size().signum());
        }
        Set<String> openTokens = new HashSet<>();
        open.forEach(p -> openTokens.add(p.tokenId()));
        for (Position p : redeemable) assertTrue(openTokens.contains(p.tokenId()), "redeemable positions are among the open ones");
        // v1 routes read the same rows
        assertEquals(tokens(open), tokens(a.positions().v1().list()));
        assertEquals(tokens(redeemable), tokens(a.positions().status(PositionsQuery.Status.REDEEMABLE).v1().list()));
        assertEquals(tokens(closed), tokens(a.positions().status(PositionsQuery.Status.CLOSED).v1().list()));
        for (Position p : a.positions().status(PositionsQuery.Status.CLOSED).v1().list()) assertEquals("CLOSED", p.status());
        // filters
        Position first = open.get(0);
        assertTrue(a.positions().condition(first.conditionId()).list().stream().allMatch(p -> p.conditionId().equals(first.conditionId())));
        String word = first.title().split(" ")[1];
        List<Position> titled = a.positions().title(word).list();
        assertEquals(open.stream().filter(p -> p.title().toLowerCase().contains(word.toLowerCase())).count(), titled.size());
        BigDecimal median = open.get(open.size() / 2).size();
        assertEquals(open.stream().filter(p -> p.size().compareTo(median) >= 0).count(), a.positions().sizeThreshold(median).list().size());
        List<Position> bySize = a.positions().sortBy(PositionsQuery.Sort.SIZE).ascending().list();
        for (int i = 1; i < bySize.size(); i++) assertTrue(bySize.get(i - 1).size().compareTo(bySize.get(i).size()) <= 0);
        Table t = a.positions().table();
        assertEquals(open.size(), t.rowCount());
        assertTrue(t.columnNames().containsAll(List.of("tokenId", "size", "realizedPnl", "total_pnl")));
        assertThrows(IllegalArgumentException.class, () -> a.positions().status("SOLD"));
        assertThrows(IllegalArgumentException.class, () -> a.positions().condition("0x12"));
        assertThrows(IllegalArgumentException.class, () -> a.positions().sizeThreshold(new BigDecimal("-1")));
    }

    @Test
    void tradeCursorWalksReadEachRowOnce() {
        Account a = demo(1);
        List<Progress> progress = new ArrayList<>();
        List<Trade> v2 = a.trades().onProgress(progress::add).list();
        assertTrue(v2.size() >= 1000, "demo 1 has at least 1,000 trades: " + v2.size());
        List<Trade> small = a.trades().pageSize(100).list();
        List<Trade> v1 = a.trades().v1().list();
        assertEquals(v2, small, "pages of 100 and of 1,000 read the same rows in the same order");
        assertEquals(v2, v1, "v2 cursor walk = v1 offset read");
        assertEquals(v2.size(), new HashSet<>(v2).size(), "no row twice");
        for (int i = 1; i < v2.size(); i++) assertFalse(v2.get(i - 1).timestamp().isBefore(v2.get(i).timestamp()), "newest first");
        Progress last = progress.get(progress.size() - 1);
        assertTrue(last.finished());
        assertEquals(v2.size(), last.done());
        assertEquals((v2.size() + 999) / 1000, last.requests());
        assertEquals(250, a.trades().limit(250).list().size());
        assertEquals(v2.subList(0, 250), a.trades().limit(250).list());
        List<Trade> asc = a.trades().ascending().list();
        assertEquals(v2.size(), asc.size());
        assertEquals(v2.get(v2.size() - 1), asc.get(0));
    }

    @Test
    void tradeFilters() {
        Account a = demo(1);
        List<Trade> all = a.trades().list();
        Trade mid = all.get(all.size() / 2);
        List<Trade> byCondition = a.trades().condition(mid.conditionId()).list();
        assertEquals(all.stream().filter(t -> t.conditionId().equals(mid.conditionId())).toList(), byCondition);
        assertEquals(all.stream().filter(t -> t.side().equals("SELL")).toList(), a.trades().side("sell").list());
        Instant from = mid.timestamp().minus(Duration.ofDays(3)), to = mid.timestamp();
        List<Trade> window = a.trades().from(from).to(to).pageSize(50).list();
        assertEquals(all.stream().filter(t -> !t.timestamp().isBefore(from) && !t.timestamp().isAfter(to)).toList(), window);
        assertEquals(window, a.trades().from(from).to(to).v1().list(), "the v1 window is applied by the toolkit");
        List<Trade> taker = a.trades().takerOnly().list();
        assertTrue(taker.size() < all.size() && !taker.isEmpty(), "taker fills are a part of all fills");
        assertThrows(IllegalArgumentException.class, () -> a.trades().side("HOLD"));
        assertThrows(IllegalArgumentException.class, () -> a.trades().from(to).to(from));
        assertThrows(IllegalArgumentException.class, () -> a.trades().condition(new String[21]));
    }

    @Test
    void activityTypesWindowAndWalk() {
        Account a = demo(1);
        List<Activity> all = a.activity().list();
        Set<String> types = new HashSet<>();
        all.forEach(x -> types.add(x.type()));
        assertTrue(types.containsAll(List.of("TRADE", "REDEEM", "REWARD")), "activity types: " + types);
        assertEquals(all, a.activity().pageSize(200).list(), "cursor walks at 200 and 1,000 agree");
        assertEquals(all.size(), new HashSet<>(all).size());
        List<Activity> redeems = a.activity().types("redeem", "REWARD").list();
        assertEquals(all.stream().filter(x -> x.type().equals("REDEEM") || x.type().equals("REWARD")).toList(), redeems);
        Activity mid = all.get(all.size() / 2);
        Instant from = mid.timestamp().minus(Duration.ofDays(10)), to = mid.timestamp();
        assertEquals(all.stream().filter(x -> !x.timestamp().isBefore(from) && !x.timestamp().isAfter(to)).toList(),
                a.activity().from(from).to(to).list());
        List<Activity> v1 = a.activity().types("REDEEM").v1().list();
        assertEquals(all.stream().filter(x -> x.type().equals("REDEEM")).toList(), v1);
        for (Activity x : all) {
            if (!x.type().equals("TRADE") && !x.type().equals("REDEEM")) continue;
            assertTrue(x.tokenId() != null && x.outcomeIndex() != null, "trades and redeems name their token: " + x);
        }
        assertThrows(IllegalArgumentException.class, () -> a.activity().types("GIFT"));
    }

    /** Position size = net traded size (bought - sold - redeemed); total PnL = sum of rows = cash moved + value held = the series' end. */
    @Test
    void figuresAgree() {
        for (int n = 1; n <= 3; n++) {
            Account a = demo(n);
            Map<String, BigDecimal> net = new HashMap<>();
            for (Trade t : a.trades().list()) net.merge(t.tokenId(), t.signedSize(), BigDecimal::add);
            List<Activity> tradesAndRedeems = a.activity().types("TRADE", "REDEEM").ascending().list();
            for (Activity x : tradesAndRedeems) if (x.type().equals("REDEEM")) net.merge(x.tokenId(), x.size().negate(), BigDecimal::add);
            List<Position> open = a.positions().list();
            List<Position> rows = new ArrayList<>(open);
            rows.addAll(a.positions().status(PositionsQuery.Status.CLOSED).list());
            BigDecimal total = BigDecimal.ZERO, value = BigDecimal.ZERO;
            for (Position p : rows) {
                assertEquals(0, net.getOrDefault(p.tokenId(), BigDecimal.ZERO).compareTo(p.size()), "size = net traded size: " + p);
                total = total.add(p.totalPnl());
                value = value.add(p.currentValue());
            }
            assertEquals(net.size(), rows.size(), "a row for every token traded");
            assertEquals(0, value.compareTo(a.value().value()), "value = sum of current values");
            List<PnlPoint> series = PnlQuery.series(tradesAndRedeems, open, AccountsSandbox.NOW);
            assertEquals(0, total.compareTo(series.get(series.size() - 1).pnl()), "total PnL = sum of rows = the series' last point, wallet " + n);
            assertEquals(0, total.compareTo(AccountAnalytics.totals(rows).get("total_pnl")));
        }
    }

    @Test
    void anEmptyWalletSaysWhyAndNamesTheProxy() {
        Account a = new Account(AccountsSandbox.transport(), Wallet.random().address());
        var out = new java.io.ByteArrayOutputStream();
        var before = Account.notes;
        Account.notes = new java.io.PrintStream(out, true);
        try {
            Table t = a.trades().table();
            assertEquals(0, t.rowCount());
            assertTrue(t.name().contains("No trades for " + a.address()), t.name());
            assertTrue(t.name().contains("proxy (funder) wallet"), t.name());
            assertTrue(out.toString().contains("signs"), out.toString());
            assertEquals(0, a.positions().table().rowCount());
            String filteredNote = a.trades().from(AccountsSandbox.NOW.minus(Duration.ofDays(7))).table().name();
            assertTrue(filteredNote.contains("no activity at all") && filteredNote.contains("proxy (funder) wallet"), filteredNote);
            Account busy = demo(1);
            assertTrue(busy.positions().condition("0x" + "ab".repeat(32)).table().name().endsWith("with these filters."));
            assertEquals(0, a.value().value().signum());
            assertThrows(IllegalStateException.class, a::followProxy);
        } finally {
            Account.notes = before;
        }
    }

    @Test
    void analyticsTablesAndCharts() {
        Account a = demo(1);
        List<Position> open = a.positions().list();
        List<Position> all = new ArrayList<>(open);
        all.addAll(a.positions().status(PositionsQuery.Status.CLOSED).list());
        Table pnl = AccountAnalytics.pnlByPosition(all);
        assertEquals(all.size(), pnl.rowCount());
        double sum = pnl.numberColumn("total_pnl").sum();
        assertEquals(AccountAnalytics.totals(all).get("total_pnl").doubleValue(), sum, 1e-6);
        Table byEvent = AccountAnalytics.exposureByEvent(open);
        assertEquals(1.0, byEvent.numberColumn("share").sum(), 1e-9);
        assertEquals(AccountAnalytics.totals(open).get("value").doubleValue(), byEvent.numberColumn("value").sum(), 1e-6);
        Table titled = a.exposureByEvent(open);
        assertEquals(List.of("event", "value", "share", "positions", "event_slug"), titled.columnNames());
        assertEquals(byEvent.numberColumn("value").sum(), titled.numberColumn("value").sum(), 1e-6);
        for (int i = 0; i < titled.rowCount(); i++) {
            assertFalse(titled.stringColumn("event").get(i).equals(titled.stringColumn("event_slug").get(i)), "each event named by its title: " + titled.print());
        }
        Table byTag = a.exposureByTag(open);
        assertTrue(byTag.rowCount() > 0);
        assertFalse(byTag.stringColumn("tag").contains("(untagged)") && byTag.rowCount() == 1, "the events' tags were read: " + byTag.print());
        List<PnlPoint> series = a.pnl().list();
        Table equity = AccountAnalytics.equityCurve(series);
        assertEquals(series.size(), equity.rowCount());
        assertEquals("MARK", series.get(series.size() - 1).type());
        List<Anomaly> redeemable = AccountAnalytics.redeemableNotRedeemed(open);
        // Redeemable positions that won: a loser is redeemable too, for nothing, and is no anomaly.
        List<org.marketlab.accounts.Position> redeemableRows = a.positions().status(PositionsQuery.Status.REDEEMABLE).list();
        assertEquals(redeemableRows.stream().filter(p -> p.currentValue().signum() > 0).count(), redeemable.size());
        for (Anomaly x : redeemable) assertTrue(x.figure().signum() > 0, "an unredeemed winner is worth something: " + x);
        assertEquals(1, AccountAnalytics.concentration(List.of(open.get(0)), new BigDecimal("0.5")).size(), "one position is all of its value");
        Instant to = a.trades().limit(1).list().get(0).timestamp(), from = to.minus(Duration.ofDays(5));
        List<Anomaly> anomalies = a.anomalies(from, to);
        assertTrue(anomalies.containsAll(redeemable));
        assertFalse(AccountAnalytics.table(anomalies).isEmpty());
        for (var chart : List.of(org.marketlab.Charts.equity(equity), org.marketlab.Charts.pnlByMarket(pnl, 12),
                org.marketlab.Charts.exposure(byEvent), org.marketlab.Charts.exposure(byTag))) {
            assertTrue(org.marketlab.Charts.png(chart).length > 1000);
        }
        assertThrows(IllegalArgumentException.class, () -> AccountAnalytics.concentration(open, new BigDecimal("1.5")));
    }
}
