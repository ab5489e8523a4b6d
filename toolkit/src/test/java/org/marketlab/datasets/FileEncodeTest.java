package org.marketlab.datasets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.Datasets;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;
import tech.tablesaw.columns.strings.ByteDictionaryMap;
import tech.tablesaw.columns.strings.NullDictionaryMap;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Datasets.save} of a table through the Java writer ({@link FileEncode}): the file has the columns and types
 * the engine's writer gives the same table and the same rows in the same order, comes back value for value, carries
 * row groups of 122,880 rows with min/max/null-count statistics, dictionary pages where the text has few distinct
 * values, and polars reads the same counts, sums and extremes.
 */
class FileEncodeTest {

    private static final int ROWS = 2 * FileEncode.GROUP_ROWS + 4321;

    private static Table metadata(Path f) {
        return Datasets.sql("select row_group_id, row_group_num_rows, path_in_schema, compression, stats_min_value, stats_max_value, stats_null_count, "
                + "dictionary_page_offset from parquet_metadata('" + f + "') order by row_group_id, column_id").table();
    }

    private static String createdBy(Path f) {
        return Datasets.sql("select created_by from parquet_file_metadata('" + f + "')").table().stringColumn("created_by").get(0);
    }

    @Test
    void writesTheEngineSchemaAndRowsInJava(@TempDir Path dir) {
        assertTrue(FileEncode.enabled(), "zstd-jni loads here, so saves take the Java writer");
        Table t = DatasetsArrowTest.everyType(ROWS);
        Path mine = Datasets.save(t, dir.resolve("java.parquet"));
        Path engine;
        System.setProperty(FileEncode.PROPERTY, "false");
        try {
            assertFalse(FileEncode.enabled());
            engine = Datasets.save(t, dir.resolve("engine.parquet"));
        } finally {
            System.clearProperty(FileEncode.PROPERTY);
        }
        assertTrue(createdBy(mine).startsWith("parquet-mr"), createdBy(mine));
        assertTrue(createdBy(engine).startsWith("DuckDB"), "the switch writes through the engine: " + createdBy(engine));
        Tables.assertSameTable(Datasets.schema(engine.toString()), Datasets.schema(mine.toString()).setName(Datasets.schema(engine.toString()).name()));
        Tables.assertSameTable(t, Datasets.load(mine).setName(t.name()));
        for (String[] pair : new String[][] {{mine.toString(), engine.toString()}, {engine.toString(), mine.toString()}}) {
            long differ = Datasets.sql("select count(*) as n from (select * from '" + pair[0] + "' except all select * from '" + pair[1] + "')")
                    .table().longColumn("n").get(0);
            assertEquals(0, differ, "the engine reads the same rows from both files");
        }
        // row order too: the engine numbers the rows of each file as they are stored
        long outOfOrder = Datasets.sql("select count(*) as n from (select row_number() over () as i, * from '" + mine + "') a join "
                + "(select row_number() over () as i, * from '" + engine + "') b using (i) where a.tx is distinct from b.tx or a.at is distinct from b.at")
                .table().longColumn("n").get(0);
        assertEquals(0, outOfOrder);

        Table m = metadata(mine);
        assertEquals(3, m.column("row_group_id").countUnique(), "three row groups");
        assertEquals(FileEncode.GROUP_ROWS, ((Number) m.column("row_group_num_rows").get(0)).intValue());
        assertEquals(t.columnCount() * 3, m.rowCount());
        for (int r = 0; r < m.rowCount(); r++) {
            String col = m.getString(r, "path_in_schema");
            assertEquals("ZSTD", m.getString(r, "compression"), col);
            assertFalse(m.column("stats_min_value").isMissing(r), "min of " + col);
            assertFalse(m.column("stats_max_value").isMissing(r), "max of " + col);
            assertFalse(m.column("stats_null_count").isMissing(r), "null count of " + col);
            boolean dictionary = !m.column("dictionary_page_offset").isMissing(r);
            if (col.equals("side")) assertTrue(dictionary, "two distinct values: a dictionary");
            if (col.equals("tx")) assertFalse(dictionary, "all distinct: plain text");
        }
        // the statistics are the values': the first row group's smallest count is the first 122,880 rows' smallest
        int minCount = Integer.MAX_VALUE;
        IntColumn count = t.intColumn("count");
        for (int i = 0; i < FileEncode.GROUP_ROWS; i++) if (!count.isMissing(i)) minCount = Math.min(minCount, count.getInt(i));
        String statsMin = Datasets.sql("select stats_min_value from parquet_metadata('" + mine + "') where row_group_id = 0 and path_in_schema = 'count'")
                .table().getString(0, 0);
        assertEquals(Integer.toString(minCount), statsMin);
        long nulls = Datasets.sql("select cast(sum(stats_null_count) as bigint) as n from parquet_metadata('" + mine + "') where path_in_schema = 'price'")
                .table().longColumn("n").get(0);
        assertEquals(t.column("price").countMissing(), nulls);
    }

