package org.marketlab.bench;

import org.marketlab.config.Profile;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Transport;
import org.marketlab.markets.Event;
import org.marketlab.markets.EventTables;
import org.marketlab.markets.MarketData;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.json.JsonReadOptions;

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
import java.util.List;
import java.util.Locale;

/**
 * Events JSON to tables for the whole sandbox world, three ways on the same bytes in the same run: the
 * toolkit (records with JSON-in-string fields decoded, then the events and markets tables), Tablesaw's own
 * {@code JsonReader}, and pandas {@code json_normalize} (from the project's virtual environment).
 *
 * <p>Run: {@code ./scripts/bench events} (or see README, "Benchmarks").
 */
public final class EventsTableBench {

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        Path file = harvest();
        byte[] bytes = Files.readAllBytes(file);
        String json = new String(bytes, StandardCharsets.UTF_8);
        Transport t = Transport.of(Profile.sandbox());
        int events = MarketData.parseEvents(Document.file("events", bytes)).size();
        double mb = bytes.length / 1e6;
        System.out.printf(Locale.ROOT, "Events JSON to tables: %d events, %.2f MB (%s)%n", events, mb, file);

        double ours = time(seconds, () -> {
            List<Event> list = MarketData.parseEvents(Document.file("events", bytes));
            Table e = EventTables.events(list);
            Table m = EventTables.markets(list);
            return e.rowCount() + m.rowCount();
        });
        double tablesaw = time(seconds, () -> {
            Table table = Table.read().usingOptions(JsonReadOptions.builderFromString(json).build());
            return table.rowCount();
        });
        double pandas = pandas(file, seconds);

        System.out.println();
        System.out.printf(Locale.ROOT, "%-44s %12s %10s %10s%n", "method (same bytes, same run)", "s/run", "events/s", "MB/s");
        row("MarketLab: records + events & markets tables", ours, events, mb);
        row("Tablesaw JsonReader (no JSON-in-string decode)", tablesaw, events, mb);
        if (pandas > 0) row("pandas json_normalize + json.loads decode", pandas, events, mb);
        else System.out.println("pandas: not measured (no .venv with pandas; run scripts/python-env)");
        if (pandas > 0) System.out.printf(Locale.ROOT, "%nMarketLab vs pandas: %.1fx faster (target >= 3x)%n", pandas / ours);
        System.out.printf(Locale.ROOT, "MarketLab vs Tablesaw JsonReader: %.1fx faster%n", tablesaw / ours);
        System.exit(0);
    }

    private static void row(String name, double seconds, int events, double mb) {
        System.out.printf(Locale.ROOT, "%-44s %12.4f %10.0f %10.1f%n", name, seconds, events / seconds, mb / seconds);
    }

    /** Median seconds per run after a warm-up, running for about {@code seconds}. */
    static double time(int seconds, java.util.concurrent.Callable<Integer> run) throws Exception {
        long end = System.nanoTime() + seconds * 1_000_000_000L / 3;
        while (System.nanoTime() < end) run.call(); // warm-up
        List<Double> samples = new ArrayList<>();
        end = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < end || samples.size() < 3) {
            long t0 = System.nanoTime();
            run.call();
            samples.add((System.nanoTime() - t0) / 1e9);
        }
        samples.sort(Double::compare);
        return samples.get(samples.size() / 2);
    }

    /** Every event of the sandbox world as one JSON array, fetched page by page over loopback. */
    static Path harvest() throws IOException, InterruptedException {
        Transport t = Transport.of(Profile.sandbox());
        URI base = t.baseUrl(org.marketlab.config.Service.MARKETS);
        HttpClient http = HttpClient.newHttpClient();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.write('[');
        String cursor = null;
        boolean first = true;
        com.fasterxml.jackson.databind.ObjectMapper m = t.json();
        do {
            t.pacer().acquire("markets", "GET", "/events/keyset");
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
        Path f = Files.createTempFile("marketlab-events", ".json");
        Files.write(f, all.toByteArray());
        f.toFile().deleteOnExit();
        return f;
    }

    /** Runs the pandas side in the project's virtual environment; seconds per run, or -1 if unavailable. */
    static double pandas(Path file, int seconds) throws IOException, InterruptedException {
        String venv = System.getenv().getOrDefault("MARKETLAB_VENV", ".venv");
        Path python = Path.of(venv, "bin", "python");
        if (!Files.isExecutable(python)) python = Path.of("..", ".venv", "bin", "python");
        if (!Files.isExecutable(python)) return -1;
        Path script = Files.createTempFile("pandas-bench", ".py");
        try (var in = EventsTableBench.class.getResourceAsStream("/pandas_events_bench.py")) {
            Files.write(script, in.readAllBytes());
        }
        Process p = new ProcessBuilder(python.toString(), script.toString(), file.toString(), Integer.toString(seconds))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            System.out.println("pandas run failed:\n" + out);
            return -1;
        }
        for (String line : out.split("\n")) {
            if (line.startsWith("seconds_per_run=")) return Double.parseDouble(line.substring(16).trim());
        }
        System.out.println("pandas: unexpected output\n" + out);
        return -1;
    }
}
