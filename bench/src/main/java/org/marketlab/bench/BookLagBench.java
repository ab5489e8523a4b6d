package org.marketlab.bench;

import org.marketlab.Clob;
import org.marketlab.MarketLab;
import org.marketlab.clob.MarketFeed;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.world.World;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Push-to-view lag on the sandbox, through the public API: the sandbox's flow moves {@code tokens} watched books (one
 * action every 20 ms), and for every price change and book the feed applies, the time from the sandbox's push (the
 * message's timestamp, taken by the matching engine as the change is made) to the moment the feed's views are told
 * (its listeners run right after the book is updated, on the feed's thread). Both clocks are this JVM's wall clock, so
 * the figures have its millisecond resolution. The official {@code @polymarket/client} follows the same tokens at the same
 * time with its subscription helper (interop/clob-market-lag.mjs), timed the same way from the same stamps to the
 * moment its events reach its reader. Prints p50, p90, p99 and the largest of both, and their ratios.
 *
 * <p>Run: {@code scripts/bench bookLag [messages, default 3000] [tokens, default 4]}.
 */
public final class BookLagBench {

    public static void main(String[] args) throws Exception {
        int messages = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        int tokens = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        try (Sandbox sandbox = Sandbox.builder().seed(7).build().enforceLimits(false)) {
            Map<String, URI> urls = sandbox.start();
            Profile profile = Profile.sandbox(7);
            for (Map.Entry<String, URI> e : urls.entrySet()) profile = profile.withUrl(Service.of(e.getKey()), e.getValue().toString());
            MarketLab.use(profile);
            List<String> ids = new ArrayList<>();
            for (World.Token t : sandbox.world().tokens()) {
                if (!t.closed() && ids.size() < tokens) ids.add(t.tokenId());
            }
            List<Long> lags = Collections.synchronizedList(new ArrayList<>());
            Process node = official(urls, ids);
            try (MarketFeed feed = Clob.live(MarketFeed.Options.defaults(), ids);
                 BufferedReader out = new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8))) {
                feed.onMessage(m -> {
                    if (m.timestamp() != null && (m instanceof org.marketlab.clob.MarketMessage.PriceChange || m instanceof org.marketlab.clob.MarketMessage.BookSnapshot)) {
                        lags.add(System.currentTimeMillis() - m.timestamp().toEpochMilli());
                    }
                });
                String ready = out.readLine();
                if (!"{\"ready\":true}".equals(ready)) throw new IllegalStateException("the official client did not start: " + ready + " " + stderr(node));
                lags.clear();
                sandbox.clobChannels().flowInterval(20);
                long until = System.nanoTime() + Duration.ofMinutes(5).toNanos();
                while (lags.size() < messages && System.nanoTime() < until) Thread.sleep(100);
                sandbox.clobChannels().flowInterval(0);
                Thread.sleep(500); // the last pushes reach both
                List<Long> sorted;
                synchronized (lags) {
                    sorted = new ArrayList<>(lags);
                }
                node.getOutputStream().close();
                List<Long> theirs = new ArrayList<>();
                String last = out.readLine();
                if (last == null) throw new IllegalStateException("the official client printed nothing: " + stderr(node));
                for (JsonNode l : new ObjectMapper().readTree(last).get("lags")) theirs.add(l.asLong());
                node.waitFor(20, TimeUnit.SECONDS);
                String load = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim().split(" ")[0];
                System.out.printf(Locale.ROOT, "push-to-view lag, sandbox on loopback, %d tokens, the flow every 20 ms, both clients on the same pushes "
                        + "(wall clock, 1 ms resolution; load %s)%n", ids.size(), load);
                long[] mine = percentiles(sorted), official = percentiles(theirs);
                print("MarketFeed (Clob.live), listeners told", sorted.size(), mine);
                print("@polymarket/client subscribe, event read", theirs.size(), official);
                System.out.printf(Locale.ROOT, "RATIO p50 MarketFeed / official client  %s%n", ratio(mine[0], official[0]));
                System.out.printf(Locale.ROOT, "RATIO p99 MarketFeed / official client  %s%n", ratio(mine[2], official[2]));
                System.out.println("  " + feed.status());
            } finally {
                node.destroy();
            }
        }
    }

    /** The official client following the same tokens (interop/clob-market-lag.mjs, installed by scripts/prerequisites). */
    private static Process official(Map<String, URI> urls, List<String> ids) throws Exception {
        Path dir = Path.of("interop").toAbsolutePath();
        if (!Files.isDirectory(dir.resolve("node_modules/@polymarket/client"))) {
            throw new IllegalStateException("the official client is not installed in " + dir + ": run scripts/prerequisites");
        }
        List<String> cmd = new ArrayList<>(List.of("node", "clob-market-lag.mjs", urls.get("clob").toString(), urls.get("clob_ws").toString()));
        cmd.addAll(ids);
        return new ProcessBuilder(cmd).directory(dir.toFile()).start();
    }

    /** p50, p90, p99, max of sorted lags. */
    private static long[] percentiles(List<Long> lags) {
        Collections.sort(lags);
        int n = lags.size();
        if (n == 0) throw new IllegalStateException("no message was timed");
        return new long[]{lags.get(n / 2), lags.get(n * 9 / 10), lags.get(Math.min(n - 1, n * 99 / 100)), lags.get(n - 1)};
    }

    private static void print(String who, int n, long[] p) {
        System.out.printf(Locale.ROOT, "  %-42s %5d messages   p50 %d ms   p90 %d ms   p99 %d ms   max %d ms%n", who, n, p[0], p[1], p[2], p[3]);
    }

    private static String ratio(long mine, long theirs) {
        // Lags of 0 ms are below the clock's resolution: a ratio is printed only when both are measurable.
        return mine == 0 || theirs == 0 ? "n/a (" + mine + " ms against " + theirs + " ms: below the clock's 1 ms resolution)"
                : String.format(Locale.ROOT, "%.2f (%d ms against %d ms)", mine / (double) theirs, mine, theirs);
    }

    private static String stderr(Process p) {
        try {
            if (p.isAlive()) p.destroy();
            return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (Exception e) {
            return e.toString();
        }
    }
}
