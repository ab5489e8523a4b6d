package org.marketlab.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** Medians of timed runs, and processes timed from spawn to exit. */
final class Harness {

    private Harness() {
    }

    /**
     * {median wall seconds, median process CPU seconds} per run, after a warm-up of a third of the time, running
     * for about {@code seconds} (and at least 3 runs). CPU seconds count every thread: the collector's too.
     */
    static double[] median(int seconds, Callable<Integer> run) throws Exception {
        long end = System.nanoTime() + seconds * 1_000_000_000L / 3;
        while (System.nanoTime() < end) run.call();
        List<Double> wall = new ArrayList<>(), cpu = new ArrayList<>();
        end = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < end || wall.size() < 3) {
            long c0 = cpuNanos(), t0 = System.nanoTime();
            run.call();
            wall.add((System.nanoTime() - t0) / 1e9);
            cpu.add((cpuNanos() - c0) / 1e9);
        }
        return new double[]{median(wall), median(cpu)};
    }

    /**
     * Prints the named counters of a feed's status record, one a line, labelled by their names in words
     * ({@code priceChanges}: "price changes"), so that every soak reports its feed's counters the same way.
     */
    static void counters(Record status, String... components) {
        for (String name : components) {
            try {
                Object value = status.getClass().getMethod(name).invoke(status);
                String label = name.replaceAll("([A-Z])", " $1").toLowerCase(java.util.Locale.ROOT);
                System.out.printf(java.util.Locale.ROOT, "  %-22s %6s%n", label, value);
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException(status.getClass().getSimpleName() + " has no counter " + name, e);
            }
        }
    }

    static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** The load average over 1, 5 and 15 minutes ({@code /proc/loadavg}; elsewhere the JVM's 1-minute figure). */
    static String loadAverage() {
        try {
            String[] f = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return String.format(java.util.Locale.ROOT, "%.2f", java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    static double median(List<Double> values) {
        List<Double> v = new ArrayList<>(values);
        v.sort(Double::compare);
        int n = v.size();
        return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    }

    static double median(List<double[]> runs, int field) {
        List<Double> v = new ArrayList<>();
        for (double[] r : runs) v.add(r[field]);
        return median(v);
    }

    /** Runs a command to its end: {wall seconds from spawn to exit, the CPU seconds it printed as cpu_seconds=}. */
    static double[] process(List<String> command) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        double wall = (System.nanoTime() - t0) / 1e9;
        if (rc != 0) throw new IllegalStateException("failed (" + rc + "): " + String.join(" ", command) + "\n" + out);
        double cpu = Double.NaN;
        for (String line : out.split("\n")) if (line.startsWith("cpu_seconds=")) cpu = Double.parseDouble(line.substring(12).trim());
        return new double[]{wall, cpu};
    }
}
