package org.marketlab.datasets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.Datasets;
import tech.tablesaw.api.Table;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Datasets.load} of one file decoded in Java ({@link FileDecode}) gives the table the engine's scan gives: the
 * same columns, types and values, missing values included, for files written by {@code Datasets.save}, by the engine
 * with every type the decoder covers (decimals, unsigned and narrow integers, dates, timestamps with and without a
 * zone, in micro- and milliseconds), in several row groups; a file it does not cover is read by the engine.
 */
class FileDecodeTest {

    /** The engine's scan of a file, the table {@code Datasets.load} gave before the Java decoder. */
    private static Table engine(Path file) {
        System.setProperty(FileDecode.PROPERTY, "false");
        try {
            return Datasets.load(file);
        } finally {
            System.clearProperty(FileDecode.PROPERTY);
        }
    }

    private static void exec(String sql) {
        try (var c = Engine.open()) {
            Engine.exec(c, sql);
        } catch (java.sql.SQLException e) {
            throw new AssertionError(e);
        }
    }

    /** The engine's zstd Parquet file of {@code select}'s rows, in row groups of {@code groupRows}. */
    private static Path zstdFile(Path file, int groupRows, String select) {
        exec("copy (" + select + ") to '" + file + "' (format parquet, compression zstd, row_group_size " + groupRows + ")");
        return file;
    }

    private static void assertDecodedAsTheEngineReads(Path file) {
        Table decoded = FileDecode.read(file, "decoded");
        assertNotNull(decoded, "the decoder covers " + file);
        Table scanned = engine(file);
        Tables.assertSameTable(scanned, decoded.setName(scanned.name()));
        Tables.assertSameTable(scanned, Datasets.load(file));
        // Text of many distinct values is plain text (no dictionary to build) in both, and few is coded in both.
        for (var c : scanned.stringColumns()) {
            assertEquals(c.getDictionary().getClass(), decoded.stringColumn(c.name()).getDictionary().getClass(), c.name());
        }
    }

    @Test
    void aSavedTableOfEveryTypeBarTimeOfDay(@TempDir Path dir) {
        Table t = DatasetsArrowTest.everyType(3 * ArrowTables.BATCH_ROWS + 1234);
        t.removeColumns("time"); // a time of day is left to the engine
        Path f = Datasets.save(t, dir.resolve("every.parquet"));
        assertDecodedAsTheEngineReads(f);
        Tables.assertSameTable(t, Datasets.load(f).setName(t.name()));
    }

    @Test
    void engineTypesManyRowGroupsAndDictionaryFallback(@TempDir Path dir) {
        Path f = dir.resolve("types.parquet");
        exec("copy (select i::varchar as plain, (i % 7)::varchar as few, case when i % 5 = 0 then null else 'x' || (i % 3) end as gaps, "
                + "(i / 1000.0)::decimal(18,6) as amount, (i / 100.0)::decimal(9,2) as small_amount, case when i % 11 = 0 then null else (i * 3)::decimal(38,0) end as huge_not_covered_elsewhere, "
                + "(i % 100)::tinyint as tiny, (i % 30000)::smallint as small, (i % 250)::utinyint as u8, (i % 60000)::usmallint as u16, (i * 1000)::uinteger as u32, "
                + "i::integer as n, i::bigint * 1000000007 as big, (i / 3.0)::float as f, case when i % 13 = 0 then null else i / 7.0 end as d, "
                + "i % 2 = 0 as flag, date '2026-01-01' + (i % 400)::integer as day, "
                + "timestamptz '2026-01-01 00:00:00+00' + to_microseconds(i * 1234567) as at, timestamp '2025-06-01 12:00:00' + to_microseconds(i * 7654321) as local "
                + "from range(300000) t(i)) to '" + f + "' (format parquet, compression zstd, row_group_size 65536)");
        // a 38-digit decimal is a fixed-length array: the engine reads that file
        assertNull(FileDecode.read(f, "x"));
        Path covered = dir.resolve("covered.parquet");
        exec("copy (select * exclude (huge_not_covered_elsewhere) from '" + f + "') to '" + covered + "' (format parquet, compression zstd, row_group_size 65536)");
        assertDecodedAsTheEngineReads(covered);
        Path millis = dir.resolve("millis.parquet");
        exec("copy (select \"local\"::timestamp_ms as ms, day from '" + covered + "') to '" + millis + "' (format parquet, compression uncompressed)");
        assertDecodedAsTheEngineReads(millis);
    }

