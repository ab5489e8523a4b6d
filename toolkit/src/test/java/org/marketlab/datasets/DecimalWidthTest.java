package org.marketlab.datasets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.Datasets;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Decimals are stored in the narrowest of two exact types that holds every value of the column: {@code DECIMAL(18,6)}
 * (a 64-bit integer in the file) or {@code DECIMAL(38,12)}; a harvest that meets a wider value in a later chunk
 * widens the files it already wrote, so the folder keeps one schema; nothing is ever rounded.
 */
class DecimalWidthTest {

    record Amount(long id, BigDecimal value) {
    }

    private static String type(Path dataset, String column) {
        var schema = Datasets.schema(dataset.toString());
        return schema.where(schema.stringColumn("column").isEqualTo(column)).stringColumn("type").get(0);
    }

    @Test
    void aFileTakesTheNarrowTypeWhenEveryValueFitsAndTheWideOneOtherwise(@TempDir Path dir) {
        List<Amount> six = List.of(new Amount(1, new BigDecimal("0.123456")), new Amount(2, new BigDecimal("999999999999.999999")),
                new Amount(3, new BigDecimal("-5.100000000")), new Amount(4, null));
        Path a = Datasets.save(six, Amount.class, dir.resolve("six.parquet"));
        assertEquals("DECIMAL(18,6)", type(a, "value"));
        Tables.assertSameRecords(six, Datasets.load(a, Amount.class));

        List<Amount> seven = new ArrayList<>(six);
        seven.add(new Amount(5, new BigDecimal("0.1234567")));
        Path b = Datasets.save(seven, Amount.class, dir.resolve("seven.parquet"));
        assertEquals("DECIMAL(38,12)", type(b, "value"), "a 7th decimal needs the wide type");
        Tables.assertSameRecords(seven, Datasets.load(b, Amount.class));

        List<Amount> big = List.of(new Amount(6, new BigDecimal("1000000000000")));
        assertEquals("DECIMAL(38,12)", type(Datasets.save(big, Amount.class, dir.resolve("big.parquet")), "value"), "a 13th digit before the point too");

        var tooFine = List.of(new Amount(7, new BigDecimal("0.0000000000001")));
        var e = assertThrows(DatasetException.class, () -> Datasets.save(tooFine, Amount.class, dir.resolve("fine.parquet")));
        assertTrue(e.getMessage().contains("value") && e.getMessage().contains("never rounds"), e.getMessage());
    }

    @Test
    void aHarvestWidensWhatItWroteWhenALaterChunkNeedsIt(@TempDir Path dir) {
        Harvest.Source<Amount> source = (position, wanted) -> {
            int page = position == null ? 0 : (Integer) position;
            List<Amount> rows = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                long id = page * 50L + i;
                // the last page holds one value with 9 decimals
                BigDecimal v = page == 3 && i == 7 ? new BigDecimal("12.345678901") : BigDecimal.valueOf(id, 2);
                rows.add(new Amount(id, v));
            }
            return new Harvest.Page<>(rows, page < 3 ? (Object) (page + 1) : null);
        };
        Path h = dir.resolve("h");
        Harvest.of("amounts", Amount.class, source).chunkRows(50).partitionBy("part", r -> Long.toString(r.id() % 2)).to(h);
        assertEquals(8, Parquet.files(h).size());
        for (Path f : Parquet.files(h)) assertEquals("DECIMAL(38,12)", type(f, "value"), f + " was widened with the folder");
        List<Amount> back = new ArrayList<>(Datasets.sql("select id, value from '" + h + "/**/*.parquet' order by id").list(Amount.class));
        assertEquals(200, back.size());
        assertEquals(new BigDecimal("12.345678901"), back.get(157).value());
        assertEquals(new BigDecimal("1.56"), back.get(156).value());
        // A re-run of the complete harvest reads the widened folder as its own.
        assertTrue(Harvest.of("amounts", Amount.class, source).chunkRows(50).partitionBy("part", r -> Long.toString(r.id() % 2)).to(h).complete());
    }

    record Fill(BigDecimal price, BigDecimal size) {
    }

    @Test
    void aProductPastEighteenDigitsIsAClearErrorAndACastWidensIt(@TempDir Path dir) {
        Path f = Datasets.save(List.of(new Fill(new BigDecimal("0.5"), new BigDecimal("2000000"))), Fill.class, dir.resolve("f.parquet"));
        var e = assertThrows(DatasetException.class, () -> Datasets.sql("select price * size as notional from '" + f + "'").table());
        assertTrue(e.getMessage().contains("CAST(size AS DECIMAL(38,6))"), e.getMessage());
        var ok = Datasets.sql("select price * CAST(size AS DECIMAL(38,6)) as notional from '" + f + "'").list(Notional.class);
        assertEquals(new BigDecimal("1000000"), ok.get(0).notional());
    }

    record Notional(BigDecimal notional) {
    }
}
