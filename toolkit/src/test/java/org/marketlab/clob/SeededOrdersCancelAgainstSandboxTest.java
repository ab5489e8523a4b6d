package org.marketlab.clob;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.sandbox.Sandbox;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The demo wallets' seeded open orders are cancelled like orders placed on the sandbox: by id ({@code DELETE /order},
 * {@code DELETE /orders}), per token ({@code DELETE /cancel-market-orders}) and all ({@code DELETE /cancel-all}); once
 * cancelled they leave the open-order reads and no longer hold collateral or shares in the balances; another wallet's
 * seeded order is not the caller's to cancel. Each test has a sandbox of its own (cancelling changes the wallets).
 */
class SeededOrdersCancelAgainstSandboxTest {

    static final String NOT_FOUND = "Order not found or already canceled";

    record Fixture(Sandbox sandbox, ClobSession demo1, ClobSession demo2) {
    }

    static Fixture fixture() {
        Sandbox sandbox = TradingSandbox.start();
        Transport transport = TradingSandbox.transport(sandbox, 2);
        return new Fixture(sandbox, TradingSandbox.session(transport, 1), TradingSandbox.session(transport, 2));
    }

    static BigDecimal collateral(ClobSession s) {
        return s.balance(AssetType.COLLATERAL).balance();
    }

    static BigDecimal shares(ClobSession s, String token) {
        return s.balance(AssetType.CONDITIONAL, token).balance();
    }

    @BeforeAll
    static void seededOrdersExist() {
        Fixture f = fixture();
        try {
            List<OpenOrder> open = f.demo1().orders().list();
            assertTrue(open.size() >= 3, "demo wallet 1 has seeded open orders: " + open.size());
            assertTrue(open.stream().anyMatch(o -> o.side().equals("BUY")) && open.stream().anyMatch(o -> o.side().equals("SELL")), "both sides");
            assertTrue(open.stream().map(OpenOrder::assetId).distinct().count() >= 2, "on more than one token");
        } finally {
            f.sandbox().close();
        }
    }

    @Test
    void oneSeededBuyCancelledByIdLeavesTheListingAndReleasesItsCollateral() {
        Fixture f = fixture();
        try {
            ClobSession s = f.demo1();
            OpenOrder buy = s.orders().list().stream().filter(o -> o.side().equals("BUY")).findFirst().orElseThrow();
            int before = s.orders().list().size();
            BigDecimal free = collateral(s);

            Cancellation c = s.cancel(buy.id());
            assertEquals(List.of(buy.id()), c.canceled());
            assertEquals(Map.of(), c.notCanceled());

            List<OpenOrder> after = s.orders().list();
            assertEquals(before - 1, after.size());
            assertFalse(after.stream().anyMatch(o -> o.id().equals(buy.id())), "gone from GET /data/orders");
            assertTrue(s.orders().id(buy.id()).list().isEmpty(), "gone from GET /data/orders?id=");
            assertEquals("CANCELED", s.order(buy.id()).status(), "GET /data/order/{id} answers it cancelled, as the live service does");
            assertEquals(0, collateral(s).compareTo(free.add(buy.price().multiply(buy.originalSize()))),
                    "the order's price x size is free again: " + free + " -> " + collateral(s));

            Cancellation again = s.cancel(buy.id());
            assertEquals(List.of(), again.canceled());
            assertEquals(NOT_FOUND, again.notCanceled().get(buy.id()), "cancelled once only");
        } finally {
            f.sandbox().close();
        }
    }

    @Test
    void seededSellsCancelledByIdsReleaseTheirShares() {
        Fixture f = fixture();
        try {
            ClobSession s = f.demo1();
            OpenOrder sell = s.orders().list().stream().filter(o -> o.side().equals("SELL")).findFirst().orElseThrow();
            BigDecimal free = shares(s, sell.assetId());
            Cancellation c = s.cancelAll(List.of(sell.id()));
            assertEquals(List.of(sell.id()), c.canceled());
            assertEquals(0, shares(s, sell.assetId()).compareTo(free.add(sell.originalSize())),
                    "the order's shares are free again: " + free + " -> " + shares(s, sell.assetId()));
        } finally {
            f.sandbox().close();
        }
    }