    @Test
    void versionTwoPagesAndTheirEncodings(@TempDir Path dir) {
        // Data pages v2 with delta, byte-stream-split and delta-length encodings (decoded through parquet-java's
        // values readers), nulls in every column, one text per row beside repeated texts, several row groups.
        Path f = dir.resolve("v2.parquet");
        exec("copy (select case when i % 9 = 0 then null else i end as n, case when i % 4 = 0 then null else i::bigint * 977 end as big, "
                + "case when i % 6 = 0 then null else i / 8.0 end as d, case when i % 5 = 0 then null else (i / 4.0)::float end as f, "
                + "case when i % 7 = 0 then null else md5(i::varchar) end as hash, case when i % 3 = 0 then null else 'k' || (i % 40) end as few, "
                + "case when i % 8 = 0 then null else i % 2 = 0 end as flag, "
                + "case when i % 10 = 0 then null else timestamptz '1969-12-30 23:59:59.999+00' + to_microseconds(i * 3600 * 1000 * 7 + i) end as at "
                + "from range(150000) t(i)) to '" + f + "' (format parquet, compression zstd, parquet_version v2, row_group_size 40000)");
        assertDecodedAsTheEngineReads(f);
        Path plain = dir.resolve("v1-uncompressed.parquet");
        exec("copy (select * from '" + f + "') to '" + plain + "' (format parquet, compression uncompressed, row_group_size 40000)");
        assertDecodedAsTheEngineReads(plain);
    }

    @Test
    void rowGroupsLargerThanOneReadBuffer(@TempDir Path dir) {
        // Random doubles barely compress: each row group's chunks pass parquet-java's 8 MB read buffer, so pages
        // straddle two buffers (gathered into the decoding thread's own before zstd reads them), and a load's row
        // groups take more direct buffers than the pool keeps.
        Path f = zstdFile(dir.resolve("large.parquet"), 500_000,
                "select random() as a, random() as b, random() as c, (i % 1000)::varchar as few, md5(i::varchar) as hash from range(1000000) t(i)");
        assertDecodedAsTheEngineReads(f);
        long kept = FileDecode.Chunks.POOL.kept();
        assertTrue(kept > 0 && kept <= FileDecode.Chunks.KEEP, kept + " bytes kept");
    }

