package org.marketlab.bench;

import org.marketlab.Clob;
import tech.tablesaw.api.Table;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Bytes per row of a 1,000,000-point prices-history table (time, price) read from its JSON: MarketLab's Tablesaw
 * table (heap retained, after collections) against pandas ({@code memory_usage(deep=True)}, index included) and
 * polars ({@code estimated_size()}), each built from the same document. Prints the ratios (goal: at most 1.0).
 *
 * <p>Run: {@code scripts/bench memory}.
 */
public final class TableMemoryBench {

    static final int POINTS = 1_000_000;

    private TableMemoryBench() {
    }

    public static void main(String[] args) throws Exception {
        byte[] body = historyJson(POINTS);
        double[] ml = bytesPerRow(body);
        System.out.printf(Locale.ROOT, "1,000,000-point prices-history table (time, price) from %,d bytes of JSON%n", body.length);
        System.out.printf(Locale.ROOT, "  %-12s %8.1f bytes/row (read in %.0f ms)%n", "MarketLab", ml[0], ml[1]);
        Path python = Python.find();
        if (python == null) {
            System.out.println("pandas and polars: not measured (no .venv; run scripts/python-env)");
            System.exit(0);
        }
        Path file = Files.createTempFile("marketlab-history", ".json");
        file.toFile().deleteOnExit();
        Files.write(file, body);
        double pd = Python.run(python, "memory", "pandas", file).get("bytes_per_row");
        double pl = Python.run(python, "memory", "polars", file).get("bytes_per_row");
        System.out.printf(Locale.ROOT, "  %-12s %8.1f bytes/row%n  %-12s %8.1f bytes/row%n", "pandas", pd, "polars", pl);
        System.out.printf(Locale.ROOT, "RATIO history bytes/row  MarketLab/pandas %.2f  MarketLab/polars %.2f  goal <= 1.00%n", ml[0] / pd, ml[0] / pl);
        System.exit(0);
    }

    /** A prices-history answer of {@code n} minute points. */
    static byte[] historyJson(int n) {
        ByteArrayOutputStream json = new ByteArrayOutputStream(n * 32);
        StringBuilder b = new StringBuilder(64);
        json.writeBytes("{\"history\":[".getBytes(StandardCharsets.UTF_8));
        long t0 = 1_700_000_000L;
        for (int i = 0; i < n; i++) {
            b.setLength(0);
            if (i > 0) b.append(',');
            b.append("{\"t\":").append(t0 + 60L * i).append(",\"p\":").append(0.5 + 0.4 * Math.sin(i / 5000.0)).append('}');
            json.writeBytes(b.toString().getBytes(StandardCharsets.UTF_8));
        }
        json.writeBytes("]}".getBytes(StandardCharsets.UTF_8));
        return json.toByteArray();
    }

    /** {bytes per row of the table read from {@code body}, milliseconds to read it}. */
    static double[] bytesPerRow(byte[] body) {
        Clob.parsePricesHistory("{\"history\":[{\"t\":1,\"p\":0.5}]}"); // load classes first
        String json = new String(body, StandardCharsets.UTF_8);
        long before = used();
        long t1 = System.nanoTime();
        Table table = Clob.parsePricesHistory(json);
        double readMs = (System.nanoTime() - t1) / 1e6;
        long after = used(); // the JSON bytes are still held, so the difference is the table alone
        double perRow = (after - before) / (double) table.rowCount();
        if (table.rowCount() == 0) throw new IllegalStateException("no rows");
        return new double[]{perRow, readMs};
    }

    static long used() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 4; i++) {
            System.gc();
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
