package org.marketlab.bench;

import org.marketlab.Charts;
import org.marketlab.clob.ClobData;
import org.marketlab.config.Profile;
import org.marketlab.internal.transport.Document;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.Table;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * (1) A 10,000-candle chart rendered to PNG (target: at most 300 ms), median of warm runs.
 * (2) The heap taken by a 1,000,000-point prices-history table read from its JSON (target: at most 32 bytes a row).
 * Run: {@code scripts/bench chart}.
 */
public final class ChartBench {

    public static void main(String[] args) throws Exception {
        candles();
        history();
        System.exit(0);
    }

    static void candles() {
        int n = 10_000;
        InstantColumn t = InstantColumn.create("time");
        DoubleColumn o = DoubleColumn.create("open"), h = DoubleColumn.create("high"), l = DoubleColumn.create("low"),
                c = DoubleColumn.create("close"), v = DoubleColumn.create("volume");
        double p = 0.5;
        java.util.SplittableRandom r = new java.util.SplittableRandom(1);
        for (int i = 0; i < n; i++) {
            double next = Math.min(0.99, Math.max(0.01, p + (r.nextDouble() - 0.5) * 0.02));
            t.append(Instant.parse("2025-01-01T00:00:00Z").plusSeconds(3600L * i));
            o.append(p);
            c.append(next);
            h.append(Math.max(p, next) + r.nextDouble() * 0.005);
            l.append(Math.min(p, next) - r.nextDouble() * 0.005);
            v.append(r.nextDouble() * 1000);
            p = next;
        }
        Table ohlc = Table.create("10,000 hourly candles", t, o, h, l, c, v);
        for (int i = 0; i < 5; i++) Charts.png(Charts.candles(ohlc)); // warm-up
        List<Double> ms = new ArrayList<>();
        int bytes = 0;
        for (int i = 0; i < 15; i++) {
            long t0 = System.nanoTime();
            bytes = Charts.png(Charts.candles(ohlc)).length;
            ms.add((System.nanoTime() - t0) / 1e6);
        }
        ms.sort(Double::compare);
        System.out.println("10,000-candle chart to PNG (" + Charts.WIDTH + "x" + Charts.HEIGHT + ", chart built and encoded each run)");
        System.out.printf(Locale.ROOT, "  median %.1f ms, best %.1f ms, worst %.1f ms over %d runs; PNG %,d bytes (target <= 300 ms)%n%n",
                ms.get(ms.size() / 2), ms.get(0), ms.get(ms.size() - 1), ms.size(), bytes);
    }

    static void history() {
        int n = 1_000_000;
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
        byte[] body = json.toByteArray();
        json = null;
        ClobData.parsePricesHistory(Document.file("warm-up", "{\"history\":[{\"t\":1,\"p\":0.5}]}")); // load classes first
        long before = used();
        long t1 = System.nanoTime();
        Table table = ClobData.parsePricesHistory(Document.file("prices history", body));
        double readMs = (System.nanoTime() - t1) / 1e6;
        long after = used(); // the JSON bytes are still held, so the difference is the table alone
        System.out.println("1,000,000-point prices-history table (time, price), read from its JSON");
        System.out.printf(Locale.ROOT, "  %,d rows from %,d bytes of JSON: heap %,d bytes = %.1f bytes per row (target <= 32); read in %.0f ms%n",
                table.rowCount(), body.length, after - before, (after - before) / (double) table.rowCount(), readMs);
    }

    private static long used() {
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
