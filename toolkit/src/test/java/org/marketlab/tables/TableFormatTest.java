package org.marketlab.tables;

import org.junit.jupiter.api.Test;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TableFormatTest {

    @Test
    void kindsFollowTypeAndName() {
        assertEquals(ColumnKind.USDC, ColumnKind.of(DoubleColumn.create("volume24h")));
        assertEquals(ColumnKind.USDC, ColumnKind.of(DoubleColumn.create("unrealized_pnl")));
        assertEquals(ColumnKind.PRICE, ColumnKind.of(DoubleColumn.create("bestBid")));
        assertEquals(ColumnKind.PRICE, ColumnKind.of(DoubleColumn.create("midpoint")));
        assertEquals(ColumnKind.PERCENT, ColumnKind.of(DoubleColumn.create("spread_pct")));
        assertEquals(ColumnKind.COUNT, ColumnKind.of(IntColumn.create("marketCount")));
        assertEquals(ColumnKind.ID, ColumnKind.of(LongColumn.create("instrument_id")));
        assertEquals(ColumnKind.DATE, ColumnKind.of(InstantColumn.create("endDate")));
        assertEquals(ColumnKind.TIME, ColumnKind.of(InstantColumn.create("time")));
        assertEquals(ColumnKind.TEXT, ColumnKind.of(StringColumn.create("question")));
        assertEquals(ColumnKind.NUMBER, ColumnKind.of(DoubleColumn.create("size")));
        ColumnKind.assign("size", ColumnKind.COUNT);
        try {
            assertEquals(ColumnKind.COUNT, ColumnKind.of(DoubleColumn.create("Size")));
        } finally {
            ColumnKind.assign("size", ColumnKind.NUMBER);
        }
        assertThrows(IllegalArgumentException.class, () -> ColumnKind.assign(" ", ColumnKind.USDC));
    }

    @Test
    void aColumnShowsEveryRowWithTheSameDecimals() {
        assertEquals(List.of("337.21", "1,000.12", "5.00"), TableFormat.cells(DoubleColumn.create("cumulative", 337.21000000000004, 1000.123456789, 5)));
        assertEquals(List.of("12.00", "0.50"), TableFormat.cells(DoubleColumn.create("volume", 12, 0.5)));
        assertEquals(List.of("0.50", "0.61", ""), TableFormat.cells(DoubleColumn.create("price", 0.5, 0.61, Double.NaN)));
        assertEquals(List.of("0.505", "0.610"), TableFormat.cells(DoubleColumn.create("price", 0.505, 0.61)));
        assertEquals(List.of("11.11%"), TableFormat.cells(DoubleColumn.create("spread_pct", 11.111111)));
        assertEquals(List.of("0.00", "0.55"), TableFormat.cells(DoubleColumn.create("imbalance", -0.00001, 0.55)), "no negative zero");
        assertEquals(List.of("25.37", "0", "3.10"), TableFormat.cells(DoubleColumn.create("sizeWithEdge", 25.37, 0, 3.1)),
                "an exact zero size reads 0 as it does in a table whose sizes are all zero");
        assertEquals(List.of("0", "0"), TableFormat.cells(DoubleColumn.create("sizeWithEdge", 0, -0.0)));
        assertEquals(List.of("0.00", "3.10"), TableFormat.cells(DoubleColumn.create("profit", 0, 3.1)), "money stays to the cent");
        assertEquals(List.of("20,474.56", "3.00"), TableFormat.cells(DoubleColumn.create("turnover", 20474.5642, 3)), "thousands to the cent");
        assertEquals(List.of("2,137"), TableFormat.cells(IntColumn.create("count", new int[]{2137})));
        assertEquals(List.of("2137"), TableFormat.cells(LongColumn.create("instrument_id", 2137L)));
    }

    @Test
    void timesToTheMinuteAndDatesAsDates() {
        Instant a = Instant.parse("2026-11-23T14:00:00Z"), b = Instant.parse("2026-11-23T15:30:00Z");
        assertEquals(List.of("2026-11-23 14:00", "2026-11-23 15:30"), TableFormat.cells(InstantColumn.create("time", new Instant[]{a, b})));
        assertEquals(List.of("2026-11-23 14:00:05"), TableFormat.cells(InstantColumn.create("time", new Instant[]{a.plusSeconds(5)})));
        assertEquals(List.of("2026-11-23", "2026-11-24"), TableFormat.cells(InstantColumn.create("time", new Instant[]{Instant.parse("2026-11-23T00:00:00Z"), Instant.parse("2026-11-24T00:00:00Z")})));
        assertEquals(List.of("2026-11-23", ""), TableFormat.cells(InstantColumn.create("endDate", new Instant[]{b, null})));
    }
}
