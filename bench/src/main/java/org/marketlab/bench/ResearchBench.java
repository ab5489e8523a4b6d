package org.marketlab.bench;

import org.marketlab.MarketLab;
import org.marketlab.Markets;
import org.marketlab.Research;
import org.marketlab.config.Profile;
import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.markets.Market;
import org.marketlab.research.Resolved;
import org.marketlab.research.ResolvedQuery;
import org.marketlab.sandbox.Sandbox;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Research reads against their physical minimum, through the public API a notebook calls, from a sandbox that
 * enforces the published windows:
 * <ol>
 *   <li>{@code Research.resolved().limit(N)}, read and made a table: the resolved markets' prices at 1, 7 and 30
 *       days before their end, read from {@code /prices-history} (15 days at most a request, so two requests for a
 *       market that lived 30 days, one for a younger one). The minimum is what the published windows allow for the
 *       fewest requests that can cover those horizons: {@code floor((R - 1) / 1000) × 10 s} for {@code /prices-history}
 *       (1,000 in 10 s, sliding), the events pages' own window (500 in 10 s) if that were longer;</li>
 *   <li>{@code Markets.trades(market).table()} of the most traded market (a headline, the world's longest tape, over
 *       100,000 trades): rows, requests (cursor pages of 1,000, the fewest possible), time, the heap it took, and the
 *       minimum the {@code /v2/trades} window (300 in 10 s) allows for its pages; then the same tape
 *       {@code toParquet}.</li>
 * </ol>
 * The first read is timed twice, each in a fresh JVM: in a child process with the kernel's JVM flags ({@link KernelJvm#FLAGS}),
 * the JVM a notebook's read runs in, and in this process with the JVM's defaults.
 * Prints the 429s the sandbox sent (the target is none) and the requests it held, and the first read's figure against
 * the same read repeated on the warm sandbox (what of its excess is cold start). Args: [N markets, default 3000].
 * Run: {@code scripts/bench research [N]}.
 */
public final class ResearchBench {

