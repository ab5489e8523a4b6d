package org.marketlab.datasets;

import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Parquet files written and read by the embedded engine: what {@code Datasets} calls. Every file is written under a
 * hidden temporary name ({@code .name.parquet.tmp}) in its folder, forced to disk and renamed into place, so a file
 * a reader sees under its own name is whole; a failed write removes its temporary file.
 */
public final class Parquet {

    private static final System.Logger LOG = System.getLogger("org.marketlab.datasets");
    private static volatile Boolean zstd;

    private static volatile java.util.concurrent.ForkJoinPool workers;

    /**
     * The pool the Java writer and decoder share: one daemon thread per core ({@code marketlab-parquet-N}), started with
     * the first save or load and ended when idle.
     */
    static java.util.concurrent.ForkJoinPool workers() {
        java.util.concurrent.ForkJoinPool p = workers;
        if (p == null) {
            synchronized (Parquet.class) {
                p = workers;
                if (p == null) {
                    java.util.concurrent.ForkJoinPool.ForkJoinWorkerThreadFactory threads = fj -> {
                        var t = java.util.concurrent.ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(fj);
                        t.setName("marketlab-parquet-" + t.getPoolIndex());
                        t.setDaemon(true);
                        return t;
                    };
                    workers = p = new java.util.concurrent.ForkJoinPool(Runtime.getRuntime().availableProcessors(), threads, null, false);
                }
            }
        }
        return p;
    }

    /**
     * Whether zstd-jni's native library loads here, which the Java writer and decoder both need (found out once, said
     * once when it does not: saves and loads of one file then go through the engine).
     */
    static boolean zstdLoads() {
        Boolean z = zstd;
        if (z == null) {
            try {
                com.github.luben.zstd.Zstd.defaultCompressionLevel();
                z = true;
            } catch (LinkageError e) {
                z = false;
                LOG.log(System.Logger.Level.INFO, "Datasets.save and Datasets.load go through DuckDB, not Java (zstd-jni did not load: "
                        + e + "); see docs/datasets.md");
            }
            zstd = z;
        }
        return z;
    }

    private static final AtomicLong TABLES = new AtomicLong();

    private Parquet() {
    }

    // ---- writing -----------------------------------------------------------------------------------------------

    /** Writes a Tablesaw table to {@code target}, every column typed (see {@code docs/datasets.md}). */
    public static Path save(Table table, Path target) {
        if (table == null) throw new IllegalArgumentException("table is null");
        List<Columns.Col> cols = Columns.ofTable(table);
        Column<?>[] columns = table.columns().toArray(new Column<?>[0]);
        Columns.Kind[] kinds = cols.stream().map(Columns.Col::kind).toArray(Columns.Kind[]::new);
        int rows = table.rowCount();
        Path t = checkTarget(target);
        if (FileEncode.enabled()) {
            Path written = FileEncode.save(cols, columns, kinds, rows, t);
            if (written != null) return written;
        }
        try (DuckDBConnection c = Engine.open()) {
            if (ArrowTables.enabled()) {
                Path written = ArrowTables.save(c, cols, columns, kinds, rows, t);
                if (written != null) return written;
            }
            // The table function feeds one thread; the engine's copy of the rows is then written on all of them (writing
            // straight from the function costs less processor time but puts the whole Parquet encoding on one thread).
            String copied = "rows_" + TABLES.incrementAndGet();
            Engine.exec(c, "CREATE TABLE " + Engine.ident(copied) + " AS " + TableSource.select(c, cols, columns, kinds, rows));
            return copy(c, "SELECT * FROM " + Engine.ident(copied), t);
        } catch (SQLException e) {
            throw new DatasetException("the engine failed: " + e.getMessage(), e);
        }
    }

