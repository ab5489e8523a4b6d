package org.marketlab.datasets;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.Accounts;
import org.marketlab.Clob;
import org.marketlab.Datasets;
import org.marketlab.MarketLab;
import org.marketlab.Markets;
import org.marketlab.accounts.Account;
import org.marketlab.accounts.Activity;
import org.marketlab.accounts.Position;
import org.marketlab.accounts.Trade;
import org.marketlab.clob.Candle;
import org.marketlab.clob.OutcomeToken;
import org.marketlab.config.Profile;
import org.marketlab.markets.Event;
import org.marketlab.markets.Market;
import org.marketlab.signing.Wallet;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every record table the toolkit makes, read from the embedded sandbox over loopback, saved to Parquet and loaded
 * back: the same table value for value; and the records themselves, BigDecimal exact.
 */
class DatasetsRoundTripTest {

    static List<Event> events;
    static Account wallet;
    static OutcomeToken token;

    @BeforeAll
    static void sandbox() {
        MarketLab.use(Profile.sandbox());
        events = Markets.events().active().closed(false).limit(40).list();
        wallet = Accounts.of(Wallet.demo(1).address());
        Market m = events.stream().flatMap(e -> e.markets().stream()).filter(x -> !Boolean.TRUE.equals(x.closed())).findFirst().orElseThrow();
        token = Clob.tokens(m).get(0);
    }

    /** Every table a user meets first, by its name. */
    static Map<String, Table> tables() {
        Map<String, Table> t = new LinkedHashMap<>();
        t.put("events", Markets.events().active().limit(40).table());
        t.put("events (all columns)", Markets.events().active().limit(40).allColumns().table());
        t.put("markets (all columns)", Markets.events().active().limit(20).allColumns().marketsTable());
        t.put("outcomes", Markets.events().active().limit(20).outcomesTable());
        t.put("tags", Markets.events().active().limit(20).tagsTable());
        t.put("trades", wallet.trades().limit(500).table());
        t.put("positions", wallet.positions().table());
        t.put("activity", wallet.activity().limit(300).table());
        t.put("book", Clob.book(token).table());
        t.put("prices history", Clob.pricesHistory(token).interval("1w").fidelity(60).table());
        t.put("candles", Clob.ohlc(token).fidelity("1h").since(Instant.now().minus(Duration.ofDays(3))).table());
        t.put("limits", MarketLab.limits());
        return t;
    }

    @Test
    void everyTableComesBackValueForValue(@TempDir Path dir) {
        int i = 0;
        for (Map.Entry<String, Table> e : tables().entrySet()) {
            Table original = e.getValue();
            assertTrue(original.rowCount() > 0, e.getKey() + " has rows on the sandbox");
            Path file = dir.resolve("t" + (i++) + ".parquet");
            assertEquals(file, Datasets.save(original, file));
            Table back = Datasets.load(file);
            Tables.assertSameTable(original.copy().setName(e.getKey()), back.setName(e.getKey()));
        }
        assertEquals(List.of(), List.of(dir.toFile().list((d, n) -> n.endsWith(".tmp"))), "no temporary file is left");
    }

    @Test
    void recordsComeBackExact(@TempDir Path dir) {
        List<Trade> trades = wallet.trades().limit(500).list();
        assertFalse(trades.isEmpty());
        Datasets.save(trades, Trade.class, dir.resolve("trades.parquet"));
        Tables.assertSameRecords(trades, Datasets.load(dir.resolve("trades.parquet"), Trade.class));

        List<Position> positions = wallet.positions().list();
        Datasets.save(positions, Position.class, dir.resolve("positions.parquet"));
        Tables.assertSameRecords(positions, Datasets.load(dir.resolve("positions.parquet"), Position.class));

        List<Activity> activity = wallet.activity().limit(300).list();
        Datasets.save(activity, Activity.class, dir.resolve("activity.parquet"));
        Tables.assertSameRecords(activity, Datasets.load(dir.resolve("activity.parquet"), Activity.class));

        Datasets.save(events, Event.class, dir.resolve("events.parquet"));
        Tables.assertSameRecords(events, Datasets.load(dir.resolve("events.parquet"), Event.class));

        List<Market> markets = events.stream().flatMap(e -> e.markets().stream()).toList();
        Datasets.save(markets, Market.class, dir.resolve("markets.parquet"));
        Tables.assertSameRecords(markets, Datasets.load(dir.resolve("markets.parquet"), Market.class));

        List<Candle> candles = Clob.ohlc(token).fidelity("1h").since(Instant.now().minus(Duration.ofDays(3))).list();
        Datasets.save(candles, Candle.class, dir.resolve("candles.parquet"));
        Tables.assertSameRecords(candles, Datasets.load(dir.resolve("candles.parquet"), Candle.class));
    }

    record Edge(String text, BigDecimal amount, Instant at, Boolean flag, Integer count, Long big, Double ratio, List<String> words,
                List<BigDecimal> amounts) {
    }

