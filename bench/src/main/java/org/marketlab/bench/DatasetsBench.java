package org.marketlab.bench;

import org.marketlab.Accounts;
import org.marketlab.Datasets;
import org.marketlab.MarketLab;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.datasets.HarvestReport;
import org.marketlab.sandbox.Sandbox;
import tech.tablesaw.api.Table;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code scripts/bench datasets [rows] [rounds]}: datasets on disk, measured on the user's path.
 * <ol>
 *   <li>A synthetic trade tape of {@code rows} trades (default 10,000,000) served by the sandbox's Data API is
 *   harvested to Hive-partitioned Parquet by {@code Accounts.of(tape).trades().toParquet(dir)} in a JVM of its own
 *   whose heap is capped at 512 MB (the sandbox runs in this one, without its rate limits, and the harvest's
 *   profile without pacing): rows, time, rows per second, the heap's peak.</li>
 *   <li>A group-by over the tape's files (per market and side: trades, size, mean price, first and last time):
 *   {@code Datasets.sql(q).table()} against polars' {@code scan_parquet(...).group_by(...).collect()}, taking turns,
 *   {@code rounds} times each; the ratio of medians.</li>
 *   <li>One table of the tape's first 1,000,000 rows (decimals as doubles, as the toolkit's tables hold them) written
 *   and read: {@code Datasets.save}/{@code Datasets.load} against polars' {@code write_parquet}/{@code read_parquet} of
 *   the same file, taking turns; ratios of medians.</li>
 * </ol>
 * Ratios are MarketLab's time over polars' (below 1: MarketLab is faster).
 */
public final class DatasetsBench {

    private static final String TAPE = "0x7a9e000000000000000000000000000000000001";

