package org.marketlab.clob;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.internal.transport.Transport;
import org.marketlab.sandbox.Sandbox;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The user feed against the sandbox's user channel: a resting order is placed and cancelled in the open orders, and a
 * trade goes MATCHED, MINED, CONFIRMED, or through RETRYING to FAILED when the sandbox is told so; {@code /data/trades}
 * reads the status the channel last pushed.
 */
class UserFeedAgainstSandboxTest {

    private static Sandbox sandbox;
    private static Transport transport;
    private static ClobSession session;

    @BeforeAll
    static void start() {
        sandbox = TradingSandbox.start();
        sandbox.enforceLimits(false);
        transport = TradingSandbox.transport(sandbox, 3);
        session = TradingSandbox.session(transport, 1);
        sandbox.clobChannels().flowInterval(0).tradeStatuses(150, 400, 0, 0);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    static void await(BooleanSupplier done, String what) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos(); // bounded against a hang, not a speed
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > until) throw new AssertionError("not within 30 s: " + what);
            Thread.sleep(20);
        }
    }

    @Test
    void ordersAndTradesMoveThroughTheirStatuses() throws Exception {
        TradingSandbox.Held held = TradingSandbox.held(transport, session, (p, b) -> TradingSandbox.holds(p, b, BigDecimal.ONE, 10)
                && b.bestBid().subtract(b.tickSize().multiply(BigDecimal.valueOf(4))).signum() > 0);
        String token = held.token();
        Book b = held.book();
        try (UserFeed feed = session.live()) {
            List<UserMessage.OrderEvent> orders = new CopyOnWriteArrayList<>();
            List<String> statuses = new CopyOnWriteArrayList<>();
            feed.onOrder(orders::add).onTrade(t -> statuses.add(t.trade().status()));
            int before = feed.orders().size();
            OrderResult resting = session.place(session.limitOrder(token, Side.BUY, b.bestBid().subtract(b.tickSize().multiply(BigDecimal.valueOf(3))),
                    b.minOrderSize()));
            await(() -> feed.orders().stream().anyMatch(o -> o.id().equals(resting.orderId())), "the placement");
            assertEquals("PLACEMENT", orders.get(0).type());
            assertEquals(before + 1, feed.orders().size());
            session.cancel(resting.orderId());
            await(() -> feed.orders().stream().noneMatch(o -> o.id().equals(resting.orderId())), "the cancellation");
            assertTrue(orders.stream().anyMatch(o -> o.type().equals("CANCELLATION") && o.order().status().equals("CANCELED")), orders.toString());

            // A sell at the best bid trades at once; its trade goes to the chain.
            OrderResult sold = session.place(session.limitOrder(token, Side.SELL, session.book(token).bestBid(), b.minOrderSize()));
            String tradeId = sold.tradeIds().get(0);
            await(() -> feed.trade(tradeId) != null && "CONFIRMED".equals(feed.trade(tradeId).status()), "the trade's confirmation");
            assertEquals(List.of("MATCHED", "MINED", "CONFIRMED"), statuses, "each status once, in order");
            assertEquals("CONFIRMED", session.trades().list().stream().filter(t -> t.id().equals(tradeId)).findFirst().orElseThrow().status());

            // Told to fail: the next trade retries, then fails, and /data/trades says so.
            statuses.clear();
            sandbox.clobChannels().tradeStatuses(150, 400, 0, 1);
            OrderResult failed = session.place(session.limitOrder(token, Side.SELL, session.book(token).bestBid(), b.minOrderSize()));
            String failedId = failed.tradeIds().get(0);
            await(() -> feed.trade(failedId) != null && "FAILED".equals(feed.trade(failedId).status()), "the trade's failure");
            assertEquals(List.of("MATCHED", "RETRYING", "FAILED"), statuses);
            assertEquals("FAILED", session.trades().list().stream().filter(t -> t.id().equals(failedId)).findFirst().orElseThrow().status());
            assertTrue(feed.status().resyncs() >= 1, feed.status().toString());
            org.marketlab.charts.ThemeChecks.assertReadable(feed.ordersTable().now());
            org.marketlab.charts.ThemeChecks.assertReadable(feed.tradesTable().now());
        }
    }
}