    @Test
    void polarsReadsWhatTheTableHolds(@TempDir Path dir) throws Exception {
        Table t = DatasetsArrowTest.everyType(ROWS);
        Path f = Datasets.save(t, dir.resolve("t.parquet"));
        assertTrue(createdBy(f).startsWith("parquet-mr"));
        String script = String.join("\n",
                "import json, sys, polars as pl",
                "d = pl.read_parquet(sys.argv[1])",
                "print(json.dumps({'rows': d.height, 'nulls': {c: d[c].null_count() for c in d.columns},",
                "  'types': {c: str(d[c].dtype) for c in d.columns},",
                "  'count': str(sum(d['count'].drop_nulls().to_list())), 'big': str(sum(d['big'].drop_nulls().to_list())),",
                "  'at': str(d['at'].dt.epoch('us').min()), 'tx': d['tx'].n_unique(), 'side': d['side'].drop_nulls().unique().sort().to_list()}))");
        Process p = new ProcessBuilder(VenvPython.python().toString(), "-c", script, f.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        JsonNode seen = new ObjectMapper().readTree(out);
        assertEquals(ROWS, seen.path("rows").asInt());
        for (Column<?> c : t.columns()) assertEquals(c.countMissing(), seen.path("nulls").path(c.name()).asInt(), "nulls of " + c.name());
        assertEquals("Datetime(time_unit='us', time_zone='UTC')", seen.path("types").path("at").asText());
        assertEquals("Datetime(time_unit='us', time_zone=None)", seen.path("types").path("local").asText());
        assertEquals("Int16", seen.path("types").path("small").asText());
        BigInteger count = BigInteger.ZERO, big = BigInteger.ZERO;
        LongColumn bigs = t.longColumn("big");
        for (int i = 0; i < ROWS; i++) {
            if (!t.intColumn("count").isMissing(i)) count = count.add(BigInteger.valueOf(t.intColumn("count").getInt(i)));
            if (!bigs.isMissing(i)) big = big.add(BigInteger.valueOf(bigs.getLong(i)));
        }
        assertEquals(count.toString(), seen.path("count").asText());
        assertEquals(big.toString(), seen.path("big").asText());
        InstantColumn at = t.instantColumn("at");
        long min = Long.MAX_VALUE;
        for (int i = 0; i < ROWS; i++) if (!at.isMissing(i)) min = Math.min(min, Columns.micros(at.get(i), "at"));
        assertEquals(Long.toString(min), seen.path("at").asText());
        StringColumn tx = t.stringColumn("tx");
        assertEquals(tx.countUnique(), seen.path("tx").asInt(), "distinct text, the missing value counted once by both");
        assertEquals(List.of("BUY", "SELL — ünïcode"), List.of(seen.path("side").get(0).asText(), seen.path("side").get(1).asText()));
    }

    @Test
    void plainTextGetsADictionaryPerRowGroupWhereItRepeats(@TempDir Path dir) {
        // Tablesaw's plain text (as a load makes of a column with many distinct values): token ids repeat within a row
        // group, hashes never do.
        StringColumn token = StringColumn.createInternal("token", new NullDictionaryMap(new ByteDictionaryMap()));
        StringColumn hash = StringColumn.createInternal("hash", new NullDictionaryMap(new ByteDictionaryMap()));
        java.util.SplittableRandom r = new java.util.SplittableRandom(5);
        for (int i = 0; i < ROWS; i++) {
            token.append(i % 101 == 0 ? "" : Long.toString(1_000_000_007L * (i / 50_000 + 1) + r.nextInt(400)));
            hash.append(i % 103 == 0 ? "" : "0x" + Long.toHexString(r.nextLong()) + "é" + i);
        }
        Table t = Table.create("plain", token, hash);
        Path f = Datasets.save(t, dir.resolve("plain.parquet"));
        Tables.assertSameTable(t, Datasets.load(f).setName(t.name()));
        Table m = metadata(f);
        for (int i = 0; i < m.rowCount(); i++) {
            boolean dictionary = !m.column("dictionary_page_offset").isMissing(i);
            assertEquals(m.getString(i, "path_in_schema").equals("token"), dictionary, m.getString(i, "path_in_schema") + " in row group " + m.getString(i, "row_group_id"));
        }
        long engineDistinct = Datasets.sql("select count(distinct token) as n from '" + f + "'").table().longColumn("n").get(0);
        assertEquals(token.countUnique() - 1, engineDistinct, "the engine reads the same distinct token ids (the missing one is null)");
    }

    @Test
    void aPageBeyondWhatTheWriterKeepsBuffersForIsWrittenWholeAndNotKept(@TempDir Path dir) {
        // A text of 5 MB: the dictionary page of a column Tablesaw keeps as a dictionary, and a PLAIN page of plain text,
        // each larger than the buffers a writer's thread keeps (FileEncode.Kit.KEEP).
        int size = FileEncode.Kit.KEEP + (1 << 20);
        java.util.SplittableRandom r = new java.util.SplittableRandom(9);
        StringBuilder b = new StringBuilder(size);
        while (b.length() < size) b.append((char) ('a' + r.nextInt(26)));
        String big = b.toString();
        StringColumn kept = StringColumn.create("kept");
        StringColumn plain = StringColumn.createInternal("plain", new NullDictionaryMap(new ByteDictionaryMap()));
        for (int i = 0; i < 3; i++) {
            kept.append(i == 1 ? big : "k" + i);
            plain.append(i == 2 ? big : "p" + i);
        }
        Table t = Table.create("big", kept, plain);
        Path f = Datasets.save(t, dir.resolve("big.parquet"));
        assertTrue(createdBy(f).startsWith("parquet-mr"));
        Tables.assertSameTable(t, Datasets.load(f).setName(t.name()));
        Table m = metadata(f);
        assertFalse(m.column("dictionary_page_offset").isMissing(0), "kept: a dictionary page");
        assertTrue(m.column("dictionary_page_offset").isMissing(1), "plain: PLAIN");
        assertEquals(List.of(size, size), List.of(
                ((Number) Datasets.sql("select max(length(kept)) as n from '" + f + "'").table().column("n").get(0)).intValue(),
                ((Number) Datasets.sql("select max(length(plain)) as n from '" + f + "'").table().column("n").get(0)).intValue()),
                "the engine reads both values whole");
        long bound = com.github.luben.zstd.Zstd.compressBound(FileEncode.Kit.KEEP);
        assertTrue(FileEncode.Kit.largest() <= bound, "the threads keep buffers of at most " + bound + " bytes, not " + FileEncode.Kit.largest());
    }

    @Test
    void columnsWithEveryValueMissingAndNoRows(@TempDir Path dir) {
        Table t = DatasetsArrowTest.everyType(1000);
        Table empty = t.emptyCopy();
        for (int i = 0; i < 1000; i++) empty.appendRow();
        for (int rows : new int[] {0, 1, 1000}) {
            Table part = empty.first(rows);
            Path f = Datasets.save(part, dir.resolve("missing-" + rows + ".parquet"));
            assertTrue(createdBy(f).startsWith("parquet-mr"));
            Tables.assertSameTable(part, Datasets.load(f).setName(part.name()));
            assertEquals(rows, Datasets.sql("select count(*) as n from '" + f + "'").table().longColumn("n").get(0));
        }
        assertTrue(Files.exists(dir.resolve("missing-0.parquet")));
    }
}
