package org.marketlab.perps;

import org.junit.jupiter.api.Test;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a researcher reviewing a sandbox account through the toolkit reads adds up: positions against their PnL,
 * return on equity and margins, the portfolio's totals against its positions, funding against positions, and the
 * histories against the collateral the portfolio shows.
 */
class PerpsFiguresTest {

    private static final BigDecimal CENT = new BigDecimal("0.01");

    @Test
    void aPortfolioAddsUp() {
        for (int i = 0; i < 3; i++) {
            PerpsSession s = PerpsSandboxFixture.session(Wallet.random());
            Portfolio p = s.portfolio();
            assertFalse(p.inLiquidation());
            BigDecimal initial = BigDecimal.ZERO, maintenance = BigDecimal.ZERO, value = BigDecimal.ZERO, pnl = BigDecimal.ZERO;
            for (Portfolio.Position x : p.positions()) {
                BigDecimal mark = x.positionValue().divide(x.size().abs(), 8, RoundingMode.HALF_UP);
                BigDecimal expected = x.size().multiply(mark.subtract(x.entryPrice()));
                assertTrue(expected.subtract(x.unrealizedPnl()).abs().compareTo(new BigDecimal("0.011")) <= 0,
                        "PnL " + x.unrealizedPnl() + " is size × (mark − entry) = " + expected);
                assertEquals(x.unrealizedPnl().signum(), x.returnOnEquity().signum(), "return on equity has the sign of PnL: " + x);
                assertTrue(x.unrealizedPnl().negate().compareTo(x.initialMargin()) < 0, "a loss within the margin, not liquidated: " + x);
                assertTrue(x.size().signum() > 0 ? mark.compareTo(x.liquidationPrice()) > 0 : mark.compareTo(x.liquidationPrice()) < 0,
                        "the mark short of the liquidation price: " + x);
                BigDecimal lev = BigDecimal.valueOf(x.leverage());
                assertTrue(x.positionValue().divide(lev, 2, RoundingMode.HALF_UP).subtract(x.initialMargin()).abs().compareTo(CENT) <= 0);
                initial = initial.add(x.initialMargin());
                maintenance = maintenance.add(x.maintenanceMargin());
                value = value.add(x.positionValue());
                pnl = pnl.add(x.unrealizedPnl());
            }
            Portfolio.Margin m = p.margin();
            assertEquals(0, initial.compareTo(m.totalInitialMargin()));
            assertEquals(0, maintenance.compareTo(m.totalMaintenanceMargin()));
            assertEquals(0, value.compareTo(m.totalPositionValue()));
            BigDecimal collateral = m.totalAccountValue().subtract(pnl);
            assertTrue(collateral.compareTo(initial) > 0, "the collateral " + collateral + " covers the margin " + initial);
            assertTrue(m.totalAccountValue().compareTo(m.totalMaintenanceMargin()) > 0);
            assertTrue(m.availableOrderMargin().compareTo(collateral.subtract(initial)) <= 0, "orders can hold what positions do not");
            assertTrue(p.withdrawable().signum() >= 0 && p.withdrawable().compareTo(collateral.subtract(initial)) <= 0,
                    "withdrawable " + p.withdrawable() + " within the collateral free of margin");

            // Funding: charged on each position's size, summing to its cumulative funding.
            List<FundingCharge> funding = s.funding().list();
            for (Portfolio.Position x : p.positions()) {
                BigDecimal sum = funding.stream().filter(f -> f.instrumentId() == x.instrumentId()).map(FundingCharge::funding)
                        .reduce(BigDecimal.ZERO, BigDecimal::add);
                assertEquals(0, sum.compareTo(x.cumulativeFunding()), "cumulative funding of " + x.symbol());
                assertTrue(funding.stream().filter(f -> f.instrumentId() == x.instrumentId()).allMatch(f -> f.size().compareTo(x.size()) == 0));
            }

            // The histories against the collateral (confirmed deposits in): from the opening balance they imply, the
            // balance never goes below zero and nothing leaves that the account did not hold.
            record Flow(Instant at, BigDecimal change, BigDecimal taken) {
            }
            List<Flow> flows = new ArrayList<>();
            for (Withdrawal w : s.withdrawals().list()) {
                boolean debited = w.status().equals("confirmed") || w.status().equals("pending");
                BigDecimal out = w.amount().add(w.fee());
                flows.add(new Flow(w.pagingTime(), debited ? out.negate() : BigDecimal.ZERO, out));
            }
            for (InternalTransfer t : s.internalTransfers().list()) {
                boolean in = t.direction().equals("in");
                flows.add(new Flow(t.createdAt(), in ? t.amount() : t.amount().negate(), in ? BigDecimal.ZERO : t.amount()));
            }
            for (FundingCharge f : funding) flows.add(new Flow(f.timestamp(), f.funding(), BigDecimal.ZERO));
            for (Deposit d : s.deposits().list()) flows.add(new Flow(d.pagingTime(), d.status().equals("confirmed") ? d.amount() : BigDecimal.ZERO, BigDecimal.ZERO));
            flows.sort(Comparator.comparing(Flow::at));
            BigDecimal balance = collateral.subtract(flows.stream().map(Flow::change).reduce(BigDecimal.ZERO, BigDecimal::add));
            assertEquals(0, balance.signum(), "the account starts empty: its deposits fund it, and every change is in its histories");
            for (Flow f : flows) {
                assertTrue(f.taken().compareTo(balance) <= 0, f.taken() + " taken at " + f.at() + " from " + balance);
                balance = balance.add(f.change());
            }
            assertEquals(0, balance.compareTo(collateral));
        }
    }