    @Test
    void edgeValuesAndNullsComeBackExact(@TempDir Path dir) {
        List<Edge> rows = new ArrayList<>();
        rows.add(new Edge("plain", new BigDecimal("0.000000000001"), Instant.parse("1970-01-01T00:00:00Z"), true, 0, 0L, 0.0,
                List.of("a", "b, c"), List.of(new BigDecimal("1.5"), new BigDecimal("-2"))));
        rows.add(new Edge("héllo ✓ 'quoted' \"double\"", new BigDecimal("99999999999999999999999999.999999999999"),
                Instant.parse("2026-11-26T12:34:56.123456Z"), false, Integer.MIN_VALUE, Long.MAX_VALUE, -1e-300, List.of(), List.of()));
        rows.add(new Edge(null, null, null, null, null, null, null, null, null));
        rows.add(new Edge("neg", new BigDecimal("-12345.678901234500"), Instant.parse("2262-04-11T23:47:16.854775Z"), null,
                Integer.MAX_VALUE, Long.MIN_VALUE, Double.MAX_VALUE, List.of("x"), List.of(new BigDecimal("0.1"))));
        Path f = Datasets.save(rows, Edge.class, dir.resolve("edge.parquet"));
        List<Edge> back = Datasets.load(f, Edge.class);
        Tables.assertSameRecords(rows, back);
        // decimals come back at the smallest scale that keeps the value
        assertEquals("99999999999999999999999999.999999999999", back.get(1).amount().toPlainString());
        assertEquals("-12345.6789012345", back.get(3).amount().toPlainString());
        assertEquals(List.of(), back.get(2).words(), "a null list reads as an empty list");
        Table t = Datasets.load(f);
        assertEquals("DOUBLE", t.column("amount").type().name(), "a table holds a decimal as a double, as the toolkit's tables do");
        assertEquals("INSTANT", t.column("at").type().name());
        assertEquals("a, b, c", t.stringColumn("words").get(0), "a list reads as its elements joined, as the toolkit's tables show lists");
        Table schema = Datasets.schema(f.toString());
        assertEquals("DECIMAL(38,12)", schema.where(schema.stringColumn("column").isEqualTo("amount")).stringColumn("type").get(0));
        assertEquals("TIMESTAMP WITH TIME ZONE", schema.where(schema.stringColumn("column").isEqualTo("at")).stringColumn("type").get(0));
    }

    /**
     * A table past the size where save and load move repeated text by code: every value of every row comes back in
     * its row (text repeated and unique, missing values, numbers, instants, booleans), and a text column built from
     * codes behaves as one appended value by value (unique values, counts, missing values, filters, appends).
     */
    @Test
    void aBigTableComesBackValueForValue(@TempDir Path dir) {
        int n = 150_000;
        var side = tech.tablesaw.api.StringColumn.create("side");
        var market = tech.tablesaw.api.StringColumn.create("market");
        var tx = tech.tablesaw.api.StringColumn.create("tx");
        var price = tech.tablesaw.api.DoubleColumn.create("price");
        var count = tech.tablesaw.api.IntColumn.create("count");
        var at = tech.tablesaw.api.InstantColumn.create("at");
        var flag = tech.tablesaw.api.BooleanColumn.create("flag");
        var big = tech.tablesaw.api.LongColumn.create("big");
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        for (int i = 0; i < n; i++) {
            side.append(i % 7 == 0 ? "" : (r.nextBoolean() ? "BUY" : "SELL"));
            market.append("market-" + r.nextInt(500));
            tx.append(Long.toHexString(r.nextLong()) + i);
            if (i % 11 == 0) price.appendMissing();
            else price.append(r.nextInt(10_000) / 10_000.0);
            count.append(r.nextInt());
            at.append(Instant.ofEpochMilli(1_700_000_000_000L + r.nextLong(1_000_000_000L)));
            if (i % 13 == 0) flag.appendMissing();
            else flag.append(r.nextBoolean());
            big.append(r.nextLong());
        }
        Table t = Table.create("big", side, market, tx, price, count, at, flag, big);
        Path f = Datasets.save(t, dir.resolve("big.parquet"));
        Table back = Datasets.load(f).setName("big");
        Tables.assertSameTable(t, back);
        for (String name : List.of("side", "market")) {
            var e = t.stringColumn(name);
            var a = back.stringColumn(name);
            assertEquals(e.countUnique(), a.countUnique(), name + ": distinct values");
            assertEquals(e.countMissing(), a.countMissing(), name + ": missing values");
            assertEquals(e.unique().asSet(), a.unique().asSet(), name + ": the set of values");
            assertEquals(e.isEqualTo(e.get(1)).size(), a.isEqualTo(e.get(1)).size(), name + ": rows equal to a value");
            a.append("a value not seen before").append(e.get(1)).appendMissing();
            assertEquals("a value not seen before", a.get(n));
            assertEquals(e.get(1), a.get(n + 1));
            assertTrue(a.isMissing(n + 2));
        }
        // and as a folder of parts (two files, read in path order)
        Datasets.save(t.inRange(0, 80_000), dir.resolve("parts/a.parquet"));
        Datasets.save(t.inRange(80_000, n), dir.resolve("parts/b.parquet"));
        Tables.assertSameTable(t, Datasets.load(dir.resolve("parts")).setName("big"));
    }

    /** A text column built from codes with more distinct values than a 16-bit key holds equals the appended one. */
    @Test
    void aCodedColumnWithManyDistinctValuesEqualsTheAppendedOne() {
        int n = 200_000;
        String[] dictionary = new String[70_001];
        for (int i = 0; i < dictionary.length; i++) dictionary[i] = "v" + i;
        dictionary[17] = ""; // an empty text is Tablesaw's missing value
        int[] codes = new int[n];
        var expected = tech.tablesaw.api.StringColumn.create("c");
        java.util.SplittableRandom r = new java.util.SplittableRandom(5);
        for (int i = 0; i < n; i++) {
            codes[i] = i % 9 == 0 ? -1 : r.nextInt(dictionary.length);
            if (codes[i] < 0) expected.appendMissing();
            else expected.append(dictionary[codes[i]]);
        }
        var actual = ColumnFill.coded("c", dictionary, codes, n);
        Tables.assertSameTable(Table.create("coded", expected), Table.create("coded", actual));
        assertEquals(expected.countUnique(), actual.countUnique());
        assertEquals(expected.countMissing(), actual.countMissing());
        actual.append("new").append("v3");
        assertEquals("new", actual.get(n));
        assertEquals("v3", actual.get(n + 1));
    }
}