    @Test
    void theReadBuffersAreKeptForTheNextReadsUpToTheirBound() {
        var pool = new FileDecode.Chunks();
        java.nio.ByteBuffer small = pool.allocate(1000);
        assertTrue(!small.isDirect() && small.remaining() == 1000, "a small read takes a heap buffer");
        java.nio.ByteBuffer a = pool.allocate(5_000_000);
        assertTrue(a.isDirect() && a.remaining() == 5_000_000, a.toString());
        a.position(123);
        pool.release(a);
        assertEquals(a.capacity(), pool.kept());
        java.nio.ByteBuffer again = pool.allocate(4_000_000);
        assertTrue(again == a && again.position() == 0 && again.remaining() == 4_000_000, "the kept buffer, cleared to the size asked");
        assertEquals(0, pool.kept());
        assertTrue(pool.allocate(6_000_000) != a, "a buffer too small is not taken");
        java.util.List<java.nio.ByteBuffer> many = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) many.add(pool.allocate(FileDecode.Chunks.MAX_BUFFER));
        many.forEach(pool::release);
        assertEquals(FileDecode.Chunks.KEEP, pool.kept(), "past the bound, buffers are freed rather than kept");
    }

    @Test
    void numberAndTimeColumnsAreBuiltAroundTheDecodedArrays() {
        // The column takes the array as its own: a value set through the column is in the array, and the column is
        // Tablesaw's own class, as its factory makes it.
        double[] d = {1.5, 2.5};
        tech.tablesaw.api.DoubleColumn dc = FileDecode.Backed.make(FileDecode.Backed.DOUBLES, "d",
                it.unimi.dsi.fastutil.doubles.DoubleArrayList.wrap(d), () -> tech.tablesaw.api.DoubleColumn.create("d", d));
        assertEquals(tech.tablesaw.api.DoubleColumn.class, dc.getClass());
        dc.set(1, 7.0);
        assertEquals(7.0, d[1]);
        long[] at = {tech.tablesaw.columns.instant.PackedInstant.pack(java.time.Instant.parse("2026-11-01T00:00:00Z"))};
        tech.tablesaw.api.InstantColumn ic = FileDecode.Backed.make(FileDecode.Backed.INSTANTS, "at",
                it.unimi.dsi.fastutil.longs.LongArrayList.wrap(at), () -> tech.tablesaw.api.InstantColumn.createInternal("at", at));
        assertEquals(java.time.Instant.parse("2026-11-01T00:00:00Z"), ic.get(0));
        ic.set(0, java.time.Instant.parse("2027-01-02T03:04:05Z"));
        assertEquals(tech.tablesaw.columns.instant.PackedInstant.pack(java.time.Instant.parse("2027-01-02T03:04:05Z")), at[0]);
        for (var c : java.util.List.<java.lang.reflect.Constructor<?>>of(FileDecode.Backed.DOUBLES, FileDecode.Backed.FLOATS, FileDecode.Backed.INTS, FileDecode.Backed.SHORTS,
                FileDecode.Backed.DATES, FileDecode.Backed.LONGS, FileDecode.Backed.INSTANTS, FileDecode.Backed.DATETIMES)) {
            assertNotNull(c, "Tablesaw's constructor from a list");
        }
    }

    @Test
    void textKeysWidenAsTheDistinctTextsGrow(@TempDir Path dir) {
        // A new text every fifth row: under a quarter of the rows at every point, so the column stays coded, while its
        // keys pass what a byte and then a short hold (100,000 texts); missing rows among them from the first.
        Path f = zstdFile(dir.resolve("widening.parquet"), 100_000,
                "select case when i % 10 = 3 then null else 'k' || (i // 5) end as t, (i % 3)::varchar as few from range(500000) t(i)");
        assertDecodedAsTheEngineReads(f);
        assertEquals(tech.tablesaw.columns.strings.IntDictionaryMap.class, Datasets.load(f).stringColumn("t").getDictionary().getClass());
        assertEquals(tech.tablesaw.columns.strings.ByteDictionaryMap.class, Datasets.load(f).stringColumn("few").getDictionary().getClass());
    }

    @Test
    void levelsAndIdsDecodeAsParquetJavaEncodesThem() throws Exception {
        // Every width, runs of repeats beside bit-packed groups, counts that end inside a group.
        java.util.Random random = new java.util.Random(7);
        for (int width = 0; width <= 32; width++) {
            int n = 1 + random.nextInt(5000);
            int[] values = new int[n];
            long bound = 1L << width;
            for (int i = 0; i < n; i++) {
                values[i] = i > 0 && random.nextInt(3) == 0 ? values[i - 1] : (int) (random.nextLong() & (bound - 1));
            }
            var encoder = new org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder(width, 64, 1 << 20,
                    new org.apache.parquet.bytes.HeapByteBufferAllocator());
            for (int v : values) encoder.writeInt(v);
            byte[] bytes = encoder.toBytes().toByteArray();
            int[] out = new int[n];
            java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            FileDecode.hybrid(b, 0, bytes.length, width, out, n);
            org.junit.jupiter.api.Assertions.assertArrayEquals(values, out, "width " + width);
        }
    }

    @Test
    void timestampsPackAsTablesawPacksThem() {
        var packer = new FileDecode.Packer();
        java.util.Random random = new java.util.Random(31);
        long at = -3_000_000_000_000_000L;
        for (int i = 0; i < 200_000; i++) {
            at += random.nextInt(4) == 0 ? random.nextLong(1L << 40) : random.nextInt(2_000_000);
            java.time.Instant t = Reading.instantOfMicros(at);
            assertEquals(tech.tablesaw.columns.instant.PackedInstant.pack(t), packer.pack(at), t.toString());
        }
    }

    @Test
    void polarsFilesDecodeAsTheEngineReadsThem(@TempDir Path dir) throws Exception {
        Path source = Datasets.save(DatasetsArrowTest.everyType(50_000).removeColumns("time"), dir.resolve("source.parquet"));
        Path polars = dir.resolve("polars.parquet");
        Process p = new ProcessBuilder(VenvPython.python().toString(), "-c",
                "import polars as pl; pl.read_parquet(r'" + source + "').write_parquet(r'" + polars + "')").inheritIO().start();
        assertEquals(0, p.waitFor(), "polars wrote the file");
        assertDecodedAsTheEngineReads(polars);
    }

    @Test
    void otherCodecsAndTimesOfDayAreTheEngines(@TempDir Path dir) {
        Path snappy = dir.resolve("snappy.parquet");
        exec("copy (select range as n from range(10)) to '" + snappy + "' (format parquet, compression snappy)");
        assertNull(FileDecode.read(snappy, "x"));
        assertEquals(10, Datasets.load(snappy).rowCount());
        Path time = Datasets.save(DatasetsArrowTest.everyType(100), dir.resolve("time.parquet"));
        assertNull(FileDecode.read(time, "x"));
    }

    @Test
    void aDamagedFileSaysWhichFile(@TempDir Path dir) throws Exception {
        Path f = Datasets.save(DatasetsArrowTest.everyType(20_000).removeColumns("time"), dir.resolve("whole.parquet"));
        byte[] b = java.nio.file.Files.readAllBytes(f);
        for (int i = 4; i < b.length / 2; i += 7) b[i] ^= 0x5a; // pages damaged, footer whole
        Path damaged = java.nio.file.Files.write(dir.resolve("damaged.parquet"), b);
        DatasetException e = assertThrows(DatasetException.class, () -> Datasets.load(damaged));
        assertTrue(e.getMessage().contains(damaged.toString()), e.getMessage());
    }
}
