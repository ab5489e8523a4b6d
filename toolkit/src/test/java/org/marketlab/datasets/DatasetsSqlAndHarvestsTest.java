package org.marketlab.datasets;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.Accounts;
import org.marketlab.Clob;
import org.marketlab.Datasets;
import org.marketlab.MarketLab;
import org.marketlab.Markets;
import org.marketlab.accounts.Trade;
import org.marketlab.clob.OutcomeToken;
import org.marketlab.clob.TokenPrice;
import org.marketlab.config.Profile;
import org.marketlab.markets.Event;
import org.marketlab.signing.Wallet;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SQL over the files (tables, streams, batches, files out) and the harvests of events, trades and price histories. */
class DatasetsSqlAndHarvestsTest {

    static List<Trade> trades;
    static Path tape;

    @BeforeAll
    static void harvest(@TempDir Path dir) {
        MarketLab.use(Profile.sandbox());
        var wallet = Accounts.of(Wallet.demo(1).address());
        trades = wallet.trades().list();
        tape = dir.resolve("trades");
        HarvestReport r = wallet.trades().harvest().chunkRows(500).to(tape);
        assertEquals(trades.size(), r.rows());
    }

    @Test
    void aGroupByOverTheHarvestAgreesWithTheRecords() {
        Map<String, BigDecimal> expected = new TreeMap<>();
        for (Trade t : trades) expected.merge(t.side(), t.size(), BigDecimal::add);
        String q = "select side, sum(size) as size, count(*) as trades from '" + tape + "/**/*.parquet' group by side order by side";
        Table t = Datasets.sql(q).table();
        assertEquals(expected.size(), t.rowCount());
        record Side(String side, BigDecimal size, Long trades) {
        }
        List<Side> exact = Datasets.sql(q).list(Side.class);
        int i = 0;
        for (Map.Entry<String, BigDecimal> e : expected.entrySet()) {
            assertEquals(e.getKey(), t.stringColumn("side").get(i));
            assertEquals(e.getValue().doubleValue(), t.doubleColumn("size").get(i), 1e-6, "a table holds the sum as a double");
            assertEquals(0, e.getValue().compareTo(exact.get(i).size()), "records hold it exact");
            i++;
        }
        assertEquals(trades.size(), Datasets.sql("from '" + tape + "/**/*.parquet'").count());
    }

    @Test
    void streamsAndBatchesHandOverEveryRowWithoutHoldingThem() {
        String q = "select * from '" + tape + "/**/*.parquet' order by timestamp, transactionHash";
        long n;
        BigDecimal sum = BigDecimal.ZERO;
        try (Stream<Map<String, Object>> rows = Datasets.sql(q).stream()) {
            List<Map<String, Object>> all = rows.toList();
            n = all.size();
            for (Map<String, Object> r : all) sum = sum.add((BigDecimal) r.get("size"));
            assertTrue(all.get(0).get("timestamp") instanceof java.time.Instant, "UTC timestamps are instants");
            assertTrue(all.get(0).get("day") instanceof LocalDate, "the Hive partition is a date column");
        }
        assertEquals(trades.size(), n);
        assertEquals(0, trades.stream().map(Trade::size).reduce(BigDecimal.ZERO, BigDecimal::add).compareTo(sum));
        try (Stream<Trade> s = Datasets.sql(q).stream(Trade.class)) {
            assertEquals(HarvestResumeTest.keys(trades), HarvestResumeTest.keys(s.toList()));
        }
        List<Integer> sizes = new ArrayList<>();
        try (Stream<Table> b = Datasets.sql(q).batches(700)) {
            b.forEach(t -> sizes.add(t.rowCount()));
        }
        assertEquals(trades.size(), sizes.stream().mapToInt(Integer::intValue).sum());
        assertTrue(sizes.stream().allMatch(s -> s <= 700) && sizes.size() >= trades.size() / 700, sizes.toString());
        try (Stream<Map<String, Object>> early = Datasets.sql(q).stream()) {
            assertEquals(5, early.limit(5).count(), "a stream stopped early closes with its try");
        }
    }

