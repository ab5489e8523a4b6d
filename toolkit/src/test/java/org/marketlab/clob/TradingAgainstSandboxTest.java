package org.marketlab.clob;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.auth.CredentialStore;
import org.marketlab.http.ExchangeMode;
import org.marketlab.http.ExchangeModeException;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Signed orders placed, matched and cancelled on a sandbox of this test's own: a resting sell and a fill-or-kill buy
 * match into trades both accounts read (taker and maker sides) and both open-order lists follow; the order book's
 * refusals (tick, post-only crossing, fill-or-kill, balance) come back typed with its message; batches are split at
 * the batch maximum with one result per order; cancels by id, all and per market; cancel-only mode refuses orders with
 * a typed {@link ExchangeModeException} and still takes cancels.
 */
class TradingAgainstSandboxTest {

    static Sandbox sandbox;
    static Transport transport;
    static ClobSession seller, buyer;
    static String token;
    static BigDecimal size;
    static Book book;

    @BeforeAll
    static void start() {
        sandbox = TradingSandbox.start();
        transport = TradingSandbox.transport(sandbox, 2);
        seller = TradingSandbox.session(transport, 1);
        buyer = TradingSandbox.session(transport, 2);
        TradingSandbox.Held held = TradingSandbox.held(transport, seller,
                (pos, b) -> TradingSandbox.holds(pos, b, new BigDecimal("5"), 3) && b.tickSize().compareTo(new BigDecimal("0.01")) >= 0);
        token = held.token();
        book = held.book();
        size = book.minOrderSize().max(new BigDecimal("5"));
    }

    @Test
    void restingSellFilledByFillOrKillBuy() {
        LimitOrder sell = seller.limitOrder(token, Side.SELL, new BigDecimal("0.5"), size);
        OrderResult rest = seller.place(sell);
        assertTrue(rest.accepted(), rest.toString());
        assertEquals("live", rest.status());
        assertTrue(seller.orders().list().stream().anyMatch(o -> o.id().equals(rest.orderId())), "the resting order is listed");

        int buyerTradesBefore = buyer.trades().list().size();
        OrderResult take = buyer.place(buyer.limitOrder(token, Side.BUY, new BigDecimal("0.5"), size).fok());
        assertEquals("matched", take.status(), take.toString());
        assertEquals(0, new BigDecimal(take.takingAmount()).compareTo(size), "the buyer took every share");
        assertEquals(1, take.tradeIds().size());
        List<ClobTrade> bought = buyer.trades().list();
        assertEquals(buyerTradesBefore + 1, bought.size());
        assertTrue(bought.stream().anyMatch(t -> t.id().equals(take.tradeIds().get(0))), "the buyer reads the trade");
        assertTrue(seller.trades().list().stream().anyMatch(t -> t.id().equals(take.tradeIds().get(0))), "the seller reads the trade (maker side)");
        assertFalse(seller.orders().list().stream().anyMatch(o -> o.id().equals(rest.orderId())), "filled: no longer open");
    }

    @Test
    void refusalsTypedWithTheServersMessage() {
        OrderResult rest = seller.place(seller.limitOrder(token, Side.SELL, new BigDecimal("0.6"), size));
        InvalidRequestException post = assertThrows(InvalidRequestException.class,
                () -> buyer.place(buyer.limitOrder(token, Side.BUY, new BigDecimal("0.6"), size).postOnly()));
        assertEquals("invalid post-only order: order crosses book", post.serverMessage());
        InvalidRequestException fok = assertThrows(InvalidRequestException.class,
                () -> buyer.place(buyer.limitOrder(token, Side.BUY, new BigDecimal("0.6"), size.multiply(BigDecimal.TEN)).fok()));
        assertEquals("order couldn't be fully filled. FOK orders are fully filled or killed.", fok.serverMessage());
        // Off the server's grid: the toolkit told a finer tick than the market's, so the order book refuses it.
        InvalidRequestException tick = assertThrows(InvalidRequestException.class,
                () -> buyer.place(buyer.limitOrder(token, Side.BUY, new BigDecimal("0.0001"), size).tickSize(new BigDecimal("0.0001"))));
        assertTrue(tick.serverMessage().contains("breaks minimum tick size rule: " + book.tickSize().stripTrailingZeros().toPlainString()),
                tick.serverMessage());
        InvalidRequestException balance = assertThrows(InvalidRequestException.class,
                () -> buyer.place(buyer.limitOrder(token, Side.SELL, new BigDecimal("0.9"), new BigDecimal("100000000"))));
        assertEquals("not enough balance / allowance", balance.serverMessage());
        Cancellation c = seller.cancel(rest.orderId());
        assertEquals(List.of(rest.orderId()), c.canceled());
        Cancellation again = seller.cancel(rest.orderId());
        assertEquals("Order not found or already canceled", again.notCanceled().get(rest.orderId()));
    }

