package org.marketlab.datasets;

import org.duckdb.DuckDBConnection;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The embedded engine: an in-memory DuckDB database per operation, in UTC, with a memory limit (it spills to its
 * temporary folder past it) and no extension downloads (a query that needs one fails at once instead of reaching
 * for the network).
 */
final class Engine {

    /** The engine's memory limit: beyond it, sorts, joins and group-bys spill to disk. */
    static final String MEMORY_LIMIT = System.getProperty("marketlab.datasets.memory", "1GB");

    private Engine() {
    }

    static DuckDBConnection open() {
        return open(false);
    }

    /** A connection; {@code streaming}: results are fetched from the engine as they are read, not held whole first. */
    static DuckDBConnection open(boolean streaming) {
        try {
            Class.forName("org.duckdb.DuckDBDriver");
            java.util.Properties props = new java.util.Properties();
            if (streaming) props.setProperty("jdbc_stream_results", "true");
            Connection c = DriverManager.getConnection("jdbc:duckdb:", props);
            try (Statement s = c.createStatement()) {
                s.execute("SET TimeZone = 'UTC'");
                s.execute("SET memory_limit = " + literal(MEMORY_LIMIT));
                s.execute("SET temp_directory = " + literal(tempDirectory().toString()));
                s.execute("SET autoinstall_known_extensions = false");
                s.execute("SET autoload_known_extensions = false");
            }
            return c.unwrap(DuckDBConnection.class);
        } catch (ClassNotFoundException | SQLException e) {
            throw new DatasetException("the embedded DuckDB engine did not start (" + e.getMessage() + "); it ships native "
                    + "libraries for Linux x86_64/arm64, macOS and Windows x86_64", e);
        }
    }

    private static Path tempDirectory() {
        Path p = Path.of(System.getProperty("java.io.tmpdir"), "marketlab-duckdb-" + ProcessHandle.current().pid());
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new DatasetException("cannot create the engine's spill folder " + p + ": " + e.getMessage(), e);
        }
        p.toFile().deleteOnExit();
        return p;
    }

    static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** A SQL string literal. */
    static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** A SQL identifier. */
    static String ident(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }

    /** Whether a failure was the disk filling (ENOSPC, or a quota). */
    static boolean diskFull(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT);
            if (m.contains("no space left") || m.contains("disk quota") || m.contains("not enough space")) return true;
        }
        return false;
    }
}
