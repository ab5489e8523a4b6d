package org.marketlab.bench;

import org.marketlab.sandbox.route.SocketFaults.Fault;
import org.marketlab.config.Connection;
import org.marketlab.MarketLab;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.WeightBudget;
import org.marketlab.auth.CredentialStore;
import org.marketlab.perps.Fill;
import org.marketlab.perps.LiveFeed;
import org.marketlab.perps.Modification;
import org.marketlab.perps.Order;
import org.marketlab.perps.PerpsSession;
import org.marketlab.perps.Portfolio;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.perps.PerpsChannel;
import org.marketlab.sandbox.perps.PerpsSandbox;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The real-time channel under a bad day, on loopback: a seeded trading run on the sandbox (the fill process every
 * 100 ms, a modification of a seeded open order every step, about one in ten across the mark) while the sandbox closes the
 * connection without a reason {@code disconnects} times and drops {@code drops} frames; then the feed's orders, fills
 * and portfolio must equal the REST reads exactly. Prints frames received, duplicates, gaps healed, reconnects,
 * resyncs and the worst time from a gap or a lost connection to the resync that healed it.
 *
 * <p>Bounded: at most {@code seconds} (default 180) of run, and it fails loudly rather than wait longer. Run:
 * {@code scripts/bench liveSoak [disconnects, default 100] [drops, default 100] [seconds]}.
 */
public final class LiveSoakBench {

    public static void main(String[] args) throws Exception {
        int disconnects = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int drops = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        long seconds = args.length > 2 ? Long.parseLong(args[2]) : 180;
        int code = run(disconnects, drops, seconds);
        System.exit(code);
    }

    static int run(int disconnects, int drops, long seconds) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        try (Sandbox sandbox = Sandbox.builder().seed(7).build().enforceLimits(false)) {
            var urls = sandbox.start();
            PerpsSandbox perps = sandbox.perps();
            PerpsChannel channel = perps.channel();
            perps.market().fillInterval(100).portfolioInterval(1_000);
            Profile profile = Profile.sandbox(7).withUrl(Service.PERPS, urls.get("perps").toString())
                    .withUrl(Service.PERPS_WS, urls.get("perps_ws").toString());
            Connection connection = MarketLab.connect(profile);
            // The service's budget is unpublished; on loopback the run measures healing, not pacing.
            PerpsSession session = PerpsSession.open(connection, Wallet.demo(1), PerpsSession.Options.defaults()
                    .store(CredentialStore.memory()).budget(new WeightBudget(1_000_000, Duration.ofSeconds(1), Clock.system())));
            LiveFeed.Options options = LiveFeed.Options.defaults().backoff(Duration.ofMillis(10), Duration.ofMillis(500))
                    .timing(Duration.ofSeconds(1), Duration.ofSeconds(65)); // pings each second find a trailing gap soon
            Random random = new Random(7);
            long started = System.nanoTime();
            int closed = 0, modifications = 0;
            try (LiveFeed feed = session.live(options)) {
                while (closed < disconnects || channel.faults().dropped() < drops) {
                    if (System.nanoTime() > deadline) throw new IllegalStateException("not done within " + seconds + " s: " + feed.status());
                    List<Order> open = session.openOrders();
                    if (!open.isEmpty()) {
                        Order o = open.get(random.nextInt(open.size()));
                        boolean cross = random.nextInt(10) == 0 && open.size() > 6; // a crossing fills the order away
                        String price = cross ? (o.buy() ? "5000" : "0.01") : (o.buy() ? "1.25" : "2500");
                        BigDecimal qty = o.fill().add(BigDecimal.valueOf(0.1 + random.nextDouble()).setScale(3, RoundingMode.DOWN));
                        session.modifyOrders(Map.of(o.coid(), Modification.of(price, qty.toPlainString())));
                        modifications++;
                    }
                    if (channel.faults().dropped() < drops) channel.faults().next(Fault.DROP, 1);
                    Thread.sleep(40);
                    if (closed < disconnects && feed.state() == LiveFeed.State.AUTHENTICATED && random.nextBoolean()) {
                        closed += channel.faults().closeConnections();
                    }
                    Thread.sleep(40);
                }
                channel.faults().next(Fault.DROP, 0);
                perps.market().fillInterval(0).portfolioInterval(0);
                long quiet = System.nanoTime();
                // Quiet now: wait for the last pings to show any trailing gap and for its resync.
                Thread.sleep(3_000);
                while (feed.state() != LiveFeed.State.AUTHENTICATED) {
                    if (System.nanoTime() > deadline) throw new IllegalStateException("did not reconnect: " + feed.status());
                    Thread.sleep(50);
                }
                feed.settle();
                long runNanos = quiet - started;
                String mismatch = compare(session, feed);
                LiveFeed.Status s = feed.status();
                System.out.printf(Locale.ROOT, "live soak, seed 7, loopback: %d modifications, %d fills, run %.1f s%n", modifications,
                        feed.fills().size(), runNanos / 1e9);
                System.out.printf(Locale.ROOT, "  forced disconnects   %6d%n", closed);
                System.out.printf(Locale.ROOT, "  frames dropped       %6d   (sandbox)%n", channel.faults().dropped());
                System.out.printf(Locale.ROOT, "  frames pushed        %6d   (sandbox, dropped included)%n", channel.faults().pushed());
                Harness.counters(s, "frames", "duplicates", "gapsHealed", "reconnects", "resyncs");
                System.out.printf(Locale.ROOT, "  worst time to heal   %6d ms%n", s.worstHeal().toMillis());
                System.out.println("  orders, fills and portfolio equal the REST reads: " + (mismatch == null ? "yes" : "NO, " + mismatch));
                return mismatch == null ? 0 : 1;
            }
        }
    }

    /** Null when the feed's state equals the REST reads; else what differs. */
    static String compare(PerpsSession session, LiveFeed feed) {
        Map<Long, Order> restOrders = new TreeMap<>(), liveOrders = new TreeMap<>();
        for (Order o : session.openOrders()) restOrders.put(o.oid(), o);
        for (Order o : feed.orders()) liveOrders.put(o.oid(), o);
        if (!restOrders.equals(liveOrders)) return "orders: REST " + restOrders.keySet() + ", feed " + liveOrders.keySet();
        Map<Long, Fill> restFills = new TreeMap<>(), liveFills = new TreeMap<>();
        for (Fill f : session.fills().list()) restFills.put(f.tid(), f);
        for (Fill f : feed.fills()) {
            // The history carries neither the client order id nor adl (the official client's schema); the frames do.
            liveFills.put(f.tid(), new Fill(f.tid(), f.oid(), f.iid(), f.side(), f.p(), f.qty(), f.taker(), f.fee(), f.fea(), f.psz(),
                    f.pep(), f.pnl(), f.liq(), null, f.ts(), null));
        }
        if (!restFills.equals(liveFills)) return "fills: REST " + restFills.size() + ", feed " + liveFills.size();
        Portfolio rest = session.portfolio(), live = feed.portfolio();
        if (!rest.positions().equals(live.positions())) return "positions";
        if (!rest.margin().equals(live.margin())) return "margin: REST " + rest.margin() + ", feed " + live.margin();
        if (rest.withdrawable().compareTo(live.withdrawable()) != 0) return "withdrawable";
        return null;
    }
}
