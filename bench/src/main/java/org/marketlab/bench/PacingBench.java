package org.marketlab.bench;

import org.marketlab.markets.MarketData;
import org.marketlab.markets.EventsQuery;
import org.marketlab.config.Connection;
import org.marketlab.MarketLab;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.pacing.ClobTier;
import org.marketlab.pacing.Pacer;
import org.marketlab.pacing.SignerBuckets;
import org.marketlab.pacing.VirtualClock;
import org.marketlab.sandbox.Sandbox;

import java.time.Duration;
import java.util.Locale;

/**
 * The pacing engine's figures.
 * <ol>
 *   <li>Virtual clock: 5,000 {@code GET /events} acquisitions against the published limits finish within 1% of
 *   the theoretical minimum for 500 / 10 s, and no sliding 10 s window holds more than 500 (checked on the
 *   recorded send times, independently of the pacer).</li>
 *   <li>The same from 8 threads at once (fairness must not cost exactness), and the Standard-tier order bucket
 *   on 1,000 single orders against its theoretical minimum.</li>
 *   <li>Real clock against the sandbox over loopback: the rate achieved on {@code /events} over a run (requests / elapsed
 *   time) as a share of the permitted 50 per second, and the 429s the sandbox answered.</li>
 * </ol>
 * Run: {@code scripts/bench pacing [seconds for the real-clock run, default 30] [threads for it, default 1]}.
 */
