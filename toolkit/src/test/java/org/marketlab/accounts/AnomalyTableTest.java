package org.marketlab.accounts;

import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The anomalies table puts each kind's figure in a column of its own unit, so no column mixes dollars and shares. */
class AnomalyTableTest {

    @Test
    void eachKindsFigureSitsInTheColumnOfItsUnit() {
        List<Anomaly> rows = List.of(
                new Anomaly("REDEEMABLE_NOT_REDEEMED", null, "Will it rain?", "Yes", "1", new BigDecimal("327.82"), "not redeemed"),
                new Anomaly("CONCENTRATION", null, "Will it snow?", "No", "2", new BigDecimal("0.2621"), "26.21% in one position"),
                new Anomaly("FAR_FROM_MID", Instant.parse("2026-11-01T00:00:00Z"), "Will it hail?", "Yes", "3", new BigDecimal("0.31"), "far"));
        Table t = AccountAnalytics.table(rows);

        assertFalse(t.columnNames().contains("figure"), t.columnNames().toString());
        assertEquals(List.of("kind", "time", "title", "outcome", "tokenId", "value", "share", "priceDistance", "detail"), t.columnNames());
        assertEquals(327.82, t.doubleColumn("value").get(0), 1e-9);
        assertTrue(t.doubleColumn("value").isMissing(1) && t.doubleColumn("value").isMissing(2));
        assertEquals(0.2621, t.doubleColumn("share").get(1), 1e-9);
        assertTrue(t.doubleColumn("share").isMissing(0) && t.doubleColumn("share").isMissing(2));
        assertEquals(0.31, t.doubleColumn("priceDistance").get(2), 1e-9);
        assertTrue(t.doubleColumn("priceDistance").isMissing(0) && t.doubleColumn("priceDistance").isMissing(1));
    }

    @Test
    void noAnomaliesIsAnEmptyTableWithTheSameColumns() {
        Table t = AccountAnalytics.table(List.of());
        assertEquals(0, t.rowCount());
        assertTrue(t.columnNames().containsAll(List.of("value", "share", "priceDistance")));
    }
}
