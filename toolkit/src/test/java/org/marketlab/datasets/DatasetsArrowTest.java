package org.marketlab.datasets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.Datasets;
import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DateColumn;
import tech.tablesaw.api.DateTimeColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.FloatColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.ShortColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.api.TimeColumn;
import tech.tablesaw.columns.Column;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Datasets.save}'s two paths through the engine (taken where the Java writer, {@link FileEncode}, cannot run;
 * here with {@code -Dmarketlab.datasets.encode=false}), Arrow record batches (this JVM opens java.nio, as the kernel's and the benchmarks'
 * do) and the engine's table function (a JVM that does not, or {@code -Dmarketlab.datasets.arrow=false}), write the
 * same columns and types and give back the same table, value for value, over several batches.
 */
class DatasetsArrowTest {

    @org.junit.jupiter.api.BeforeEach
    void throughTheEngine() {
        System.setProperty(FileEncode.PROPERTY, "false");
    }

    @org.junit.jupiter.api.AfterEach
    void javaWriterAgain() {
        System.clearProperty(FileEncode.PROPERTY);
    }

    /** Every column type a table holds, with missing values, in more rows than three Arrow batches. */
    static Table everyType(int n) {
        var side = StringColumn.create("side");
        var tx = StringColumn.create("tx");
        var flag = BooleanColumn.create("flag");
        var small = ShortColumn.create("small");
        var count = IntColumn.create("count");
        var big = LongColumn.create("big");
        var ratio = FloatColumn.create("ratio");
        var price = DoubleColumn.create("price");
        var at = InstantColumn.create("at");
        var local = DateTimeColumn.create("local");
        var day = DateColumn.create("day");
        var time = TimeColumn.create("time");
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < n; i++) {
            boolean gap = i % 17 == 0;
            side.append(gap ? "" : r.nextBoolean() ? "BUY" : "SELL — ünïcode");
            tx.append(gap ? "" : "0x" + Long.toHexString(r.nextLong()) + i);
            if (gap) {
                for (Column<?> c : new Column<?>[] {flag, small, count, big, ratio, price, at, local, day, time}) c.appendMissing();
                continue;
            }
            flag.append(r.nextBoolean());
            small.append((short) r.nextInt(-30_000, 30_000));
            count.append(r.nextInt(-1_000_000, 1_000_000));
            big.append(r.nextLong(-1L << 60, 1L << 60));
            ratio.append(r.nextInt(1000) / 8f);
            price.append(r.nextInt(1_000_000) / 1_000_000.0);
            at.append(Instant.ofEpochSecond(1_700_000_000L + r.nextInt(100_000_000), r.nextInt(1_000_000) * 1000L));
            local.append(LocalDateTime.of(2026, 1 + r.nextInt(12), 1 + r.nextInt(28), r.nextInt(24), r.nextInt(60), r.nextInt(60), r.nextInt(1000) * 1_000_000));
            day.append(LocalDate.ofEpochDay(r.nextInt(-10_000, 30_000)));
            time.append(LocalTime.ofNanoOfDay(r.nextLong(86_400_000_000L) * 1000));
        }
        return Table.create("every type", side, tx, flag, small, count, big, ratio, price, at, local, day, time);
    }

    @Test
    void bothPathsWriteTheSameTable(@TempDir Path dir) {
        assertTrue(ArrowTables.enabled(), "the tests' JVM opens java.nio, so saves take the Arrow path");
        Table t = everyType(3 * ArrowTables.BATCH_ROWS + 1234);
        Path arrow = Datasets.save(t, dir.resolve("arrow.parquet"));
        Path function;
        System.setProperty(ArrowTables.PROPERTY, "false");
        try {
            assertTrue(!ArrowTables.enabled());
            function = Datasets.save(t, dir.resolve("function.parquet"));
        } finally {
            System.clearProperty(ArrowTables.PROPERTY);
        }
        Tables.assertSameTable(Datasets.schema(function.toString()), Datasets.schema(arrow.toString()).setName(Datasets.schema(function.toString()).name()));
        Tables.assertSameTable(t, Datasets.load(arrow).setName(t.name()));
        Tables.assertSameTable(t, Datasets.load(function).setName(t.name()));
        // both files read the same in the engine, in the same order
        long same = Datasets.sql("select count(*) as n from (select * from '" + arrow + "' except all select * from '" + function + "')").table().longColumn("n").get(0);
        assertEquals(0, same);
    }

    @Test
    void anEmptyTableAndOneRow(@TempDir Path dir) {
        for (int n : new int[] {0, 1}) {
            Table t = everyType(n);
            Tables.assertSameTable(t, Datasets.load(Datasets.save(t, dir.resolve(n + ".parquet"))).setName(t.name()));
        }
    }

    @Test
    void aJvmWithoutTheFlagSavesByTheTableFunctionAndSaysSoOnce(@TempDir Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-D" + FileEncode.PROPERTY + "=false", "-cp", System.getProperty("java.class.path"), ArrowFallbackChild.class.getName(), dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("rows 3 arrow false\nrows 3 arrow false"), out);
        int said = out.split("--add-opens=java.base/java.nio=ALL-UNNAMED", -1).length - 1;
        assertEquals(1, said, "the log says once that the table function is used:\n" + out);
    }
}
