package org.marketlab.datasets;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageWriter;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DateColumn;
import tech.tablesaw.api.DateTimeColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.FloatColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.ShortColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.TimeColumn;
import tech.tablesaw.columns.Column;
import tech.tablesaw.columns.dates.PackedLocalDate;
import tech.tablesaw.columns.instant.PackedInstant;
import tech.tablesaw.columns.times.PackedLocalTime;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * A Tablesaw table written to one Parquet file in Java, what {@code Datasets.save} of a table uses: each row group of
 * {@link #GROUP_ROWS} rows is encoded on a core of its own (every column's pages encoded and compressed with zstd by
 * zstd-jni into parquet-java's in-memory page store, {@link ColumnChunkPageWriteStore}), and the finished row groups
 * go into the file in order through parquet-java's {@link ParquetFileWriter}, which writes the page headers, the
 * min/max/null-count statistics, the column and offset indexes and the footer.
 * <p>
 * The values are encoded here, not by parquet-java's column writers: numbers, booleans and timestamps go into a page
 * as whole arrays in Parquet's PLAIN layout, and a text column that Tablesaw keeps as a dictionary (few distinct
 * values) is written with a dictionary page per row group built from Tablesaw's own codes, so no row's text is hashed
 * or encoded twice; parquet-java's run-length/bit-packing encoder writes the dictionary indexes and null flags. Text
 * with many distinct values is written plain. The columns and types are the ones the engine's writer gives the same
 * table ({@link Columns}): text as UTF-8 strings, instants as UTC timestamps in microseconds, date-times as local
 * timestamps, dates, times of day in microseconds, every column nullable.
 * <p>
 * {@link #write} answers false where it cannot run (zstd-jni does not load, or another parquet-hadoop version is on
 * the class path; said once) or {@code -Dmarketlab.datasets.encode=false}: the caller then writes through the engine.
 */
final class FileEncode {

    private static final System.Logger LOG = System.getLogger("org.marketlab.datasets");
    /** The system property that turns this writer off ({@code false}): every save goes through the engine. */
    static final String PROPERTY = "marketlab.datasets.encode";
    /** Rows per row group, as polars and the engine write them. */
    static final int GROUP_ROWS = 122_880;
    /** Bytes of values after which a data page is closed (before compression). */
    static final int PAGE_BYTES = 1 << 20;
    /** zstd's level, the default of zstd itself, polars and the engine. */
    static final int LEVEL = 3;

    private static final Encoding DEF_ENCODING = Encoding.RLE;
    private static final Encoding REP_ENCODING = Encoding.BIT_PACKED;
    private static volatile String unavailable;

    private FileEncode() {
    }

    /** Whether saves take this writer: the property allows it and zstd-jni loads (found out once). */
    static boolean enabled() {
        if (!Boolean.parseBoolean(System.getProperty(PROPERTY, "true"))) return false;
        return unavailable == null && Parquet.zstdLoads();
    }

    private static void fallBack(String why) {
        synchronized (FileEncode.class) {
            if (unavailable != null) return;
            unavailable = why;
        }
        LOG.log(System.Logger.Level.INFO, "Datasets.save writes Parquet through DuckDB, not in Java (" + why + "); see docs/datasets.md");
    }

    /**
     * Writes the table to {@code target} by temporary name and rename ({@link Parquet#commit}); null when this JVM cannot
     * run the writer (the caller writes through the engine, and so do later saves).
     */
    static Path save(List<Columns.Col> cols, Column<?>[] columns, Columns.Kind[] kinds, int rows, Path target) {
        Path tmp = Parquet.temporary(target);
        try {
            Files.createDirectories(target.getParent());
            Files.deleteIfExists(tmp);
            if (!write(cols, columns, kinds, rows, tmp)) return null;
            Parquet.commit(tmp, target);
            return target;
        } catch (LinkageError e) {
            Parquet.deleteQuietly(tmp);
            fallBack("parquet-hadoop's writer is not the one this toolkit was built with: " + e);
            return null;
        } catch (IOException | RuntimeException e) {
            Parquet.deleteQuietly(tmp);
            throw Parquet.failure(e, target);
        }
    }

