package org.marketlab.bench;

import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.world.World;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The embedded sandbox's start, which the kernel's first table waits for: {@code Sandbox.start()} (world generation
 * and the servers), a first 10-event page, then a part built on first use (the seeded wallets' addresses), cold,
 * each in a fresh JVM, as wall and process CPU time (CPU is the steadier figure on a shared
 * machine); then world generation alone, warm, in this JVM. Prints medians and the load average.
 * Run: {@code scripts/bench sandboxStart [fresh JVMs, default 7]}.
 */
public final class SandboxStartBench {

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--once")) {
            once();
            return;
        }
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        List<Double> wall = new ArrayList<>(), cpu = new ArrayList<>();
        List<Double> eventsWall = new ArrayList<>(), eventsCpu = new ArrayList<>(), allWall = new ArrayList<>(), allCpu = new ArrayList<>();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (int i = 0; i < runs; i++) {
            Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), SandboxStartBench.class.getName(), "--once")
                    .redirectErrorStream(true).start();
            String line;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String last = null;
                while ((line = r.readLine()) != null) last = line;
                line = last;
            }
            if (p.waitFor() != 0 || line == null || !line.startsWith("once ")) throw new IllegalStateException("a cold start failed: " + line);
            String[] f = line.split(" ");
            wall.add(Double.parseDouble(f[1]));
            cpu.add(Double.parseDouble(f[2]));
            eventsWall.add(Double.parseDouble(f[3]));
            eventsCpu.add(Double.parseDouble(f[4]));
            allWall.add(Double.parseDouble(f[5]));
            allCpu.add(Double.parseDouble(f[6]));
        }
        System.out.printf(Locale.ROOT, "Sandbox.start() returns, cold: median %.0f ms wall, %.0f ms CPU over %d fresh JVMs (each: %s ms CPU)%n",
                median(wall), median(cpu), runs, cpu);
        System.out.printf(Locale.ROOT, "  to a first /events/keyset?limit=10 answered: median %.0f ms wall, %.0f ms CPU%n", median(eventsWall), median(eventsCpu));
        System.out.printf(Locale.ROOT, "  then the seeded wallets' addresses derived (built on first use): median %.0f ms wall, %.0f ms CPU%n", median(allWall), median(allCpu));

        Instant anchor = Instant.parse("2026-11-23T00:00:00Z");
        for (int i = 0; i < 5; i++) World.generate(11 + i, anchor);
        List<Double> genWall = new ArrayList<>();
        long c0 = OS.getProcessCpuTime();
        int n = 15;
        for (int i = 0; i < n; i++) {
            long t = System.nanoTime();
            World.generate(21 + i, anchor);
            genWall.add((System.nanoTime() - t) / 1e6);
        }
        System.out.printf(Locale.ROOT, "World.generate (the frame: tags, each event's id, question and stream; events are made on first use), warm: median %.0f ms wall, %.0f ms CPU a world (%d worlds)%n",
                median(genWall), (OS.getProcessCpuTime() - c0) / 1e6 / n, n);
        System.out.printf(Locale.ROOT, "load average %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
    }

    /**
     * One cold start in this JVM: prints {@code once <wall ms> <cpu ms>} to the start's return, then to a first 10-event
     * page answered, then to the seeded wallets' addresses derived (a part built on first use).
     */
    private static void once() throws Exception {
        long c0 = OS.getProcessCpuTime(), t0 = System.nanoTime();
        try (Sandbox s = Sandbox.builder().seed(7).build()) {
            var urls = s.start();
            double startWall = (System.nanoTime() - t0) / 1e6, startCpu = (OS.getProcessCpuTime() - c0) / 1e6;
            var conn = (java.net.HttpURLConnection) urls.get("markets").resolve("/events/keyset?limit=10").toURL().openConnection();
            if (conn.getResponseCode() != 200) throw new IllegalStateException("/events/keyset answered " + conn.getResponseCode());
            conn.getInputStream().readAllBytes();
            double eventsWall = (System.nanoTime() - t0) / 1e6, eventsCpu = (OS.getProcessCpuTime() - c0) / 1e6;
            s.wallets().seeded(); // the demo signers' addresses, derived on first use
            System.out.printf(Locale.ROOT, "once %.1f %.1f %.1f %.1f %.1f %.1f%n", startWall, startCpu, eventsWall, eventsCpu,
                    (System.nanoTime() - t0) / 1e6, (OS.getProcessCpuTime() - c0) / 1e6);
        }
    }

    private static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        Collections.sort(s);
        int m = s.size() / 2;
        return s.size() % 2 == 1 ? s.get(m) : (s.get(m - 1) + s.get(m)) / 2;
    }
}
