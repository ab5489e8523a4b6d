package org.marketlab.tables;

import org.junit.jupiter.api.Test;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How tables read on display: headers with units, aggregates renamed, names before ids, ids shortened, the data untouched. */
class TableViewTest {

    private static final String TOKEN = "15949614544635750037772570313731244046655429614609351137383498195108194896428";
    private static final String ADDRESS = "0xAe503b180451a0A195A07D37709A7Cc646424E03";

    @Test
    void headersReadAsWordsWithUnits() {
        assertEquals("volume (USDC)", ColumnLabels.of("volume", ColumnKind.USDC));
        assertEquals("end date", ColumnLabels.of("endDate", ColumnKind.DATE));
        assertEquals("time (UTC)", ColumnLabels.of("time", ColumnKind.TIME));
        assertEquals("realized PnL (USDC)", ColumnLabels.of("realized_pnl", ColumnKind.USDC));
        assertEquals("change (¢)", ColumnLabels.of("change_cents", ColumnKind.CENTS));
        assertEquals("window (s)", ColumnLabels.of("window_s", ColumnKind.COUNT));
        assertEquals("waited", ColumnLabels.of("waited_ms", ColumnKind.DURATION), "a duration's cells carry their unit");
        assertEquals("relative spread", ColumnLabels.of("relative_spread_pct", ColumnKind.PERCENT), "percent cells carry %");
        assertEquals("24h volume (USDC)", ColumnLabels.of("volume24h", ColumnKind.USDC));
        assertEquals("refill per second", ColumnLabels.of("refill_per_s", ColumnKind.COUNT));
        assertEquals("position before fill", ColumnLabels.of("psz", ColumnKind.NUMBER));
        assertEquals("total account value (USDC)", ColumnLabels.of("totalAccountValue", ColumnKind.ofNumber("totalAccountValue", false)));
        assertEquals("USDC", ColumnLabels.of("usdc", ColumnKind.ofNumber("usdc", false)), "a column named for its unit says it once");
        assertEquals("profit (USDC)", ColumnLabels.of("profit", ColumnKind.ofNumber("profit", false)));
    }

