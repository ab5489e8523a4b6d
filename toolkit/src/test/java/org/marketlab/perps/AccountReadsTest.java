package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.perps.PerpsMarket;
import org.marketlab.signing.Wallet;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The account reads the official client offers beyond the specification, against the sandbox: whole and consistent. */
class AccountReadsTest {

    private static final PerpsMarket MARKET = PerpsSandboxFixture.perps().market();

    @Test
    void fillsOrdersBalancesAndPointsAgreeWithWhatHappened() {
        Wallet owner = Wallet.random();
        PerpsSession s = PerpsSandboxFixture.session(owner);
        List<Order> open = s.openOrders();
        Set<Long> tids = new HashSet<>();
        for (int i = 0; i < 3; i++) tids.add(MARKET.fillNow(owner.address()).get("tid").asLong());
        assertTrue(s.cancelOrders(List.of(open.get(5).oid())).get(0).ok());

        List<Fill> fills = s.fills().list();
        assertEquals(tids, new HashSet<>(fills.stream().map(Fill::tid).toList()), "every fill, once");
        for (Fill f : fills) {
            assertTrue(f.qty().signum() > 0 && f.p().signum() > 0 && f.fee() != null && f.ts() != null && "USDC".equals(f.fea()), f.toString());
        }
        Table ft = s.fills().table();
        assertEquals(3, ft.rowCount());
        assertTrue(ft.columnNames().contains("tid") && ft.columnNames().contains("pnl"), ft.columnNames().toString());

        List<Order> history = s.orderHistory().list();
        assertTrue(history.stream().anyMatch(o -> o.oid() == open.get(5).oid() && "cancelled".equals(o.status())), "the cancelled order");
        assertEquals(new HashSet<>(s.openOrders().stream().map(Order::oid).toList()),
                new HashSet<>(history.stream().filter(o -> "open".equals(o.status()) || "partial".equals(o.status())).map(Order::oid).toList()),
                "the open orders are in the history too");
        for (int i = 1; i < history.size(); i++) assertTrue(!history.get(i).uts().isAfter(history.get(i - 1).uts()), "newest update first");
        assertEquals(1, s.orderHistory().order(open.get(5).oid()).list().size());

        List<Balance> balances = s.balances();
        assertEquals(1, balances.size());
        assertEquals(PerpsSandboxFixture.perps().account(owner.address()).collateral(), balances.get(0).balance(), "the collateral fills changed");

        // Every fill and the cancellation pushed a portfolio; the equity points are those snapshots' account values.
        List<AccountPoint> equity = s.equityHistory();
        assertEquals(4, equity.size(), equity.toString());
        assertEquals(s.pnlHistory().size(), equity.size());
        assertEquals(s.portfolio().margin().totalAccountValue(), equity.get(equity.size() - 1).value());
        BigDecimal realised = fills.stream().map(f -> f.pnl().subtract(f.fee())).reduce(BigDecimal.ZERO, BigDecimal::add);
        assertEquals(0, realised.compareTo(s.pnlHistory().get(equity.size() - 1).value()), "profit net of fees, cumulated");
    }

    @Test
    void depositsPageWhole() {
        Wallet owner = Wallet.random();
        PerpsSession s = PerpsSandboxFixture.session(owner);
        List<JsonNode> generated = PerpsSandboxFixture.perps().account(owner.address()).deposits();
        List<Deposit> read = s.deposits().list();
        assertEquals(generated.size(), read.size());
        assertEquals(new HashSet<>(generated.stream().map(d -> d.get("hash").asText()).toList()),
                new HashSet<>(read.stream().map(Deposit::hash).toList()));
        for (int i = 1; i < read.size(); i++) assertTrue(!read.get(i).pagingTime().isAfter(read.get(i - 1).pagingTime()), "newest first");
        assertTrue(read.stream().map(Deposit::status).collect(java.util.stream.Collectors.toSet()).containsAll(List.of("pending", "confirmed", "removed")));
        assertEquals(read.size(), s.deposits().table().rowCount());
    }
}
