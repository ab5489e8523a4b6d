package org.marketlab;

import org.marketlab.datasets.Parquet;
import org.marketlab.datasets.SqlQuery;
import tech.tablesaw.api.Table;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * Datasets kept on disk as Parquet, read back with their types, and queried with SQL by an embedded engine
 * (DuckDB) that works out of core.
 *
 * <pre>{@code
 * Datasets.save(Markets.events().limit(50).table(), Path.of("events.parquet"));
 * Datasets.load("events.parquet");                                   // the same table, value for value
 * Datasets.save(trades, Trade.class, Path.of("trades.parquet"));     // records: BigDecimal kept exact
 * Datasets.load("trades.parquet", Trade.class);                      // the same records
 * Datasets.sql("select side, sum(size) from 'trades/**&#47;*.parquet' group by side").table();
 * }</pre>
 *
 * Decimals are stored as {@code DECIMAL(18,6)}, or {@code DECIMAL(38,12)} for a column with a value that needs it, and
 * instants as UTC timestamps (microseconds); a value that fits neither is refused with its column named, never rounded. Every file is written to a hidden temporary name and
 * renamed into place, so a reader never takes a partial file for whole. Harvests to disk are on the queries:
 * {@code Markets.events().toParquet(dir)}, {@code account.trades().toParquet(dir)},
 * {@code Clob.pricesHistories(tokens).toParquet(dir)}. See {@code docs/datasets.md}.
 */
public final class Datasets {

    private Datasets() {
    }

    /** Writes a table to a Parquet file (replacing a Parquet file of that name); returns the file. */
    public static Path save(Table table, Path file) {
        return Parquet.save(table, file);
    }

    /** {@link #save(Table, Path)} to a path given as text. */
    public static Path save(Table table, String file) {
        return Parquet.save(table, Path.of(file));
    }

    /** Writes records to a Parquet file, one column per scalar component, every {@link java.math.BigDecimal} exact. */
    public static <R extends Record> Path save(Collection<? extends R> rows, Class<R> type, Path file) {
        return Parquet.save(rows, type, file);
    }

    /** {@link #save(Collection, Class, Path)} to a path given as text. */
    public static <R extends Record> Path save(Collection<? extends R> rows, Class<R> type, String file) {
        return Parquet.save(rows, type, Path.of(file));
    }

    /**
     * Reads a dataset into a table: a {@code .parquet} file, a folder of them (a harvest: its Hive partitions
     * {@code key=value} become columns) or a glob ({@code "trades/**&#47;*.parquet"}).
     */
    public static Table load(String dataset) {
        return Parquet.load(dataset);
    }

    /** {@link #load(String)} of a path. */
    public static Table load(Path dataset) {
        return Parquet.load(pathText(dataset));
    }

    /** Reads a dataset into records of {@code type}: every value exact ({@link java.math.BigDecimal}, instants to the microsecond). */
    public static <R extends Record> List<R> load(String dataset, Class<R> type) {
        return Parquet.load(dataset, type);
    }

    /** {@link #load(String, Class)} of a path. */
    public static <R extends Record> List<R> load(Path dataset, Class<R> type) {
        return Parquet.load(pathText(dataset), type);
    }

    /** A dataset's columns and their types, read from the files' footers only. */
    public static Table schema(String dataset) {
        return Parquet.schema(dataset);
    }

    /**
     * A SQL query (DuckDB's dialect) over Parquet files named in quotes, run by the engine out of core:
     * {@code .table()} for a Tablesaw table, {@code .stream()} for rows one at a time, {@code .toParquet(file)} to
     * keep the result.
     */
    public static SqlQuery sql(String query) {
        return new SqlQuery(query);
    }

    private static String pathText(Path p) {
        if (p == null) throw new IllegalArgumentException("the dataset path is null");
        return p.toString();
    }
}