    /** Writes records to {@code target}: one column per scalar component, {@link java.math.BigDecimal} exact. */
    public static <R extends Record> Path save(Collection<? extends R> rows, Class<R> type, Path target) {
        if (rows == null) throw new IllegalArgumentException("rows is null");
        if (type == null) throw new IllegalArgumentException("type is null: give the record class");
        List<Columns.Col> cols = Columns.widened(Columns.ofRecord(type), rows);
        try (DuckDBConnection c = Engine.open()) {
            return write(c, checkTarget(target), cols, a -> {
                for (R r : rows) Columns.appendRecord(a, cols, r);
            });
        } catch (SQLException e) {
            throw new DatasetException("the engine failed: " + e.getMessage(), e);
        }
    }

    interface Rows {
        void appendTo(DuckDBAppender a) throws SQLException;
    }

    private static Path checkTarget(Path target) {
        if (target == null) throw new IllegalArgumentException("the target path is null");
        Path t = target.toAbsolutePath().normalize();
        if (Files.isDirectory(t)) {
            throw new DatasetException(t + " is a folder; save writes one Parquet file (give a file name such as trades.parquet)");
        }
        if (Files.exists(t) && !isParquet(t)) {
            throw new DatasetException(t + " exists and is not a Parquet file: not replaced (save replaces only a Parquet file)");
        }
        return t;
    }

    /** Appends the rows into a table of the engine and writes it to {@code target} by temporary name and rename. */
    static Path write(DuckDBConnection c, Path target, List<Columns.Col> cols, Rows rows) {
        Path tmp = temporary(target);
        String table = "rows_" + TABLES.incrementAndGet();
        try {
            Files.createDirectories(target.getParent());
            Files.deleteIfExists(tmp);
            Engine.exec(c, Columns.createTable(table, cols));
            try (DuckDBAppender a = c.createAppender(DuckDBConnection.DEFAULT_SCHEMA, table)) {
                rows.appendTo(a);
            }
            Engine.exec(c, "COPY " + Engine.ident(table) + " TO " + Engine.literal(tmp.toString()) + " (FORMAT parquet, COMPRESSION zstd)");
            commit(tmp, target);
            return target;
        } catch (SQLException | IOException | RuntimeException e) {
            deleteQuietly(tmp);
            throw failure(e, target);
        } finally {
            try {
                Engine.exec(c, "DROP TABLE IF EXISTS " + Engine.ident(table));
            } catch (SQLException ignored) {
                // the connection is closed with the operation
            }
        }
    }

    /** Runs {@code query} in the engine and writes its rows to {@code target} (by temporary name and rename). */
    static Path copy(DuckDBConnection c, String query, Path target) {
        Path tmp = temporary(target);
        try {
            Files.createDirectories(target.getParent());
            Files.deleteIfExists(tmp);
            Engine.exec(c, "COPY (" + query + ") TO " + Engine.literal(tmp.toString()) + " (FORMAT parquet, COMPRESSION zstd)");
            commit(tmp, target);
            return target;
        } catch (SQLException | IOException | RuntimeException e) {
            deleteQuietly(tmp);
            throw failure(e, target);
        }
    }

    static Path temporary(Path target) {
        return target.resolveSibling("." + target.getFileName() + ".tmp");
    }

