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
 * Cold start, side by side: the MarketLab kernel from process start to the first result of
 * {@code Markets.events().limit(10).table()}, and ipykernel from process start to the result of {@code 1}, both
 * started by jupyter_client on this machine in the same run. The kernel is installed from the built jar into a
 * temporary prefix the way users install it (with its class-data-sharing archive), so the figure is what a
 * notebook's first cell costs.
 *
 * <pre>
 * mvn -q -Dml.target=target-k -pl kernel -DskipTests package
 * java -cp kernel/target-k/test-classes org.marketlab.kernel.ColdStartBench [--rounds N] [--jar PATH] [--no-cds]
 * </pre>
 * Needs the project's Python environment ({@code scripts/python-env}, run here when missing).
 */
public final class ColdStartBench {

    static final String KERNEL = "marketlab-bench";
    static final String KERNEL_CELL = "Markets.events().limit(10).table()";
    static final String PYTHON_CELL = "1";
    static final double TARGET = 1.5;

    private ColdStartBench() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = 3;
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
            Map<String, String> env = Map.of("PATH", venv.resolve("bin") + File.pathSeparator + System.getenv("PATH"),
                    "JUPYTER_PATH", prefix.resolve("share/jupyter").toString());
            List<String> install = new ArrayList<>(List.of(java(), "-jar", jar.toString(), "install", "--prefix", prefix.toString(),
                    "--name", KERNEL));
            if (!cds) install.add("--no-cds");
            long t0 = System.nanoTime();
            run(root, install, env, 600);
            double installSeconds = (System.nanoTime() - t0) / 1e9;

            List<String> cmd = List.of(venv.resolve("bin/python").toString(), "-u",
                    root.resolve("kernel/src/test/python/cold_start.py").toString(), "--rounds", String.valueOf(rounds),
                    KERNEL + "=" + KERNEL_CELL, "python3=" + PYTHON_CELL);
            Map<String, List<double[]>> starts = new TreeMap<>();
            Map<String, String> mimes = new TreeMap<>();
            for (String line : run(root, cmd, env, 1800)) {
                if (!line.startsWith("START ")) continue;
                String[] f = line.split(" ");
                starts.computeIfAbsent(f[1], k -> new ArrayList<>()).add(new double[]{Double.parseDouble(f[3]), Double.parseDouble(f[4])});
                mimes.put(f[1], f.length > 5 ? f[5] : "");
            }
            report(jar, cds, installSeconds, rounds, starts, mimes);
        } finally {
            deleteTree(prefix);
        }
    }

    private static void report(Path jar, boolean cds, double installSeconds, int rounds, Map<String, List<double[]>> starts,
                               Map<String, String> mimes) {
        List<double[]> k = starts.get(KERNEL);
        List<double[]> p = starts.get("python3");
        if (k == null || p == null) throw new IllegalStateException("missing measurements: " + starts.keySet());
        System.out.printf(Locale.ROOT, "cold start to first result (%s, %d core(s), Java %s)%n", jar.getFileName(),
                Runtime.getRuntime().availableProcessors(), Runtime.version());
        System.out.printf(Locale.ROOT, "  kernel installed in %.1f s (%s)%n", installSeconds, cds ? "with class-data-sharing archive" : "no archive");
        System.out.printf(Locale.ROOT, "  %-34s %-40s %s%n", "kernel", "cell", "ready s / first result s, per round");
        line("MarketLab (" + KERNEL + ")", KERNEL_CELL, k);
        line("ipykernel (python3)", PYTHON_CELL, p);
        double kernel = median(k, 1);
        double python = median(p, 1);
        double ratio = kernel / python;
        System.out.printf(Locale.ROOT, "  result types: %s → %s; python3 → %s%n", KERNEL, mimes.get(KERNEL), mimes.get("python3"));
        System.out.printf(Locale.ROOT, "median first result: MarketLab %.3f s, ipykernel %.3f s: ratio %.2f× (target ≤ %.1f×: %s)%n",
                kernel, python, ratio, TARGET, ratio <= TARGET ? "met" : "not met");
    }

    private static void line(String name, String cell, List<double[]> runs) {
        StringBuilder b = new StringBuilder();
        for (double[] r : runs) b.append(String.format(Locale.ROOT, "  %.3f / %.3f", r[0], r[1]));
        System.out.printf(Locale.ROOT, "  %-34s %-40s%s%n", name, cell, b);
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