    @Test
    void cancellingOneTokensOrdersLeavesTheOthers() {
        Fixture f = fixture();
        try {
            ClobSession s = f.demo1();
            List<OpenOrder> open = s.orders().list();
            String token = open.get(0).assetId();
            Set<String> ofToken = open.stream().filter(o -> o.assetId().equals(token)).map(OpenOrder::id).collect(Collectors.toSet());
            Set<String> others = open.stream().filter(o -> !o.assetId().equals(token)).map(OpenOrder::id).collect(Collectors.toSet());

            Cancellation c = s.cancelMarket(token);
            assertEquals(ofToken, Set.copyOf(c.canceled()), "exactly the token's seeded orders");
            assertEquals(ofToken.size(), c.canceled().size());
            assertEquals(others, s.orders().list().stream().map(OpenOrder::id).collect(Collectors.toSet()), "the other tokens' orders stay");
            assertTrue(s.orders().asset(token).list().isEmpty());

            // And per market (a condition id): the next one's seeded orders.
            OpenOrder next = s.orders().list().get(0);
            Set<String> ofMarket = s.orders().list().stream().filter(o -> o.market().equals(next.market())).map(OpenOrder::id).collect(Collectors.toSet());
            assertEquals(ofMarket, Set.copyOf(s.cancelMarket(next.market()).canceled()));
            assertTrue(s.orders().market(next.market()).list().isEmpty());
        } finally {
            f.sandbox().close();
        }
    }

    @Test
    void cancelEverythingEmptiesTheListingAndTheReservations() {
        Fixture f = fixture();
        try {
            ClobSession s = f.demo1();
            List<OpenOrder> open = s.orders().list();
            BigDecimal reserved = open.stream().filter(o -> o.side().equals("BUY")).map(o -> o.price().multiply(o.originalSize()))
                    .reduce(BigDecimal.ZERO, BigDecimal::add);
            assertTrue(reserved.signum() > 0, "the seeded buys hold collateral");
            BigDecimal free = collateral(s);
            OpenOrder sell = open.stream().filter(o -> o.side().equals("SELL")).findFirst().orElseThrow();
            BigDecimal heldBack = open.stream().filter(o -> o.side().equals("SELL") && o.assetId().equals(sell.assetId()))
                    .map(OpenOrder::originalSize).reduce(BigDecimal.ZERO, BigDecimal::add);
            BigDecimal freeShares = shares(s, sell.assetId());

            Cancellation all = s.cancelEverything();
            assertEquals(open.stream().map(OpenOrder::id).collect(Collectors.toSet()), Set.copyOf(all.canceled()));
            assertEquals(open.size(), all.canceled().size());
            assertTrue(s.orders().list().isEmpty(), "no open order left");
            assertEquals(0, collateral(s).compareTo(free.add(reserved)), "no collateral held back: " + free + " + " + reserved + " -> " + collateral(s));
            assertEquals(0, shares(s, sell.assetId()).compareTo(freeShares.add(heldBack)), "no shares held back");
            // The signer's cancel bucket, as the order book reported it: 1 token, then 1 per order cancelled (less a moment's refill).
            double burst = s.buckets().tier().limits().cancelBurst(), left = s.buckets().cancels().tokens();
            assertTrue(left <= burst - open.size(), "debited per seeded order: " + left + " of " + burst + " after " + open.size());

            assertEquals(List.of(), s.cancelEverything().canceled(), "nothing left to cancel");
        } finally {
            f.sandbox().close();
        }
    }

    @Test
    void anotherWalletsSeededOrderIsNotTheCallersToCancel() {
        Fixture f = fixture();
        try {
            OpenOrder theirs = f.demo2().orders().list().get(0);
            Cancellation c = f.demo1().cancel(theirs.id());
            assertEquals(List.of(), c.canceled());
            assertEquals(NOT_FOUND, c.notCanceled().get(theirs.id()));
            Cancellation many = f.demo1().cancelAll(List.of(theirs.id()));
            assertEquals(NOT_FOUND, many.notCanceled().get(theirs.id()));
            assertTrue(f.demo2().orders().list().stream().anyMatch(o -> o.id().equals(theirs.id())), "still open for its owner");
            assertEquals(List.of(theirs.id()), f.demo2().cancel(theirs.id()).canceled(), "its owner cancels it");
        } finally {
            f.sandbox().close();
        }
    }
}
