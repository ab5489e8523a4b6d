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
 * Signed orders placed, matched and cancelled on a sandbox of this test's own: an order crossing the seeded book fills
 * against its levels, which {@code /book} then shows consumed (and a resting order added); a resting sell and a
 * fill-or-kill buy match into trades both accounts read (taker and maker sides) and both open-order lists follow; the order book's
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
                (pos, b) -> TradingSandbox.holds(pos, b, new BigDecimal("5"), 3) && b.tickSize().compareTo(new BigDecimal("0.01")) >= 0
                        && b.bestAsk().subtract(b.bestBid()).compareTo(b.tickSize().multiply(BigDecimal.valueOf(2))) >= 0);
        token = held.token();
        book = held.book();
        size = book.minOrderSize().max(new BigDecimal("5"));
    }

    /** A price inside the spread as the book stands: above every bid, below every ask (the token's seeded spread is 2 ticks or more). */
    static BigDecimal insideSpread() {
        Book now = seller.book(token);
        BigDecimal p = now.bestBid().add(book.tickSize());
        assertTrue(p.compareTo(now.bestAsk()) < 0, "room inside the spread: " + now.bestBid() + " / " + now.bestAsk());
        return p;
    }

    @Test
    void anOrderCrossingTheSeededBookFillsAgainstItAndTheBookShowsIt() {
        Book before = seller.book(token);
        Level best = before.asks().stream().filter(l -> l.price().compareTo(before.bestAsk()) == 0).findFirst().orElseThrow();
        BigDecimal q = size.min(best.size());
        OrderResult take = buyer.place(buyer.limitOrder(token, Side.BUY, best.price(), q).fak());
        assertEquals("matched", take.status(), take.toString());
        assertEquals(0, new BigDecimal(take.takingAmount()).compareTo(q), "the buyer took " + q + " shares at the best ask");
        assertTrue(buyer.trades().list().stream().anyMatch(t -> t.id().equals(take.tradeIds().get(0))), "the buyer reads the trade");

        Book after = seller.book(token);
        BigDecimal left = after.asks().stream().filter(l -> l.price().compareTo(best.price()) == 0).map(Level::size).findFirst().orElse(BigDecimal.ZERO);
        assertEquals(0, left.compareTo(best.size().subtract(q)), "the level was consumed by what was bought: " + best.size() + " - " + q + ", is " + left);
        assertEquals(0, best.price().compareTo(new ClobData(transport).lastTradePrice(token).price()), "the last trade is the fill");
        assertEquals(Side.BUY, new ClobData(transport).lastTradePrice(token).side());

        // A buy inside the spread rests, and becomes the best bid of /book and /price; cancelled, it leaves.
        BigDecimal inside = insideSpread();
        OrderResult rest = buyer.place(buyer.limitOrder(token, Side.BUY, inside, size));
        assertEquals("live", rest.status());
        Book withBid = seller.book(token);
        assertEquals(0, inside.compareTo(withBid.bestBid()));
        assertEquals(0, size.compareTo(withBid.bids().stream().filter(l -> l.price().compareTo(inside) == 0).findFirst().orElseThrow().size()));
        assertEquals(0, inside.compareTo(new ClobData(transport).price(token, Side.BUY)), "/price reads the same book");
        buyer.cancel(rest.orderId());
        assertEquals(0, before.bestBid().compareTo(seller.book(token).bestBid()), "the seeded best bid again");
    }

    @Test
    void restingSellFilledByFillOrKillBuy() {
        BigDecimal inside = insideSpread();
        LimitOrder sell = seller.limitOrder(token, Side.SELL, inside, size);
        OrderResult rest = seller.place(sell);
        assertTrue(rest.accepted(), rest.toString());
        assertEquals("live", rest.status());
        assertTrue(seller.orders().list().stream().anyMatch(o -> o.id().equals(rest.orderId())), "the resting order is listed");

        int buyerTradesBefore = buyer.trades().list().size();
        OrderResult take = buyer.place(buyer.limitOrder(token, Side.BUY, inside, size).fok());
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
        BigDecimal inside = insideSpread();
        OrderResult rest = seller.place(seller.limitOrder(token, Side.SELL, inside, size));
        assertEquals("live", rest.status());
        InvalidRequestException post = assertThrows(InvalidRequestException.class,
                () -> buyer.place(buyer.limitOrder(token, Side.BUY, inside, size).postOnly()));
        assertEquals("invalid post-only order: order crosses book", post.serverMessage());
        // Up to that price only the seller's order is on offer (the seeded asks lie above it).
        InvalidRequestException fok = assertThrows(InvalidRequestException.class,
                () -> buyer.place(buyer.limitOrder(token, Side.BUY, inside, size.multiply(BigDecimal.TEN)).fok()));
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
        BigDecimal bid = seller.book(token).bestBid();
        for (int i = 0; i < 20; i++) {
            BigDecimal below = bid.subtract(book.tickSize().multiply(BigDecimal.valueOf(i % 3))).max(book.tickSize());   // at or under the best bid: never crosses
            orders.add(buyer.limitOrder(token, Side.BUY, below, size).postOnly());
        }
        List<OrderResult> placed = buyer.placeAll(orders);
        assertEquals(20, placed.size());
        assertTrue(placed.stream().allMatch(OrderResult::accepted), OrderResult.table(placed).print());
        Cancellation two = buyer.cancelAll(List.of(placed.get(0).orderId(), placed.get(1).orderId()));
        assertEquals(2, two.canceled().size());
        // Per token: the 18 left, and the buyer's seeded open orders on the token (cancelled like its own).
        java.util.Set<String> seeded = new java.util.HashSet<>(buyer.orders().asset(token).list().stream().map(OpenOrder::id).toList());
        placed.forEach(p -> seeded.remove(p.orderId()));
        Cancellation market = buyer.cancelMarket(token);
        java.util.Set<String> expected = new java.util.HashSet<>(seeded);
        placed.subList(2, 20).forEach(p -> expected.add(p.orderId()));
        assertEquals(expected, java.util.Set.copyOf(market.canceled()));
        assertEquals(18 + seeded.size(), market.canceled().size());
        assertTrue(buyer.orders().asset(token).list().isEmpty(), "none left on the token");
        buyer.cancelEverything();
        assertTrue(buyer.orders().list().isEmpty(), "nothing left open");
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
            int seeded = s.orders().list().size();   // the wallet's seeded open orders, which the cancel-all takes too
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
            assertEquals(n + seeded, all.canceled().size());
            long balance = s.buckets().cancels().available();
            assertTrue(balance <= 120 - 1 - n - seeded + 1 && balance < 0, "the cancel bucket in debt: " + balance);
            long c0 = System.nanoTime();
            s.cancel(all.canceled().get(0));
            double wait = (System.nanoTime() - c0) / 1e9;
            assertTrue(wait >= (-balance + 1) / 80.0 - 0.1, "the next cancel waits out the debt: " + wait + " s for " + balance);
            // The toolkit takes the sandbox's balance with its fraction (less the margin), so no cancel is refused for rate.
            for (int i = 1; i < 5; i++) s.cancel(all.canceled().get(i));
            assertEquals(refused, buckets.refused(), "no cancel refused for rate");

            // What MarketLab.pacing() shows of this signer: both buckets, their tier, balance, debt, refill, warning flag and 429s.
            var rows = transport.resources().pacer().status().signers().stream().filter(r -> r.signer().equalsIgnoreCase(s.address())).toList();
            assertEquals(List.of("order", "cancel"), rows.stream().map(org.marketlab.pacing.SignerStatus::bucket).toList());
            assertEquals(n, rows.get(0).admitted());
            assertEquals(40, rows.get(0).ratePerSecond(), 1e-9);
            assertEquals(org.marketlab.pacing.ClobTier.STANDARD, rows.get(1).tier());
            assertEquals(0, rows.get(0).rateLimited() + rows.get(1).rateLimited());
            assertFalse(rows.get(0).warning() || rows.get(1).warning(), "live enforcement, nothing refused: no warning");
        } finally {
            buckets.phase(org.marketlab.sandbox.trading.Buckets.Phase.WARNING);
        }
    }
}
