package org.marketlab.datasets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.Datasets;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input gives a clear error and loses nothing: no partial file under a dataset's name, nothing overwritten. */
class DatasetsBadInputTest {

    record Amount(String id, BigDecimal value) {
    }

    record Moment(Instant at) {
    }

    private static Table small(String name, int rows) {
        IntColumn id = IntColumn.create("id");
        DoubleColumn price = DoubleColumn.create("price");
        for (int i = 0; i < rows; i++) {
            id.append(i);
            price.append(i / 100.0);
        }
        return Table.create(name, id, price);
    }

    private static List<String> files(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void aPathThatIsNotADatasetIsRefused(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("trades.csv");
        Files.writeString(csv, "id,price\n1,0.5\n");
        DatasetException e = assertThrows(DatasetException.class, () -> Datasets.load(csv));
        assertTrue(e.getMessage().contains("is not a Parquet file"), e.getMessage());

        Path named = dir.resolve("fake.parquet");
        Files.writeString(named, "not parquet at all");
        e = assertThrows(DatasetException.class, () -> Datasets.load(named));
        assertTrue(e.getMessage().contains("is not a Parquet file"), e.getMessage());

        Path empty = Files.createDirectory(dir.resolve("empty"));
        e = assertThrows(DatasetException.class, () -> Datasets.load(empty));
        assertTrue(e.getMessage().contains("no .parquet file") && e.getMessage().contains("not a dataset"), e.getMessage());

        e = assertThrows(DatasetException.class, () -> Datasets.load(dir.resolve("missing")));
        assertTrue(e.getMessage().contains("no file or folder"), e.getMessage());

        e = assertThrows(DatasetException.class, () -> Datasets.load(dir.resolve("nothing-*.parquet").toString()));
        assertTrue(e.getMessage().contains("nothing-*.parquet"), e.getMessage());
    }

    @Test
    void savingOverSomethingThatIsNotParquetIsRefused(@TempDir Path dir) throws Exception {
        Path notes = dir.resolve("notes.parquet");
        Files.writeString(notes, "my notes");
        DatasetException e = assertThrows(DatasetException.class, () -> Datasets.save(small("t", 3), notes));
        assertTrue(e.getMessage().contains("not a Parquet file: not replaced"), e.getMessage());
        assertEquals("my notes", Files.readString(notes));
        e = assertThrows(DatasetException.class, () -> Datasets.save(small("t", 3), dir));
        assertTrue(e.getMessage().contains("is a folder"), e.getMessage());
    }

    @Test
    void aSchemaThatChangedBetweenFilesIsNamed(@TempDir Path dir) throws Exception {
        Datasets.save(small("a", 5), dir.resolve("day=2026-11-01/part-000001.parquet"));
        Table changed = small("b", 5);
        changed.replaceColumn("price", StringColumn.create("price", List.of("a", "b", "c", "d", "e")));
        Datasets.save(changed, dir.resolve("day=2026-11-02/part-000002.parquet"));
        DatasetException e = assertThrows(DatasetException.class, () -> Datasets.load(dir));
        assertTrue(e.getMessage().contains("schema changed") && e.getMessage().contains("day=2026-11-01") && e.getMessage().contains("day=2026-11-02")
                && e.getMessage().contains("price DOUBLE") && e.getMessage().contains("price VARCHAR"), e.getMessage());
        // each part alone still reads
        assertEquals(5, Datasets.load(dir.resolve("day=2026-11-02")).rowCount());
    }

    @Test
    void aValueThatDoesNotFitIsRefusedNeverRounded(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("amounts.parquet");
        DatasetException e = assertThrows(DatasetException.class,
                () -> Datasets.save(List.of(new Amount("a", new BigDecimal("0.1234567890123"))), Amount.class, f));
        assertTrue(e.getMessage().contains("column value") && e.getMessage().contains("more than 12 decimals"), e.getMessage());
        e = assertThrows(DatasetException.class,
                () -> Datasets.save(List.of(new Amount("a", new BigDecimal("123456789012345678901234567"))), Amount.class, f));
        assertTrue(e.getMessage().contains("more than 26 digits before the point"), e.getMessage());
        e = assertThrows(DatasetException.class,
                () -> Datasets.save(List.of(new Moment(Instant.parse("2026-11-01T00:00:00.123456789Z"))), Moment.class, f));
        assertTrue(e.getMessage().contains("finer than a microsecond"), e.getMessage());
        assertEquals(List.of(), files(dir), "no file, not even a temporary one");
    }

    @Test
    void anInterruptedWriteLeavesTheOldFileWhole(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("amounts.parquet");
        List<Amount> good = new ArrayList<>();
        for (int i = 0; i < 1000; i++) good.add(new Amount("a" + i, BigDecimal.valueOf(i, 2)));
        Datasets.save(good, Amount.class, f);
        byte[] before = Files.readAllBytes(f);
        // A write that fails on its 5,001st row (here a value that does not fit; a crash or a kill is the same to readers).
        List<Amount> bad = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) bad.add(new Amount("b" + i, i == 5000 ? new BigDecimal("1e-30") : BigDecimal.ONE));
        assertThrows(DatasetException.class, () -> Datasets.save(bad, Amount.class, f));
        assertArrayEquals(before, Files.readAllBytes(f), "the file under the name is the old one, whole");
        assertEquals(List.of("amounts.parquet"), files(dir));
        assertEquals(1000, Datasets.load(f, Amount.class).size());
    }

    @Test
    void aFullDiskGivesAClearErrorAndLeavesNoPartialFile(@TempDir Path dir) throws Exception {
        // A 256 KB tmpfs in a mount namespace of its own (unshare: as root, or a user where user namespaces are allowed).
        Path mount = Files.createDirectory(dir.resolve("small-disk"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cmd = "mount -t tmpfs -o size=256k tmpfs '" + mount + "' && exec '" + java + "' -cp '" + System.getProperty("java.class.path")
                + "' " + FullDiskChild.class.getName() + " '" + mount + "'";
        Process p = new ProcessBuilder("unshare", "-rm", "sh", "-c", cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("SAVE-ERROR the disk is full"), out);
        assertTrue(out.contains("AFTER-SAVE [small.parquet.keep]"), "no partial file, no temporary file: " + out);
        assertTrue(out.contains("HARVEST-ERROR the disk is full"), out);
        assertFalse(out.contains(".tmp"), "no temporary file is left: " + out);
        String rows = out.lines().filter(l -> l.startsWith("READABLE-ROWS ")).findFirst().orElse("READABLE-ROWS 0").substring(14);
        String chunks = out.lines().filter(l -> l.startsWith("CHECKPOINT ")).findFirst().orElse("");
        // Whatever the checkpoint holds is whole and readable: exactly the checkpointed rows.
        if (!chunks.isEmpty()) assertTrue(chunks.contains("\"rows\" : " + rows), out);
    }

    @Test
    void badSqlSaysWhatWasWrong(@TempDir Path dir) {
        Datasets.save(small("t", 10), dir.resolve("t.parquet"));
        DatasetException e = assertThrows(DatasetException.class, () -> Datasets.sql("select nosuch from '" + dir.resolve("t.parquet") + "'").table());
        assertTrue(e.getMessage().contains("nosuch") && e.getMessage().contains("query:"), e.getMessage());
        IllegalArgumentException two = assertThrows(IllegalArgumentException.class, () -> Datasets.sql("select 1; select 2"));
        assertTrue(two.getMessage().contains("one query"), two.getMessage());
        assertEquals(1, Datasets.sql("select ';' as semicolon;").table().rowCount(), "a semicolon in a string and one at the end are fine");
    }
}
