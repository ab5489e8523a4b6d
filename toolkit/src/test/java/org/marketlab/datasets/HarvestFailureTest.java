package org.marketlab.datasets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.Datasets;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A page that fails keeps what was read before it; the folder is a harvest from its first moment. */
class HarvestFailureTest {

    record Row(long n, String text) {
    }

    /** Ten pages of 100 rows; {@code failAt} (if not -1) throws instead of answering that page once. */
    private static Harvest<Row> harvest(int[] failAt) {
        return Harvest.of("rows", Row.class, (position, wanted) -> {
            int page = position == null ? 0 : ((Number) position).intValue();
            if (page == failAt[0]) {
                failAt[0] = -1;
                throw new IllegalStateException("page " + page + " did not come");
            }
            List<Row> rows = new ArrayList<>();
            for (int i = 0; i < 100; i++) rows.add(new Row(page * 100L + i, "row " + (page * 100 + i)));
            return new Harvest.Page<>(rows, page < 9 ? (Object) (page + 1) : null);
        }).query("ten pages").chunkRows(1_000).unpartitioned().distinctBy(Row::n);
    }

    @Test
    void aFailedPageKeepsThePagesBeforeItAndARerunContinues(@TempDir Path dir) throws Exception {
        int[] failAt = {6};
        Path folder = dir.resolve("rows");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> harvest(failAt).to(folder));
        assertTrue(e.getMessage().contains("page 6"), e.getMessage());
        assertEquals(600, Datasets.load(folder, Row.class).size(), "the six pages read before the failure are kept");
        assertTrue(Files.readString(folder.resolve(Harvest.CHECKPOINT)).contains("\"next\" : 6"));

        HarvestReport again = harvest(failAt).to(folder);
        assertTrue(again.resumed() && again.complete(), again.toString());
        assertEquals(400, again.rowsAdded());
        assertEquals(4, again.pages(), "only the pages from the failed one on are read");
        List<Row> rows = Datasets.load(folder, Row.class);
        assertEquals(1000, rows.size());
        assertEquals(1000, rows.stream().map(Row::n).distinct().count(), "none twice");
    }

    @Test
    void aFolderIsAHarvestBeforeItsFirstChunk(@TempDir Path dir) {
        int[] failAt = {0};
        Path folder = dir.resolve("rows");
        assertThrows(IllegalStateException.class, () -> harvest(failAt).to(folder));
        assertTrue(Files.exists(folder.resolve(Harvest.CHECKPOINT)), "the checkpoint is written before the first page");
        HarvestReport r = harvest(failAt).to(folder);
        assertTrue(r.resumed() && r.complete());
        assertEquals(1000, r.rows());
        assertFalse(Files.exists(folder.resolve(".part-000001.parquet.tmp")));
    }
}
