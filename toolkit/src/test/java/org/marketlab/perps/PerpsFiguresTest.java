package org.marketlab.perps;

import org.junit.jupiter.api.Test;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

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
            assertTrue(balance.signum() > 0, "an opening balance " + balance);
            for (Flow f : flows) {
                assertTrue(f.taken().compareTo(balance) <= 0, f.taken() + " taken at " + f.at() + " from " + balance);
                balance = balance.add(f.change());
            }
            assertEquals(0, balance.compareTo(collateral));
        }
    }
}
