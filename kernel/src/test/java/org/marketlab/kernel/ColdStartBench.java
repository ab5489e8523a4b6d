package org.marketlab.kernel;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Cold start, like for like, in one run: from asking jupyter_client for a kernel to a cell's first result,
 * every sample a fresh kernel process, the four kernels alternated in each round:
 * <ul>
 *   <li>{@code 1+1}: the MarketLab kernel against ipykernel;</li>
 *   <li>a first 10-event table: MarketLab's {@code Markets.events().limit(10).table()} (from the embedded sandbox,
 *       started by that cell) against ipykernel importing pandas and {@code json_normalize} of the same 10 events
 *       (the sandbox's own answer, saved to a file first).</li>
 * </ul>
 * The kernel is installed from the built jar into a temporary prefix the way users install it (with its
 * class-data-sharing archive from a training run). Prints the medians and the ratios (goals: at most 1.2).
 *
 * <pre>
 * mvn -q -Dml.target=target-k -pl kernel -am -DskipTests package
 * java -cp kernel/target-k/test-classes:kernel/target-k/marketlab-kernel-*.jar org.marketlab.kernel.ColdStartBench [--rounds N] [--jar PATH] [--no-cds]
 * </pre>
 * ({@code scripts/bench kernel} does both.) Needs the project's Python environment ({@code scripts/python-env}, run
 * here when missing).
 */
public final class ColdStartBench {

    static final String KERNEL = "marketlab-bench";
    static final String KERNEL_TABLE = "Markets.events().limit(10).table()";
    static final String ADD = "1+1";
    static final double GOAL = 1.2;

