package org.marketlab.perps;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.perps.PerpsMarket;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * After live trading (maker fills from the fill process, a taker fill from a modification across the mark, marks
 * moving), what the REST reads and the channel's portfolio frame say still adds up: the account value is the
 * collateral plus the unrealised PnL, the collateral moved by exactly what the fills realised less their fees, the
 * margins and withdrawable follow from the positions and open orders, nothing is in liquidation, each fill continues
 * the position the one before left.
 */
class LiveFiguresTest {

    private static final BigDecimal ORDER_MARGIN_RATE = new BigDecimal("0.1");
    private static final BigDecimal TOLERANCE = new BigDecimal("0.011");

    @BeforeAll
    static void onlyTheTestsFill() {
        PerpsSandboxFixture.perps().market().fillInterval(0); // fills come from the test's draws only, so reads agree
    }

    @Test
    void afterLiveFillsThePortfolioStillAddsUp() throws Exception {
        for (int round = 0; round < 2; round++) {
            Wallet owner = Wallet.random();
            PerpsSession s = PerpsSandboxFixture.session(owner);
            BigDecimal before = s.balances().get(0).balance();
            assertEquals(0, before.compareTo(collateralOf(s.portfolio())), "before trading, the balance is the portfolio's collateral");
            try (LiveFeed feed = s.live()) { // subscribing makes the account trade
                PerpsMarket market = PerpsSandboxFixture.perps().market();
                int fills = 0;
                for (int i = 0; i < 6; i++) if (market.fillNow(owner.address()) != null) fills++;
                for (int i = 0; i < 30; i++) market.tick(); // marks move, and a resting order fills one draw in three
                Order taker = s.openOrders().get(0);
                assertTrue(s.modifyOrders(Map.of(taker.coid(), Modification.of(LiveFeedTest.across(taker), LiveFeedTest.more(taker, 300))))
                        .get(0).ok());
                fills++;
                feed.settle();
                LiveFeedTest.await(() -> feed.fills().stream().anyMatch(f -> f.oid() == taker.oid() && Boolean.TRUE.equals(f.taker())),
                        "the taker fill on the channel");
                LiveFeedTest.await(() -> samePortfolio(s, feed), "the channel's portfolio is the REST one");

                List<Fill> history = new ArrayList<>(s.fills().list());
                assertTrue(history.size() >= fills, history.size() + " fills, at least " + fills);
                Portfolio p = s.portfolio();
                BigDecimal collateral = s.balances().get(0).balance();

                // The collateral moved by what the fills realised, less their fees (the history is fixed at the present).
                BigDecimal realised = history.stream().map(f -> f.pnl().subtract(f.fee())).reduce(BigDecimal.ZERO, BigDecimal::add);
                assertEquals(0, before.add(realised).compareTo(collateral), "collateral " + collateral + " = " + before + " + " + realised);
                assertEquals(0, collateral.compareTo(collateralOf(p)), "account value = collateral + unrealised PnL");

                assertAddsUp(p, collateral, s.openOrders());
                assertFillsChain(history, p);
            }
        }
    }

    /** The account value less the positions' unrealised PnL. */
    private static BigDecimal collateralOf(Portfolio p) {
        BigDecimal pnl = p.positions().stream().map(Portfolio.Position::unrealizedPnl).reduce(BigDecimal.ZERO, BigDecimal::add);
        return p.margin().totalAccountValue().subtract(pnl);
    }

    private static boolean samePortfolio(PerpsSession s, LiveFeed feed) {
        Portfolio rest = s.portfolio(), live = feed.portfolio();
        return live != null && rest.positions().equals(live.positions()) && rest.margin().equals(live.margin())
                && rest.withdrawable().compareTo(live.withdrawable()) == 0 && rest.inLiquidation().equals(live.inLiquidation());
    }

