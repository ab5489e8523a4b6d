package org.marketlab.datasets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.duckdb.DuckDBConnection;
import org.marketlab.config.Progress;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A paged read written straight to a folder of Parquet files, memory bounded, Hive-partitioned, and resumable.
 *
 * <p>Any paged query can be harvested: it gives a {@link Source} (read the page at a position; say where the next
 * one starts) whose positions are text or whole numbers (a cursor, an offset, an index), and the record type of its
 * rows. Rows are kept in memory only until a chunk is full ({@link #chunkRows}, at a page boundary); the chunk is
 * then written, one file per partition ({@code dir/day=2026-11-01/part-000003.parquet}), each under a hidden
 * temporary name and renamed into place, and only then is the checkpoint ({@code dir/_harvest.json}: the next
 * page's position, the rows and files so far, the schema and the query) replaced, by the same temporary-and-rename
 * step. A harvest that is killed keeps every chunk it checkpointed; running it again into the same folder removes
 * any file of a chunk it had not checkpointed and continues from the checkpointed position, so the folder ends
 * with the same rows as one uninterrupted run: none twice, none missing. Rows repeated across a page boundary (a
 * listing that moved while it was read) are dropped by their key ({@link #distinctBy}), also across a resume.
 *
 * <pre>{@code
 * Markets.events().closed(true).toParquet(Path.of("events"));            // or .harvest().chunkRows(10_000).to(dir)
 * Harvest.of("fills", Fill.class, (position, wanted) -> myPage(position)).partitionByDay("day", Fill::time).to(dir);
 * }</pre>
 *
 * @param <T> the rows (a record type)
 */
public final class Harvest<T extends Record> {

    /** The checkpoint's name in a harvest folder (a leading underscore: Spark, DuckDB and polars globs pass it by). */
    public static final String CHECKPOINT = "_harvest.json";
    /** Rows held before a chunk is written, unless {@link #chunkRows} says otherwise. */
    public static final int DEFAULT_CHUNK_ROWS = 50_000;
    private static final String NULL_PARTITION = "__HIVE_DEFAULT_PARTITION__";
    private static final Pattern PART = Pattern.compile("part-(\\d{6,})\\.parquet");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads the page at {@code position} ({@code null}: the first page); {@code wanted}: rows still wanted, -1 all. */
    @FunctionalInterface
    public interface Source<T> {
        Page<T> page(Object position, int wanted);
    }

    /** A page: its rows, and the position of the next page as text or a whole number ({@code null}: this was the last). */
    public record Page<T>(List<T> items, Object next) {
        public Page {
            items = List.copyOf(items);
            if (next != null && !(next instanceof String || next instanceof Integer || next instanceof Long)) {
                throw new IllegalArgumentException("a page's next position is text or a whole number (it is stored to resume), was "
                        + next.getClass().getName());
            }
        }
    }

    private final String name;
    private final Class<T> type;
    private final Source<T> source;
    private final String query;
    private final String partitionKey;
    private final Function<T, Object> partition;
    private final Function<T, ?> key;
    private final int chunkRows;
    private final Long limit;
    private final Progress.Listener listener;

    private Harvest(String name, Class<T> type, Source<T> source, String query, String partitionKey, Function<T, Object> partition,
                    Function<T, ?> key, int chunkRows, Long limit, Progress.Listener listener) {
        this.name = name;
        this.type = type;
        this.source = source;
        this.query = query;
        this.partitionKey = partitionKey;
        this.partition = partition;
        this.key = key;
        this.chunkRows = chunkRows;
        this.limit = limit;
        this.listener = listener;
    }

    /** A harvest named {@code name} (for progress and the checkpoint) of {@code type} rows read from {@code source}. */
    public static <T extends Record> Harvest<T> of(String name, Class<T> type, Source<T> source) {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("a harvest needs a name, e.g. trades");
        Columns.ofRecord(Objects.requireNonNull(type, "type"));
        return new Harvest<>(name, type, Objects.requireNonNull(source, "source"), "", null, null, null, DEFAULT_CHUNK_ROWS, null, null);
    }

    /** What the query asks (its parameters): a folder holds the harvest of one query, and a re-run must ask the same. */
    public Harvest<T> query(String description) {
        return new Harvest<>(name, type, source, Objects.requireNonNullElse(description, ""), partitionKey, partition, key, chunkRows, limit, listener);
    }

    /** Hive partitions by the UTC day of {@code time}: {@code key=2026-11-01} (no time: {@code __HIVE_DEFAULT_PARTITION__}). */
    public Harvest<T> partitionByDay(String key, Function<T, Instant> time) {
        checkKey(key);
        Objects.requireNonNull(time, "time");
        return new Harvest<>(name, type, source, query, key, r -> {
            Instant t = time.apply(r);
            return t == null ? null : LocalDate.ofInstant(t, ZoneOffset.UTC);
        }, this.key, chunkRows, limit, listener);
    }

    /** Hive partitions by a value of each row: {@code key=value} (characters other than letters, digits, {@code . _ -} escaped as {@code %XX}). */
    public Harvest<T> partitionBy(String key, Function<T, String> value) {
        checkKey(key);
        Objects.requireNonNull(value, "value");
        return new Harvest<>(name, type, source, query, key, value::apply, this.key, chunkRows, limit, listener);
    }

    /** No partitions: every chunk is one file at the top of the folder. */
    public Harvest<T> unpartitioned() {
        return new Harvest<>(name, type, source, query, null, null, key, chunkRows, limit, listener);
    }

    /** Drops a row whose key the same or the previous page had (pages that overlap at their boundary). */
    public Harvest<T> distinctBy(Function<T, ?> key) {
        return new Harvest<>(name, type, source, query, partitionKey, partition, Objects.requireNonNull(key, "key"), chunkRows, limit, listener);
    }

    /** Rows held in memory before a chunk is written (at least 1; {@value #DEFAULT_CHUNK_ROWS} unless set). */
    public Harvest<T> chunkRows(int rows) {
        if (rows < 1) throw new IllegalArgumentException("chunkRows must be 1 or more, was " + rows);
        return new Harvest<>(name, type, source, query, partitionKey, partition, key, rows, limit, listener);
    }

    /** At most {@code rows} rows in the folder. */
    public Harvest<T> limit(Long rows) {
        if (rows != null && rows < 0) throw new IllegalArgumentException("limit must be 0 or more, was " + rows);
        return new Harvest<>(name, type, source, query, partitionKey, partition, key, chunkRows, rows, listener);
    }

    /** Reports progress to {@code listener} ({@code null}: the default listener, the kernel's bar). */
    public Harvest<T> onProgress(Progress.Listener listener) {
        return new Harvest<>(name, type, source, query, partitionKey, partition, key, chunkRows, limit, listener);
    }

    private static void checkKey(String key) {
        if (key == null || !key.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("a partition key is a plain name (letters, digits, _), was '" + key + "'");
        }
    }

    /**
     * Runs the harvest into {@code dir} (created if missing): from the start into a new or empty folder, from its
     * checkpoint into a folder this harvest began. A folder that holds other files, or another query's harvest, is
     * refused.
     */
    public HarvestReport to(Path dir) {
        if (dir == null) throw new IllegalArgumentException("the harvest folder is null");
        Path folder = dir.toAbsolutePath().normalize();
        List<Columns.Col> cols = Columns.ofRecord(type);
        if (partitionKey != null && cols.stream().anyMatch(c -> c.name().equalsIgnoreCase(partitionKey))) {
            throw new IllegalArgumentException("the partition key '" + partitionKey + "' is also a column of " + type.getSimpleName()
                    + "; name the partition otherwise (readers add it as a column)");
        }
        Checkpoint cp = Checkpoint.open(folder, name, query, cols, partitionKey);
        cols = cp.columns(cols);
        if (cp.complete) return new HarvestReport(name, folder, cp.rows, 0, 0, 0, true, true);
        boolean resumed = cp.existed;
        cleanUncommitted(folder, cp.chunks);
        if (!cp.existed) cp.save(folder); // the folder is a harvest from its first moment: a kill in the first chunk resumes
        else widenFiles(folder, cols); // a widening that a kill interrupted is finished first

        Progress.Listener progress = listener != null ? listener : Progress.defaultListener();
        Object position = cp.next;
        Set<String> lastKeys = cp.lastKeys;
        List<T> buffer = new ArrayList<>();
        long rowsBefore = cp.rows;
        int pages = 0;
        int files = 0;
        try (DuckDBConnection c = Engine.open()) {
            boolean more = true;
            while (more) {
                long held = cp.rows + buffer.size();
                int wanted = limit == null ? -1 : (int) Math.min(Integer.MAX_VALUE, limit - held);
                if (wanted == 0) break;
                Page<T> page;
                try {
                    page = source.page(position, wanted);
                } catch (RuntimeException e) {
                    // The pages read so far are whole: keep them, so a re-run starts at the page that failed.
                    if (!buffer.isEmpty()) {
                        cols = widenFor(folder, cp, cols, buffer);
                        files += flush(c, folder, cols, buffer, cp.chunks + 1);
                        cp.chunks++;
                        cp.rows += buffer.size();
                        buffer.clear();
                        cp.next = position;
                        cp.lastKeys = lastKeys;
                        cp.pages += pages - cp.pagesSaved;
                        cp.pagesSaved = pages;
                        cp.save(folder);
                    }
                    throw e;
                }
                pages++;
                Set<String> pageKeys = key == null ? Set.of() : new HashSet<>();
                for (T row : page.items()) {
                    if (limit != null && cp.rows + buffer.size() >= limit) break;
                    if (key != null) {
                        String k = String.valueOf(key.apply(row));
                        if (lastKeys.contains(k) || !pageKeys.add(k)) continue;
                    }
                    buffer.add(row);
                }
                lastKeys = pageKeys;
                position = page.next();
                more = position != null && (limit == null || cp.rows + buffer.size() < limit);
                if (buffer.size() >= chunkRows || !more) {
                    cols = widenFor(folder, cp, cols, buffer);
                    files += flush(c, folder, cols, buffer, cp.chunks + 1);
                    cp.chunks += buffer.isEmpty() ? 0 : 1;
                    cp.rows += buffer.size();
                    buffer.clear();
                    cp.next = position;
                    cp.lastKeys = lastKeys;
                    cp.complete = !more;
                    cp.pages += pages - cp.pagesSaved;
                    cp.pagesSaved = pages;
                    cp.save(folder);
                }
                progress.onProgress(new Progress(name, cp.rows + buffer.size(), limit == null ? -1 : limit, "rows", pages, false));
            }
        } catch (SQLException e) {
            throw new DatasetException("the engine failed during the " + name + " harvest into " + folder + ": " + e.getMessage()
                    + "; what was checkpointed stays, run it again to continue", e);
        }
        progress.onProgress(new Progress(name, cp.rows, limit == null ? -1 : limit, "rows", pages, true));
        return new HarvestReport(name, folder, cp.rows, cp.rows - rowsBefore, pages, files, resumed, cp.complete);
    }

    /** Writes one chunk: a file per partition, each by temporary name and rename. */
    private int flush(DuckDBConnection c, Path folder, List<Columns.Col> cols, List<T> rows, long chunk) {
        if (rows.isEmpty()) return 0;
        Map<String, List<T>> parts = new LinkedHashMap<>();
        for (T r : rows) {
            String dirName = partitionKey == null ? "" : partitionKey + "=" + partitionText(partition.apply(r));
            parts.computeIfAbsent(dirName, k -> new ArrayList<>()).add(r);
        }
        String file = String.format("part-%06d.parquet", chunk);
        for (Map.Entry<String, List<T>> e : parts.entrySet()) {
            Path target = e.getKey().isEmpty() ? folder.resolve(file) : folder.resolve(e.getKey()).resolve(file);
            List<T> partRows = e.getValue();
            try {
                Parquet.write(c, target, cols, a -> {
                    for (T r : partRows) Columns.appendRecord(a, cols, r);
                });
            } catch (DatasetException ex) {
                throw new DatasetException(ex.getMessage() + " (the " + name + " harvest stopped; what was checkpointed stays: run it again to continue)", ex);
            }
        }
        return parts.size();
    }

    /**
     * The columns for the next chunk: when a value of it does not fit its {@code DECIMAL(18,6)} column, the column
     * becomes {@code DECIMAL(38,12)} for the whole folder: the checkpoint says so first, then every file written so
     * far is rewritten with the wider column (each by temporary name and rename), so the folder keeps one schema. A
     * kill in between is finished by the next run ({@link #widenFiles}). Nothing is rounded.
     */
    private List<Columns.Col> widenFor(Path folder, Checkpoint cp, List<Columns.Col> cols, List<T> chunk) {
        List<Columns.Col> wider = Columns.widened(cols, chunk);
        if (wider == cols) return cols;
        cp.schema = wider.stream().map(Columns.Col::signature).toList();
        cp.save(folder);
        widenFiles(folder, wider);
        return wider;
    }

    /** Rewrites each file of the folder whose decimal columns are narrower than {@code cols} say. */
    private static void widenFiles(Path folder, List<Columns.Col> cols) {
        if (cols.stream().noneMatch(c -> c.kind() == Columns.Kind.WIDE_DECIMAL)) return;
        List<Path> files = Parquet.files(folder);
        if (files.isEmpty()) return;
        try (DuckDBConnection c = Engine.open()) {
            for (Path f : files) {
                String from = "read_parquet(" + Engine.literal(f.toString()) + ", hive_partitioning = false)";
                List<Reading.Described> had = Reading.describe(c, "SELECT * FROM " + from);
                StringBuilder select = new StringBuilder("SELECT ");
                boolean narrow = false;
                for (int i = 0; i < had.size(); i++) {
                    String column = had.get(i).name();
                    String id = Engine.ident(column);
                    Columns.Col col = cols.stream().filter(x -> x.name().equals(column)).findFirst().orElse(null);
                    boolean widen = col != null && col.kind() == Columns.Kind.WIDE_DECIMAL && !had.get(i).type().equals(col.kind().sql);
                    narrow |= widen;
                    select.append(i == 0 ? "" : ", ").append(widen ? "CAST(" + id + " AS " + col.kind().sql + ")" : id).append(" AS ").append(id);
                }
                if (narrow) Parquet.copy(c, select + " FROM " + from, f);
            }
        } catch (SQLException e) {
            throw new DatasetException("could not widen the decimal columns of the harvest in " + folder + ": " + e.getMessage()
                    + "; what was checkpointed stays, run it again to continue", e);
        }
    }

    static String partitionText(Object v) {
        if (v == null) return NULL_PARTITION;
        String s = v.toString();
        if (s.isEmpty()) return NULL_PARTITION;
        StringBuilder b = new StringBuilder();
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            char ch = (char) (x & 0xff);
            if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '.' || ch == '_' || ch == '-') b.append(ch);
            else b.append('%').append(String.format("%02X", x & 0xff));
        }
        return b.toString();
    }

    /** Removes temporary files, and the files of a chunk written after the last checkpoint. */
    private static void cleanUncommitted(Path folder, long committedChunks) {
        if (!Files.isDirectory(folder)) return;
        try (Stream<Path> s = Files.walk(folder)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                String n = f.getFileName().toString();
                if (n.startsWith(".") && n.endsWith(".tmp")) {
                    Files.deleteIfExists(f);
                    continue;
                }
                Matcher m = PART.matcher(n);
                if (m.matches() && Long.parseLong(m.group(1)) > committedChunks) Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new DatasetException("could not tidy the harvest folder " + folder + " before resuming: " + e.getMessage(), e);
        }
    }

    /** The checkpoint file's contents. */
    private static final class Checkpoint {
        final String name;
        final String query;
        List<String> schema;
        final String partition;
        long chunks;
        long rows;
        int pages;
        int pagesSaved;
        Object next;
        boolean complete;
        Set<String> lastKeys = Set.of();
        /** Whether the folder held this harvest's checkpoint before this run. */
        boolean existed;

        private Checkpoint(String name, String query, List<String> schema, String partition) {
            this.name = name;
            this.query = query;
            this.schema = schema;
            this.partition = partition;
        }

        /** The record's columns at the decimal widths this folder holds. */
        List<Columns.Col> columns(List<Columns.Col> cols) {
            List<Columns.Col> out = new ArrayList<>(cols);
            for (int i = 0; i < out.size(); i++) {
                if (out.get(i).kind() == Columns.Kind.DECIMAL && schema.get(i).equals(out.get(i).wide().signature())) out.set(i, out.get(i).wide());
            }
            return out;
        }

        static Checkpoint open(Path folder, String name, String query, List<Columns.Col> cols, String partition) {
            List<String> schema = cols.stream().map(Columns.Col::signature).toList();
            Path file = folder.resolve(CHECKPOINT);
            Checkpoint fresh = new Checkpoint(name, query, schema, partition);
            if (!Files.exists(folder)) {
                try {
                    Files.createDirectories(folder);
                } catch (IOException e) {
                    throw new DatasetException("cannot create the harvest folder " + folder + ": " + e.getMessage(), e);
                }
                return fresh;
            }
            if (!Files.isDirectory(folder)) throw new DatasetException(folder + " is a file; a harvest writes into a folder");
            if (!Files.exists(file)) {
                try (Stream<Path> s = Files.list(folder)) {
                    List<Path> present = s.limit(3).toList();
                    if (!present.isEmpty()) {
                        throw new DatasetException(folder + " holds files (" + present.get(0).getFileName() + (present.size() > 1 ? ", ..." : "")
                                + ") but no " + CHECKPOINT + ": it is not a harvest folder. Harvest into a new or empty folder");
                    }
                } catch (IOException e) {
                    throw new DatasetException("cannot list " + folder + ": " + e.getMessage(), e);
                }
                return fresh;
            }
            JsonNode n;
            try {
                n = JSON.readTree(Files.readAllBytes(file));
            } catch (IOException e) {
                throw new DatasetException(file + " is not a readable harvest checkpoint (" + e.getMessage() + "); the folder's "
                        + "checkpointed files are whole, but where to continue is lost: harvest into a new folder", e);
            }
            String was = n.path("name").asText() + " " + n.path("query").asText();
            if (!n.path("name").asText().equals(name) || !n.path("query").asText().equals(query)) {
                throw new DatasetException(folder + " holds the harvest of another query (" + was.strip() + "), not of this one ("
                        + (name + " " + query).strip() + "): harvest into another folder");
            }
            List<String> had = new ArrayList<>();
            n.path("schema").forEach(x -> had.add(x.asText()));
            if (!sameColumns(had, cols)) {
                throw new DatasetException("the schema changed: " + folder + " was harvested with columns " + had + " and the rows now have "
                        + schema + "; a dataset's files share one schema: harvest into a new folder");
            }
            String hadPartition = n.path("partition").isNull() || n.path("partition").isMissingNode() ? null : n.path("partition").asText();
            if (!Objects.equals(hadPartition, partition)) {
                throw new DatasetException(folder + " is partitioned by " + hadPartition + ", this harvest by " + partition + ": harvest into a new folder");
            }
            Checkpoint cp = fresh;
            cp.schema = List.copyOf(had);
            cp.existed = true;
            cp.chunks = n.path("chunks").asLong();
            cp.rows = n.path("rows").asLong();
            cp.pages = n.path("pages").asInt();
            cp.complete = n.path("complete").asBoolean();
            JsonNode next = n.path("next");
            cp.next = switch (n.path("nextType").asText("null")) {
                case "string" -> next.asText();
                case "int" -> next.asInt();
                case "long" -> next.asLong();
                default -> null;
            };
            Set<String> keys = new HashSet<>();
            n.path("lastKeys").forEach(x -> keys.add(x.asText()));
            cp.lastKeys = keys;
            return cp;
        }

        /** Whether a folder's columns are the record's, a decimal column at either width. */
        private static boolean sameColumns(List<String> had, List<Columns.Col> cols) {
            if (had.size() != cols.size()) return false;
            for (int i = 0; i < had.size(); i++) {
                Columns.Col c = cols.get(i);
                if (!had.get(i).equals(c.signature()) && !(c.kind() == Columns.Kind.DECIMAL && had.get(i).equals(c.wide().signature()))) return false;
            }
            return true;
        }

        void save(Path folder) {
            ObjectNode o = JSON.createObjectNode();
            o.put("format", 1);
            o.put("name", name);
            o.put("query", query);
            ArrayNode s = o.putArray("schema");
            schema.forEach(s::add);
            if (partition == null) o.putNull("partition");
            else o.put("partition", partition);
            o.put("chunks", chunks);
            o.put("rows", rows);
            o.put("pages", pages);
            o.put("complete", complete);
            if (next instanceof String str) {
                o.put("nextType", "string");
                o.put("next", str);
            } else if (next instanceof Integer i) {
                o.put("nextType", "int");
                o.put("next", i);
            } else if (next instanceof Long l) {
                o.put("nextType", "long");
                o.put("next", l);
            } else {
                o.put("nextType", "null");
                o.putNull("next");
            }
            ArrayNode k = o.putArray("lastKeys");
            lastKeys.forEach(k::add);
            o.put("updated", Instant.now().toString());
            Path file = folder.resolve(CHECKPOINT);
            Path tmp = Parquet.temporary(file);
            try {
                Files.write(tmp, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(o));
                Parquet.commit(tmp, file);
            } catch (IOException e) {
                Parquet.deleteQuietly(tmp);
                throw new DatasetException((Engine.diskFull(e) ? "the disk is full: " : "") + "the checkpoint " + file
                        + " was not written (" + e.getMessage() + "); the files written so far are whole, and a re-run "
                        + "writes the last chunk again", e);
            }
        }
    }
}
