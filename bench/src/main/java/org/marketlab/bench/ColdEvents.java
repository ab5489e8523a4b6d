package org.marketlab.bench;

import org.marketlab.internal.transport.Document;
import org.marketlab.markets.EventTables;
import org.marketlab.markets.MarketData;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One cold run of events JSON to tables in this fresh JVM (what {@link EventsTableBench} times as a process):
 * the events, markets and tags tables of the file given. Prints rows, cold_seconds (from JVM start) and
 * cpu_seconds (this process, every thread: compiler and collector included).
 */
public final class ColdEvents {

    private ColdEvents() {
    }

    public static void main(String[] args) throws Exception {
        byte[] bytes = Files.readAllBytes(Path.of(args[0]));
        EventTables.All all = MarketData.parseEventTables(Document.file(args[0], bytes));
        int rows = all.events().rowCount() + all.markets().rowCount() + all.tags().rowCount();
        double cold = (System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime()) / 1e3;
        double cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
        System.out.printf(Locale.ROOT, "rows=%d%ncold_seconds=%.6f%ncpu_seconds=%.6f%n", rows, cold, cpu);
    }
}
