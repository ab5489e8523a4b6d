package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.sandbox.perps.PerpsAccount;
import org.marketlab.sandbox.perps.PerpsSandbox;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Portfolios, assets, the invite, and the proxy-signed operations, read back from the sandbox's account. */
class PerpsAccountTest {

    private static final PerpsSandbox PERPS = PerpsSandboxFixture.perps();

    @Test
    void portfoliosAssetsAndTheInvite() {
        Wallet owner = Wallet.random();
        PerpsSession s = PerpsSandboxFixture.session(owner);
        PerpsAccount account = PERPS.account(owner.address());

        Portfolio p = s.portfolio();
        assertEquals(account.positions().size(), p.positions().size());
        JsonNode first = account.positions().get(0);
        Portfolio.Position pos = p.positions().stream().filter(x -> x.instrumentId() == first.get("instrument_id").asLong()).findFirst().orElseThrow();
        assertEquals(new BigDecimal(first.get("size").asText()), pos.size());
        assertEquals(new BigDecimal(first.get("entry_price").asText()), pos.entryPrice());
        assertEquals(first.get("symbol").asText(), pos.symbol());
        BigDecimal upnl = account.positions().stream().map(x -> new BigDecimal(x.get("unrealized_pnl").asText())).reduce(BigDecimal.ZERO, BigDecimal::add);
        assertEquals(0, account.collateral().add(upnl).compareTo(p.margin().totalAccountValue()));
        assertFalse(p.inLiquidation());
        assertNotNull(p.timestamp());

        // The positions as a reviewer reads them, in a width that fits the page; every field one call away.
        tech.tablesaw.api.Table shown = p.positionsTable();
        assertEquals(List.of("symbol", "side", "size", "leverage", "entry_price", "liquidation_price", "value", "unrealized_pnl",
                "return_on_equity"), shown.columnNames());
        int row = shown.stringColumn("symbol").indexOf(pos.symbol());
        assertEquals(pos.size().signum() < 0 ? "short" : "long", shown.stringColumn("side").get(row));
        assertEquals(pos.size().abs().doubleValue(), shown.doubleColumn("size").get(row), 1e-12, "the size unsigned, the side says which way");
        assertEquals(pos.leverage() + "× " + (pos.cross() ? "cross" : "isolated"), shown.stringColumn("leverage").get(row));
        assertEquals(pos.unrealizedPnl().doubleValue(), shown.doubleColumn("unrealized_pnl").get(row), 1e-9);
        assertEquals(pos.positionValue().doubleValue(), shown.doubleColumn("value").get(row), 1e-9);
        tech.tablesaw.api.Table every = p.positionsTableAllColumns();
        assertEquals(List.of("instrument_id", "symbol", "size", "entry_price", "leverage", "cross", "liquidation_price", "unrealized_pnl",
                "return_on_equity", "cumulative_funding", "position_value", "initial_margin", "maintenance_margin"), every.columnNames());
        assertEquals(pos.size().doubleValue(), every.doubleColumn("size").get(every.stringColumn("symbol").indexOf(pos.symbol())), 1e-12);
        org.marketlab.charts.ThemeChecks.assertReadable(shown);
        org.marketlab.charts.ThemeChecks.assertFitsThePage(shown);
        assertThrows(AssertionError.class, () -> org.marketlab.charts.ThemeChecks.assertFitsThePage(every), "every field is wider than the page");

        PublicPortfolio pub = new PerpsPublic(PerpsSandboxFixture.transport()).portfolio(owner.address());
        assertEquals(p.positions().size(), pub.positions().size());
        assertEquals(0, pub.equity().compareTo(p.margin().totalAccountValue()), "the public equity is the account value");
        assertEquals(pos.unrealizedPnl(), pub.positions().stream().filter(x -> x.instrumentId() == pos.instrumentId()).findFirst().orElseThrow().unrealizedPnl());
        assertThrows(IllegalArgumentException.class, () -> new PerpsPublic(PerpsSandboxFixture.transport()).portfolio("0x123"));

        List<CollateralAsset> assets = new PerpsPublic(PerpsSandboxFixture.transport()).assets();
        assertTrue(assets.stream().anyMatch(a -> a.asset().equals("USDC") && a.decimals() == 6 && a.collateralRatio().compareTo(BigDecimal.ONE) == 0));
        assertTrue(assets.stream().allMatch(a -> a.withdrawalFee() != null && a.address().startsWith("0x")));

        Invite a = s.invite(), b = s.invite();
        assertEquals("ok", a.status());
        assertEquals(a.code(), b.code(), "one primary code, the same on every call");
        Invite viaAnother = PerpsSession.open(PerpsSandboxFixture.transport(), owner, PerpsSandboxFixture.roomy()).invite();
        // The same code and allowance whichever proxy asks (a running cooldown counts down between the two asks).
        assertEquals(a.code(), viaAnother.code(), "whichever proxy asks");
        assertEquals(a.referralsAvailable(), viaAnother.referralsAvailable());
        assertTrue(a.referralsAvailable() >= 0);
        assertTrue(a.cooldownMs() == null || a.cooldownMs() >= 0);
        // Across accounts both kinds of cap occur: lifetime (no cooldown) and windowed (a number).
        boolean lifetime = false, windowed = false;
        for (int i = 0; i < 12 && !(lifetime && windowed); i++) {
            Invite x = PerpsSandboxFixture.session(Wallet.demo(100 + i)).invite();
            if (x.cooldownMs() == null) lifetime = true;
            else windowed = true;
        }
        assertTrue(lifetime && windowed);
    }

