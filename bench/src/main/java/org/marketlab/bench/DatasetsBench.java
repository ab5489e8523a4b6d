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
            Sandbox sandbox = Sandbox.builder().seed(7).now(Instant.parse("2026-11-01T00:00:00Z")).build().enforceLimits(false);
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
            Figures groupBy = new Figures();
            for (int r = 0; r <= rounds; r++) { // round 0 warms both sides and is not counted
                Timer timer = new Timer();
                Table t = Datasets.sql(q).table();
                double[] s = timer.stop();
                double[] p = ask(pin, pout, "groupby " + glob);
                if (r > 0) groupBy.add(s, p);
                System.out.printf(Locale.ROOT, "  group-by round %d%s: MarketLab %s (%d groups), polars %s%n", r, r == 0 ? " (warm-up)" : "",
                        text(s), t.rowCount(), text(p));
            }

            // 3. Write and read one table, taking turns with polars.
            Path source = work.resolve("table-source.parquet");
            Datasets.sql("select proxyWallet, tokenId, conditionId, side, CAST(price AS DOUBLE) as price, CAST(size AS DOUBLE) as size, "
                    + "timestamp, transactionHash, title, slug, outcome, outcomeIndex from '" + glob + "' order by timestamp limit 1000000").toParquet(source);
            Table table = Datasets.load(source);
            Figures write = new Figures();
            Figures read = new Figures();
            for (int r = 0; r <= rounds; r++) {
                Path mine = work.resolve("ml-" + r + ".parquet");
                Timer timer = new Timer();
                Datasets.save(table, mine);
                double[] w = timer.stop();
                double[] pw = ask(pin, pout, "write " + source + " " + work.resolve("pl-" + r + ".parquet"));
                timer = new Timer();
                int n = Datasets.load(source).rowCount();
                double[] rd = timer.stop();
                double[] pr = ask(pin, pout, "read " + source);
                if (r > 0) {
                    write.add(w, pw);
                    read.add(rd, pr);
                }
                System.out.printf(Locale.ROOT, "  table round %d%s (%,d rows): write MarketLab %s, polars %s; read MarketLab %s, polars %s%n",
                        r, r == 0 ? " (warm-up)" : "", n, text(w), text(pw), text(rd), text(pr));
            }
            pout.close();
            py.waitFor();
            // What each side wrote, read from the files' footers (zstd's level is not recorded there: both use level 3).
            for (String side : List.of("ml", "pl")) {
                Path f = work.resolve(side + "-0.parquet");
                Table m = Datasets.sql("select count(distinct row_group_id) as groups, max(row_group_num_rows) as group_rows, "
                        + "string_agg(distinct compression, ',') as compression, count(distinct path_in_schema) filter (where dictionary_page_offset is not null) as dictionaries, "
                        + "count(distinct path_in_schema) filter (where bloom_filter_offset is not null) as blooms, "
                        + "count(distinct path_in_schema) filter (where stats_min_value is not null and stats_null_count is not null) as stats "
                        + "from parquet_metadata('" + f + "')").table();
                String by = Datasets.sql("select created_by from parquet_file_metadata('" + f + "')").table().getString(0, "created_by");
                System.out.printf(Locale.ROOT, "  %s wrote %,d bytes (created by %s): %s, %d row groups of up to %,d rows, min/max/null-count statistics on %d columns, "
                                + "dictionary pages on %d, bloom filters on %d%n", side.equals("ml") ? "MarketLab" : "polars", Files.size(f), by,
                        m.getString(0, "compression"), ((Number) m.column("groups").get(0)).longValue(), ((Number) m.column("group_rows").get(0)).longValue(),
                        ((Number) m.column("stats").get(0)).longValue(), ((Number) m.column("dictionaries").get(0)).longValue(), ((Number) m.column("blooms").get(0)).longValue());
            }
            System.out.println("java.nio open to Arrow (the engine's Arrow path, where Datasets.save cannot write in Java): "
                    + java.nio.ByteBuffer.class.getModule().isOpen("java.nio", DatasetsBench.class.getModule()));
            System.out.println();
            groupBy.print(String.format(Locale.ROOT, "group-by over the %,d-row tape (Datasets.sql / polars)", rows));
            write.print("write a 1,000,000-row table (Datasets.save / write_parquet)");
            read.print("read it (Datasets.load / read_parquet)");
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

    /** The polars side's {wall, CPU} seconds for one command. */
    private static double[] ask(BufferedReader in, PrintWriter out, String command) throws IOException {
        out.println(command);
        String line = in.readLine();
        if (line == null || !line.startsWith("seconds=")) throw new IllegalStateException("polars side answered: " + line);
        String[] words = line.split(" ");
        return new double[] {Double.parseDouble(words[0].substring("seconds=".length())), Double.parseDouble(words[1].substring("cpu=".length()))};
    }

    /** Wall and CPU time (every thread of this process: the JVM's and the engine's) from its start. */
    private static final class Timer {
        final long wall = System.nanoTime();
        final long cpu = cpu();

        double[] stop() {
            return new double[] {(System.nanoTime() - wall) / 1e9, (cpu() - cpu) / 1e9};
        }

        static long cpu() {
            return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        }
    }

    private static String text(double[] t) {
        return String.format(Locale.ROOT, "%.3f s (%.2f CPU-s)", t[0], t[1]);
    }

    /** Counted rounds of one step: MarketLab's and polars' wall and CPU seconds. */
    private static final class Figures {
        final List<Double> mlWall = new ArrayList<>(), mlCpu = new ArrayList<>(), plWall = new ArrayList<>(), plCpu = new ArrayList<>();

        void add(double[] ml, double[] pl) {
            mlWall.add(ml[0]);
            mlCpu.add(ml[1]);
            plWall.add(pl[0]);
            plCpu.add(pl[1]);
        }

        void print(String what) {
            System.out.printf(Locale.ROOT, "RATIO %s: %.2f (medians %.3f s / %.3f s); CPU %.2f (%.2f / %.2f CPU-s)%n", what,
                    median(mlWall) / median(plWall), median(mlWall), median(plWall), median(mlCpu) / median(plCpu), median(mlCpu), median(plCpu));
        }
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