    public static void main(String[] args) throws Exception {
        boolean child = args.length > 0 && args[0].equals("--cold");
        String count = child ? args[1] : args.length > 0 ? args[0] : "3000";
        int n = Integer.parseInt(count.replace("_", ""));
        if (child) { // one cold read in this fresh process, for the parent to print
            try (Sandbox sandbox = start()) {
                Cold c = cold(sandbox, n, p -> { });
                System.out.printf(Locale.ROOT, "COLD %.3f %.3f %d %d %d %d%n", c.seconds(), c.cpu(), c.histories(), c.events(), c.fewest(), c.rateLimited());
            }
            System.exit(0);
        }
        System.out.printf(Locale.ROOT, "research bench: %,d resolved markets, %d cores, load %s%n", n, Runtime.getRuntime().availableProcessors(), Harness.loadAverage());
        // 0. The first read in a fresh JVM with the kernel's flags, before this process starts its sandbox.
        String kernelRead = kernelJvmColdRead(n);
        try (Sandbox sandbox = start()) {

            // 1. Resolved markets' histories, the first read of this process (the JVM's default compilers).
            AtomicReference<Progress> last = new AtomicReference<>();
            Cold c = cold(sandbox, n, last::set);
            List<Resolved> resolved = c.resolved();
            double seconds = c.seconds(), cpu = c.cpu(), minimum = c.minimum(), ratio = minimum > 0 ? seconds / minimum : Double.NaN;
            long histories = c.histories(), events = c.events(), fewest = c.fewest();
            System.out.printf(Locale.ROOT, "resolved: %,d markets (%,d rows), %,d /prices-history requests (fewest possible %,d: horizons within 15 days "
                            + "of each other share one) and %,d events pages, %.1f s, %.0f histories/s, CPU %.1f s (%.2f ms a request, client and sandbox); minimum by the published windows %.0f s "
                            + "(the pacer counts an answered request from its answer, with no margin); ratio %.3f; 429s %d; requests held by the sandbox %d%n",
                    resolved.size(), c.rows(), histories, fewest, events, seconds, histories / seconds, cpu, cpu * 1000 / (histories + events), minimum,
                    ratio, c.rateLimited(), sandbox.stats().throttledCount());
            // The last window's requests go once the window allows them and take at least their CPU time spread over
            // the cores (client and sandbox in this process, at this run's CPU a request): the published-window
            // minimum plus that is the least this read can take here.
            long lastBatch = fewest - (long) Math.floor(Math.max(0, fewest - 1) / 1000.0) * 1000;
            int cores = Runtime.getRuntime().availableProcessors();
            double lastService = lastBatch * (cpu / (histories + events)) / cores;
            System.out.printf(Locale.ROOT, "  with the last window's %,d requests' service time (%,d x %.2f ms of CPU / %d cores = %.2f s): minimum %.2f s, ratio %.3f%n",
                    lastBatch, lastBatch, cpu * 1000 / (histories + events), cores, lastService, minimum + lastService, seconds / (minimum + lastService));
            System.out.println("RATIO resolved-market histories (time / published-window minimum): "
                    + String.format(Locale.ROOT, "%.3f", ratio) + "  progress: " + last.get());
            System.out.println(kernelRead);

            // The same read again, once the windows have emptied: the sandbox has answered these markets once and the
            // JIT has compiled both sides, so what is left over the minimum is the pacing's own. The RATIO above stays the
            // figure (a notebook's first read is a cold one); this line shows what of its excess is cold start.
            Thread.sleep(10_500);
            sandbox.stats().reset();
            long tw = System.nanoTime(), cpuw = cpuNanos();
            var again = Research.resolved().limit(n).onProgress(p2 -> { }).list();
            double warmSeconds = (System.nanoTime() - tw) / 1e9, warmCpu = (cpuNanos() - cpuw) / 1e9;
            long warmRequests = sandbox.stats().total();
            System.out.printf(Locale.ROOT, "  the same read again on the warm sandbox: %,d markets, %,d requests, %.1f s, CPU %.1f s (%.2f ms a request); ratio %.3f; 429s %d "
                            + "(the excess of the first read over this one is its cold start: first-time work in the sandbox and the JIT)%n",
                    again.size(), warmRequests, warmSeconds, warmCpu, warmCpu * 1000 / Math.max(1, warmRequests), minimum > 0 ? warmSeconds / minimum : Double.NaN,
                    sandbox.stats().rateLimitedCount());

            // 2. The tape of the most traded market (a headline: the world's longest tape), read as a notebook does.
            Market longest = null;
            for (var e : Markets.events().order("volume").ascending(false).limit(5).list()) {
                for (Market m : e.markets()) if (longest == null || vol(m) > vol(longest)) longest = m;
            }
            sandbox.stats().reset();
            AtomicReference<Progress> tapeProgress = new AtomicReference<>();
            long heap0 = heapKept();
            long t1 = System.nanoTime(), cpu1 = cpuNanos();
            var tape = Markets.trades(longest).onProgress(tapeProgress::set).table();
            double tapeSeconds = (System.nanoTime() - t1) / 1e9, tapeCpu = (cpuNanos() - cpu1) / 1e9;
            long grown = heapKept() - heap0;
            long pages = sandbox.stats().requests("data", "/v2/trades");
            int rows = tape.rowCount();
            tape = null; // what the table alone keeps: the heap with it less the heap without it
            long tableBytes = grown - (heapKept() - heap0);
            // /v2/trades pages by cursor, 1,000 a page, with no offset bound (v1's /trades stops at offset 10,000), so
            // the fewest requests are ceil(trades / 1,000); has_more is exact, so no empty last page.
            long minPages = (rows + 999) / 1000;
            double tapeMinimum = Math.floor(Math.max(0, minPages - 1) / 300.0) * 10;
            System.out.printf(Locale.ROOT, "tape of \"%s\" (volume $%,.0f): table() %,d rows, %,d /v2/trades requests by cursor (fewest possible %,d: "
                            + "1,000 a page, no offset bound on v2), %.1f s, %,.0f trades/s, %.1f ms a request, CPU %.1f s; the table keeps %,d MB "
                            + "of heap, the whole process grew %,d MB over the read (sandbox included; the read holds the table's columns and one page, never a list of records); minimum by the published window (300 in 10 s: every page fits one window) %.0f s; 429s %d%n  progress: %s%n",
                    longest.question(), vol(longest), rows, pages, minPages, tapeSeconds, rows / tapeSeconds,
                    tapeSeconds * 1000 / Math.max(1, pages), tapeCpu, tableBytes >> 20, grown >> 20, tapeMinimum, sandbox.stats().rateLimitedCount(), tapeProgress.get());

            // 3. The same tape harvested to Parquet, a page at a time.
            java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("research-bench-tape");
            try {
                sandbox.stats().reset();
                long t2 = System.nanoTime();
                var report = Markets.trades(longest).toParquet(dir.resolve("tape"));
                double parquetSeconds = (System.nanoTime() - t2) / 1e9;
                System.out.printf(Locale.ROOT, "tape to Parquet (a page at a time): %,d rows in %,d files (one a day), %,d requests, %.1f s; 429s %d%n",
                        report.rows(), report.filesWritten(), sandbox.stats().requests("data", "/v2/trades"), parquetSeconds,
                        sandbox.stats().rateLimitedCount());
            } finally {
                try (var files = java.nio.file.Files.walk(dir)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                }
            }
            System.out.printf(Locale.ROOT, "load at the end: %s%n", Harness.loadAverage());
        }
        System.exit(0);
    }