    private DatasetsBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--harvest")) {
            harvest(args[1], Path.of(args[2]));
            return;
        }
        long rows = args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : 10_000_000L;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Path python = Python.find();
        if (python == null) throw new IllegalStateException("no .venv python with polars: run scripts/python-env");
        Path work = Files.createTempDirectory("marketlab-datasets-bench");
        // MARKETLAB_BENCH_TAPE names a folder that keeps the tape between runs: a complete harvest there reads nothing again.
        String kept = System.getenv("MARKETLAB_BENCH_TAPE");
        try {
            Path tape = kept == null || kept.isBlank() ? work.resolve("tape") : Path.of(kept).toAbsolutePath();
            System.out.printf(Locale.ROOT, "datasets bench: %,d-row tape, %d rounds, %d cores, work folder %s%n", rows, rounds,
                    Runtime.getRuntime().availableProcessors(), work);

            Path checkpoint = tape.resolve("_harvest.json");
            if (Files.isRegularFile(checkpoint)) {
                boolean complete = Files.readString(checkpoint).matches("(?s).*\"complete\"\\s*:\\s*true.*");
                System.out.println("tape kept in " + tape + " (MARKETLAB_BENCH_TAPE): " + (complete
                        ? "its harvest is complete, so the harvest's figure below is not a harvest"
                        : "its harvest resumes where it stopped, so the harvest's figure below is of the rest only"));
            }
            // 1. The harvest, in a JVM capped at 512 MB, from the sandbox in this one.
            System.setProperty("marketlab.sandbox.tapeRows", Long.toString(rows));
            Sandbox sandbox = Sandbox.builder().seed(7).now(Instant.parse("2026-11-01T00:00:00Z")).enforceLimits(false).build();
            sandbox.start();
            String data = sandbox.urls().get(Service.DATA.id()).toString();
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process child = new ProcessBuilder(java, "-Xmx512m", "-XX:+UseParallelGC", "-cp", System.getProperty("java.class.path"),
                    DatasetsBench.class.getName(), "--harvest", data, tape.toString()).redirectErrorStream(true).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) System.out.println("  harvest | " + line);
            }
            if (child.waitFor() != 0) throw new IllegalStateException("the harvest failed (exit " + child.exitValue() + ")");
            sandbox.close();
            System.out.printf(Locale.ROOT, "tape on disk: %,d bytes in %d files%n", size(tape), files(tape));

            // 2. The group-by, taking turns with polars.
            String glob = tape + "/**/*.parquet";
            String q = "select conditionId, side, count(*) as trades, sum(size) as size, avg(price) as avg_price, "
                    + "min(timestamp) as first, max(timestamp) as last from '" + glob + "' group by conditionId, side";
            Process py = new ProcessBuilder(python.toString(), script().toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            BufferedReader pin = new BufferedReader(new InputStreamReader(py.getInputStream(), StandardCharsets.UTF_8));
            PrintWriter pout = new PrintWriter(py.getOutputStream(), true, StandardCharsets.UTF_8);
            System.out.println("polars side: " + pin.readLine());
            List<Double> ml = new ArrayList<>();
            List<Double> pl = new ArrayList<>();
            int groups = 0;
            for (int r = 0; r <= rounds; r++) { // round 0 warms both sides and is not counted
                long t0 = System.nanoTime();
                Table t = Datasets.sql(q).table();
                double s = (System.nanoTime() - t0) / 1e9;
                groups = t.rowCount();
                double p = ask(pin, pout, "groupby " + glob);
                if (r > 0) {
                    ml.add(s);
                    pl.add(p);
                }
                System.out.printf(Locale.ROOT, "  group-by round %d%s: MarketLab %.3f s (%d groups), polars %.3f s%n", r, r == 0 ? " (warm-up)" : "", s, groups, p);
            }
            double groupBy = median(ml) / median(pl);

            // 3. Write and read one table, taking turns with polars.
            Path source = work.resolve("table-source.parquet");
            Datasets.sql("select proxyWallet, tokenId, conditionId, side, CAST(price AS DOUBLE) as price, CAST(size AS DOUBLE) as size, "
                    + "timestamp, transactionHash, title, slug, outcome, outcomeIndex from '" + glob + "' order by timestamp limit 1000000").toParquet(source);
            Table table = Datasets.load(source);
            List<Double> mlWrite = new ArrayList<>(), plWrite = new ArrayList<>(), mlRead = new ArrayList<>(), plRead = new ArrayList<>();
            for (int r = 0; r <= rounds; r++) {
                Path mine = work.resolve("ml-" + r + ".parquet");
                long t0 = System.nanoTime();
                Datasets.save(table, mine);
                double w = (System.nanoTime() - t0) / 1e9;
                double pw = ask(pin, pout, "write " + source + " " + work.resolve("pl-" + r + ".parquet"));
                t0 = System.nanoTime();
                int n = Datasets.load(source).rowCount();
                double rd = (System.nanoTime() - t0) / 1e9;
                double pr = ask(pin, pout, "read " + source);
                if (r > 0) {
                    mlWrite.add(w);
                    plWrite.add(pw);
                    mlRead.add(rd);
                    plRead.add(pr);
                }
                System.out.printf(Locale.ROOT, "  table round %d%s (%,d rows): write MarketLab %.3f s, polars %.3f s; read MarketLab %.3f s, polars %.3f s%n",
                        r, r == 0 ? " (warm-up)" : "", n, w, pw, rd, pr);
            }
            pout.close();
            py.waitFor();
            System.out.println();
            System.out.printf(Locale.ROOT, "RATIO group-by over the %,d-row tape (Datasets.sql / polars): %.2f (medians %.3f s / %.3f s)%n", rows, groupBy, median(ml), median(pl));
            System.out.printf(Locale.ROOT, "RATIO write a 1,000,000-row table (Datasets.save / write_parquet): %.2f (medians %.3f s / %.3f s)%n",
                    median(mlWrite) / median(plWrite), median(mlWrite), median(plWrite));
            System.out.printf(Locale.ROOT, "RATIO read it (Datasets.load / read_parquet): %.2f (medians %.3f s / %.3f s)%n",
                    median(mlRead) / median(plRead), median(mlRead), median(plRead));
        } finally {
            try (Stream<Path> s = Files.walk(work)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** The harvest's JVM: the tape's trades to {@code dir} through the public API, progress every million rows. */
    private static void harvest(String dataUrl, Path dir) {
        MarketLab.use(Profile.sandbox(7).withUrl(Service.DATA, dataUrl).withIpLimits(List.of()));
        long[] peak = {0};
        Thread watch = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peak[0] = Math.max(peak[0], heapUsed());
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        watch.setDaemon(true);
        watch.start();
        long t0 = System.nanoTime();
        long[] next = {1_000_000};
        HarvestReport r = Accounts.of(TAPE).trades().harvest().onProgress(p -> {
            if (p.done() >= next[0]) {
                System.out.printf(Locale.ROOT, "%,d rows, %.1f s%n", p.done(), (System.nanoTime() - t0) / 1e9);
                next[0] += 1_000_000;
            }
        }).to(dir);
        double s = (System.nanoTime() - t0) / 1e9;
        watch.interrupt();
        long max = Runtime.getRuntime().maxMemory();
        System.out.printf(Locale.ROOT, "HARVEST %,d rows in %.1f s (%,.0f rows/s), %d pages, %d files; heap cap %d MB, peak heap used %d MB%n",
                r.rows(), s, r.rows() / s, r.pages(), r.filesWritten(), max >> 20, Math.max(peak[0], heapUsed()) >> 20);
    }

    private static long heapUsed() {
        long used = 0;
        for (MemoryPoolMXBean b : ManagementFactory.getMemoryPoolMXBeans()) if (b.getType() == MemoryType.HEAP) used += b.getUsage().getUsed();
        return used;
    }

    private static double ask(BufferedReader in, PrintWriter out, String command) throws IOException {
        out.println(command);
        String line = in.readLine();
        if (line == null || !line.startsWith("seconds=")) throw new IllegalStateException("polars side answered: " + line);
        return Double.parseDouble(line.substring("seconds=".length(), line.indexOf(' ')));
    }

    private static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        s.sort(null);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    private static long size(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static long files(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".parquet")).count();
        }
    }

    private static Path script() throws IOException {
        Path p = Files.createTempFile("marketlab-python-datasets", ".py");
        p.toFile().deleteOnExit();
        try (var in = DatasetsBench.class.getResourceAsStream("/python_datasets_bench.py")) {
            Files.write(p, in.readAllBytes());
        }
        return p;
    }
}