    private ColdStartBench() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = 5;
        Path jar = null;
        boolean cds = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--jar" -> jar = Path.of(args[++i]);
                case "--no-cds" -> cds = false;
                default -> {
                    System.err.println("usage: ColdStartBench [--rounds N] [--jar PATH] [--no-cds]");
                    System.exit(2);
                }
            }
        }
        Path root = root();
        if (jar == null) jar = newestKernelJar(root);
        Path venv = root.resolve(".venv");
        run(root, List.of("bash", root.resolve("scripts/python-env").toString()), Map.of(), 900);

        Path prefix = Files.createTempDirectory("marketlab-bench-prefix");
        try {
            Path events = prefix.resolve("first-10-events.json");
            Files.write(events, firstTenEvents(jar));
            String pandasCell = "import json, pandas as pd\npd.json_normalize(json.load(open(" + quote(events.toString()) + ")))";
            Map<String, String> env = Map.of("PATH", venv.resolve("bin") + File.pathSeparator + System.getenv("PATH"),
                    "JUPYTER_PATH", prefix.resolve("share/jupyter").toString());
            List<String> install = new ArrayList<>(List.of(java(), "-jar", jar.toString(), "install", "--prefix", prefix.toString(),
                    "--name", KERNEL));
            if (!cds) install.add("--no-cds");
            long t0 = System.nanoTime();
            run(root, install, env, 600);
            double installSeconds = (System.nanoTime() - t0) / 1e9;

            String[][] cells = {{KERNEL, ADD}, {"python3", ADD}, {KERNEL, KERNEL_TABLE}, {"python3", pandasCell}};
            List<String> cmd = new ArrayList<>(List.of(venv.resolve("bin/python").toString(), "-u",
                    root.resolve("kernel/src/test/python/cold_start.py").toString(), "--rounds", String.valueOf(rounds)));
            for (String[] c : cells) cmd.add(c[0] + "=" + c[1]);
            // One start of each first, not counted: both find their files in the page cache alike.
            List<String> once = new ArrayList<>(cmd);
            once.set(once.indexOf("--rounds") + 1, "1");
            run(root, once, env, 600);
            String load = Files.readString(Path.of("/proc/loadavg")).trim();
            List<List<double[]>> starts = new ArrayList<>();
            for (int i = 0; i < cells.length; i++) starts.add(new ArrayList<>());
            List<String> mimes = new ArrayList<>(List.of("", "", "", ""));
            for (String line : run(root, cmd, env, 3600)) {
                if (!line.startsWith("START ")) continue;
                String[] f = line.split(" ");
                int i = Integer.parseInt(f[1]);
                starts.get(i).add(new double[]{Double.parseDouble(f[4]), Double.parseDouble(f[5]), Double.parseDouble(f[6])});
                mimes.set(i, f.length > 7 ? f[7] : "");
            }
            System.out.printf(Locale.ROOT, "cold start to first result (%s, %d core(s), Java %s; load %s, then %s)%n", jar.getFileName(),
                    Runtime.getRuntime().availableProcessors(), Runtime.version(), load, Files.readString(Path.of("/proc/loadavg")).trim());
            System.out.printf(Locale.ROOT, "  kernel installed in %.1f s (%s)%n", installSeconds, cds ? "with class-data-sharing archive" : "no archive");
            System.out.printf(Locale.ROOT, "  %-24s %-58s %s%n", "kernel", "cell", "ready s / first result s / kernel CPU s, per round");
            for (int i = 0; i < cells.length; i++) line(cells[i][0], cells[i][1].replace("\n", "; "), starts.get(i), mimes.get(i));
            ratio("RATIO kernel cold start to 1+1", starts.get(0), starts.get(1));
            ratio("RATIO kernel cold start to a first 10-event table", starts.get(2), starts.get(3));
        } finally {
            deleteTree(prefix);
        }
    }

    private static void ratio(String what, List<double[]> ours, List<double[]> theirs) {
        double k = median(ours, 1), p = median(theirs, 1);
        double kc = median(ours, 2), pc = median(theirs, 2);
        System.out.printf(Locale.ROOT, "%s  MarketLab %.3f s / ipykernel %.3f s = %.2f (kernel CPU %.2f / %.2f s = %.2f)  goal <= %.1f (%s)%n",
                what, k, p, k / p, kc, pc, kc / pc, GOAL, k / p <= GOAL ? "met" : "not met");
    }

    private static String quote(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    /** The first 10 events as the kernel's first cell receives them: the default sandbox's own answer. */
    private static byte[] firstTenEvents(Path jar) throws IOException, InterruptedException {
        Path out = Files.createTempFile("marketlab-first-10", ".json");
        try {
            String code = "var s = new org.marketlab.sandbox.Sandbox(); var u = s.start(7).get(\"markets\");"
                    + "var r = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(u.resolve(\"/events/keyset?limit=10\")).build(),"
                    + " java.net.http.HttpResponse.BodyHandlers.ofByteArray());"
                    + "var m = new com.fasterxml.jackson.databind.ObjectMapper();"
                    + "java.nio.file.Files.write(java.nio.file.Path.of(\"" + out + "\"), m.writeValueAsBytes(m.readTree(r.body()).get(\"events\")));"
                    + "s.close();\n/exit\n";
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jshell").toString(), "--class-path", jar.toString(), "-q", "-")
                    .redirectErrorStream(true).start();
            p.getOutputStream().write(code.getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(300, TimeUnit.SECONDS) || Files.size(out) == 0) throw new IllegalStateException("could not save the first 10 events:\n" + log);
            return Files.readAllBytes(out);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static void line(String kernel, String cell, List<double[]> runs, String mime) {
        StringBuilder b = new StringBuilder();
        for (double[] r : runs) b.append(String.format(Locale.ROOT, "  %.3f / %.3f / %.3f", r[0], r[1], r[2]));
        System.out.printf(Locale.ROOT, "  %-24s %-58s%s  [%s]%n", kernel, cell.length() > 58 ? cell.substring(0, 55) + "..." : cell, b, mime);
    }

    static double median(List<double[]> runs, int field) {
        double[] v = runs.stream().mapToDouble(r -> r[field]).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static List<String> run(Path dir, List<String> cmd, Map<String, String> env, long timeoutSeconds)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process proc = pb.start();
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(proc.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l; (l = r.readLine()) != null; ) out.add(l);
        }
        if (!proc.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            proc.destroyForcibly();
            throw new IllegalStateException("timed out: " + String.join(" ", cmd));
        }
        if (proc.exitValue() != 0) {
            throw new IllegalStateException("failed (" + proc.exitValue() + "): " + String.join(" ", cmd) + "\n" + String.join("\n", out));
        }
        return out;
    }

    static Path root() {
        String prop = System.getProperty("marketlab.root");
        Path p = Path.of(prop != null ? prop : "").toAbsolutePath();
        while (p != null && !Files.isRegularFile(p.resolve("scripts/python-env"))) p = p.getParent();
        if (p == null) throw new IllegalStateException("run from inside the MarketLab work tree (or set -Dmarketlab.root)");
        return p;
    }

    /** The most recently built shaded kernel jar under kernel/target*. */
    static Path newestKernelJar(Path root) throws IOException {
        try (Stream<Path> dirs = Files.list(root.resolve("kernel"))) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("target"))
                    .flatMap(d -> {
                        try {
                            return Files.list(d);
                        } catch (IOException e) {
                            return Stream.empty();
                        }
                    })
                    .filter(f -> f.getFileName().toString().matches("marketlab-kernel-.*\\.jar"))
                    .max(Comparator.comparingLong(f -> f.toFile().lastModified()))
                    .orElseThrow(() -> new IllegalStateException("no kernel jar under kernel/target*: build it first"));
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
