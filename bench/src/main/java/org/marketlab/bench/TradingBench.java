package org.marketlab.bench;

import org.marketlab.config.Connection;
import org.marketlab.MarketLab;
import org.marketlab.pacing.RetryPolicy;
import org.marketlab.auth.CredentialStore;
import org.marketlab.clob.Book;
import org.marketlab.clob.Cancellation;
import org.marketlab.clob.ClobData;
import org.marketlab.clob.ClobSession;
import org.marketlab.clob.LimitOrder;
import org.marketlab.clob.OrderResult;
import org.marketlab.clob.Side;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.pacing.ClobTier;
import org.marketlab.pacing.SignerBuckets;
import org.marketlab.pacing.VirtualClock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.trading.Buckets;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Per-signer buckets live: 1,000 single orders ({@code POST /order}, post-only, resting) of one signer on the Standard
 * tier (order burst 60, 40 tokens/s) against the sandbox under live enforcement, paced by the toolkit's own bucket:
 * time against the physical minimum (1000 - 60) / 40 = 23.5 s, and the 429s the sandbox sent. Then another signer's
 * cancel-everything of 500 resting orders (1 cancel token, then 500 more: the Standard cancel bucket, burst 120 at
 * 80/s, goes into debt) followed by one cancel: the debt, and the wait before that cancel against (debt + 1) / 80.
 * Finally the same two sequences on a virtual clock, bucket only, against the same minima.
 * The account is read once before the clock starts, as the book is: the sandbox builds a wallet's seeded ledger on its
 * first use (about a second), and inside the timed run that second let the full bucket waste its refill (+4 to +8 %).
 * Run: {@code scripts/bench trading}.
 */
public final class TradingBench {

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int cancelN = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        try (Sandbox sandbox = Sandbox.builder().seed(7).now(Instant.parse("2026-11-01T00:00:00Z")).build()) {
            Map<String, java.net.URI> urls = sandbox.start();
            Profile p = Profile.sandbox(7);
            for (Map.Entry<String, java.net.URI> e : urls.entrySet()) {
                for (Service s : Service.values()) if (s.id().equals(e.getKey())) p = p.withUrl(s, e.getValue().toString());
            }
            sandbox.orderBook().buckets().phase(Buckets.Phase.LIVE);
            Connection connection = MarketLab.connect(p, org.marketlab.pacing.Clock.system(), new RetryPolicy(3, 5, Duration.ofMillis(50), Duration.ofSeconds(2)));
            String token = token(connection);
            Book book = new ClobData(connection).book(token);
            BigDecimal size = book.minOrderSize().max(BigDecimal.ONE);
            BigDecimal price = book.tickSize();

            ClobSession s = ClobSession.open(connection, Wallet.demo(2), ClobSession.Options.defaults().store(CredentialStore.memory()));
            // Standard whatever the demo wallet's 30-day volume (the sandbox's tiers follow it).
            sandbox.orderBook().buckets().tier(s.address(), Buckets.Tier.STANDARD);
            List<LimitOrder> orders = new ArrayList<>();
            for (int i = 0; i < n; i++) orders.add(s.limitOrder(token, Side.BUY, price, size).postOnly());
            orders.get(0).amounts(); // the book is read once, before the clock starts
            // So is the account: the sandbox builds a wallet's seeded ledger on its first use, which took about a
            // second, in which the bucket filled and wasted its refill.
            long a0 = System.nanoTime();
            s.balance(org.marketlab.clob.AssetType.COLLATERAL);
            System.out.printf(Locale.ROOT, "the account's first read (the sandbox builds its ledger): %.0f ms, before the clock starts%n",
                    (System.nanoTime() - a0) / 1e6);
            long refusedBefore = sandbox.orderBook().buckets().refused();
            long t0 = System.nanoTime();
            int accepted = place(s, orders);
            double secs = (System.nanoTime() - t0) / 1e9;
            double min = (n - ClobTier.STANDARD.limits().orderBurst()) / (double) ClobTier.STANDARD.limits().orderRate();
            System.out.printf(Locale.ROOT, "%,d single orders, Standard tier, live enforcement: %.2f s (minimum %.2f s, %+.2f %%), %d accepted, %d refused with 429"
                            + " (load %s)%n",
                    n, secs, min, (secs / min - 1) * 100, accepted, sandbox.orderBook().buckets().refused() - refusedBefore, Harness.loadAverage());

            ClobSession c = ClobSession.open(connection, Wallet.demo(4), ClobSession.Options.defaults().store(CredentialStore.memory()));
            sandbox.orderBook().buckets().tier(c.address(), Buckets.Tier.STANDARD);
            List<LimitOrder> resting = new ArrayList<>();
            for (int i = 0; i < cancelN; i++) resting.add(c.limitOrder(token, Side.BUY, price, size).postOnly());
            List<OrderResult> placed = c.placeAll(resting);
            Thread.sleep(ClobTier.STANDARD.limits().cancelBurst() * 1000L / ClobTier.STANDARD.limits().cancelRate() + 100); // a full cancel bucket
            long c0 = System.nanoTime();
            Cancellation all = c.cancelEverything();
            long c1 = System.nanoTime();
            double after = c.buckets().cancels().tokens();
            double headroom = Math.ceil(ClobTier.STANDARD.limits().cancelRate() * 0.1);   // the toolkit's 100 ms margin at 80 per s
            Cancellation last = c.cancel(placed.get(0).orderId());
            double wait = (System.nanoTime() - c1) / 1e9;
            double expected = (1 - after) / ClobTier.STANDARD.limits().cancelRate();
            System.out.printf(Locale.ROOT, "cancel-everything of %d orders (%d placed in batches) took %.0f ms: the toolkit's cancel balance after it %.2f tokens"
                            + " (the sandbox's Remaining less the %.0f tokens of the 100 ms margin; %d - 1 - %d = %d before refill);"
                            + " the next cancel waited %.3f s (expected (1 + %.2f) / %d = %.3f s, %+.1f ms), %d refused with 429%n",
                    all.canceled().size(), placed.size(), (c1 - c0) / 1e6, after, headroom, ClobTier.STANDARD.limits().cancelBurst(), all.canceled().size(),
                    ClobTier.STANDARD.limits().cancelBurst() - 1 - all.canceled().size(), wait, -after, ClobTier.STANDARD.limits().cancelRate(), expected,
                    (wait - expected) * 1e3, sandbox.orderBook().buckets().refused() - refusedBefore);
        }

