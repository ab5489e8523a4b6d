package org.marketlab.bench;

import org.marketlab.MarketLab;
import org.marketlab.Markets;
import org.marketlab.Research;
import org.marketlab.config.Profile;
import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.markets.Market;
import org.marketlab.sandbox.Sandbox;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Research reads against their physical minimum, through the public API a notebook calls, from a sandbox that
 * enforces the published windows:
 * <ol>
 *   <li>{@code Research.resolved().limit(N).list()}: the resolved markets' histories, one {@code /prices-history} each;
 *       the minimum is what the published window (1,000 requests in 10 s, sliding) allows for that many requests,
 *       {@code floor((R - 1) / 1000) × 10 s};</li>
 *   <li>{@code Markets.trades(market).list()} of the market with the longest tape: rows, requests, time, and the minimum
 *       the {@code /v2/trades} window (300 in 10 s) allows for its pages.</li>
 * </ol>
 * Prints the 429s the sandbox sent (the target is none) and the requests it held. Args: [N markets, default 3000].
 * Run: {@code scripts/bench research [N]}.
 */
public final class ResearchBench {

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0].replace("_", "")) : 3000;
        try (Sandbox sandbox = Sandbox.builder().seed(7).build()) {
            Map<String, java.net.URI> urls = sandbox.start();
            Profile p = Profile.sandbox(7);
            for (Map.Entry<String, java.net.URI> e : urls.entrySet()) {
                for (Service s : Service.values()) if (s.id().equals(e.getKey())) p = p.withUrl(s, e.getValue().toString());
            }
            MarketLab.use(p);
            System.out.printf(Locale.ROOT, "research bench: %,d resolved markets, %d cores, load %s%n", n, Runtime.getRuntime().availableProcessors(), load());

            // 1. Resolved markets' histories.
            AtomicReference<Progress> last = new AtomicReference<>();
            sandbox.stats().reset();
            long t0 = System.nanoTime();
            var resolved = Research.resolved().limit(n).onProgress(last::set).list();
            double seconds = (System.nanoTime() - t0) / 1e9;
            long histories = sandbox.stats().requests("clob", "/prices-history");
            long events = sandbox.stats().total() - histories;
            double minimum = Math.floor((histories - 1) / 1000.0) * 10;
            System.out.printf(Locale.ROOT, "resolved: %,d markets, %,d /prices-history requests and %,d others (events pages), %.1f s; "
                            + "minimum by the published window %.0f s; ratio %.3f; 429s %d; requests held by the sandbox %d%n",
                    resolved.size(), histories, events, seconds, minimum, minimum > 0 ? seconds / minimum : Double.NaN,
                    sandbox.stats().rateLimitedCount(), sandbox.stats().throttledCount());
            System.out.println("RATIO resolved-market histories (time / published-window minimum): "
                    + String.format(Locale.ROOT, "%.3f", minimum > 0 ? seconds / minimum : Double.NaN) + "  progress: " + last.get());

            // 2. The longest tape among the most traded markets.
            Market longest = null;
            for (var e : Markets.events().order("volume").ascending(false).limit(5).list()) {
                for (Market m : e.markets()) if (longest == null || vol(m) > vol(longest)) longest = m;
            }
            sandbox.stats().reset();
            long t1 = System.nanoTime();
            var tape = Markets.trades(longest).list();
            double tapeSeconds = (System.nanoTime() - t1) / 1e9;
            long pages = sandbox.stats().requests("data", "/v2/trades");
            long minPages = (tape.size() + 999) / 1000;
            double tapeMinimum = Math.floor(Math.max(0, minPages - 1) / 300.0) * 10;
            System.out.printf(Locale.ROOT, "tape of \"%s\" (volume $%,.0f): %,d trades, %,d requests (fewest possible %,d), %.1f s, %,.0f trades/s; "
                            + "minimum by the published window %.0f s; 429s %d%n",
                    longest.question(), vol(longest), tape.size(), pages, minPages, tapeSeconds, tape.size() / tapeSeconds, tapeMinimum,
                    sandbox.stats().rateLimitedCount());
            System.out.printf(Locale.ROOT, "load at the end: %s%n", load());
        }
        System.exit(0);
    }

    private static double vol(Market m) {
        return m.volumeNum() == null ? 0 : m.volumeNum();
    }

    private static String load() throws Exception {
        return String.join(" ", java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim().split(" ")).substring(0, 14);
    }
}
