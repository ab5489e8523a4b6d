package org.marketlab.bench;

import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.Call;
import org.marketlab.http.Query;
import org.marketlab.http.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.Pacer;
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
 *   <li>Real clock against the sandbox over loopback: the rate achieved on {@code /events} over a run (requests / elapsed
 *   time) as a share of the permitted 50 per second, and the 429s the sandbox answered.</li>
 * </ol>
 * Run: {@code scripts/bench pacing [seconds for the real-clock run, default 30]}.
 */
public final class PacingBench {

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        virtual();
        real(seconds);
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
        int maxInWindow = 0;
        for (int i = 0, j = 0; i < n; i++) {
            while (sent[i] - sent[j] >= 10_000_000_000L) j++;
            maxInWindow = Math.max(maxInWindow, i - j + 1);
        }
        System.out.println("Pacing, virtual clock: 5,000 GET /events against the published limits (500 / 10 s)");
        System.out.printf(Locale.ROOT, "  virtual time to send all      %10.3f s%n", achieved);
        System.out.printf(Locale.ROOT, "  theoretical minimum           %10.3f s%n", minimum);
        System.out.printf(Locale.ROOT, "  ratio                         %10.4f   (target <= 1.01)%n", achieved / minimum);
        System.out.printf(Locale.ROOT, "  most sends in any 10 s window %10d     (limit 500)%n", maxInWindow);
        System.out.printf(Locale.ROOT, "  pacer cost                    %10.2f us per request (real time)%n", wall / 1e3 / n);
        System.out.println();
    }

    static void real(int seconds) {
        try (Sandbox sandbox = Sandbox.builder().seed(7).build()) {
            var urls = sandbox.start();
            Transport t = Transport.create(Profile.sandbox().withUrl(Service.MARKETS, urls.get("markets").toString()),
                    Clock.system(), Transport.RetryPolicy.DEFAULT);
            Call call = Call.get(Service.MARKETS, "/events", Query.empty().with("limit", 1));
            long start = System.nanoTime();
            long end = start + Duration.ofSeconds(seconds).toNanos();
            long n = 0;
            while (System.nanoTime() < end) {
                t.send(call);
                n++;
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            double permittedRate = 500 / 10.0;
            System.out.printf(Locale.ROOT, "Pacing, real clock: GET /events against the sandbox over loopback for %d s%n", seconds);
            System.out.printf(Locale.ROOT, "  requests sent                 %10d in %.2f s%n", n, elapsed);
            System.out.printf(Locale.ROOT, "  achieved rate                 %10.2f per s (permitted: 500 / 10 s = %.0f per s)%n", n / elapsed, permittedRate);
            System.out.printf(Locale.ROOT, "  share of the permitted rate   %10.1f %%  (target >= 95 %%)%n", 100.0 * n / elapsed / permittedRate);
            System.out.printf(Locale.ROOT, "  429 answers from the sandbox  %10d     (target 0)%n", sandbox.stats().rateLimitedCount());
        }
    }
}