        VirtualClock clock = new VirtualClock();
        SignerBuckets b = new SignerBuckets("0x0000000000000000000000000000000000000001", ClobTier.STANDARD, clock, Duration.ZERO);
        long v0 = clock.nanoTime();
        for (int i = 0; i < n; i++) b.acquire("POST", "/order", 1);
        double v = (clock.nanoTime() - v0) / 1e9;
        System.out.printf(Locale.ROOT, "virtual clock: %,d orders took %.4f s (minimum %.4f s)%n", n, v,
                (n - ClobTier.STANDARD.limits().orderBurst()) / (double) ClobTier.STANDARD.limits().orderRate());
        b.acquire("DELETE", "/cancel-all", 1);
        b.canceled(cancelN);
        long d0 = clock.nanoTime();
        b.acquire("DELETE", "/order", 1);
        double dv = (clock.nanoTime() - d0) / 1e9;
        System.out.printf(Locale.ROOT, "virtual clock: cancel-everything of %d then one cancel waited %.4f s (minimum (%d + 1) / %d = %.4f s)%n", cancelN, dv,
                cancelN + 1 - ClobTier.STANDARD.limits().cancelBurst(), ClobTier.STANDARD.limits().cancelRate(),
                (cancelN + 2 - ClobTier.STANDARD.limits().cancelBurst()) / (double) ClobTier.STANDARD.limits().cancelRate());
        System.exit(0);
    }

    /** Places {@code orders} one by one from eight senders (so the bucket, not one round trip, sets the pace); the number accepted. */
    private static int place(ClobSession s, List<LimitOrder> orders) throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            List<java.util.concurrent.Future<OrderResult>> results = new ArrayList<>();
            for (LimitOrder o : orders) results.add(pool.submit(() -> s.place(o)));
            int accepted = 0;
            for (var f : results) if (f.get().accepted()) accepted++;
            return accepted;
        } finally {
            pool.shutdown();
        }
    }

    /** An open token of the world with a book, whose tick allows a resting buy at one tick. */
    private static String token(Connection connection) {
        ClobData data = new ClobData(connection);
        for (var pos : new org.marketlab.accounts.Account(connection, Wallet.demo(1).address()).positions().list()) {
            try {
                data.book(pos.tokenId());
                return pos.tokenId();
            } catch (RuntimeException noBook) {
                // a closed market
            }
        }
        throw new IllegalStateException("no open book in the sandbox world");
    }
}