    /** The sandbox of seed 7 started, and the toolkit pointed at it. */
    private static Sandbox start() {
        Sandbox sandbox = Sandbox.builder().seed(7).build();
        Map<String, java.net.URI> urls = sandbox.start();
        Profile p = Profile.sandbox(7);
        for (Map.Entry<String, java.net.URI> e : urls.entrySet()) {
            for (Service s : Service.values()) if (s.id().equals(e.getKey())) p = p.withUrl(s, e.getValue().toString());
        }
        MarketLab.use(p);
        return sandbox;
    }

    /** A first read of resolved markets and its figures. */
    private record Cold(List<Resolved> resolved, int rows, double seconds, double cpu, long histories, long events, long fewest,
                        long rateLimited) {
        /**
         * The published windows' minimum: /prices-history 1,000 in 10 s; the events listing 500 in 10 s (its own scope).
         * Sliding windows: the first 1,000 go at once, each further 1,000 one window later.
         */
        double minimum() {
            return Math.max(Math.floor(Math.max(0, fewest - 1) / 1000.0) * 10, Math.floor(Math.max(0, events - 1) / 500.0) * 10);
        }
    }

    /** {@code Research.resolved().limit(n)} read and made a table, timed from the call to the table. */
    private static Cold cold(Sandbox sandbox, int n, Progress.Listener progress) {
        sandbox.stats().reset();
        long t0 = System.nanoTime(), cpu0 = cpuNanos();
        var query = Research.resolved().limit(n).onProgress(progress);
        List<Resolved> resolved = query.list();
        var table = ResolvedQuery.table(resolved, query.horizons());
        double seconds = (System.nanoTime() - t0) / 1e9, cpu = (cpuNanos() - cpu0) / 1e9;
        long histories = sandbox.stats().requests("clob", "/prices-history");
        long events = sandbox.stats().requests("markets", "/events/keyset") + sandbox.stats().requests("markets", "/events");
        long fewest = 0;
        for (Resolved r : resolved) fewest += fewestWindows(r);
        return new Cold(resolved, table.rowCount(), seconds, cpu, histories, events, fewest, sandbox.stats().rateLimitedCount());
    }

    /**
     * The first read in a fresh JVM with {@link KernelJvm#FLAGS} (this process's class path), as a notebook's first
     * read runs: a line with its time, ratio, CPU and 429s.
     */
    private static String kernelJvmColdRead(int n) throws Exception {
        List<String> cmd = KernelJvm.command(List.of(), ResearchBench.class, "--cold", Integer.toString(n));
        Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(proc.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (proc.waitFor() != 0) throw new IllegalStateException("the kernel-JVM read failed:\n" + out);
        String line = out.lines().filter(l -> l.startsWith("COLD ")).findFirst()
                .orElseThrow(() -> new IllegalStateException("the kernel-JVM read printed no figures:\n" + out));
        String[] f = line.split(" ");
        double seconds = Double.parseDouble(f[1]), cpu = Double.parseDouble(f[2]);
        long histories = Long.parseLong(f[3]), events = Long.parseLong(f[4]), fewest = Long.parseLong(f[5]), limited = Long.parseLong(f[6]);
        double minimum = new Cold(List.of(), 0, seconds, cpu, histories, events, fewest, limited).minimum();
        return String.format(Locale.ROOT, "resolved, first read in a fresh JVM with the kernel's flags (%s): %,d /prices-history requests (fewest %,d) and %,d events pages, "
                        + "%.1f s, CPU %.1f s (client and sandbox); minimum %.0f s; 429s %d%nRATIO resolved-market histories, the kernel's JVM (time / published-window minimum): %.3f",
                String.join(" ", KernelJvm.FLAGS), histories, fewest, events, seconds, cpu, minimum, limited, minimum > 0 ? seconds / minimum : Double.NaN);
    }

    /**
     * The fewest {@code /prices-history} requests a market's horizon prices need: its horizons after its opening
     * (a price, or a note other than the market being younger), covered by windows of 15 days, the longest the service
     * answers.
     */
    private static int fewestWindows(Resolved r) {
        List<Instant> at = new ArrayList<>();
        for (Resolved.HorizonPrice p : r.prices()) {
            if (p.price() != null || p.note() == null || !p.note().startsWith("the market opened")) at.add(p.at());
        }
        at.sort(null);
        int windows = 0;
        Instant start = null;
        for (Instant t : at) {
            if (start == null || t.isAfter(start.plus(Duration.ofDays(15)))) {
                windows++;
                start = t;
            }
        }
        return windows;
    }

    /** The heap in use after a full collection, bytes: what is kept. */
    private static long heapKept() {
        System.gc();
        return java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** CPU time of the whole process (client and sandbox), nanoseconds. */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double vol(Market m) {
        return m.volumeNum() == null ? 0 : m.volumeNum();
    }

}