    @Test
    void batchesSplitAndCancels() {
        List<LimitOrder> orders = new ArrayList<>();
        for (int i = 0; i < 20; i++) orders.add(buyer.limitOrder(token, Side.BUY, book.tickSize().multiply(BigDecimal.valueOf(1 + i % 3)), size).postOnly());
        List<OrderResult> placed = buyer.placeAll(orders);
        assertEquals(20, placed.size());
        assertTrue(placed.stream().allMatch(OrderResult::accepted), OrderResult.table(placed).print());
        Cancellation two = buyer.cancelAll(List.of(placed.get(0).orderId(), placed.get(1).orderId()));
        assertEquals(2, two.canceled().size());
        Cancellation market = buyer.cancelMarket(token);
        assertEquals(18, market.canceled().size());
        assertEquals(0, buyer.cancelEverything().canceled().size());
    }

    @Test
    void cancelOnlyModeIsTyped() {
        OrderResult rest = buyer.place(buyer.limitOrder(token, Side.BUY, book.tickSize(), size));
        sandbox.orderBook().exchangeMode(org.marketlab.sandbox.trading.ExchangeMode.CANCEL_ONLY, 30);
        try {
            ExchangeModeException e = assertThrows(ExchangeModeException.class,
                    () -> buyer.place(buyer.limitOrder(token, Side.BUY, book.tickSize(), size)));
            assertEquals(ExchangeMode.CANCEL_ONLY, e.mode());
            assertEquals(java.util.Optional.of(Duration.ofSeconds(30)), e.retryAfter());
            assertEquals(List.of(rest.orderId()), buyer.cancel(rest.orderId()).canceled(), "cancels are still taken");
        } finally {
            sandbox.orderBook().exchangeMode(org.marketlab.sandbox.trading.ExchangeMode.NORMAL, 0);
        }
    }

    @Test
    void liveEnforcementPacedWithoutRefusalsAndCancelDebt() throws Exception {
        var buckets = sandbox.orderBook().buckets();
        buckets.phase(org.marketlab.sandbox.trading.Buckets.Phase.LIVE);
        try {
            ClobSession s = ClobSession.open(transport, Wallet.demo(5), ClobSession.Options.defaults().store(CredentialStore.memory()));
            long refused = buckets.refused();
            int n = 200;
            var pool = java.util.concurrent.Executors.newFixedThreadPool(8);
            List<java.util.concurrent.Future<OrderResult>> results = new ArrayList<>();
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                results.add(pool.submit(() -> s.place(s.limitOrder(token, Side.BUY, book.tickSize(), size).postOnly())));
            }
            for (var f : results) assertTrue(f.get().accepted());
            double secs = (System.nanoTime() - t0) / 1e9;
            pool.shutdown();
            assertEquals(refused, buckets.refused(), "no order refused for rate");
            assertTrue(secs >= (n - 60) / 40.0 - 0.05, "paced by the Standard order bucket: " + secs + " s");
            assertEquals(org.marketlab.pacing.ClobTier.STANDARD, s.buckets().tier());

            Cancellation all = s.cancelEverything();
            assertEquals(n, all.canceled().size());
            long balance = s.buckets().cancels().available();
            assertTrue(balance <= 120 - 1 - n + 1 && balance < 0, "the cancel bucket in debt: " + balance);
            long c0 = System.nanoTime();
            s.cancel(all.canceled().get(0));
            double wait = (System.nanoTime() - c0) / 1e9;
            assertTrue(wait >= (-balance + 1) / 80.0 - 0.1, "the next cancel waits out the debt: " + wait + " s for " + balance);
            // Known gap (issue 13, left open): right after a cancel-everything the toolkit's view of the debt can lag
            // the sandbox's by a token, and one cancel is then refused with 429 and retried at Retry-After. At most one.
            assertTrue(buckets.refused() - refused <= 1, "at most one cancel refused for rate: " + (buckets.refused() - refused));
        } finally {
            buckets.phase(org.marketlab.sandbox.trading.Buckets.Phase.WARNING);
        }
    }
}