    /**
     * An account reads like a real one: listed instruments (ids 1 to 8) marked near their assets' levels, funding that
     * keeps its sign for days (it follows the perpetual's premium over its index), deposits shown, and every
     * withdrawal's and deposit's status agreeing with its confirmations and hash.
     */
    @Test
    void theLedgerReadsLikeARealOne() {
        Map<String, double[]> levels = Map.of("SP500-USD", new double[]{2_000, 20_000}, "GOLD-USD", new double[]{1_000, 10_000},
                "WTIOIL-USD", new double[]{20, 250}, "NAS100-USD", new double[]{7_000, 70_000}, "SILVER-USD", new double[]{10, 130},
                "BTC-USD", new double[]{25_000, 400_000}, "ETH-USD", new double[]{700, 15_000}, "SOL-USD", new double[]{20, 1_500});
        int flips = 0, pairs = 0;
        for (int i = 0; i < 4; i++) {
            PerpsSession s = PerpsSandboxFixture.session(Wallet.random());
            for (Portfolio.Position x : s.portfolio().positions()) {
                assertTrue(x.instrumentId() >= 1 && x.instrumentId() <= 8, "a listed instrument: " + x);
                double[] range = levels.get(x.symbol());
                double mark = x.positionValue().doubleValue() / x.size().abs().doubleValue(), entry = x.entryPrice().doubleValue();
                assertTrue(mark > range[0] && mark < range[1] && entry > range[0] && entry < range[1], x.symbol() + " at " + entry + " and " + mark);
            }
            List<FundingCharge> funding = new ArrayList<>(s.funding().list());
            funding.sort(Comparator.comparing(FundingCharge::timestamp));
            Map<Long, BigDecimal> last = new HashMap<>();
            for (FundingCharge f : funding) {
                BigDecimal before = last.put(f.instrumentId(), f.fundingRate());
                if (before == null) continue;
                pairs++;
                if (before.signum() * f.fundingRate().signum() < 0) flips++;
            }
            List<Deposit> deposits = s.deposits().list();
            assertFalse(deposits.isEmpty(), "deposits are shown");
            assertTrue(deposits.stream().anyMatch(d -> d.status().equals("confirmed")));
            for (Withdrawal w : s.withdrawals().list()) {
                int c = w.confirmations(), need = w.requiredConfirmations();
                switch (w.status()) {
                    case "pending", "removed" -> assertTrue(c == 0 && w.hash().equals("0x"), "not sent, not mined: " + w);
                    case "confirmed" -> assertTrue(c >= need && w.hash().length() == 66 && w.confirmedAt() != null, "confirmed: " + w);
                    default -> assertTrue(w.hash().length() == 66, "failed after it was sent: " + w);
                }
            }
            for (Deposit d : deposits) {
                int c = d.confirmations(), need = d.requiredConfirmations();
                assertTrue(d.hash().length() == 66, "a deposit comes from the chain: " + d);
                switch (d.status()) {
                    case "pending" -> assertTrue(c > 0 && c < need, "seen, awaiting its confirmations: " + d);
                    case "confirmed" -> assertTrue(c >= need && d.confirmedTimestamp() != null, "confirmed: " + d);
                    default -> assertEquals(0, c, "dropped: " + d);
                }
            }
        }
        System.out.printf("funding: the rate changed sign in %d of %d consecutive charges%n", flips, pairs);
        assertTrue(pairs > 500 && flips < pairs / 10, "funding keeps its sign: " + flips + " flips in " + pairs);
    }
}
