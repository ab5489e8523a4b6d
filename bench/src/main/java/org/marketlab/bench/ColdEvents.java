package org.marketlab.bench;

import org.marketlab.Markets;
import org.marketlab.markets.EventTables;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One cold run of events JSON to tables in this fresh JVM (what {@link EventsTableBench} times as a process): by
 * default the path a notebook takes for a saved file, {@code Markets.parseEvents(Path)} then {@code Markets.table} and
 * {@code Markets.marketsTable}; with a second argument {@code columns}, {@code Markets.parseEventTables(Path)} (every field,
 * three tables). Prints rows, cold_seconds (from JVM start) and
 * cpu_seconds (this process, every thread: compiler and collector included).
 */
public final class ColdEvents {

    private ColdEvents() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rows;
        if (args.length > 1 && args[1].equals("columns")) {
            EventTables.All all = Markets.parseEventTables(file);
            rows = all.events().rowCount() + all.markets().rowCount() + all.tags().rowCount();
        } else {
            var events = Markets.parseEvents(file);
            rows = Markets.table(events).rowCount() + Markets.marketsTable(events).rowCount();
        }
        double cold = (System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime()) / 1e3;
        double cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
        System.out.printf(Locale.ROOT, "rows=%d%ncold_seconds=%.6f%ncpu_seconds=%.6f%n", rows, cold, cpu);
    }
}