    static void assertAddsUp(Portfolio p, BigDecimal collateral, List<Order> open) {
        BigDecimal initial = BigDecimal.ZERO, maintenance = BigDecimal.ZERO, value = BigDecimal.ZERO, pnl = BigDecimal.ZERO;
        for (Portfolio.Position x : p.positions()) {
            BigDecimal mark = x.positionValue().divide(x.size().abs(), 8, RoundingMode.HALF_UP);
            BigDecimal expected = x.size().multiply(mark.subtract(x.entryPrice()));
            assertTrue(expected.subtract(x.unrealizedPnl()).abs().compareTo(TOLERANCE) <= 0, "PnL " + x.unrealizedPnl() + " is size × (mark − entry) = " + expected);
            assertTrue(x.returnOnEquity().signum() == 0 || x.returnOnEquity().signum() == x.unrealizedPnl().signum(),
                    "return on equity has the sign of PnL: " + x);
            if (x.unrealizedPnl().abs().compareTo(BigDecimal.ONE) >= 0) assertEquals(x.unrealizedPnl().signum(), x.returnOnEquity().signum(), x.toString());
            assertTrue(x.size().signum() > 0 ? mark.compareTo(x.liquidationPrice()) > 0 : mark.compareTo(x.liquidationPrice()) < 0,
                    "the mark short of the liquidation price: " + x);
            initial = initial.add(x.initialMargin());
            maintenance = maintenance.add(x.maintenanceMargin());
            value = value.add(x.positionValue());
            pnl = pnl.add(x.unrealizedPnl());
        }
        Portfolio.Margin m = p.margin();
        assertEquals(0, collateral.add(pnl).compareTo(m.totalAccountValue()), "account value = collateral + unrealised PnL");
        assertEquals(0, initial.compareTo(m.totalInitialMargin()));
        assertEquals(0, maintenance.compareTo(m.totalMaintenanceMargin()));
        assertEquals(0, value.compareTo(m.totalPositionValue()));
        BigDecimal orders = BigDecimal.ZERO;
        for (Order o : open) orders = orders.add(o.p().multiply(o.rest()).multiply(ORDER_MARGIN_RATE));
        assertEquals(0, collateral.subtract(initial).subtract(orders).setScale(2, RoundingMode.HALF_UP).compareTo(m.availableOrderMargin()),
                "orders can hold the collateral positions and open orders do not");
        BigDecimal withdrawable = collateral.min(m.totalAccountValue()).subtract(initial).subtract(orders).max(BigDecimal.ZERO).setScale(2, RoundingMode.HALF_UP);
        assertEquals(0, withdrawable.compareTo(p.withdrawable()), "withdrawable");
        assertTrue(p.withdrawable().signum() >= 0 && p.withdrawable().compareTo(collateral.subtract(initial)) <= 0,
                "withdrawable " + p.withdrawable() + " within what the account holds free of margin");
        assertEquals(m.totalAccountValue().compareTo(m.totalMaintenanceMargin()) < 0, p.inLiquidation(), "in liquidation exactly when below maintenance");
        assertFalse(p.inLiquidation());
    }

    /** Per instrument, each fill starts from the size the one before left, and the last leaves the position's size. */
    private static void assertFillsChain(List<Fill> history, Portfolio p) {
        history.sort(Comparator.comparingLong(Fill::tid));
        Map<Long, BigDecimal> after = new HashMap<>();
        for (Fill f : history) {
            BigDecimal was = after.get(f.iid());
            if (was != null) assertEquals(0, was.compareTo(f.psz()), "fill " + f.tid() + " starts from the size the one before left");
            BigDecimal signed = f.side().equals("long") ? f.qty() : f.qty().negate();
            after.put(f.iid(), f.psz().add(signed));
            if (f.psz().signum() != 0 && f.psz().signum() != signed.signum()) {
                BigDecimal closed = f.qty().min(f.psz().abs());
                BigDecimal pnl = f.p().subtract(f.pep()).multiply(closed).multiply(BigDecimal.valueOf(f.psz().signum()));
                assertTrue(pnl.subtract(f.pnl()).abs().compareTo(new BigDecimal("0.000001")) <= 0, "realised PnL of " + f);
            } else {
                assertEquals(0, f.pnl().signum(), "a fill that adds to a position realises nothing: " + f);
            }
        }
        for (Map.Entry<Long, BigDecimal> e : after.entrySet()) {
            BigDecimal held = p.positions().stream().filter(x -> x.instrumentId() == e.getKey()).map(Portfolio.Position::size).findFirst().orElse(BigDecimal.ZERO);
            assertEquals(0, e.getValue().compareTo(held), "instrument " + e.getKey() + " holds what its last fill left");
        }
    }
}
