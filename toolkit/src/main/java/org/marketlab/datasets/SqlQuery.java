package org.marketlab.datasets;

import org.duckdb.DuckDBConnection;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * One SQL query run by the embedded engine over Parquet files ({@code Datasets.sql("select ... from
 * 'trades/**&#47;*.parquet'")}). Nothing runs until a terminal call: {@link #table()} holds the result in a Tablesaw
 * table; {@link #stream()}, {@link #stream(Class)} and {@link #batches(int)} hand it over row by row or table by
 * table, never holding more than a batch; {@link #toParquet(Path)} writes it to a file without passing through the
 * JVM at all. The engine reads only the columns and row groups the query needs and spills its sorts and
 * group-bys to disk, so the files can be far bigger than memory.
 */
public final class SqlQuery {

    private final String sql;

    public SqlQuery(String sql) {
        if (sql == null || sql.isBlank()) throw new IllegalArgumentException("the SQL query is empty");
        String s = sql.strip();
        while (s.endsWith(";")) s = s.substring(0, s.length() - 1).strip();
        if (s.contains(";")) {
            // a semicolon inside a string literal is fine; a second statement is not
            if (s.replaceAll("'([^']|'')*'", "").contains(";")) {
                throw new IllegalArgumentException("Datasets.sql runs one query; this text holds more than one statement");
            }
        }
        this.sql = s;
    }

    /** The query's text. */
    public String sql() {
        return sql;
    }

    /** The whole result as a table (decimals as doubles, UTC timestamps as instants: see {@code docs/datasets.md}). */
    public Table table() {
        try (DuckDBConnection c = Engine.open()) {
            return Reading.table(c, sql, "sql"); // its DESCRIBE checks the query
        } catch (SQLException e) {
            throw refused(e);
        }
    }

    /** The number of rows of the result (counted by the engine). */
    public long count() {
        try (DuckDBConnection c = Engine.open(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM (" + checked(c) + ") AS q")) {
            r.next();
            return r.getLong(1);
        } catch (SQLException e) {
            throw refused(e);
        }
    }

    /** The result's columns and their engine types. */
    public Table schema() {
        try (DuckDBConnection c = Engine.open()) {
            List<Reading.Described> d = Reading.describe(c, checked(c));
            tech.tablesaw.api.StringColumn name = tech.tablesaw.api.StringColumn.create("column");
            tech.tablesaw.api.StringColumn type = tech.tablesaw.api.StringColumn.create("type");
            for (Reading.Described x : d) {
                name.append(x.name());
                type.append(x.type());
            }
            return Table.create("schema", name, type);
        } catch (SQLException e) {
            throw refused(e);
        }
    }

    /**
     * The rows one at a time, as column name to exact value ({@link java.math.BigDecimal}, {@link java.time.Instant},
     * lists), read from the engine as the stream is consumed. Close the stream if you stop early (try-with-resources);
     * one read to its end closes itself.
     */
    public Stream<Map<String, Object>> stream() {
        return open((r, names) -> Reading.row(r, names));
    }

    /** The rows as records of {@code type} (each component from the column of its name), read as consumed. */
    public <R extends Record> Stream<R> stream(Class<R> type) {
        if (type == null) throw new IllegalArgumentException("type is null");
        RecordMapper<R>[] mapper = new RecordMapper[1];
        return open((r, names) -> {
            if (mapper[0] == null) mapper[0] = new RecordMapper<>(type, names);
            return mapper[0].map(r);
        });
    }

    /** The rows as records of {@code type}, all of them. */
    public <R extends Record> List<R> list(Class<R> type) {
        try (Stream<R> s = stream(type)) {
            return s.toList();
        }
    }

    /** The result as tables of at most {@code rows} rows each, read as the stream is consumed. */
    public Stream<Table> batches(int rows) {
        if (rows < 1) throw new IllegalArgumentException("rows per batch must be 1 or more, was " + rows);
        DuckDBConnection c = Engine.open(true);
        try {
            String q = checked(c);
            List<Reading.Described> desc = Reading.describe(c, q);
            Reading.Target[] targets = Reading.targets(desc);
            Statement s = c.createStatement();
            ResultSet r = s.executeQuery("SELECT " + Reading.projection(desc) + " FROM (" + q + ") AS query");
            Iterator<Table> it = new Lookahead<>() {
                @Override
                Table read() {
                    try {
                        Column<?>[] cols = Reading.columns(desc);
                        int n = 0;
                        while (n < rows && r.next()) {
                            Reading.appendRow(r, cols, targets);
                            n++;
                        }
                        if (n < rows) {
                            end();
                            close(c);
                        }
                        return n == 0 ? null : Table.create("sql", cols);
                    } catch (SQLException e) {
                        close(c);
                        throw refused(e);
                    }
                }
            };
            return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED | Spliterator.NONNULL), false)
                    .onClose(() -> close(c));
        } catch (SQLException | RuntimeException e) {
            close(c);
            throw e instanceof SQLException q ? refused(q) : (RuntimeException) e;
        }
    }

    /** Writes the result to a Parquet file, straight from the engine (by temporary name and rename). */
    public Path toParquet(Path target) {
        if (target == null) throw new IllegalArgumentException("the target path is null");
        Path t = target.toAbsolutePath().normalize();
        if (java.nio.file.Files.isDirectory(t)) throw new DatasetException(t + " is a folder; toParquet writes one file");
        try (DuckDBConnection c = Engine.open()) {
            return Parquet.copy(c, checked(c), t);
        } catch (SQLException e) {
            throw refused(e);
        }
    }

    @Override
    public String toString() {
        return sql;
    }

    private interface RowReader<T> {
        T read(ResultSet r, String[] names) throws SQLException;
    }

    private <T> Stream<T> open(RowReader<T> reader) {
        DuckDBConnection c = Engine.open(true);
        try {
            Statement s = c.createStatement();
            ResultSet r = s.executeQuery(checked(c));
            String[] names = Reading.names(r);
            Iterator<T> it = new Lookahead<>() {
                @Override
                T read() {
                    try {
                        if (r.next()) return reader.read(r, names);
                    } catch (SQLException e) {
                        close(c);
                        throw refused(e);
                    }
                    close(c);
                    return null;
                }
            };
            return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED | Spliterator.NONNULL), false)
                    .onClose(() -> close(c));
        } catch (SQLException | RuntimeException e) {
            close(c);
            throw e instanceof SQLException q ? refused(q) : (RuntimeException) e;
        }
    }

    private static void close(DuckDBConnection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // closing an in-memory database frees its memory; nothing to report
        }
    }

    /** The query, once the engine has accepted it as one query. */
    private String checked(DuckDBConnection c) {
        try {
            Reading.describe(c, sql);
            return sql;
        } catch (SQLException e) {
            throw refused(e);
        }
    }

    private DatasetException refused(SQLException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        if (m.contains("Overflow in multiplication of DECIMAL(18)")) {
            m += "\n  (decimals stored as DECIMAL(18,6) multiply exactly within 18 digits in all, so price * size holds up to "
                    + "999,999.999999999999; widen one side for more: price * CAST(size AS DECIMAL(38,6)))";
        }
        return new DatasetException("the query failed: " + m + "\n  query: " + sql
                + "\n  (Datasets.sql runs one query, SELECT/WITH/FROM..., in DuckDB's SQL; a file is named in quotes: "
                + "from 'trades/**/*.parquet')", e);
    }

}
