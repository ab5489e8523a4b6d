package org.marketlab.bench;

import org.marketlab.Accounts;
import org.marketlab.Datasets;
import org.marketlab.MarketLab;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.datasets.HarvestReport;
import org.marketlab.sandbox.Sandbox;
import tech.tablesaw.api.Table;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static org.marketlab.bench.Harness.median;

/**
 * {@code scripts/bench datasets [rows] [rounds] [warm-up]}: datasets on disk, measured on the user's path.
 * <ol>
 *   <li>A synthetic trade tape of {@code rows} trades (default 10,000,000) served by the sandbox's Data API is
 *   harvested to Hive-partitioned Parquet by {@code Accounts.of(tape).trades().toParquet(dir)} in a JVM of its own
 *   whose heap is capped at 512 MB (the sandbox runs in this one, without its rate limits, and the harvest's
 *   profile without pacing): rows, time, rows per second, the heap's peak.</li>
 *   <li>A group-by over the tape's files (per market and side: trades, size, mean price, first and last time):
 *   {@code Datasets.sql(q).table()} against polars' {@code scan_parquet(...).group_by(...).collect()}, taking turns.</li>
 *   <li>One table of the tape's first 1,000,000 rows (decimals as doubles, as the toolkit's tables hold them) read and
 *   written: {@code Datasets.load}/{@code Datasets.save} against polars' {@code read_parquet}/{@code write_parquet} of
 *   the same file, taking turns.</li>
 *   <li>The same reads and writes in a child JVM with the kernel's flags ({@link KernelJvm#FLAGS}), the JVM a
 *   notebook's load and save run in, taking turns with a polars process of its own.</li>
 * </ol>
 * Each of steps 2 to 4 runs {@code warm-up} rounds (default 3) that are not counted, then {@code rounds} counted
 * rounds (default 9); a round is MarketLab's call, then polars'. Round 0 is each side's first call, printed apart: a
 * notebook's first save or load is cold. For each step the bench prints the ratio of medians (the {@code RATIO} line),
 * each side's minimum, median and maximum and those of the rounds' own ratios, and the first call's ratio (the
 * {@code FIRST CALL} line). Every MarketLab call is printed with the collections that ran during it (young and full,
 * their pause time and causes) and the JIT's compiling time, so that an outlier round shows what it held; the load
 * average is printed at each step's start and end. Ratios are MarketLab's time over polars' (below 1: MarketLab is
 * faster).
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
        if (args.length > 0 && args[0].equals("--table")) { // step 4's child: the table's rounds in the kernel's JVM
            for (String line : table(python(), Path.of(args[1]), Path.of(args[2]), "kernel-", Integer.parseInt(args[3]),
                    Integer.parseInt(args[4]), ", the kernel's JVM")) System.out.println("SUMMARY " + line);
            return;
        }
        long rows = args.length > 0 ? count(args[0], "rows", 1) : 10_000_000L;
        int rounds = args.length > 1 ? (int) count(args[1], "rounds", 1) : 9;
        int warmUp = args.length > 2 ? (int) count(args[2], "warm-up rounds", 1) : 3;
        Path python = python();
        Path work = Files.createTempDirectory("marketlab-datasets-bench");
        // MARKETLAB_BENCH_TAPE names a folder that keeps the tape between runs: a complete harvest there reads nothing again.
        String kept = System.getenv("MARKETLAB_BENCH_TAPE");
        try {
            Path tape = kept == null || kept.isBlank() ? work.resolve("tape") : Path.of(kept).toAbsolutePath();
            System.out.printf(Locale.ROOT, "datasets bench: %,d-row tape, %d warm-up and %d counted rounds a step, %d cores, load %s, work folder %s%n",
                    rows, warmUp, rounds, Runtime.getRuntime().availableProcessors(), Harness.loadAverage(), work);
            List<String> summary = new ArrayList<>();

            Path checkpoint = tape.resolve("_harvest.json");
            if (Files.isRegularFile(checkpoint)) {
                boolean complete = Files.readString(checkpoint).matches("(?s).*\"complete\"\\s*:\\s*true.*");
                System.out.println("tape kept in " + tape + " (MARKETLAB_BENCH_TAPE): " + (complete
                        ? "its harvest is complete, so the harvest's figure below is not a harvest"
                        : "its harvest resumes where it stopped, so the harvest's figure below is of the rest only"));
            }
            // 1. The harvest, in a JVM capped at 512 MB, from the sandbox in this one.
            System.out.println("harvest: load " + Harness.loadAverage() + " at its start");
            System.setProperty("marketlab.sandbox.tapeRows", Long.toString(rows));
            Sandbox sandbox = Sandbox.builder().seed(7).now(Instant.parse("2026-11-01T00:00:00Z")).build().enforceLimits(false);
            sandbox.start();
            String data = sandbox.urls().get(Service.DATA.id()).toString();
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            run(List.of(java, "-Xmx512m", "-XX:+UseParallelGC", "-cp", System.getProperty("java.class.path"),
                    DatasetsBench.class.getName(), "--harvest", data, tape.toString()), "  harvest | ", "the harvest", summary);
            sandbox.close();
            System.out.printf(Locale.ROOT, "tape on disk: %,d bytes in %d files; load %s at the harvest's end%n", size(tape), files(tape), Harness.loadAverage());

            // 2. The group-by, taking turns with polars.
            String glob = tape + "/**/*.parquet";
            String q = "select conditionId, side, count(*) as trades, sum(size) as size, avg(price) as avg_price, "
                    + "min(timestamp) as first, max(timestamp) as last from '" + glob + "' group by conditionId, side";
            Step groupBy = new Step(warmUp, load("group-by", "start"));
            try (Polars polars = new Polars(python)) {
                for (int r = 0; r < warmUp + rounds; r++) {
                    Timed<Table> t = Timed.of(() -> Datasets.sql(q).table());
                    double[] p = polars.ask("groupby " + glob);
                    groupBy.add(r, t, p);
                    System.out.printf(Locale.ROOT, "  group-by %s: MarketLab %s, %d groups; polars %s; ratio %.2f%n", groupBy.round(r), t.text(),
                            t.value().rowCount(), text(p), t.wall() / p[0]);
                }
            }
            summary.addAll(groupBy.end(String.format(Locale.ROOT, "group-by over the %,d-row tape (Datasets.sql / polars)", rows), load("group-by", "end")));

            // 3. Read and write one table, taking turns with polars, in this JVM.
            Path source = work.resolve("table-source.parquet");
            Datasets.sql("select proxyWallet, tokenId, conditionId, side, CAST(price AS DOUBLE) as price, CAST(size AS DOUBLE) as size, "
                    + "timestamp, transactionHash, title, slug, outcome, outcomeIndex from '" + glob + "' order by timestamp limit 1000000").toParquet(source);
            summary.addAll(table(python, source, work, "", warmUp, rounds, ""));

            // 4. The same in a child JVM with the kernel's flags and this JVM's heap cap (the kernel sets none, so its
            // heap is the JVM's default; this one's keeps the two steps apart by the kernel's flags only).
            List<String> heap = ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(a -> a.startsWith("-Xmx")).toList();
            List<String> child = KernelJvm.command(heap, DatasetsBench.class, "--table", source.toString(), work.toString(),
                    Integer.toString(warmUp), Integer.toString(rounds));
            System.out.println("the kernel's JVM: " + String.join(" ", child.subList(1, child.indexOf("-cp"))));
            run(child, "  kernel's JVM | ", "the kernel's JVM's rounds", summary);

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
            summary.forEach(System.out::println);
        } finally {
            try (Stream<Path> s = Files.walk(work)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * Steps 3 and 4: {@code source} read with {@code Datasets.load} and the table of the first read written with
     * {@code Datasets.save}, against polars' {@code read_parquet} and {@code write_parquet} of the same file, taking
     * turns; files written to {@code work}, named with {@code prefix} (round 0's are kept for their footers). Returns
     * the two steps' summary lines, their labels ending with {@code where}.
     */
    private static List<String> table(Path python, Path source, Path work, String prefix, int warmUp, int rounds, String where) throws Exception {
        String start = load("table", "start");
        Step read = new Step(warmUp, start);
        Step write = new Step(warmUp, start);
        int rows = 0;
        try (Polars polars = new Polars(python)) {
            Table table = null;
            for (int r = 0; r < warmUp + rounds; r++) {
                Timed<Table> rd = Timed.of(() -> Datasets.load(source));
                double[] pr = polars.ask("read " + source);
                read.add(r, rd, pr);
                if (table == null) table = rd.value();
                rows = rd.value().rowCount();
                System.out.printf(Locale.ROOT, "  read  %s, %,d rows: MarketLab %s; polars %s; ratio %.2f%n", read.round(r), rows, rd.text(), text(pr), rd.wall() / pr[0]);
                Path mine = work.resolve(prefix + "ml-" + r + ".parquet");
                Path theirs = work.resolve(prefix + "pl-" + r + ".parquet");
                Table written = table;
                Timed<Path> w = Timed.of(() -> {
                    Datasets.save(written, mine);
                    return mine;
                });
                double[] pw = polars.ask("write " + source + " " + theirs);
                write.add(r, w, pw);
                System.out.printf(Locale.ROOT, "  write %s: MarketLab %s; polars %s; ratio %.2f%n", write.round(r), w.text(), text(pw), w.wall() / pw[0]);
                if (r > 0) { // round 0's files stay for the footers; the rest would only fill the disk
                    Files.delete(mine);
                    Files.delete(theirs);
                }
            }
        }
        String end = load("table", "end");
        List<String> lines = new ArrayList<>(write.end(String.format(Locale.ROOT, "write a %,d-row table (Datasets.save / write_parquet)%s", rows, where), end));
        lines.addAll(read.end("read it (Datasets.load / read_parquet)" + where, end));
        return lines;
    }

    /**
     * Runs a child process to its end, its output printed line by line after {@code prefix}, but its {@code SUMMARY}
     * lines kept in {@code summary} for the end.
     */
    private static void run(List<String> command, String prefix, String what, List<String> summary) throws IOException, InterruptedException {
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith("SUMMARY ")) summary.add(line.substring("SUMMARY ".length()));
                else System.out.println(prefix + line);
            }
        }
        if (child.waitFor() != 0) throw new IllegalStateException(what + " failed (exit " + child.exitValue() + ")");
    }

    private static Path python() {
        Path python = Python.find();
        if (python == null) throw new IllegalStateException("no .venv python with polars: run scripts/python-env");
        return python;
    }

    /** A whole number argument of at least {@code min}, with a clear refusal otherwise. */
    private static long count(String arg, String what, long min) {
        try {
            long n = Long.parseLong(arg.replace("_", ""));
            if (n >= min) return n;
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(what + " must be a whole number of at least " + min + ", not '" + arg
                + "' (usage: scripts/bench datasets [rows] [rounds] [warm-up])");
    }

    /** Prints the load average at a step's start or end, and returns it. */
    private static String load(String step, String when) {
        String load = Harness.loadAverage();
        System.out.println(step + ": load " + load + " at its " + when);
        return load;
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

    /** The polars side: a Python process that runs each command it is sent and answers its {wall, CPU} seconds. */
    private static final class Polars implements AutoCloseable {
        private final Process process;
        private final BufferedReader in;
        private final PrintWriter out;

        Polars(Path python) throws IOException {
            process = new ProcessBuilder(python.toString(), script().toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            out = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
            System.out.println("polars side: " + in.readLine());
        }

        double[] ask(String command) throws IOException {
            out.println(command);
            String line = in.readLine();
            if (line == null || !line.startsWith("seconds=")) throw new IllegalStateException("polars side answered: " + line);
            String[] words = line.split(" ");
            return new double[] {Double.parseDouble(words[0].substring("seconds=".length())), Double.parseDouble(words[1].substring("cpu=".length()))};
        }

        @Override
        public void close() throws InterruptedException {
            out.close();
            process.waitFor();
        }
    }

    /**
     * One MarketLab call: its result, wall and CPU seconds (every thread of this process: the JVM's, the collector's
     * and the engine's), the collections that ran during it and the JIT's compiling time (milliseconds, every
     * compiler thread).
     */
    record Timed<T>(T value, double wall, double cpu, Pauses gc, long jitMs) {
        static <T> Timed<T> of(Callable<T> call) throws Exception {
            long[][] gc = Pauses.counters();
            long jit = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
            long cpu = Harness.cpuNanos();
            long wall = System.nanoTime();
            T value = call.call();
            double seconds = (System.nanoTime() - wall) / 1e9;
            double cpuSeconds = (Harness.cpuNanos() - cpu) / 1e9;
            return new Timed<>(value, seconds, cpuSeconds, Pauses.since(gc), ManagementFactory.getCompilationMXBean().getTotalCompilationTime() - jit);
        }

        String text() {
            return DatasetsBench.text(new double[] {wall, cpu}) + ", " + gc.text() + ", JIT " + jitMs + " ms";
        }
    }

    /**
     * Collections during one or more calls, from this JVM's collectors' MXBeans: young and full counts and their pause
     * time, and the collections' ids, whose causes (an allocation failure, the GC locker, the collector's ergonomics)
     * come from the collectors' notifications, which arrive a moment after each collection.
     */
    static final class Pauses {
        private static final List<GarbageCollectorMXBean> BEANS = ManagementFactory.getGarbageCollectorMXBeans();
        /** Per collector, the cause of each collection by its id (the collector's count of collections). */
        private static final Map<String, Map<Long, String>> CAUSES = new ConcurrentHashMap<>();

        static {
            for (GarbageCollectorMXBean bean : BEANS) {
                if (bean instanceof NotificationEmitter emitter) emitter.addNotificationListener((n, handback) -> {
                    if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) return;
                    GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                    CAUSES.computeIfAbsent(info.getGcName(), k -> new ConcurrentHashMap<>()).put(info.getGcInfo().getId(), info.getGcCause());
                }, null, null);
            }
        }

        long young, youngMs, full, fullMs;
        /** Per collection: the collector's name and id. */
        private final List<Map.Entry<String, Long>> ids = new ArrayList<>();

        /** Each collector's {count, milliseconds} now. */
        static long[][] counters() {
            long[][] c = new long[BEANS.size()][];
            for (int i = 0; i < c.length; i++) c[i] = new long[] {BEANS.get(i).getCollectionCount(), BEANS.get(i).getCollectionTime()};
            return c;
        }

        static Pauses since(long[][] before) {
            long[][] now = counters();
            Pauses p = new Pauses();
            for (int i = 0; i < now.length; i++) {
                String name = BEANS.get(i).getName();
                long n = now[i][0] - before[i][0], ms = now[i][1] - before[i][1];
                if (young(name)) {
                    p.young += n;
                    p.youngMs += ms;
                } else {
                    p.full += n;
                    p.fullMs += ms;
                }
                for (long id = before[i][0] + 1; id <= now[i][0]; id++) p.ids.add(Map.entry(name, id));
            }
            return p;
        }

        /** A young collector by HotSpot's names (Parallel's PS Scavenge, G1's young generation, Serial's Copy). */
        private static boolean young(String collector) {
            return collector.contains("Scavenge") || collector.contains("Young") || collector.equals("Copy") || collector.contains("ParNew");
        }

        void add(Pauses other) {
            young += other.young;
            youngMs += other.youngMs;
            full += other.full;
            fullMs += other.fullMs;
            ids.addAll(other.ids);
        }

        String text() {
            if (young + full == 0) return "no GC";
            Map<String, Integer> causes = new TreeMap<>();
            for (Map.Entry<String, Long> id : ids) {
                String cause = CAUSES.getOrDefault(id.getKey(), Map.of()).get(id.getValue());
                causes.merge(cause == null ? "cause not reported" : cause, 1, Integer::sum);
            }
            StringBuilder b = new StringBuilder("GC ");
            if (young > 0) b.append(String.format(Locale.ROOT, "%d young %d ms", young, youngMs));
            if (full > 0) b.append(young > 0 ? ", " : "").append(String.format(Locale.ROOT, "%d full %d ms", full, fullMs));
            b.append(" (");
            causes.forEach((cause, n) -> b.append(b.charAt(b.length() - 1) == '(' ? "" : ", ").append(cause).append(' ').append(n));
            return b.append(')').toString();
        }
    }

    private static String text(double[] t) {
        return String.format(Locale.ROOT, "%.3f s (%.2f CPU-s)", t[0], t[1]);
    }

    /**
     * One step's rounds: the first call (round 0), the warm-up rounds after it (printed, not counted) and the counted
     * rounds, MarketLab's and polars' wall and CPU seconds, MarketLab's collections and compiling, and the load average
     * at the step's start and end.
     */
    private static final class Step {
        final int warmUp;
        final String loadAtStart;
        final List<Double> mlWall = new ArrayList<>(), mlCpu = new ArrayList<>(), plWall = new ArrayList<>(), plCpu = new ArrayList<>();
        final Pauses gc = new Pauses();
        long jitMs;
        Timed<?> firstMl;
        double[] firstPl;

        Step(int warmUp, String loadAtStart) {
            this.warmUp = warmUp;
            this.loadAtStart = loadAtStart;
        }

        String round(int r) {
            return "round " + r + (r == 0 ? " (first call)" : r < warmUp ? " (warm-up)" : "");
        }

        void add(int r, Timed<?> ml, double[] pl) {
            if (r == 0) {
                firstMl = ml;
                firstPl = pl;
            }
            if (r < warmUp) return;
            mlWall.add(ml.wall());
            mlCpu.add(ml.cpu());
            plWall.add(pl[0]);
            plCpu.add(pl[1]);
            gc.add(ml.gc());
            jitMs += ml.jitMs();
        }

        /** The step's summary: the ratio of medians, each side's spread, the collections, the first call. */
        List<String> end(String what, String loadAtEnd) {
            return List.of(
                    String.format(Locale.ROOT, "RATIO %s: %.2f (medians %.3f s / %.3f s); CPU %.2f (%.2f / %.2f CPU-s)", what,
                            median(mlWall) / median(plWall), median(mlWall), median(plWall), median(mlCpu) / median(plCpu), median(mlCpu), median(plCpu)),
                    String.format(Locale.ROOT, "  %d counted rounds after %d uncounted (the first call among them), load %s at the step's start, %s at its end",
                            mlWall.size(), warmUp, loadAtStart, loadAtEnd),
                    "  MarketLab " + spread(mlWall, mlCpu) + "; in its counted calls " + gc.text() + ", JIT " + jitMs + " ms",
                    "  polars    " + spread(plWall, plCpu),
                    "  ratio of each round's pair (two calls back to back, so the machine's drift between rounds cancels): "
                            + pairs(mlWall, plWall, mlCpu, plCpu),
                    String.format(Locale.ROOT, "FIRST CALL %s: %.2f (%.3f s / %.3f s); CPU %.2f (%.2f / %.2f CPU-s); MarketLab's %s, JIT %d ms", what,
                            firstMl.wall() / firstPl[0], firstMl.wall(), firstPl[0], firstMl.cpu() / firstPl[1], firstMl.cpu(), firstPl[1],
                            firstMl.gc().text(), firstMl.jitMs()));
        }

        private static String pairs(List<Double> mlWall, List<Double> plWall, List<Double> mlCpu, List<Double> plCpu) {
            List<Double> wall = new ArrayList<>(), cpu = new ArrayList<>();
            for (int i = 0; i < mlWall.size(); i++) {
                wall.add(mlWall.get(i) / plWall.get(i));
                cpu.add(mlCpu.get(i) / plCpu.get(i));
            }
            return String.format(Locale.ROOT, "wall %.2f / %.2f / %.2f (min / median / max), CPU %.2f / %.2f / %.2f",
                    Collections.min(wall), median(wall), Collections.max(wall), Collections.min(cpu), median(cpu), Collections.max(cpu));
        }

        private static String spread(List<Double> wall, List<Double> cpu) {
            return String.format(Locale.ROOT, "%.3f / %.3f / %.3f s (min / median / max), %.2f / %.2f / %.2f CPU-s",
                    Collections.min(wall), median(wall), Collections.max(wall), Collections.min(cpu), median(cpu), Collections.max(cpu));
        }
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