    @Test
    void modifyAndCancelGiveOneResultPerEntry() {
        Wallet owner = Wallet.random();
        PerpsSession s = PerpsSandboxFixture.session(owner);
        PerpsAccount account = PERPS.account(owner.address());
        List<Order> orders = s.openOrders();
        assertEquals(account.openOrders().size(), orders.size());
        Order o = orders.get(0);
        assertEquals(account.openOrders().get(0).get("coid").asText(), o.coid());
        assertEquals(new BigDecimal(account.openOrders().get(0).get("p").asText()), o.p());

        Map<String, Modification> changes = new LinkedHashMap<>();
        changes.put(o.coid(), Modification.of("101.5", "0.25"));
        changes.put("f".repeat(32), Modification.of("1", "1"));                                  // no such order
        changes.put(orders.get(1).coid(), new Modification(new BigDecimal("1000000"), new BigDecimal("1000"))); // beyond the margin
        List<ModifyResult> r = s.modifyOrders(changes, Duration.ofSeconds(10));
        assertEquals(3, r.size());
        assertTrue(r.get(0).ok(), r.toString());
        assertEquals(o.coid(), r.get(0).coid());
        assertEquals(new BigDecimal("101.5"), r.get(0).order().p());
        assertEquals(new BigDecimal("0.25"), r.get(0).order().qty());
        assertEquals(o.oid(), r.get(0).order().oid());
        assertFalse(r.get(1).ok());
        assertEquals("order not found", r.get(1).error());
        assertFalse(r.get(2).ok());
        assertEquals("insufficient_margin", r.get(2).error());
        assertNull(r.get(2).order());
        JsonNode now = account.openOrders().get(0);
        assertEquals("101.5", now.get("p").asText(), "the sandbox's order changed");
        assertEquals("0.25", now.get("qty").asText());
        assertEquals(new BigDecimal(account.openOrders().get(1).get("p").asText()), orders.get(1).p(), "the refused one did not");

        Instant in10s = Instant.now().plusSeconds(10);
        List<CancelResult> c = s.cancelOrders(List.of(orders.get(2).oid(), 123L), in10s);
        assertTrue(c.get(0).ok());
        assertEquals(orders.get(2).oid(), c.get(0).oid());
        assertTrue(Duration.between(c.get(0).at(), Instant.now()).abs().getSeconds() < 5, "the decision time");
        assertFalse(c.get(1).ok());
        assertEquals(123L, c.get(1).oid());
        assertEquals(orders.size() - 1, s.openOrders().size());
        assertFalse(s.cancelOrders(List.of(orders.get(2).oid())).get(0).ok(), "cancelled once only");

        assertEquals(s.weightUsed(), PERPS.weight(owner.address()), "the toolkit counts the weights the sandbox counts: " + s.weightUsed());
    }

    @Test
    void argumentsTheClientCanCheckFailBeforeSending() {
        PerpsSession s = PerpsSandboxFixture.session(Wallet.random());
        long before = PerpsSandboxFixture.sandbox().stats().total();
        var coid = assertThrows(IllegalArgumentException.class, () -> s.modifyOrders(Map.of("ABCDEF0123456789abcdef0123456789", Modification.of("1", "1"))));
        assertTrue(coid.getMessage().contains("^[0-9a-f]{32}$"), coid.getMessage());
        assertThrows(IllegalArgumentException.class, () -> s.modifyOrders(Map.of("abc", Modification.of("1", "1"))));
        assertThrows(IllegalArgumentException.class, () -> s.modifyOrders(Map.of()));
        assertThrows(IllegalArgumentException.class, () -> Modification.of("0", "1"));
        assertThrows(IllegalArgumentException.class, () -> Modification.of("1", "-2"));
        var past = assertThrows(IllegalArgumentException.class, () -> s.cancelOrders(List.of(1L), Instant.now().minusSeconds(1)));
        assertTrue(past.getMessage().contains("future"), past.getMessage());
        assertThrows(IllegalArgumentException.class, () -> s.cancelOrders(List.of(1L), Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> s.cancelOrders(List.of(-1L)));
        assertThrows(IllegalArgumentException.class, () -> s.cancelOrders(List.of()));
        assertEquals(before, PerpsSandboxFixture.sandbox().stats().total(), "nothing was sent");
        // An exp beyond the service's command timeout is the service's to refuse.
        var far = assertThrows(InvalidRequestException.class, () -> s.cancelOrders(List.of(1L), Duration.ofMinutes(5)));
        assertTrue(far.serverMessage().contains("command timeout"), far.getMessage());
    }

    @Test
    void theLiveNamesWorkAgainstTheSandboxToo() {
        // The live profile's header names (POLYMARKET-PROXY/-SECRET) and EIP-712 domain ("Polymarket"), on the sandbox.
        Transport live = PerpsSandboxFixture.transportWith(Profile.sandbox(PerpsSandboxFixture.SEED).withNames(Profile.live().names()));
        Wallet owner = Wallet.random();
        PerpsSession s = PerpsSession.open(live, owner, PerpsSandboxFixture.roomy());
        assertEquals(PERPS.account(owner.address()).withdrawals().size(), s.withdrawals().list().size());
        String coid = s.openOrders().get(0).coid();
        assertTrue(s.modifyOrders(Map.of(coid, Modification.of("100", "0.5"))).get(0).ok());
        s.revoke();
        assertTrue(PERPS.proxyExpiry(s.credentials().proxy()).isEmpty());
    }
}