    /**
     * Writes the table's columns to {@code tmp} (a fresh file; the caller renames it into place). False, having written
     * nothing that counts, when this JVM cannot run the writer (see the class comment).
     */
    static boolean write(List<Columns.Col> cols, Column<?>[] columns, Columns.Kind[] kinds, int rows, Path tmp) throws IOException {
        MessageType schema = schema(cols, kinds);
        Encoder[] encoders = encoders(columns, kinds, rows);
        ParquetFileWriter w;
        try {
            w = new ParquetFileWriter(new LocalOutputFile(tmp), schema, ParquetFileWriter.Mode.OVERWRITE, GROUP_ROWS, 0, 64, Integer.MAX_VALUE, false);
        } catch (LinkageError e) {
            fallBack("parquet-hadoop's file writer is not the one this toolkit was built with: " + e);
            Files.deleteIfExists(tmp);
            return false;
        }
        List<ColumnDescriptor> descriptors = schema.getColumns();
        try (ParquetFileWriter out = w) {
            out.start();
            ExecutorService workers = Parquet.workers();
            int threads = Runtime.getRuntime().availableProcessors();
            ArrayDeque<Future<Group>> ahead = new ArrayDeque<>();
            int next = 0;
            try {
                while (next < rows || !ahead.isEmpty()) {
                    // Keep every core busy with a row group, and at most one more finished and waiting: memory stays a
                    // few row groups' compressed pages whatever the table's size.
                    while (next < rows && ahead.size() < threads + 1) {
                        int from = next, n = Math.min(GROUP_ROWS, rows - next);
                        ahead.add(workers.submit(() -> group(schema, descriptors, encoders, from, n)));
                        next += n;
                    }
                    Group g = take(ahead.poll());
                    out.startBlock(g.rows());
                    g.store().flushToFileWriter(out);
                    out.endBlock();
                    g.store().close();
                }
            } finally {
                for (Future<?> f : ahead) f.cancel(true);
            }
            out.end(Map.of());
        }
        return true;
    }

    /**
     * Every column's encoder. A text column's codes take a pass over its rows: the passes run in the pool the row groups
     * use ({@link Parquet#workers}), a column each, so a save keeps to its own named threads.
     */
    private static Encoder[] encoders(Column<?>[] columns, Columns.Kind[] kinds, int rows) throws IOException {
        ExecutorService workers = Parquet.workers();
        List<Future<Encoder>> made = new ArrayList<>(columns.length);
        try {
            for (int i = 0; i < columns.length; i++) {
                Column<?> c = columns[i];
                Columns.Kind k = kinds[i];
                made.add(workers.submit(() -> encoder(c, k, rows)));
            }
            Encoder[] encoders = new Encoder[columns.length];
            for (int i = 0; i < encoders.length; i++) encoders[i] = take(made.get(i));
            return encoders;
        } finally {
            for (Future<?> f : made) f.cancel(true);
        }
    }

    /** A row group encoded: its pages, and its rows. */
    private record Group(ColumnChunkPageWriteStore store, int rows) {
    }

