package org.marketlab.bench;

import org.marketlab.Clob;
import org.marketlab.MarketLab;
import org.marketlab.clob.MarketFeed;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.world.World;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Push-to-view lag on the sandbox, through the public API: the sandbox's flow moves {@code tokens} watched books (one
 * action every 20 ms), and for every price change and book the feed applies, the time from the sandbox's push (the
 * message's timestamp, taken by the matching engine as the change is made) to the moment the feed's views are told
 * (its listeners run right after the book is updated, on the feed's thread). Both clocks are this JVM's wall clock, so
 * the figures have its millisecond resolution. Prints p50, p90, p99 and the largest.
 *
 * <p>Run: {@code scripts/bench bookLag [messages, default 3000] [tokens, default 4]}.
 */
public final class BookLagBench {

    public static void main(String[] args) throws Exception {
        int messages = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        int tokens = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        try (Sandbox sandbox = Sandbox.builder().seed(7).enforceLimits(false).build()) {
            Map<String, URI> urls = sandbox.start();
            Profile profile = Profile.sandbox(7);
            for (Map.Entry<String, URI> e : urls.entrySet()) profile = profile.withUrl(Service.of(e.getKey()), e.getValue().toString());
            MarketLab.use(profile);
            List<String> ids = new ArrayList<>();
            for (World.Token t : sandbox.world().tokens()) {
                if (!t.closed() && ids.size() < tokens) ids.add(t.tokenId());
            }
            List<Long> lags = Collections.synchronizedList(new ArrayList<>());
            try (MarketFeed feed = Clob.live(MarketFeed.Options.defaults(), ids)) {
                feed.onMessage(m -> {
                    if (m.timestamp() != null && (m instanceof org.marketlab.clob.MarketMessage.PriceChange || m instanceof org.marketlab.clob.MarketMessage.BookSnapshot)) {
                        lags.add(System.currentTimeMillis() - m.timestamp().toEpochMilli());
                    }
                });
                lags.clear();
                sandbox.clobChannels().flowInterval(20);
                long until = System.nanoTime() + Duration.ofMinutes(5).toNanos();
                while (lags.size() < messages && System.nanoTime() < until) Thread.sleep(100);
                sandbox.clobChannels().flowInterval(0);
                List<Long> sorted;
                synchronized (lags) {
                    sorted = new ArrayList<>(lags);
                }
                Collections.sort(sorted);
                int n = sorted.size();
                System.out.printf(Locale.ROOT, "push-to-view lag, sandbox on loopback, %d tokens, the flow every 20 ms: %d messages%n", ids.size(), n);
                System.out.printf(Locale.ROOT, "  p50 %d ms   p90 %d ms   p99 %d ms   max %d ms   (wall clock, 1 ms resolution; load %s)%n",
                        sorted.get(n / 2), sorted.get(n * 9 / 10), sorted.get(Math.min(n - 1, n * 99 / 100)), sorted.get(n - 1),
                        java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim().split(" ")[0]);
                System.out.println("  " + feed.status());
            }
        }
    }
}