public final class PacingBench {

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        virtual();
        virtualConcurrent(8);
        buckets();
        real(seconds, threads);
        System.exit(0);
    }

    static void virtual() throws InterruptedException {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        int n = 5000;
        long[] sent = new long[n];
        long wall = System.nanoTime();
        for (int i = 0; i < n; i++) {
            p.acquire("markets", "GET", "/events").settle();
            sent[i] = clock.nanoTime();
        }
        wall = System.nanoTime() - wall;
        double achieved = sent[n - 1] / 1e9;
        double minimum = (Math.ceil(n / 500.0) - 1) * 10.0;
        int maxInWindow = maxInWindow(sent, 10_000_000_000L);
        System.out.println("Pacing, virtual clock: 5,000 GET /events against the published limits (500 / 10 s)");
        System.out.printf(Locale.ROOT, "  virtual time to send all      %10.3f s%n", achieved);
        System.out.printf(Locale.ROOT, "  theoretical minimum           %10.3f s%n", minimum);
        System.out.printf(Locale.ROOT, "  ratio                         %10.4f   (target <= 1.01)%n", achieved / minimum);
        System.out.printf(Locale.ROOT, "  most sends in any 10 s window %10d     (limit 500)%n", maxInWindow);
        System.out.printf(Locale.ROOT, "  pacer cost                    %10.2f us per request (real time)%n", wall / 1e3 / n);
        System.out.println();
    }

    /** The same 5,000 from several threads at once: fairness must cost nothing in exactness. */
    static void virtualConcurrent(int threads) throws InterruptedException {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        int n = 5000;
        long[] sent = new long[n];
        java.util.concurrent.atomic.AtomicInteger k = new java.util.concurrent.atomic.AtomicInteger();
        p.addListener((at, nanos, service, path, scopes, waited) -> sent[k.getAndIncrement()] = nanos);
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int share = n / threads + (t < n % threads ? 1 : 0);
            ts[t] = new Thread(() -> {
                try {
                    // No settle here: on a virtual clock another thread's sleep may already have moved time on,
                    // and an "answer time" read then means nothing (there is no network in this run).
                    for (int i = 0; i < share; i++) p.acquire("markets", "GET", "/events");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        java.util.Arrays.sort(sent);
        double achieved = sent[n - 1] / 1e9;
        double minimum = (Math.ceil(n / 500.0) - 1) * 10.0;
        System.out.printf(Locale.ROOT, "Pacing, virtual clock, %d threads sharing the same 5,000 GET /events%n", threads);
        System.out.printf(Locale.ROOT, "  virtual time to send all      %10.3f s%n", achieved);
        System.out.printf(Locale.ROOT, "  ratio to the minimum          %10.4f   (target <= 1.01)%n", achieved / minimum);
        System.out.printf(Locale.ROOT, "  most sends in any 10 s window %10d     (limit 500)%n", maxInWindow(sent, 10_000_000_000L));
        System.out.println();
    }

    /** Per-signer order bucket, Standard tier (burst 60, 40 per s): 1,000 single orders. */
    static void buckets() throws InterruptedException {
        VirtualClock clock = new VirtualClock();
        SignerBuckets b = SignerBuckets.of("0x00000000000000000000000000000000000000a1", ClobTier.STANDARD, clock);
        int n = 1000;
        for (int i = 0; i < n; i++) b.acquire("POST", "/order", 0);
        double achieved = clock.nanoTime() / 1e9;
        double minimum = (n - ClobTier.STANDARD.limits().orderBurst()) / (double) ClobTier.STANDARD.limits().orderRate();
        System.out.println("Per-signer order bucket, virtual clock: 1,000 POST /order on the Standard tier (burst 60, 40 per s)");
        System.out.printf(Locale.ROOT, "  virtual time to send all      %10.3f s%n", achieved);
        System.out.printf(Locale.ROOT, "  theoretical minimum           %10.3f s   ((1000 - 60) / 40)%n", minimum);
        System.out.printf(Locale.ROOT, "  ratio                         %10.4f%n", achieved / minimum);
        System.out.println();
    }

    static int maxInWindow(long[] sortedSends, long windowNanos) {
        int max = 0;
        for (int i = 0, j = 0; i < sortedSends.length; i++) {
            while (sortedSends[i] - sortedSends[j] >= windowNanos) j++;
            max = Math.max(max, i - j + 1);
        }
        return max;
    }

    static void real(int seconds, int threads) throws InterruptedException {
        try (Sandbox sandbox = Sandbox.builder().seed(7).build().rejectOverLimit(true)) {
            var urls = sandbox.start();
            Connection connection = MarketLab.connect(Profile.sandbox().withUrl(Service.MARKETS, urls.get("markets").toString()));
            // One GET /events?limit=1&offset=0 per call, through the query a notebook uses.
            EventsQuery oneEvent = new MarketData(connection).events().paging(EventsQuery.Paging.OFFSET).pageSize(1).limit(1);
            long start = System.nanoTime();
            long end = start + Duration.ofSeconds(seconds).toNanos();
            java.util.concurrent.atomic.AtomicLong n = new java.util.concurrent.atomic.AtomicLong();
            Thread[] ts = new Thread[threads];
            for (int i = 0; i < threads; i++) {
                ts[i] = new Thread(() -> {
                    while (System.nanoTime() < end) {
                        oneEvent.list();
                        n.incrementAndGet();
                    }
                });
                ts[i].start();
            }
            for (Thread th : ts) th.join();
            double elapsed = (System.nanoTime() - start) / 1e9;
            double permittedRate = 500 / 10.0;
            System.out.printf(Locale.ROOT, "Pacing, real clock: GET /events against the sandbox over loopback for %d s, %d thread(s)%n",
                    seconds, threads);
            System.out.printf(Locale.ROOT, "  requests sent                 %10d in %.2f s%n", n.get(), elapsed);
            System.out.printf(Locale.ROOT, "  achieved rate                 %10.2f per s (permitted: 500 / 10 s = %.0f per s)%n", n.get() / elapsed, permittedRate);
            System.out.printf(Locale.ROOT, "  share of the permitted rate   %10.1f %%  (target >= 95 %%)%n", 100.0 * n.get() / elapsed / permittedRate);
            System.out.printf(Locale.ROOT, "  429 answers from the sandbox  %10d     (target 0)%n", sandbox.stats().rateLimitedCount());
            var events = MarketLab.pacing(connection).scopes().stream().filter(x -> x.scope().equals("markets.events")).findFirst().orElseThrow();
            System.out.printf(Locale.ROOT, "  requests that waited          %10d     (%.1f s in all)%n", events.waited(), events.totalWait().toNanos() / 1e9);
        }
    }
}
