package org.marketlab.bench;

import org.marketlab.config.Profile;
import org.marketlab.markets.Event;
import org.marketlab.markets.EventTables;
import org.marketlab.Markets;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Events JSON to tables for the whole sandbox world (events, markets with the JSON-in-string fields decoded, and
 * tags), on the same bytes in one run: MarketLab against pandas ({@code json_normalize}) and polars
 * ({@code read_json}, explode, unnest), both from the project's virtual environment.
 *
 * <ul>
 *   <li><b>warm</b>: each library in a process that has already done the work a few times; median seconds a run.
 *       Rounds alternate the three.</li>
 *   <li><b>cold</b>: a fresh process per run, timed from spawn to exit, with each process's own CPU seconds: a JVM
 *       started as docs/performance.md tells a script to start ({@link #COLD_JVM} and a class-data-sharing archive
 *       made by a training run first), the same with plain {@code java} (no flags, no archive), a fresh Python.
 *       Rounds alternate them.</li>
 * </ul>
 * Prints the ratios MarketLab / polars (goals: cold at most 1.0, warm at most 0.67) and MarketLab / pandas.
 *
 * <p>Run: {@code scripts/bench events [seconds] [rounds]}.
 */
public final class EventsTableBench {

    /** The cold JVM's flags, chosen by measurement on this benchmark (docs/performance.md). */
    static final List<String> COLD_JVM = List.of("-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto");

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 6;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path file = harvest();
        byte[] bytes = Files.readAllBytes(file);
        String text = new String(bytes, StandardCharsets.UTF_8);
        EventTables.All first = Markets.parseEventTables(text);
        double mb = bytes.length / 1e6;
        System.out.printf(Locale.ROOT, "Events JSON to tables: %d events, %d markets, %d tag rows; %.1f MB (%s)%n",
                first.events().rowCount(), first.markets().rowCount(), first.tags().rowCount(), mb, file);
        System.out.printf(Locale.ROOT, "load while measuring: %s%n", load());
        Path python = Python.find();
        if (python == null) System.out.println("pandas and polars: not measured (no .venv; run scripts/python-env)");

        // ---- warm, rounds alternating the three -----------------------------------------------------------------
        List<double[]> ml = new ArrayList<>(), records = new ArrayList<>(), pd = new ArrayList<>(), pl = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            ml.add(Harness.median(seconds, () -> {
                EventTables.All all = Markets.parseEventTables(text);
                return all.events().rowCount() + all.markets().rowCount() + all.tags().rowCount();
            }));
            records.add(Harness.median(seconds, () -> {
                List<Event> list = Markets.parseEvents(text);
                return Markets.table(list).rowCount() + Markets.marketsTable(list).rowCount();
            }));
            if (python != null) {
                pd.add(warm(python, "pandas", file, seconds));
                pl.add(warm(python, "polars", file, seconds));
            }
        }
        System.out.printf(Locale.ROOT, "%nwarm (median of %d rounds of medians)   %10s %10s %10s%n", rounds, "wall s/run", "MB/s", "CPU s/run");
        warmRow("MarketLab: default (parseEvents, table)", records, mb);
        warmRow("MarketLab: parseEventTables (columns)", ml, mb);
        if (python != null) {
            warmRow("pandas json_normalize", pd, mb);
            warmRow("polars read_json", pl, mb);
        }

        // ---- cold: fresh processes, rounds alternating the three ------------------------------------------------
        Path archive = Files.createTempFile("marketlab-cold-events", ".jsa");
        Files.delete(archive);
        List<String> train = javaCommand(List.of("-XX:ArchiveClassesAtExit=" + archive), file);
        Harness.process(train);
        List<String> java = javaCommand(Files.isRegularFile(archive) ? List.of("-XX:SharedArchiveFile=" + archive) : List.of(), file);
        List<String> javaColumns = new ArrayList<>(java);
        javaColumns.add("columns");
        // A user's `java -cp ... Script` with none of the flags or the archive of docs/performance.md: C2, G1.
        List<String> plain = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ColdEvents.class.getName(), file.toString());
        Map<String, List<double[]>> cold = new HashMap<>();
        for (int r = 0; r < rounds; r++) {
            cold.computeIfAbsent("MarketLab", k -> new ArrayList<>()).add(Harness.process(java));
            cold.computeIfAbsent("MarketLab columns", k -> new ArrayList<>()).add(Harness.process(javaColumns));
            cold.computeIfAbsent("MarketLab, plain java", k -> new ArrayList<>()).add(Harness.process(plain));
            if (python != null) {
                cold.computeIfAbsent("pandas", k -> new ArrayList<>()).add(Harness.process(Python.command(python, "cold", "pandas", file)));
                cold.computeIfAbsent("polars", k -> new ArrayList<>()).add(Harness.process(Python.command(python, "cold", "polars", file)));
            }
        }
        System.out.printf(Locale.ROOT, "%ncold, a fresh process per run (median of %d)  %10s %10s%n", rounds, "wall s", "CPU s");
        for (String k : List.of("MarketLab", "MarketLab columns", "MarketLab, plain java", "pandas", "polars")) {
            if (!cold.containsKey(k)) continue;
            System.out.printf(Locale.ROOT, "  %-42s %10.3f %10.3f%n", k, Harness.median(cold.get(k), 0), Harness.median(cold.get(k), 1));
        }
        System.out.println("  (MarketLab: the default path, Markets.parseEvents(Path); columns: parseEventTables(Path); both "
                + String.join(" ", COLD_JVM) + " with a class-data-sharing archive from a training run, as docs/performance.md"
                + " tells a script to start; plain java: the default path with no flags and no archive)");

        if (python != null) {
            double coldMl = Harness.median(cold.get("MarketLab"), 0), coldPl = Harness.median(cold.get("polars"), 0);
            double coldMlCpu = Harness.median(cold.get("MarketLab"), 1), coldPlCpu = Harness.median(cold.get("polars"), 1);
            double coldPd = Harness.median(cold.get("pandas"), 0);
            System.out.println();
            double coldCols = Harness.median(cold.get("MarketLab columns"), 0);
            System.out.printf(Locale.ROOT, "RATIO events->tables cold, default path  MarketLab/polars %.2f (CPU %.2f)  goal <= 1.00; MarketLab/pandas %.2f; plain java/polars %.2f (CPU %.2f)%n",
                    coldMl / coldPl, coldMlCpu / coldPlCpu, coldMl / coldPd,
                    Harness.median(cold.get("MarketLab, plain java"), 0) / coldPl, Harness.median(cold.get("MarketLab, plain java"), 1) / coldPlCpu);
            System.out.printf(Locale.ROOT, "RATIO events->tables warm, default path  MarketLab/polars %.2f (CPU %.2f)  goal <= 0.50; MarketLab/pandas %.2f%n",
                    Harness.median(records, 0) / Harness.median(pl, 0), Harness.median(records, 1) / Harness.median(pl, 1),
                    Harness.median(records, 0) / Harness.median(pd, 0));
            System.out.printf(Locale.ROOT, "  parseEventTables (every field, columns): cold %.2f, warm %.2f x polars%n",
                    coldCols / coldPl, Harness.median(ml, 0) / Harness.median(pl, 0));
        }
        Files.deleteIfExists(archive);
        System.exit(0);
    }

    private static List<String> javaCommand(List<String> extra, Path file) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(COLD_JVM);
        cmd.addAll(extra);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ColdEvents.class.getName(), file.toString()));
        return cmd;
    }

    private static void warmRow(String name, List<double[]> rounds, double mb) {
        double wall = Harness.median(rounds, 0);
        System.out.printf(Locale.ROOT, "  %-38s %10.4f %10.1f %10.4f%n", name, wall, mb / wall, Harness.median(rounds, 1));
    }

    private static double[] warm(Path python, String lib, Path file, int seconds) throws IOException, InterruptedException {
        Map<String, Double> r = Python.run(python, "warm", lib, file, Integer.toString(seconds));
        return new double[]{r.get("seconds_per_run"), r.get("cpu_per_run")};
    }

    static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim() + " (1, 5, 15 min) on "
                    + Runtime.getRuntime().availableProcessors() + " cores";
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** Every event of the sandbox world as one JSON array, fetched page by page over loopback. */
    static Path harvest() throws IOException, InterruptedException {
        // The sandbox world a sandbox profile reads (its seed), started through its service interface: the raw pages
        // are what a notebook's Markets.events() reads, kept byte for byte.
        org.marketlab.spi.EmbeddedService sandbox = java.util.ServiceLoader.load(org.marketlab.spi.EmbeddedService.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("the sandbox module is not on the class path"));
        URI base = sandbox.start(Profile.sandbox().seed()).get("markets");
        HttpClient http = HttpClient.newHttpClient();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.write('[');
        String cursor = null;
        boolean first = true;
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        do {
            String q = "/events/keyset?limit=100" + (cursor == null ? "" : "&after_cursor=" + java.net.URLEncoder.encode(cursor, StandardCharsets.UTF_8));
            HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(base.resolve(q)).build(), HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() != 200) throw new IOException("harvest: " + q + " answered " + r.statusCode());
            var page = m.readTree(r.body());
            for (var e : page.get("events")) {
                if (!first) all.write(',');
                first = false;
                all.write(m.writeValueAsBytes(e));
            }
            var next = page.get("next_cursor");
            cursor = next == null || next.isNull() ? null : next.asText();
        } while (cursor != null);
        all.write(']');
        sandbox.close();
        Path f = Files.createTempFile("marketlab-events", ".json");
        Files.write(f, all.toByteArray());
        f.toFile().deleteOnExit();
        return f;
    }
}