    /** Forces the temporary file to disk, then renames it into place (atomically where the file system can). */
    static void commit(Path tmp, Path target) throws IOException {
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    static RuntimeException failure(Exception e, Path target) {
        if (e instanceof DatasetException d) return d;
        if (Engine.diskFull(e)) {
            return new DatasetException("the disk is full: " + target + " was not written (no space left on its device); "
                    + "nothing partial is left under its name. Free space or write elsewhere", e);
        }
        if (e instanceof IllegalArgumentException i) return i;
        return new DatasetException(target + " was not written: " + e.getMessage() + "; nothing partial is left under its name", e);
    }

    static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a hidden .tmp name: no reader takes it for a dataset
        }
    }

    // ---- reading ------------------------------------------------------------------------------------------------

    /**
     * A file, a folder (every .parquet file under it, Hive partitions as columns) or a glob, as a Tablesaw table. One
     * file is decoded in Java where {@link FileDecode} covers it; everything else is the engine's scan.
     */
    public static Table load(String source) {
        String from = from(source);
        if (!source.matches(".*[*?\\[{].*") && Files.isRegularFile(Path.of(source))) {
            Table decoded = FileDecode.read(Path.of(source).toAbsolutePath().normalize(), name(source));
            if (decoded != null) return decoded;
        }
        try (DuckDBConnection c = Engine.open()) {
            return Reading.scan(c, "SELECT * FROM " + from, name(source));
        } catch (SQLException e) {
            throw new DatasetException("could not read " + source + ": " + e.getMessage(), e);
        }
    }

    /** The rows of a dataset as records of {@code type}, every value exact. */
    public static <R extends Record> List<R> load(String source, Class<R> type) {
        String from = from(source);
        try (DuckDBConnection c = Engine.open(); Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT * FROM " + from)) {
            RecordMapper<R> m = new RecordMapper<>(type, Reading.names(r));
            List<R> out = new ArrayList<>();
            while (r.next()) out.add(m.map(r));
            return out;
        } catch (SQLException e) {
            throw new DatasetException("could not read " + source + ": " + e.getMessage(), e);
        }
    }

    /** The columns of a dataset and their engine types. */
    public static Table schema(String source) {
        String from = from(source);
        try (DuckDBConnection c = Engine.open()) {
            List<Reading.Described> d = Reading.describe(c, "SELECT * FROM " + from);
            tech.tablesaw.api.StringColumn name = tech.tablesaw.api.StringColumn.create("column");
            tech.tablesaw.api.StringColumn type = tech.tablesaw.api.StringColumn.create("type");
            for (Reading.Described x : d) {
                name.append(x.name());
                type.append(x.type());
            }
            return Table.create("schema of " + source, name, type);
        } catch (SQLException e) {
            throw new DatasetException("could not read " + source + ": " + e.getMessage(), e);
        }
    }

    private static String name(String source) {
        Path p = Path.of(source.replaceAll("[*?\\[{].*$", "x"));
        String n = p.getFileName() == null ? source : p.getFileName().toString();
        return n.endsWith(".parquet") ? n.substring(0, n.length() - ".parquet".length()) : source;
    }

    /**
     * The engine's {@code read_parquet(...)} of a source after checking it: a Parquet file; a folder whose
     * {@code .parquet} files (hidden and {@code _} names left out) all share one schema; or a glob.
     */
    public static String from(String source) {
        if (source == null || source.isBlank()) throw new IllegalArgumentException("the dataset path is empty");
        if (source.matches(".*[*?\\[{].*")) {
            return "read_parquet(" + Engine.literal(source) + ", hive_partitioning = true)";
        }
        Path p = Path.of(source).toAbsolutePath().normalize();
        if (!Files.exists(p)) {
            throw new DatasetException("no file or folder at " + p + "; a dataset is a .parquet file, a folder of them (a harvest) or a glob");
        }
        if (Files.isRegularFile(p)) {
            if (!isParquet(p)) {
                throw new DatasetException(p + " is not a Parquet file (it does not begin and end with the PAR1 mark); "
                        + "a dataset is a .parquet file, a folder of them (a harvest) or a glob");
            }
            return "read_parquet(" + Engine.literal(p.toString()) + ")";
        }
        List<Path> files = files(p);
        if (files.isEmpty() && Files.isRegularFile(p.resolve(Harvest.CHECKPOINT))) return emptyHarvest(p);
        if (files.isEmpty()) {
            throw new DatasetException(p + " is a folder with no .parquet file in it or under it: not a dataset "
                    + "(a dataset is a .parquet file, a folder of them (a harvest) or a glob)");
        }
        for (Path f : files) {
            if (!isParquet(f)) throw new DatasetException(f + " is named .parquet but is not a Parquet file (no PAR1 mark): the folder " + p + " is not a whole dataset");
        }
        checkOneSchema(p, files);
        StringBuilder list = new StringBuilder("[");
        for (int i = 0; i < files.size(); i++) list.append(i == 0 ? "" : ", ").append(Engine.literal(files.get(i).toString()));
        return "read_parquet(" + list.append("]") + ", hive_partitioning = true)";
    }

    /** A harvest that found no rows: no file, but its checkpoint names the columns; it reads as zero rows of them. */
    private static String emptyHarvest(Path dir) {
        try {
            com.fasterxml.jackson.databind.JsonNode n = new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve(Harvest.CHECKPOINT).toFile());
            StringBuilder b = new StringBuilder("(SELECT ");
            int i = 0;
            for (com.fasterxml.jackson.databind.JsonNode col : n.path("schema")) {
                String sig = col.asText();
                int space = sig.indexOf(' ');
                b.append(i++ == 0 ? "" : ", ").append("CAST(NULL AS ").append(sig.substring(space + 1)).append(") AS ").append(Engine.ident(sig.substring(0, space)));
            }
            if (i == 0) throw new DatasetException(dir + " holds a harvest checkpoint without columns: not a dataset");
            return b.append(" WHERE false)").toString();
        } catch (IOException e) {
            throw new DatasetException(dir + " holds no .parquet file and its harvest checkpoint is not readable: " + e.getMessage(), e);
        }
    }

    /** The visible .parquet files under a folder, in path order (names beginning with '.' or '_' are not data). */
    static List<Path> files(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile)
                    .filter(f -> f.getFileName().toString().endsWith(".parquet"))
                    .filter(f -> {
                        for (Path part : dir.relativize(f)) {
                            String n = part.toString();
                            if (n.startsWith(".") || n.startsWith("_")) return false;
                        }
                        return true;
                    })
                    .sorted().toList();
        } catch (IOException e) {
            throw new DatasetException("could not list " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Refuses a folder whose files do not all have the same columns and types, naming two that differ. */
    static void checkOneSchema(Path dir, List<Path> files) {
        if (files.size() < 2) return;
        StringBuilder list = new StringBuilder("[");
        for (int i = 0; i < files.size(); i++) list.append(i == 0 ? "" : ", ").append(Engine.literal(files.get(i).toString()));
        list.append("]");
        Map<String, String> byFile = new LinkedHashMap<>();
        try (DuckDBConnection c = Engine.open(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT file_name, string_agg(name || ' ' || coalesce(duckdb_type, ''), ', ' ORDER BY column_id) "
                     + "FROM parquet_schema(" + list + ") WHERE column_id > 0 GROUP BY file_name ORDER BY file_name")) {
            while (r.next()) byFile.put(r.getString(1), r.getString(2));
        } catch (SQLException e) {
            throw new DatasetException("could not read the schemas of the files in " + dir + ": " + e.getMessage(), e);
        }
        Map.Entry<String, String> first = null;
        for (Map.Entry<String, String> e : byFile.entrySet()) {
            if (first == null) first = e;
            else if (!first.getValue().equals(e.getValue())) {
                throw new DatasetException("the schema changed between files of " + dir + ": " + first.getKey() + " has (" + first.getValue()
                        + ") but " + e.getKey() + " has (" + e.getValue() + "); a dataset's files must share one schema: "
                        + "move the odd files to a dataset of their own, or read each part with its own path or glob");
            }
        }
    }

    static boolean isParquet(Path f) {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "r")) {
            if (raf.length() < 12) return false;
            byte[] head = new byte[4];
            byte[] tail = new byte[4];
            raf.readFully(head);
            raf.seek(raf.length() - 4);
            raf.readFully(tail);
            String mark = "PAR1";
            return new String(head, StandardCharsets.US_ASCII).equals(mark) && new String(tail, StandardCharsets.US_ASCII).equals(mark);
        } catch (IOException e) {
            return false;
        }
    }
}