    @Test
    void batchesHoldTheSameColumnsAndValuesAsTheWholeTable() {
        String q = "select * from (values (1::smallint, 2::integer, 3::bigint, 1.5::float, 2.25::double, true, 'x', "
                + "timestamptz '2026-01-02 03:04:05.678+00', timestamp '2026-01-02 03:04:05', date '2026-01-02', time '12:34:56', 4.125::decimal(9,3)), "
                + "(null, null, null, null, null, null, null, null, null, null, null, null), "
                + "(-7::smallint, -8::integer, -9::bigint, -0.5::float, 1e300::double, false, '', "
                + "timestamptz '1969-12-31 23:59:59.5+00', timestamp '1900-03-04 05:06:07', date '1900-03-04', time '00:00:01', -1.5::decimal(9,3))) "
                + "as t(s, i, l, f, d, b, txt, ts, dt, dd, tm, dec)";
        Table whole = Datasets.sql(q).table();
        List<Table> parts;
        try (Stream<Table> b = Datasets.sql(q).batches(2)) {
            parts = b.toList();
        }
        assertEquals(2, parts.size());
        Table joined = parts.get(0).copy().append(parts.get(1));
        assertEquals(whole.columnCount(), joined.columnCount());
        for (int c = 0; c < whole.columnCount(); c++) {
            assertEquals(whole.column(c).type(), joined.column(c).type(), whole.column(c).name());
            for (int r = 0; r < whole.rowCount(); r++) {
                assertEquals(whole.column(c).isMissing(r), joined.column(c).isMissing(r), whole.column(c).name() + " row " + r);
                assertEquals(whole.column(c).getString(r), joined.column(c).getString(r), whole.column(c).name() + " row " + r);
            }
        }
    }

    @Test
    void aResultCanBeKeptAsAFile(@TempDir Path dir) {
        Path daily = Datasets.sql("select day, side, sum(size) as size from '" + tape + "/**/*.parquet' group by all order by all")
                .toParquet(dir.resolve("daily.parquet"));
        Table t = Datasets.load(daily);
        long days = trades.stream().map(x -> LocalDate.ofInstant(x.timestamp(), ZoneOffset.UTC) + x.side()).distinct().count();
        assertEquals(days, t.rowCount());
        assertEquals("DECIMAL(38,6)", Datasets.schema(daily.toString()).stringColumn("type").get(2), "a sum of DECIMAL(18,6) stays an exact decimal");
    }

    @Test
    void eventsHarvestByDay(@TempDir Path dir) throws Exception {
        List<Event> events = Markets.events().limit(230).pageSize(50).list();
        HarvestReport r = Markets.events().limit(230).pageSize(50).harvest().chunkRows(60).to(dir.resolve("events"));
        assertEquals(events.size(), r.rows());
        assertTrue(r.filesWritten() >= 4, r.toString());
        List<Event> back = Datasets.load(dir.resolve("events"), Event.class);
        assertEquals(events.stream().map(Event::id).sorted().toList(), back.stream().map(Event::id).sorted().toList());
        try (Stream<Path> s = Files.list(dir.resolve("events"))) {
            assertTrue(s.anyMatch(p -> p.getFileName().toString().startsWith("day=")));
        }
    }

    @Test
    void priceHistoriesOfManyTokens(@TempDir Path dir) {
        List<OutcomeToken> tokens = Markets.events().active().closed(false).limit(10).list().stream().flatMap(e -> e.markets().stream())
                .filter(m -> !Boolean.TRUE.equals(m.closed())).limit(4).flatMap(m -> Clob.tokens(m).stream()).toList();
        assertTrue(tokens.size() >= 4);
        long expected = 0;
        for (OutcomeToken t : tokens) expected += Clob.pricesHistory(t).interval("1w").fidelity(60).table().rowCount();
        HarvestReport r = Clob.pricesHistories(tokens).interval("1w").fidelity(60).toParquet(dir.resolve("prices"));
        assertEquals(expected, r.rows());
        assertEquals(tokens.size(), r.pages(), "one page per token");
        Table perToken = Datasets.sql("select tokenId, count(*) as n from '" + dir.resolve("prices") + "/**/*.parquet' group by tokenId").table();
        assertEquals(tokens.size(), perToken.rowCount());
        assertEquals(expected, Datasets.load(dir.resolve("prices"), TokenPrice.class).size());
        assertEquals(expected, Clob.pricesHistories(tokens).interval("1w").fidelity(60).table().rowCount());
    }

    @Test
    void aHarvestThatFoundNothingReadsAsNoRowsOfItsColumns(@TempDir Path dir) {
        var empty = Accounts.of("0x000000000000000000000000000000000000dead").trades();
        HarvestReport r = empty.toParquet(dir.resolve("none"));
        assertTrue(r.complete() && r.rows() == 0, r.toString());
        Table t = Datasets.load(dir.resolve("none"));
        assertEquals(0, t.rowCount());
        assertTrue(t.columnNames().containsAll(List.of("price", "size", "timestamp")), t.columnNames().toString());
        assertEquals("DOUBLE", t.column("price").type().name());
        assertEquals(List.of(), Datasets.load(dir.resolve("none"), Trade.class));
    }
}
