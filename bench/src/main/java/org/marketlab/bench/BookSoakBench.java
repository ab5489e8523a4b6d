package org.marketlab.bench;

import org.marketlab.Clob;
import org.marketlab.MarketLab;
import org.marketlab.accounts.Position;
import org.marketlab.auth.CredentialStore;
import org.marketlab.clob.Book;
import org.marketlab.clob.ClobSession;
import org.marketlab.clob.MarketFeed;
import org.marketlab.clob.OrderResult;
import org.marketlab.clob.Side;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.clob.ClobChannels;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * The local book under a bad day, on loopback, through the public API ({@code Clob.live}, {@code Clob.session}): a seeded
 * trading session on a sandbox book (resting orders placed and cancelled, now and then a sell that trades) while the
 * sandbox's flow moves the book, its market channel closes the connection {@code disconnects} times and gives
 * {@code wrongHashes} price changes a wrong hash. After every action and every fault the local book must come to equal
 * {@code /book} (levels, stamp and hash) within 5 s; one that does not is a divergence. Prints actions, faults,
 * resyncs, mismatches found, reconnects and divergences.
 *
 * <p>Run: {@code scripts/bench bookSoak [disconnects, default 100] [wrong hashes, default 100] [seconds, default 300]}.
 */
public final class BookSoakBench {

    public static void main(String[] args) throws Exception {
        int disconnects = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int wrong = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        long seconds = args.length > 2 ? Long.parseLong(args[2]) : 300;
        System.exit(run(disconnects, wrong, seconds));
    }

    static int run(int disconnects, int wrongHashes, long seconds) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        try (Sandbox sandbox = Sandbox.builder().seed(7).build().enforceLimits(false)) {
            Map<String, URI> urls = sandbox.start();
            Profile profile = Profile.sandbox(7);
            for (Map.Entry<String, URI> e : urls.entrySet()) profile = profile.withUrl(Service.of(e.getKey()), e.getValue().toString());
            MarketLab.use(profile);
            ClobChannels channels = sandbox.clobChannels();
            channels.flowInterval(0);
            ClobSession session = Clob.session(Wallet.demo(1), ClobSession.Options.defaults().store(CredentialStore.memory()));
            String token = null;
            Book book = null;
            for (Position p : org.marketlab.Accounts.of(session.address()).positions().list()) {
                try {
                    Book b = Clob.book(p.tokenId());
                    if (b.bestBid() == null || b.bestAsk() == null || p.size().compareTo(BigDecimal.valueOf(200)) < 0) continue;
                    if (b.bestBid().subtract(b.tickSize().multiply(BigDecimal.TEN)).signum() <= 0) continue;
                    token = p.tokenId();
                    book = b;
                    break;
                } catch (org.marketlab.http.NotFoundException closed) {
                    // a closed market's token
                }
            }
            if (token == null) throw new IllegalStateException("demo wallet 1 holds no token with room to trade");
            MarketFeed.Options options = MarketFeed.Options.defaults().timing(Duration.ofMillis(500), Duration.ofSeconds(2))
                    .backoff(Duration.ofMillis(10), Duration.ofMillis(300));
            Random random = new Random(29);
            int actions = 0, closed = 0, hashed = 0, divergences = 0;
            long started = System.nanoTime();
            List<String> resting = new ArrayList<>();
            try (MarketFeed feed = Clob.live(options, List.of(token))) {
                channels.flowInterval(40);
                BigDecimal tick = book.tickSize(), min = book.minOrderSize();
                while (closed < disconnects || hashed < wrongHashes) {
                    if (System.nanoTime() > deadline) throw new IllegalStateException("not done within " + seconds + " s: " + feed.status());
                    // One action of the session.
                    int roll = random.nextInt(10);
                    Book now = Clob.book(token);
                    if (roll < 5 || resting.isEmpty()) {
                        boolean buy = random.nextBoolean();
                        BigDecimal away = tick.multiply(BigDecimal.valueOf(1 + random.nextInt(4)));
                        // From the best price of the side; a side the flow emptied is quoted from the other one.
                        BigDecimal bid = now.bestBid() != null ? now.bestBid() : now.bestAsk() != null ? now.bestAsk().subtract(tick) : new BigDecimal("0.5");
                        BigDecimal ask = now.bestAsk() != null ? now.bestAsk() : bid.add(tick);
                        BigDecimal price = buy ? bid.subtract(away) : ask.add(away);
                        if (price.signum() > 0 && price.compareTo(BigDecimal.ONE) < 0) {
                            OrderResult r = session.place(session.limitOrder(token, buy ? Side.BUY : Side.SELL, price, min));
                            if (r.accepted() && "live".equals(r.status())) resting.add(r.orderId());
                        }
                    } else if (roll < 8) {
                        session.cancel(resting.remove(random.nextInt(resting.size())));
                    } else if (now.bestBid() != null) {
                        session.place(session.limitOrder(token, Side.SELL, now.bestBid(), min));
                    }
                    actions++;
                    if (!converges(feed, token)) divergences++;
                    // And a fault.
                    if (hashed < wrongHashes) {
                        channels.wrongHashes(1);
                        hashed++;
                    }
                    if (closed < disconnects && random.nextBoolean()) {
                        closed += Math.min(1, channels.faults().closeConnections());
                    }
                    Thread.sleep(60);
                    if (!converges(feed, token)) divergences++;
                }
                channels.flowInterval(0).clear();
                for (String id : resting) session.cancel(id);
                if (!converges(feed, token)) divergences++;
                MarketFeed.Status s = feed.status();
                System.out.printf(Locale.ROOT, "book soak, seed 7, loopback: %d actions of a trading session, run %.1f s, the flow every 40 ms%n",
                        actions, (System.nanoTime() - started) / 1e9);
                System.out.printf(Locale.ROOT, "  forced disconnects     %6d%n", closed);
                System.out.printf(Locale.ROOT, "  wrong hashes told      %6d%n", hashed);
                Harness.counters(s, "frames", "priceChanges", "hashMismatches", "bestPriceMismatches", "resyncs", "reconnects");
                System.out.printf(Locale.ROOT, "  divergences from /book %6d   (after every action and fault: equal within 5 s)%n", divergences);
                return divergences == 0 ? 0 : 1;
            }
        }
    }

    /** Whether the feed's book comes to equal /book within 5 s. */
    static boolean converges(MarketFeed feed, String token) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (System.nanoTime() < until) {
            Book rest = Clob.book(token), local = feed.book(token);
            if (local != null && rest.hash() != null && rest.hash().equals(local.hash()) && rest.bids().equals(local.bids())
                    && rest.asks().equals(local.asks())) return true;
            Thread.sleep(10);
        }
        return false;
    }
}