    @Test
    void aCompactViewTakesNamedColumnsOfAWiderOneInItsOrder() {
        record Row(String name, double price, long id) {
        }
        RecordTable<Row> every = RecordTable.<Row>columns().column("name", String.class, Row::name).column("price", Double.class, Row::price)
                .column("id", Long.class, Row::id);
        Table shown = every.only("price", "name").table("compact", List.of(new Row("a", 0.5, 7)));
        assertEquals(List.of("price", "name"), shown.columnNames());
        assertEquals(0.5, shown.doubleColumn("price").get(0));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> every.only("name", "size"));
        assertEquals("no column 'size'; the columns are [name, price, id]", e.getMessage());
    }

    @Test
    void tablesawAggregatesAreRenamed() {
        assertEquals(ColumnKind.USDC, ColumnKind.ofNumber("Sum [volume]", false));
        assertEquals(ColumnKind.COUNT, ColumnKind.ofNumber("Count [amount]", false), "a count of money is a count");
        assertEquals("total volume (USDC)", ColumnLabels.of("Sum [volume]", ColumnKind.USDC));
        assertEquals("count", ColumnLabels.of("Count [amount]", ColumnKind.COUNT));
        assertEquals("mean price", ColumnLabels.of("Mean [price]", ColumnKind.PRICE));
        assertEquals("sd of change (¢)", ColumnLabels.of("Std. Deviation [change_cents]", ColumnKind.CENTS));
        Table t = Table.create("by category", StringColumn.create("category", "a"), DoubleColumn.create("Sum [funding]", 1.5),
                DoubleColumn.create("Count [funding]", 3.0));
        List<TableView.Shown> shown = TableView.of(t, new int[]{0});
        assertEquals(List.of("category", "total funding (USDC)", "count"), shown.stream().map(TableView.Shown::label).toList());
        assertEquals(List.of("a", "1.50", "3"), shown.stream().map(s -> s.text().get(0)).toList());
    }

    @Test
    void kindsAreReadFromWholeWords() {
        assertEquals(ColumnKind.USDC, ColumnKind.ofNumber("totalAccountValue", false), "acCOUNT is not a count");
        assertEquals(ColumnKind.COUNT, ColumnKind.ofNumber("eventCount", true));
        assertEquals(ColumnKind.NUMBER, ColumnKind.ofNumber("imbalance", false), "not a balance");
        assertEquals(ColumnKind.NUMBER, ColumnKind.ofNumber("depth_near_mid", false), "a size, not a price");
        assertEquals(ColumnKind.PRICE, ColumnKind.ofNumber("midpoint", false));
        assertEquals(ColumnKind.PRICE, ColumnKind.ofNumber("bestAsk", false));
        assertEquals(ColumnKind.SHARE, ColumnKind.ofNumber("share", false));
        assertEquals(ColumnKind.SHARE, ColumnKind.ofNumber("return_on_equity", false));
        assertEquals(ColumnKind.DURATION, ColumnKind.ofNumber("last_message_age_s", false));
        assertEquals(ColumnKind.DURATION, ColumnKind.ofNumber("waited_ms", true));
        assertEquals(ColumnKind.COUNT, ColumnKind.ofNumber("waited", true), "how many waited");
        assertEquals(ColumnKind.NUMBER, ColumnKind.ofNumber("feeRateBps", false), "basis points are not money");
        assertEquals(ColumnKind.ID, ColumnKind.of(StringColumn.create("market", "0x011627e5b5fe2209a06d10d05169d21c47882fb169f15b0dbf22c9f4e8b147e3")),
                "text that is all hashes is an id column");
        assertEquals(ColumnKind.TEXT, ColumnKind.of(StringColumn.create("market", "511484")));
    }

    @Test
    void cellsReadLikeAReport() {
        assertEquals(List.of("15.4%", "0.5%"), TableFormat.cells(DoubleColumn.create("share", 0.1541, 0.005)));
        assertEquals(List.of("248 ms", "8.3 s", "3 h 12 min"), TableFormat.cells(DoubleColumn.create("waited_ms", 248.4, 8_284, 11_520_000)));
        assertEquals(List.of("105,159.73"), TableFormat.cells(DoubleColumn.create("totalAccountValue", 105159.726637)));
        assertEquals(List.of("28,000,000.00"), TableFormat.cells(DoubleColumn.create("volume", 2.8e7)), "no E-notation");
        assertEquals(List.of("1594…6428", "0xAe50…4E03"), TableFormat.cells(StringColumn.create("tokenId", TOKEN, ADDRESS)));
        assertEquals(List.of("4294967295"), TableFormat.cells(LongColumn.create("instrument_id", 4294967295L)));
    }

    @Test
    void namesComeBeforeIdsAndLongIdsAreShortenedWithTheFullValueKept() {
        Table t = Table.create("OutcomeTokens", StringColumn.create("tokenId", TOKEN), StringColumn.create("outcome", "Yes"),
                DoubleColumn.create("price", 0.23), StringColumn.create("marketId", "506672"),
                StringColumn.create("question", "Will a Tech milestone be announced by December 8, 2026?"));
        List<TableView.Shown> shown = TableView.of(t, new int[]{0});
        assertEquals(List.of("question", "outcome", "tokenId", "price", "marketId"), shown.stream().map(TableView.Shown::name).toList());
        TableView.Shown token = shown.get(2);
        assertEquals("1594…6428", token.text().get(0));
        assertEquals(TOKEN, token.fullAt(0), "the full id for the tooltip");
        assertNull(shown.get(0).fullAt(0));
        assertEquals(List.of("tokenId", "outcome", "price", "marketId", "question"), t.columnNames(), "the table itself is unchanged");
        assertEquals(TOKEN, t.stringColumn("tokenId").get(0));
        // Titles before slugs.
        Table e = Table.create("exposure", StringColumn.create("event_slug", "who-will-top-retail-in-2026-16702"),
                DoubleColumn.create("value", 1623.85), StringColumn.create("title", "Who will top Retail in 2026?"));
        assertEquals(List.of("title", "event_slug", "value"), TableView.of(e, new int[]{0}).stream().map(TableView.Shown::name).toList());
        // A table with names first stays as it is.
        Table ok = Table.create("events", StringColumn.create("title", "t"), IntColumn.create("markets", new int[]{2}), StringColumn.create("slug", "s"));
        assertEquals(List.of("title", "markets", "slug"), TableView.of(ok, new int[]{0}).stream().map(TableView.Shown::name).toList());
    }

    @Test
    void idsAreShortenedOnlyWhenLong() {
        assertEquals("0xAe50…4E03", Ids.shorten(ADDRESS));
        assertEquals("4854…1627", Ids.shorten("48541234567890123456789012345678901627"));
        assertEquals("f991…3f5c", Ids.shorten("f9912fb38a78b4ded9ec486225823f5c"));
        assertEquals("18674", Ids.shorten("18674"));
        assertEquals("Will it rain tomorrow in the capital city?", Ids.shorten("Will it rain tomorrow in the capital city?"));
        assertFalse(Ids.looksLikeId("who-will-top-retail-in-2026-16702"), "a slug is not an id to shorten");
    }

    @Test
    void singleValuesAndRecordFields() {
        assertEquals("6,724.61 USDC", Formats.usdc(new BigDecimal("6724.61473")));
        assertEquals("105,159.73", Formats.value("totalAccountValue", new BigDecimal("105159.726637")));
        assertEquals("unlimited", Formats.value("allowance", BigInteger.TWO.pow(256).subtract(BigInteger.ONE)));
        assertEquals("6,724,669,630", Formats.value("baseUnits", new BigInteger("6724669630")));
        assertEquals("1590591547229", Formats.value("salt", new BigInteger("1590591547229")), "a salt is a number to match, not to add up");
        assertEquals("2026-11-26 20:11:27 UTC (1795723887949 ms)", Formats.value("timestamp", new BigInteger("1795723887949")),
                "a signed order's timestamp in epoch milliseconds, as a time");
        assertEquals("2026-12-03 07:33 UTC (1796283180 s)", Formats.value("expiration", new BigInteger("1796283180")));
        assertEquals("none (0)", Formats.value("expiration", BigInteger.ZERO));
        assertEquals("12", Formats.value("timestamp", 12L), "a number no time of this century stays a number");
        assertEquals("248 ms", Formats.value("lastMessageAge", Duration.ofNanos(248_414_500)));
        assertEquals("0 ms", Formats.value("worstHeal", Duration.ZERO));
        assertEquals("2026-12-03 07:33 UTC", Formats.value("expiresAt", Instant.parse("2026-12-03T07:33:00Z")));
        assertEquals("-16.8031", Formats.value("size", new BigDecimal("-16.80310000")));
        assertEquals("15.4%", Formats.percent(0.1541));
        assertEquals("0.954", Formats.price(new BigDecimal("0.954")));
        assertEquals("0.95", Formats.price(new BigDecimal("0.95")));
        assertEquals(ADDRESS, Formats.value("owner", ADDRESS), "an address fits a record's line: shown whole");
        assertEquals("1594…6428", Formats.value("tokenId", TOKEN));
        assertTrue(Formats.value("note", "PT0.2S").equals("PT0.2S"), "text stays text");
    }

    @Test
    void durationsAsPeopleReadThem() {
        assertEquals("248 ms", Durations.format(Duration.ofMillis(248)));
        assertEquals("8.3 s", Durations.format(Duration.ofMillis(8_284)));
        assertEquals("42 s", Durations.format(Duration.ofMillis(41_800)));
        assertEquals("4 min 12 s", Durations.format(Duration.ofSeconds(252)));
        assertEquals("3 h 12 min", Durations.format(Duration.ofMinutes(192)));
        assertEquals("2 d 4 h", Durations.format(Duration.ofHours(52)));
        assertEquals("-1.5 s", Durations.format(Duration.ofMillis(-1500)));
        assertEquals("ms", Durations.unitOf("waited_ms"));
        assertEquals("s", Durations.unitOf("total_wait_s"));
        assertNull(Durations.unitOf("refill_per_s"));
    }
}