    private static <T> T take(Future<T> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) throw r;
            if (c instanceof IOException io) throw io;
            if (c instanceof Error err) throw err;
            throw new IOException(c);
        }
    }

    /** One row group, every column's pages encoded and compressed, held in memory until the file takes it. */
    private static Group group(MessageType schema, List<ColumnDescriptor> descriptors, Encoder[] encoders, int from, int n)
            throws IOException {
        Kit kit = Kit.take();
        try {
            ColumnChunkPageWriteStore store = new ColumnChunkPageWriteStore(kit, schema, new HeapByteBufferAllocator(), 64, false);
            for (int i = 0; i < encoders.length; i++) {
                ColumnDescriptor d = descriptors.get(i);
                encoders[i].encode(store.getPageWriter(d), d, from, n, kit);
            }
            return new Group(store, n);
        } finally {
            kit.give();
        }
    }

    /**
     * What a thread needs to encode and compress a row group's pages, kept from row group to row group and from save to
     * save: the arrays a page is encoded in (its values' bytes, its null flags, its dictionary indexes), a zstd context,
     * and direct buffers for a page before and after compression. zstd-jni reads and writes direct memory by address,
     * where its {@code byte[]} calls pin the arrays (JNI critical regions, which hold up every collection meanwhile), and
     * a page costs no array of its own on the way. The page store copies each compressed page into a buffer of its exact
     * size before the next page is compressed, so every array and buffer serves each page in turn. They grow to the
     * largest page, up to {@link #KEEP} bytes; a larger page (a text of many megabytes) is compressed from arrays of its
     * own that go with it, and a larger values array is not kept. At most one kit per core is kept idle: the others are
     * closed.
     */
    static final class Kit implements CompressionCodecFactory.BytesInputCompressor {
        /** The largest page a kit's buffers are kept for. */
        static final int KEEP = 4 << 20;
        private static final ConcurrentLinkedQueue<Kit> IDLE = new ConcurrentLinkedQueue<>();

        private final ZstdCompressCtx ctx = new ZstdCompressCtx().setLevel(LEVEL);
        private ByteBuffer in = ByteBuffer.allocateDirect(0);
        private ByteBuffer out = ByteBuffer.allocateDirect(0);
        private final OutputStream into = new OutputStream() {
            @Override
            public void write(int b) {
                in.put((byte) b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                in.put(b, off, len);
            }
        };

        private byte[] bytes = new byte[0];
        private boolean[] present = new boolean[0];
        private int[] codes = new int[0];

        /** An array for a page's values of at least {@code need} bytes (what it held is not kept). */
        byte[] bytes(int need) {
            if (bytes.length < need) bytes = new byte[Math.max(need, PAGE_BYTES + (PAGE_BYTES >> 3))];
            return bytes;
        }

        /** The values array grown to at least {@code need} bytes, its first {@code size} bytes kept. */
        byte[] bytes(int size, int need) {
            if (bytes.length < need) bytes = Arrays.copyOf(bytes, (int) Math.max(need, Math.min(Integer.MAX_VALUE - 8, 2L * bytes.length)));
            return bytes;
        }

        /** An array for a row group's null flags (of at least {@code n} rows). */
        boolean[] present(int n) {
            if (present.length < n) present = new boolean[Math.max(n, GROUP_ROWS)];
            return present;
        }

        /** An array for a row group's dictionary indexes (of at least {@code n} rows). */
        int[] codes(int n) {
            if (codes.length < n) codes = new int[Math.max(n, GROUP_ROWS)];
            return codes;
        }

        static Kit take() {
            Kit k = IDLE.poll();
            return k == null ? new Kit() : k;
        }

        void give() {
            if (bytes.length > KEEP) bytes = new byte[0];
            if (IDLE.size() < Runtime.getRuntime().availableProcessors()) IDLE.add(this);
            else ctx.close();
        }

        /** The largest buffer or array in bytes an idle kit holds. */
        static long largest() {
            long most = 0;
            for (Kit k : IDLE) {
                most = Math.max(most, Math.max(k.in.capacity(), k.out.capacity()));
                most = Math.max(most, Math.max(k.bytes.length, Math.max(k.present.length, 4L * k.codes.length)));
            }
            return most;
        }

        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            long size = bytes.size();
            long bound = Zstd.compressBound(size);
            if (size > KEEP) {
                byte[] src = bytes.toByteArray();
                byte[] dst = new byte[Math.toIntExact(bound)];
                return BytesInput.from(dst, 0, ctx.compressByteArray(dst, 0, dst.length, src, 0, src.length));
            }
            if (in.capacity() < size) in = ByteBuffer.allocateDirect(grown(in.capacity(), size, KEEP));
            if (out.capacity() < bound) out = ByteBuffer.allocateDirect(grown(out.capacity(), bound, (int) Zstd.compressBound(KEEP)));
            in.clear();
            bytes.writeAllTo(into);
            in.flip();
            out.clear();
            ctx.compress(out, in);
            out.flip();
            return BytesInput.from(out);
        }

        /** A buffer's new capacity: at least {@code need}, double the old where that fits under {@code most}. */
        private static int grown(int capacity, long need, int most) {
            return (int) Math.max(need, Math.min(most, 2L * capacity));
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.ZSTD;
        }

        @Override
        public void release() {
        }
    }

    // ---- the schema -------------------------------------------------------------------------------------------------

    static MessageType schema(List<Columns.Col> cols, Columns.Kind[] kinds) {
        Types.MessageTypeBuilder b = Types.buildMessage();
        for (int i = 0; i < kinds.length; i++) {
            String name = cols.get(i).name();
            switch (kinds[i]) {
                case STRING -> b.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(name);
                case BOOLEAN -> b.optional(PrimitiveTypeName.BOOLEAN).named(name);
                case SHORT -> b.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(16, true)).named(name);
                case INT -> b.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(32, true)).named(name);
                case LONG -> b.optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.intType(64, true)).named(name);
                case FLOAT -> b.optional(PrimitiveTypeName.FLOAT).named(name);
                case DOUBLE -> b.optional(PrimitiveTypeName.DOUBLE).named(name);
                case INSTANT -> b.optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS)).named(name);
                case DATETIME -> b.optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(false, LogicalTypeAnnotation.TimeUnit.MICROS)).named(name);
                case DATE -> b.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType()).named(name);
                case TIME -> b.optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timeType(false, LogicalTypeAnnotation.TimeUnit.MICROS)).named(name);
                default -> throw new IllegalStateException("a table has no " + kinds[i] + " column");
            }
        }
        return b.named("marketlab");
    }

    // ---- the columns' pages -------------------------------------------------------------------------------------------

    /** How one column's rows become pages: the same object encodes every row group, from several threads. */
    private interface Encoder {
        void encode(PageWriter pages, ColumnDescriptor d, int from, int n, Kit kit) throws IOException;
    }

    private static Encoder encoder(Column<?> col, Columns.Kind kind, int rows) {
        return switch (kind) {
            case STRING -> {
                StringColumn sc = (StringColumn) col;
                List<String> values = new ArrayList<>();
                int[] codes = TableSource.codes(sc, rows, values);
                if (codes == null) yield new PlainText(sc);
                yield new DictionaryText(codes, utf8(values));
            }
            case BOOLEAN -> new Booleans((BooleanColumn) col);
            case SHORT, INT, DATE, FLOAT, LONG, DOUBLE, INSTANT, DATETIME, TIME -> new Numbers(col, kind);
            default -> throw new IllegalStateException("a table has no " + kind + " column");
        };
    }

    /** A dictionary's texts as UTF-8 bytes, in its order. */
    private static byte[][] utf8(List<String> values) {
        byte[][] utf8 = new byte[values.size()][];
        for (int k = 0; k < utf8.length; k++) utf8[k] = values.get(k).getBytes(StandardCharsets.UTF_8);
        return utf8;
    }

    /** A page's null flags (definition levels), RLE with their 4-byte length; {@code present} null: none missing. */
    private static BytesInput levels(boolean[] present, int n) throws IOException {
        if (present == null) {
            // One run of n ones: its header (n << 1, a run) as a varint and the value in one byte (bit width 1).
            ByteBuffer b = ByteBuffer.allocate(4 + 5 + 1).order(ByteOrder.LITTLE_ENDIAN);
            b.position(4);
            int header = n << 1;
            while ((header & ~0x7F) != 0) {
                b.put((byte) ((header & 0x7F) | 0x80));
                header >>>= 7;
            }
            b.put((byte) header).put((byte) 1);
            int size = b.position();
            b.putInt(0, size - 4);
            return BytesInput.from(b.array(), 0, size);
        }
        try (RunLengthBitPackingHybridEncoder e = new RunLengthBitPackingHybridEncoder(1, 1024, PAGE_BYTES, new HeapByteBufferAllocator())) {
            for (int r = 0; r < n; r++) e.writeInt(present[r] ? 1 : 0);
            BytesInput bits = e.toBytes();
            return BytesInput.concat(BytesInput.fromInt((int) bits.size()), BytesInput.copy(bits));
        }
    }

    private static void page(PageWriter pages, int n, BytesInput values, boolean[] present, Statistics<?> stats, Encoding encoding) throws IOException {
        pages.writePage(BytesInput.concat(levels(present, n), values), n, n, stats, REP_ENCODING, DEF_ENCODING, encoding);
    }

    /** Per page: which rows hold a value (null when all do; the kit's array once one is missing) and how many are missing. */
    private static final class Nulls {
        private final Kit kit;
        private final int n;
        boolean[] present;
        int missing;

        Nulls(Kit kit, int n) {
            this.kit = kit;
            this.n = n;
        }

        void missing(int r) {
            if (present == null) {
                present = kit.present(n);
                Arrays.fill(present, 0, r, true);
            }
            present[r] = false;
            missing++;
        }

        void present(int r) {
            if (present != null) present[r] = true;
        }
    }

    /**
     * Numbers, PLAIN, in pages of up to a megabyte: 32-bit ones (shorts, ints, dates as days since 1970, floats) and
     * 64-bit ones (longs, doubles, instants and date-times as microseconds since the epoch, times of day as
     * microseconds). Tablesaw packs an instant as a date and a millisecond of the day; the date's day count is found once
     * per run of equal dates.
     */
    private static final class Numbers implements Encoder {
        final Column<?> col;
        final Columns.Kind kind;
        final int width;
        final long missing;

        Numbers(Column<?> col, Columns.Kind kind) {
            this.col = col;
            this.kind = kind;
            this.width = switch (kind) {
                case SHORT, INT, DATE, FLOAT -> 4;
                default -> 8;
            };
            this.missing = switch (kind) {
                case INSTANT -> ColumnFill.InstantColumnMissing.VALUE;
                case DATETIME -> ColumnFill.DateTimeMissing.VALUE;
                default -> 0;
            };
        }

        private boolean isMissing(int i) {
            return switch (kind) {
                case INSTANT -> ((InstantColumn) col).getLongInternal(i) == missing;
                case DATETIME -> ((DateTimeColumn) col).getLongInternal(i) == missing;
                case DOUBLE -> Double.isNaN(((DoubleColumn) col).getDouble(i));
                default -> col.isMissing(i);
            };
        }

        /** Row {@code i} as Parquet stores it: an integer, or a float's or a double's bits. */
        private long value(int i, long[] day) {
            return switch (kind) {
                case SHORT -> ((ShortColumn) col).getShort(i);
                case INT -> ((IntColumn) col).getInt(i);
                case DATE -> PackedLocalDate.toEpochDay(((DateColumn) col).getIntInternal(i));
                case LONG -> ((LongColumn) col).getLong(i);
                case FLOAT -> Float.floatToRawIntBits(((FloatColumn) col).getFloat(i));
                case DOUBLE -> Double.doubleToRawLongBits(((DoubleColumn) col).getDouble(i));
                case TIME -> ((TimeColumn) col).get(i).toNanoOfDay() / 1000;
                default -> micros(kind == Columns.Kind.INSTANT ? ((InstantColumn) col).getLongInternal(i) : ((DateTimeColumn) col).getLongInternal(i), day);
            };
        }

        /** Microseconds since the epoch of a packed instant or date-time; {@code day}: the last date and its first millisecond. */
        private static long micros(long packed, long[] day) {
            int date = PackedInstant.date(packed);
            if (date != day[0]) {
                day[0] = date;
                day[1] = PackedLocalDate.toEpochDay(date) * 86_400_000L;
            }
            return (day[1] + PackedLocalTime.getMillisecondOfDay(PackedInstant.time(packed))) * 1000L;
        }

        /**
         * A key whose signed order is the values' order: an integer itself, a float's or a double's bits with the
         * magnitude turned for negative numbers (its own inverse, so a key is turned back into the value the same way).
         */
        private long key(long x) {
            if (kind == Columns.Kind.FLOAT) {
                int b = (int) x;
                return b ^ ((b >> 31) & 0x7fffffff);
            }
            if (kind == Columns.Kind.DOUBLE) return x ^ ((x >> 63) & 0x7fffffffffffffffL);
            return x;
        }

        private void update(Statistics<?> s, long x) {
            switch (kind) {
                case FLOAT -> s.updateStats(Float.intBitsToFloat((int) x));
                case DOUBLE -> s.updateStats(Double.longBitsToDouble(x));
                default -> {
                    if (width == 4) s.updateStats((int) x);
                    else s.updateStats(x);
                }
            }
        }

        @Override
        public void encode(PageWriter pages, ColumnDescriptor d, int from, int n, Kit kit) throws IOException {
            long[] day = {Long.MIN_VALUE, 0};
            int perPage = PAGE_BYTES / width;
            for (int p = 0; p < n; p += perPage) {
                int m = Math.min(perPage, n - p);
                ByteBuffer b = ByteBuffer.wrap(kit.bytes(m * width)).order(ByteOrder.LITTLE_ENDIAN);
                Nulls nulls = new Nulls(kit, m);
                long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
                for (int r = 0; r < m; r++) {
                    int i = from + p + r;
                    if (isMissing(i)) {
                        nulls.missing(r);
                        continue;
                    }
                    long x = value(i, day);
                    nulls.present(r);
                    if (width == 4) b.putInt((int) x);
                    else b.putLong(x);
                    long k = key(x);
                    if (k < min) min = k;
                    if (k > max) max = k;
                }
                Statistics<?> s = Statistics.createStats(d.getPrimitiveType());
                if (nulls.missing < m) {
                    update(s, key(min));
                    update(s, key(max));
                }
                s.incrementNumNulls(nulls.missing);
                page(pages, m, BytesInput.from(b.array(), 0, b.position()), nulls.present, s, Encoding.PLAIN);
            }
        }
    }

    /** Booleans, PLAIN: a bit per present value, the first in the lowest bit. */
    private static final class Booleans implements Encoder {
        final BooleanColumn col;

        Booleans(BooleanColumn col) {
            this.col = col;
        }

        @Override
        public void encode(PageWriter pages, ColumnDescriptor d, int from, int n, Kit kit) throws IOException {
            byte[] bits = new byte[(n + 7) / 8];
            Nulls nulls = new Nulls(kit, n);
            int k = 0;
            boolean seenTrue = false, seenFalse = false;
            for (int r = 0; r < n; r++) {
                if (col.isMissing(from + r)) {
                    nulls.missing(r);
                    continue;
                }
                nulls.present(r);
                if (col.get(from + r)) {
                    bits[k >>> 3] |= (byte) (1 << (k & 7));
                    seenTrue = true;
                } else seenFalse = true;
                k++;
            }
            Statistics<?> s = Statistics.createStats(d.getPrimitiveType());
            if (seenFalse) s.updateStats(false);
            if (seenTrue) s.updateStats(true);
            s.incrementNumNulls(nulls.missing);
            page(pages, n, BytesInput.from(bits, 0, (k + 7) / 8), nulls.present, s, Encoding.PLAIN);
        }
    }

    /**
     * Text that Tablesaw keeps plain (many distinct values in the whole column): per row group a dictionary of its own
     * where the first 16,384 rows hold at most half as many distinct values (a row group of a market's token ids is
     * mostly repeats even where the column is not), otherwise PLAIN: each value's UTF-8 bytes after their length, in
     * pages of about a megabyte.
     */
    private static final class PlainText implements Encoder {
        static final int PROBE = 16_384;
        final StringColumn col;

        PlainText(StringColumn col) {
            this.col = col;
        }

        @Override
        public void encode(PageWriter pages, ColumnDescriptor d, int from, int n, Kit kit) throws IOException {
            if (!dictionary(pages, d, from, n, kit)) plain(pages, d, from, n, kit);
        }

        private boolean dictionary(PageWriter pages, ColumnDescriptor d, int from, int n, Kit kit) throws IOException {
            Object2IntOpenHashMap<String> ids = new Object2IntOpenHashMap<>();
            ids.defaultReturnValue(-1);
            List<String> values = new ArrayList<>();
            int[] code = kit.codes(n);
            int probe = Math.min(n, PROBE);
            for (int r = 0; r < n; r++) {
                if (r == probe && values.size() > probe / 2) return false;
                if (col.isMissing(from + r)) {
                    code[r] = -1;
                    continue;
                }
                String v = col.get(from + r);
                int id = ids.putIfAbsent(v, values.size());
                if (id < 0) {
                    id = values.size();
                    values.add(v);
                }
                code[r] = id;
            }
            if (n <= PROBE && values.size() > n / 2) return false;
            dictionaryPages(pages, d, code, utf8(values), n, kit);
            return true;
        }

        private void plain(PageWriter pages, ColumnDescriptor d, int from, int n, Kit kit) throws IOException {
            int r = 0;
            while (r < n) {
                byte[] buf = kit.bytes(PAGE_BYTES + (PAGE_BYTES >> 3));
                int size = 0;
                int start = r;
                Nulls nulls = new Nulls(kit, n - start);
                byte[] min = null, max = null;
                for (; r < n && size < PAGE_BYTES; r++) {
                    if (col.isMissing(from + r)) {
                        nulls.missing(r - start);
                        continue;
                    }
                    nulls.present(r - start);
                    byte[] v = col.get(from + r).getBytes(StandardCharsets.UTF_8);
                    if (size + 4 + v.length > buf.length) buf = kit.bytes(size, size + 4 + v.length);
                    buf[size] = (byte) v.length;
                    buf[size + 1] = (byte) (v.length >>> 8);
                    buf[size + 2] = (byte) (v.length >>> 16);
                    buf[size + 3] = (byte) (v.length >>> 24);
                    System.arraycopy(v, 0, buf, size + 4, v.length);
                    size += 4 + v.length;
                    if (min == null || Arrays.compareUnsigned(v, min) < 0) min = v;
                    if (max == null || Arrays.compareUnsigned(v, max) > 0) max = v;
                }
                int m = r - start;
                Statistics<?> s = Statistics.createStats(d.getPrimitiveType());
                if (min != null) {
                    s.updateStats(Binary.fromConstantByteArray(min));
                    s.updateStats(Binary.fromConstantByteArray(max));
                }
                s.incrementNumNulls(nulls.missing);
                page(pages, m, BytesInput.from(buf, 0, size), nulls.present, s, Encoding.PLAIN);
            }
        }
    }

    /**
     * Text with few distinct values: per row group a dictionary page of the values it holds (in the order they first
     * appear) and data pages of dictionary indexes, taken from the column's codes (-1: missing).
     */
    private static final class DictionaryText implements Encoder {
        final int[] codes;
        final byte[][] utf8;

        DictionaryText(int[] codes, byte[][] utf8) {
            this.codes = codes;
            this.utf8 = utf8;
        }

        @Override
        public void encode(PageWriter pages, ColumnDescriptor d, int from, int n, Kit kit) throws IOException {
            // the row group's own dictionary: the column's codes renumbered in the order they first appear
            int[] local = new int[utf8.length];
            Arrays.fill(local, -1);
            int[] code = kit.codes(n);
            byte[][] values = new byte[Math.min(utf8.length, n)][];
            int size = 0;
            for (int r = 0; r < n; r++) {
                int c = codes[from + r];
                if (c < 0) {
                    code[r] = -1;
                    continue;
                }
                if (local[c] < 0) {
                    local[c] = size;
                    values[size++] = utf8[c];
                }
                code[r] = local[c];
            }
            dictionaryPages(pages, d, code, Arrays.copyOf(values, size), n, kit);
        }
    }

    /**
     * A row group's text as a dictionary page of {@code values} (PLAIN) and a data page of each row's index into it
     * ({@code code}, -1: missing), run-length/bit-packed; a page of null flags alone where every row is missing.
     */
    private static void dictionaryPages(PageWriter pages, ColumnDescriptor d, int[] code, byte[][] values, int n, Kit kit) throws IOException {
        Nulls nulls = new Nulls(kit, n);
        for (int r = 0; r < n; r++) {
            if (code[r] >= 0) nulls.present(r);
            else nulls.missing(r);
        }
        boolean[] present = nulls.present;
        Statistics<?> s = Statistics.createStats(d.getPrimitiveType());
        s.incrementNumNulls(nulls.missing);
        if (values.length == 0) {
            page(pages, n, BytesInput.empty(), present, s, Encoding.PLAIN);
            return;
        }
        int bytes = 0;
        byte[] min = null, max = null;
        for (byte[] v : values) {
            bytes += 4 + v.length;
            if (min == null || Arrays.compareUnsigned(v, min) < 0) min = v;
            if (max == null || Arrays.compareUnsigned(v, max) > 0) max = v;
        }
        ByteBuffer dict = ByteBuffer.wrap(kit.bytes(bytes)).order(ByteOrder.LITTLE_ENDIAN);
        for (byte[] v : values) dict.putInt(v.length).put(v);
        pages.writeDictionaryPage(new DictionaryPage(BytesInput.from(dict.array(), 0, bytes), values.length, Encoding.PLAIN));
        s.updateStats(Binary.fromConstantByteArray(min));
        s.updateStats(Binary.fromConstantByteArray(max));
        int width = BytesUtils.getWidthFromMaxInt(values.length - 1);
        try (RunLengthBitPackingHybridEncoder e = new RunLengthBitPackingHybridEncoder(width, 1024, PAGE_BYTES, new HeapByteBufferAllocator())) {
            for (int r = 0; r < n; r++) if (code[r] >= 0) e.writeInt(code[r]);
            BytesInput indexes = BytesInput.concat(BytesInput.from(new byte[] {(byte) width}), BytesInput.copy(e.toBytes()));
            page(pages, n, indexes, present, s, Encoding.RLE_DICTIONARY);
        }
    }
}
