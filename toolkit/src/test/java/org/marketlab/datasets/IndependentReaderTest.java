package org.marketlab.datasets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.Accounts;
import org.marketlab.Datasets;
import org.marketlab.MarketLab;
import org.marketlab.accounts.Position;
import org.marketlab.accounts.Trade;
import org.marketlab.config.Profile;
import org.marketlab.signing.Wallet;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The files are plain Parquet: polars and DuckDB's Python package (the project's .venv), reading them on their own,
 * agree with the toolkit on row counts, exact decimal sums and every decimal value, and see decimals as decimals
 * and instants as UTC timestamps.
 */
class IndependentReaderTest {

    @BeforeAll
    static void sandbox() {
        MarketLab.use(Profile.sandbox());
    }

    private static JsonNode read(Path path, String... decimalColumns) throws Exception {
        List<String> args = new ArrayList<>(List.of(path.toString()));
        args.addAll(List.of(decimalColumns));
        String out = VenvPython.run("independent_reader.py", args);
        return new ObjectMapper().readTree(out.strip().lines().reduce((a, b) -> b).orElseThrow());
    }

    private static <R> void agree(JsonNode seen, List<R> rows, String column, Function<R, BigDecimal> value) {
        BigDecimal sum = rows.stream().map(value).filter(Objects::nonNull).reduce(BigDecimal.ZERO, BigDecimal::add);
        List<String> values = new ArrayList<>(rows.stream().map(value).filter(Objects::nonNull).map(b -> b.setScale(18).toPlainString()).toList());
        values.sort(null);
        for (String reader : List.of("polars", "duckdb")) {
            JsonNode r = seen.path(reader);
            assertEquals(rows.size(), r.path("rows").asInt(), reader + " rows");
            assertEquals(0, sum.compareTo(new BigDecimal(r.path("sums").path(column).asText())), reader + " exact sum of " + column + ": " + r.path("sums").path(column));
            List<String> theirs = new ArrayList<>();
            r.path("values").path(column).forEach(v -> theirs.add(new BigDecimal(v.asText()).setScale(18).toPlainString()));
            theirs.sort(null);
            assertEquals(values, theirs, reader + " sees every " + column + " exactly");
        }
    }

    @Test
    void recordsFileAgrees(@TempDir Path dir) throws Exception {
        var wallet = Accounts.of(Wallet.demo(1).address());
        List<Trade> trades = wallet.trades().limit(800).list();
        Path f = Datasets.save(trades, Trade.class, dir.resolve("trades.parquet"));
        JsonNode seen = read(f, "price", "size");
        agree(seen, trades, "price", Trade::price);
        agree(seen, trades, "size", Trade::size);
        assertEquals("Decimal(precision=18, scale=6)", seen.path("polars").path("types").path("price").asText());
        assertTrue(seen.path("polars").path("types").path("timestamp").asText().contains("time_zone='UTC'"), seen.path("polars").path("types").toString());
        assertEquals("DECIMAL(18,6)", seen.path("duckdb").path("types").path("size").asText(), "prices and sizes have 6 decimals: the narrow type");
        assertEquals("TIMESTAMP WITH TIME ZONE", seen.path("duckdb").path("types").path("timestamp").asText());

        List<Position> positions = wallet.positions().list();
        Path p = Datasets.save(positions, Position.class, dir.resolve("positions.parquet"));
        JsonNode pos = read(p, "size", "avgPrice", "currentValue");
        agree(pos, positions, "size", Position::size);
        agree(pos, positions, "avgPrice", Position::avgPrice);
        agree(pos, positions, "currentValue", Position::currentValue);
    }

    @Test
    void harvestFolderAgrees(@TempDir Path dir) throws Exception {
        var wallet = Accounts.of(Wallet.demo(1).address());
        List<Trade> trades = wallet.trades().list();
        HarvestReport r = wallet.trades().harvest().chunkRows(400).to(dir.resolve("h"));
        assertEquals(trades.size(), r.rows());
        JsonNode seen = read(dir.resolve("h"), "price", "size");
        agree(seen, trades, "price", Trade::price);
        agree(seen, trades, "size", Trade::size);
        assertEquals("Date", seen.path("polars").path("types").path("day").asText(), "the Hive partition is a column to polars");
        assertEquals("DATE", seen.path("duckdb").path("types").path("day").asText(), "and to DuckDB");
    }

    @Test
    void tableFileAgrees(@TempDir Path dir) throws Exception {
        Table t = Accounts.of(Wallet.demo(1).address()).trades().limit(300).table();
        Path f = Datasets.save(t, dir.resolve("t.parquet"));
        JsonNode seen = read(f);
        for (String reader : List.of("polars", "duckdb")) assertEquals(t.rowCount(), seen.path(reader).path("rows").asInt(), reader);
        assertEquals("Float64", seen.path("polars").path("types").path("price").asText(), "a table's double column is a double");
    }
}
