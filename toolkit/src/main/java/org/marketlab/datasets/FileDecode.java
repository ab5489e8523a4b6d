package org.marketlab.datasets;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import it.unimi.dsi.fastutil.floats.FloatArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.shorts.ShortArrayList;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.codec.CleanUtil;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
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
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;
import tech.tablesaw.columns.dates.PackedLocalDate;

import java.io.EOFException;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

/**
 * One Parquet file decoded in Java into Tablesaw columns. parquet-java's file reader reads the row groups' column
 * chunks and hands over their pages (zstd pages decompressed by zstd-jni); this class decodes each page whole: the
 * definition levels and dictionary ids (the RLE / bit-packed hybrid) and PLAIN values in tight loops straight into the
 * primitive arrays the Tablesaw columns are built from, other value encodings through parquet-java's own values
 * readers. Work is split by column and by row group: each (row group, column) piece is a task on all cores while the
 * next row groups are read, and at most {@link #AHEAD} row groups are held compressed at a time. Text crosses as
 * each row group's distinct values (a dictionary page's entries, turned into Java text once) and a code per row,
 * merged into the column's distinct values as each row group finishes, each row's key kept in the narrowest array
 * that holds them so far; the column is then built from the keys ({@link TextCodes}) without hashing a row twice.
 * <p>
 * The table is the one the engine's scan gives ({@link Reading#scan}): the same columns, types and values (a
 * {@code DECIMAL} as its double, computed as the engine casts it; a UTC timestamp as an instant). A file this reader
 * does not cover (nested or repeated columns, a codec other than zstd or none, INT96 or nanosecond timestamps, binary
 * without a text annotation, fixed-length decimals, times of day, 64-bit unsigned integers, definition levels in the
 * old bit-packed encoding), or a platform where zstd-jni cannot load, is read by the engine: {@link #read} answers null.
 */
final class FileDecode {

    private static final System.Logger LOG = System.getLogger("org.marketlab.datasets");
    /** The system property that turns this reader off ({@code false}): every load goes through the engine. */
    static final String PROPERTY = "marketlab.datasets.decode";
    /** Row groups held read (compressed) and not yet decoded, at most: bounds the memory beside the table. */
    static final int AHEAD = 3;

    private FileDecode() {
    }

    /** The column types this reader fills. */
    private enum Kind { STRING, BOOLEAN, SHORT, INT, UINT32, LONG, FLOAT, DOUBLE, DECIMAL, INSTANT, DATETIME, DATE }

    /** A file or page this reader leaves to the engine, found only once its pages are read. */
    private static final class Unsupported extends RuntimeException {
        Unsupported(String what) {
            super(what, null, false, false);
        }
    }

    /** The file as a table named {@code name}, or null when the engine must read it (see the class comment). */
    static Table read(Path file, String name) {
        if (!Boolean.parseBoolean(System.getProperty(PROPERTY, "true")) || !Parquet.zstdLoads()) return null;
        ParquetReadOptions options = options();
        if (options == null) return null;
        try (ParquetFileReader r = new ParquetFileReader(new FileInput(file), options)) {
            ParquetMetadata footer = r.getFooter();
            MessageType schema = footer.getFileMetaData().getSchema();
            List<ColumnDescriptor> cols = schema.getColumns();
            if (cols.size() != schema.getFieldCount() || cols.isEmpty()) return null; // nested
            List<BlockMetaData> blocks = footer.getBlocks();
            int[] start = new int[blocks.size() + 1];
            long[] bytes = new long[cols.size()];
            for (int g = 0; g < blocks.size(); g++) {
                BlockMetaData b = blocks.get(g);
                long end = start[g] + b.getRowCount();
                if (end > Integer.MAX_VALUE - 16) return null;
                start[g + 1] = (int) end;
                for (int c = 0; c < b.getColumns().size(); c++) {
                    ColumnChunkMetaData m = b.getColumns().get(c);
                    CompressionCodecName codec = m.getCodec();
                    if (codec != CompressionCodecName.ZSTD && codec != CompressionCodecName.UNCOMPRESSED) return null;
                    bytes[c] += m.getTotalUncompressedSize();
                }
            }
            int rows = start[blocks.size()];
            Sink[] sinks = new Sink[cols.size()];
            for (int i = 0; i < sinks.length; i++) {
                ColumnDescriptor d = cols.get(i);
                if (d.getMaxRepetitionLevel() != 0 || d.getPath().length != 1 || d.getMaxDefinitionLevel() > 1) return null;
                Kind k = kind(d.getPrimitiveType());
                if (k == null) return null;
                boolean dictionaries = blocks.isEmpty() || blocks.get(0).getColumns().get(i).hasDictionaryPage();
                sinks[i] = sink(d, k, rows, blocks.size(), dictionaries);
            }
            // The largest columns first in each row group, so that the longest merges start early.
            Integer[] order = IntStream.range(0, sinks.length).boxed().sorted(Comparator.comparingLong((Integer c) -> -bytes[c])).toArray(Integer[]::new);
            return Table.create(name, decode(r, blocks.size(), start, sinks, order));
        } catch (Unsupported e) {
            LOG.log(System.Logger.Level.DEBUG, "Datasets.load reads " + file + " through the engine: " + e.getMessage());
            return null;
        } catch (IOException | RuntimeException e) {
            throw new DatasetException("could not read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Every (row group, column) piece decoded on the decoding pool while this thread reads the next row groups;
     * each column is merged as its pieces finish and built once its last one has.
     */
    private static Column<?>[] decode(ParquetFileReader r, int groups, int[] start, Sink[] sinks, Integer[] order) throws IOException {
        ForkJoinPool workers = Parquet.workers();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        CountDownLatch built = new CountDownLatch(sinks.length);
        Column<?>[] out = new Column<?>[sinks.length];
        Semaphore ahead = new Semaphore(AHEAD);
        int g = 0;
        try {
            for (; g < groups && failed.get() == null; g++) {
                ahead.acquireUninterruptibly();
                PageReadStore store = r.readNextRowGroup();
                if (store == null) throw new IOException("the file holds fewer row groups than its footer lists");
                AtomicInteger pieces = new AtomicInteger(sinks.length);
                int from = start[g], rows = start[g + 1] - start[g];
                for (int c : order) {
                    Sink s = sinks[c];
                    PageReader pages = store.getPageReader(s.d);
                    Runnable piece = () -> {
                        try {
                            if (failed.get() == null) s.group(pages, from, rows);
                        } catch (Throwable e) {
                            failed.compareAndSet(null, e);
                        } finally {
                            if (pieces.decrementAndGet() == 0) {
                                store.close(); // its buffers back to the pool, for the row groups read next
                                ahead.release();
                            }
                        }
                        if (s.done(failed, out, c)) built.countDown();
                    };
                    if (s.ordered()) s.inOrder(workers, piece);
                    else workers.execute(piece);
                }
            }
        } catch (IOException | RuntimeException e) {
            failed.compareAndSet(null, e);
        }
        // Pieces of row groups never read still count down, so that every column is accounted for.
        for (int rest = g; rest < groups; rest++) {
            for (int c = 0; c < sinks.length; c++) if (sinks[c].done(failed, out, c)) built.countDown();
        }
        if (groups == 0) for (int c = 0; c < sinks.length; c++) {
            out[c] = sinks[c].column();
            built.countDown();
        }
        try {
            built.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatasetException("interrupted while decoding", e);
        }
        Throwable e = failed.get();
        if (e instanceof Unsupported u) throw u;
        if (e instanceof IOException io) throw io;
        if (e instanceof RuntimeException re) throw re;
        if (e instanceof Error err) throw err;
        return out;
    }

    private static Kind kind(PrimitiveType p) {
        LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
        switch (p.getPrimitiveTypeName()) {
            case BOOLEAN:
                return a == null ? Kind.BOOLEAN : null;
            case FLOAT:
                return a == null ? Kind.FLOAT : null;
            case DOUBLE:
                return a == null ? Kind.DOUBLE : null;
            case BINARY:
                return a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation ? Kind.STRING : null;
            case INT32:
                if (a == null) return Kind.INT;
                if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) return Kind.DATE;
                if (a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) return Kind.DECIMAL;
                if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation t) {
                    if (t.isSigned()) return t.getBitWidth() <= 16 ? Kind.SHORT : Kind.INT;
                    return t.getBitWidth() == 8 ? Kind.SHORT : t.getBitWidth() == 16 ? Kind.INT : Kind.UINT32;
                }
                return null;
            case INT64:
                if (a == null) return Kind.LONG;
                if (a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) return Kind.DECIMAL;
                if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation t) return t.isSigned() && t.getBitWidth() == 64 ? Kind.LONG : null;
                if (a instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation t
                        && (t.getUnit() == LogicalTypeAnnotation.TimeUnit.MICROS || t.getUnit() == LogicalTypeAnnotation.TimeUnit.MILLIS)) {
                    return t.isAdjustedToUTC() ? Kind.INSTANT : Kind.DATETIME;
                }
                return null;
            default:
                return null;
        }
    }

    /** Powers of ten as doubles: a decimal's double is its unscaled value over 10^scale, as the engine casts it. */
    private static final double[] POWERS = new double[39];

    static {
        double p = 1;
        for (int i = 0; i < POWERS.length; i++, p *= 10) POWERS[i] = p;
    }

    // ---- the reader without Hadoop ------------------------------------------------------------------------------

    /**
     * The reader's options, naming zstd-jni as the codec; null (the engine reads, said once) if parquet-hadoop on the
     * class path is not the version whose constructor this calls. {@code ParquetReadOptions}' builder starts Hadoop's
     * codec factory, which would need Hadoop on the class path; the options' own constructor takes the codec factory
     * and nothing of Hadoop, so it is called directly (it is package-private in parquet-hadoop 1.15).
     */
    private static ParquetReadOptions options() {
        Constructor<ParquetReadOptions> c = optionsConstructor;
        if (c == null && !optionsMissing) {
            try {
                c = ParquetReadOptions.class.getDeclaredConstructor(boolean.class, boolean.class, boolean.class, boolean.class, boolean.class,
                        boolean.class, boolean.class, boolean.class, boolean.class, FilterCompat.Filter.class,
                        ParquetMetadataConverter.MetadataFilter.class, CompressionCodecFactory.class, org.apache.parquet.bytes.ByteBufferAllocator.class,
                        int.class, java.util.Map.class, org.apache.parquet.crypto.FileDecryptionProperties.class,
                        org.apache.parquet.hadoop.ParquetMetricsCallback.class, org.apache.parquet.conf.ParquetConfiguration.class);
                c.setAccessible(true);
                optionsConstructor = c;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                optionsMissing = true;
                LOG.log(System.Logger.Level.INFO, "Datasets.load reads Parquet through DuckDB, not in Java (parquet-hadoop's read options "
                        + "are not the ones this toolkit was built with: " + e + ")");
            }
        }
        if (c == null) return null;
        try {
            // signed min/max for strings, no filters (every row is read), no checksum check, no off-heap decryption.
            return c.newInstance(true, false, false, false, false, false, false, false, false, FilterCompat.NOOP,
                    ParquetMetadataConverter.NO_FILTER, new Codecs(), Chunks.POOL, Chunks.MAX_BUFFER, new HashMap<String, String>(),
                    null, null, new PlainParquetConfiguration());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("parquet-hadoop's read options did not build: " + e, e);
        }
    }

    private static volatile Constructor<ParquetReadOptions> optionsConstructor;
    private static volatile boolean optionsMissing;


    /**
     * Decompression only: zstd pages by zstd-jni, uncompressed pages as they are. A page is decompressed from direct
     * memory into direct memory ({@link Scratch#out}), so zstd-jni pins no Java array: pinning one (a JNI critical
     * region) holds off a collection that comes due meanwhile, and the collector's GC locker then starts one of its own.
     * The page is then copied onto the thread's heap scratch, where it is decoded.
     */
    private static final class Codecs implements CompressionCodecFactory {
        /** zstd's decompression contexts, one per thread decompressing at a time, kept for the next pages and loads. */
        private static final ConcurrentLinkedQueue<ZstdDecompressCtx> CONTEXTS = new ConcurrentLinkedQueue<>();

        @Override
        public BytesInputCompressor getCompressor(CompressionCodecName codec) {
            throw new UnsupportedOperationException("this reader does not write");
        }

        @Override
        public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
            return new BytesInputDecompressor() {
                @Override
                public BytesInput decompress(BytesInput bytes, int size) throws IOException {
                    if (codec == CompressionCodecName.UNCOMPRESSED) return bytes;
                    if (codec != CompressionCodecName.ZSTD) throw new IOException("pages compressed with " + codec + " are read by the engine");
                    Scratch scratch = SCRATCH.get();
                    // The page where it lies when that is one direct buffer, else gathered into the thread's own.
                    ByteBuffer in = bytes.toByteBuffer(scratch, b -> { });
                    ByteBuffer out = scratch.out(size);
                    unzstd(in, out, size);
                    byte[] heap = scratch.bytes(size);
                    out.get(0, heap, 0, size);
                    return BytesInput.from(heap, 0, size);
                }

                @Override
                public void decompress(ByteBuffer in, int compressed, ByteBuffer out, int size) throws IOException {
                    BytesInput b = decompress(BytesInput.from(in.slice().limit(compressed)), size);
                    out.put(b.toByteBuffer());
                }

                @Override
                public void release() {
                }
            };
        }

        /** {@code in}'s bytes (from its position to its limit), one zstd frame of {@code size} bytes, into {@code out} from 0. */
        private static void unzstd(ByteBuffer in, ByteBuffer out, int size) throws IOException {
            ZstdDecompressCtx ctx = CONTEXTS.poll();
            if (ctx == null) ctx = new ZstdDecompressCtx();
            int got;
            try {
                got = ctx.decompressDirectByteBuffer(out, 0, size, in, in.position(), in.remaining());
            } catch (ZstdException e) {
                throw new IOException("a zstd page does not decompress: " + e.getMessage());
            } finally {
                CONTEXTS.offer(ctx);
            }
            if (got != size) throw new IOException("a zstd page holds " + got + " bytes where its header says " + size);
        }

        @Override
        public void release() {
        }
    }

    /**
     * A decoding thread's working buffers, kept from piece to piece and grown to the largest page: the page zstd
     * decompresses into ({@link #out}, direct), a compressed page copied into direct memory when it does not lie in
     * one direct buffer ({@link #in}), the decompressed page copied onto the heap in one bulk copy ({@link #bytes}:
     * the decoding loops read a heap array faster than direct memory; an uncompressed page's texts in a direct buffer
     * are copied there too), its definition levels (in {@link #page}), its dictionary ids, a text page's codes and
     * its values. Reusing them is safe because a thread decodes one piece at a time and uses a page up (its values
     * copied out, its texts made) before it reads the next: a load then allocates these once per thread, not once per
     * page. As an allocator it hands out {@link #in}, for parquet-java to gather a page that spans two of the row
     * group's buffers.
     */
    private static final class Scratch implements ByteBufferAllocator {
        final Page page = new Page();
        ByteBuffer out = ByteBuffer.allocateDirect(0);
        ByteBuffer in = ByteBuffer.allocateDirect(0);
        byte[] bytes = new byte[0];
        int[] ids = new int[0];
        int[] codes = new int[0];
        long[] longs = new long[0];
        double[] doubles = new double[0];

        /** {@link #out}, cleared to hold {@code n} bytes. */
        ByteBuffer out(int n) {
            if (out.capacity() < n) out = ByteBuffer.allocateDirect(Math.max(n, out.capacity() + (out.capacity() >> 1)));
            return out.clear().limit(n);
        }

        /** {@link #in}, cleared to hold {@code n} bytes. */
        ByteBuffer in(int n) {
            if (in.capacity() < n) in = ByteBuffer.allocateDirect(Math.max(n, in.capacity() + (in.capacity() >> 1)));
            return in.clear().limit(n);
        }

        // Each array grown to at least n (the bytes by half again, the others doubled), or kept.
        byte[] bytes(int n) { return bytes.length >= n ? bytes : (bytes = new byte[Math.max(n, bytes.length + (bytes.length >> 1))]); }
        int[] ids(int n) { return ids.length >= n ? ids : (ids = new int[Math.max(n, ids.length * 2)]); }
        int[] codes(int n) { return codes.length >= n ? codes : (codes = new int[Math.max(n, codes.length * 2)]); }
        long[] longs(int n) { return longs.length >= n ? longs : (longs = new long[Math.max(n, longs.length * 2)]); }
        double[] doubles(int n) { return doubles.length >= n ? doubles : (doubles = new double[Math.max(n, doubles.length * 2)]); }

        @Override
        public ByteBuffer allocate(int size) {
            return in(size);
        }

        @Override
        public void release(ByteBuffer b) {
        }

        @Override
        public boolean isDirect() {
            return true;
        }
    }

    /**
     * The row groups' compressed bytes: direct buffers, read into by the file's channel without a copy and
     * decompressed from without pinning a Java array, taken back once a row group's pieces are all decoded and kept
     * for the next row groups and loads, up to {@link #KEEP} bytes (the rest freed at once). Small reads (a footer, a
     * small file's row groups) take heap buffers, which cost nothing to keep.
     */
    static final class Chunks implements ByteBufferAllocator {
        static final Chunks POOL = new Chunks();
        /** parquet-java's largest read into one buffer: a larger row group is read into several. */
        static final int MAX_BUFFER = 8 << 20;
        /** Direct buffers kept free at most: a buffer for each row group held ahead, and the one being read. */
        static final long KEEP = (long) (AHEAD + 1) * MAX_BUFFER;
        /** Reads of fewer bytes go into heap buffers; direct ones are sized in steps of this. */
        static final int GRAIN = 1 << 16;
        private final List<ByteBuffer> free = new ArrayList<>();
        private long kept;

        @Override
        public ByteBuffer allocate(int size) {
            if (size < GRAIN) return ByteBuffer.allocate(size);
            synchronized (this) {
                ByteBuffer best = null;
                for (ByteBuffer b : free) if (b.capacity() >= size && (best == null || b.capacity() < best.capacity())) best = b;
                if (best != null) {
                    free.remove(best);
                    kept -= best.capacity();
                    return best.clear().limit(size);
                }
            }
            return ByteBuffer.allocateDirect((size + GRAIN - 1) / GRAIN * GRAIN).limit(size);
        }

        @Override
        public void release(ByteBuffer b) {
            if (!b.isDirect()) return;
            synchronized (this) {
                if (kept + b.capacity() <= KEEP) {
                    free.add(b);
                    kept += b.capacity();
                    return;
                }
            }
            CleanUtil.cleanDirectBuffer(b);
        }

        @Override
        public boolean isDirect() {
            return true;
        }

        /** The bytes kept free (for the tests). */
        synchronized long kept() {
            return kept;
        }
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /**
     * The file read through a channel straight into parquet-java's buffers, direct ones with no copy on the way
     * ({@code LocalInputFile} reads each row group into an array of its size and copies that again into the buffer;
     * a stream's read into a direct buffer goes through a small array).
     */
    private record FileInput(Path path) implements InputFile {
        @Override
        public long getLength() throws IOException {
            return Files.size(path);
        }

        @Override
        public SeekableInputStream newStream() throws IOException {
            FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
            return new DelegatingSeekableInputStream(Channels.newInputStream(channel)) {
                @Override
                public long getPos() throws IOException {
                    return channel.position();
                }

                @Override
                public void seek(long position) throws IOException {
                    channel.position(position);
                }

                @Override
                public int read(ByteBuffer buf) throws IOException {
                    return channel.read(buf);
                }

                @Override
                public void readFully(ByteBuffer buf) throws IOException {
                    while (buf.hasRemaining()) {
                        if (channel.read(buf) < 0) throw new EOFException("the file ends " + buf.remaining() + " bytes before a part its footer lists");
                    }
                }
            };
        }
    }

    private static Sink sink(ColumnDescriptor d, Kind k, int rows, int groups, boolean dictionaries) {
        PrimitiveType p = d.getPrimitiveType();
        return switch (k) {
            case STRING -> new Text(d, rows, groups, dictionaries);
            case BOOLEAN -> new Booleans(d, rows, groups);
            case SHORT, INT -> new Ints(d, rows, groups, k);
            case UINT32, LONG -> new Longs(d, rows, groups, k, 1);
            case FLOAT, DOUBLE, DECIMAL -> new Doubles(d, rows, groups, p);
            case INSTANT, DATETIME -> new Longs(d, rows, groups, k,
                    ((LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) p.getLogicalTypeAnnotation()).getUnit() == LogicalTypeAnnotation.TimeUnit.MILLIS ? 1000 : 1);
            case DATE -> new Ints(d, rows, groups, Kind.DATE);
        };
    }

    /**
     * Tablesaw columns around the decoder's arrays as they are. Tablesaw's factories from an array copy it into a
     * list of their own: a second array of the column's size, made as the column is built, when the rest of the table
     * is alive and a young collection has the most to copy. Each column's own constructor from a list takes the list
     * as it is, so the array is wrapped in one ({@code DoubleArrayList.wrap}, fastutil's) and handed over. Those
     * constructors are not public: they are found once by reflection, and where one is not there (another Tablesaw)
     * its factory that copies is called instead.
     */
    static final class Backed {
        static final Constructor<DoubleColumn> DOUBLES = find(DoubleColumn.class, DoubleArrayList.class);
        static final Constructor<FloatColumn> FLOATS = find(FloatColumn.class, FloatArrayList.class);
        static final Constructor<IntColumn> INTS = find(IntColumn.class, IntArrayList.class);
        static final Constructor<ShortColumn> SHORTS = find(ShortColumn.class, ShortArrayList.class);
        static final Constructor<DateColumn> DATES = find(DateColumn.class, IntArrayList.class);
        static final Constructor<LongColumn> LONGS = find(LongColumn.class, LongArrayList.class);
        static final Constructor<InstantColumn> INSTANTS = find(InstantColumn.class, LongArrayList.class);
        static final Constructor<DateTimeColumn> DATETIMES = find(DateTimeColumn.class, LongArrayList.class);

        private Backed() {
        }

        private static <C> Constructor<C> find(Class<C> column, Class<?> list) {
            try {
                Constructor<C> c = column.getDeclaredConstructor(String.class, list);
                c.setAccessible(true);
                return c;
            } catch (ReflectiveOperationException | RuntimeException e) {
                LOG.log(System.Logger.Level.DEBUG, "Datasets.load copies each " + column.getSimpleName() + " it builds (" + e + ")");
                return null;
            }
        }

        /** The column named {@code name} over {@code list}, or {@code copy}'s where the constructor is missing. */
        static <C> C make(Constructor<C> c, String name, Object list, java.util.function.Supplier<C> copy) {
            if (c != null) {
                try {
                    return c.newInstance(name, list);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    LOG.log(System.Logger.Level.DEBUG, "Datasets.load copies a " + c.getDeclaringClass().getSimpleName() + " (" + e + ")");
                }
            }
            return copy.get();
        }
    }

    // ---- pages --------------------------------------------------------------------------------------------------

    /**
     * One data page opened: its rows, its definition levels ({@code null} when every row holds a value), and its values'
     * bytes and encoding. A flat column's page holds one level and at most one value per row.
     */
    private static final class Page {
        int rows;
        int values;
        int[] levels = new int[0];
        boolean allDefined;
        ByteBuffer data;
        int pos;
        int end;
        Encoding encoding;

        void open(DataPage page, ColumnDescriptor d) throws IOException {
            int maxDef = d.getMaxDefinitionLevel();
            rows = page.getValueCount();
            if (levels.length < rows) levels = new int[Math.max(rows, levels.length * 2)];
            allDefined = maxDef == 0;
            if (page instanceof DataPageV1 v1) {
                data = v1.getBytes().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                pos = data.position();
                end = data.limit();
                encoding = v1.getValueEncoding();
                if (maxDef > 0) {
                    if (v1.getDlEncoding() != Encoding.RLE) throw new Unsupported("definition levels encoded " + v1.getDlEncoding());
                    int length = data.getInt(pos);
                    if (length < 0 || pos + 4 + length > end) throw new IOException("a page's definition levels run past the page");
                    hybrid(data, pos + 4, pos + 4 + length, 1, levels, rows);
                    pos += 4 + length;
                }
            } else {
                DataPageV2 v2 = (DataPageV2) page;
                data = v2.getData().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                pos = data.position();
                end = data.limit();
                encoding = v2.getDataEncoding();
                if (maxDef > 0) {
                    if (v2.getNullCount() == 0) allDefined = true;
                    else {
                        ByteBuffer l = v2.getDefinitionLevels().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                        hybrid(l, l.position(), l.limit(), 1, levels, rows);
                    }
                }
            }
            if (allDefined) {
                values = rows;
                return;
            }
            int n = 0;
            for (int i = 0; i < rows; i++) n += levels[i];
            values = n;
            allDefined = n == rows;
        }

        /**
         * Opens the piece's next page, whose first row is {@code row} of the piece's {@code end}: false when the
         * pages are done or this one runs past the piece (the caller's row count then says so).
         */
        boolean next(PageReader pages, ColumnDescriptor d, int row, int end) throws IOException {
            if (row >= end) return false;
            DataPage p = pages.readPage();
            if (p == null) return false;
            open(p, d);
            return row + rows <= end;
        }

        /** parquet-java's reader for an encoding this class does not decode itself, over the page's values. */
        ValuesReader library(ColumnDescriptor d) throws IOException {
            ValuesReader v = encoding.getValuesReader(d, ValuesType.VALUES);
            v.initFromPage(values, ByteBufferInputStream.wrap(data.duplicate().position(pos).limit(end).slice()));
            return v;
        }

        boolean dictionaryIds() {
            return encoding == Encoding.RLE_DICTIONARY || encoding == Encoding.PLAIN_DICTIONARY;
        }

        /** The page's dictionary ids (after their bit width's byte), each checked against the dictionary's size. */
        void ids(int[] out, int size) throws IOException {
            if (size < 0) throw new IOException("a dictionary-encoded page with no dictionary page before it");
            if (pos >= end) {
                if (values == 0) return;
                throw new IOException("a dictionary-encoded page with no ids");
            }
            int width = data.get(pos) & 0xff;
            if (width > 32) throw new IOException("dictionary ids " + width + " bits wide");
            hybrid(data, pos + 1, end, width, out, values);
            for (int i = 0; i < values; i++) {
                if (out[i] < 0 || out[i] >= size) throw new IOException("dictionary id " + out[i] + " where the dictionary holds " + size);
            }
        }
    }

    /**
     * Decodes {@code n} values of the RLE / bit-packed hybrid encoding (definition levels, dictionary ids) from
     * {@code b}'s bytes {@code [pos, end)} into {@code out}: runs of one repeated value, and groups of eight values
     * packed {@code width} bits each, least significant bit first.
     */
    static void hybrid(ByteBuffer b, int pos, int end, int width, int[] out, int n) throws IOException {
        int filled = 0;
        int bytes = (width + 7) >>> 3;
        long mask = width == 32 ? 0xffffffffL : (1L << width) - 1;
        while (filled < n) {
            if (pos >= end) throw new IOException("a page's levels or ids end after " + filled + " of " + n + " values");
            int header = 0;
            for (int shift = 0; ; shift += 7) {
                if (shift > 28 || pos >= end) throw new IOException("a run header past the page");
                byte x = b.get(pos++);
                header |= (x & 0x7f) << shift;
                if (x >= 0) break;
            }
            if ((header & 1) == 0) {
                int run = header >>> 1;
                if (pos + bytes > end) throw new IOException("a repeated run past the page");
                int v = 0;
                for (int i = 0; i < bytes; i++) v |= (b.get(pos + i) & 0xff) << (8 * i);
                pos += bytes;
                int to = Math.min(n, filled + run);
                Arrays.fill(out, filled, to, v);
                filled = to;
            } else {
                int count = (header >>> 1) * 8;
                int length = (header >>> 1) * width;
                if (length < 0 || pos + length > end) {
                    // A last group may be cut short after its last value; every value asked for must be there.
                    if ((long) (n - filled) * width > (long) (end - pos) * 8) throw new IOException("a bit-packed run past the page");
                    length = end - pos;
                }
                int to = Math.min(n, filled + count);
                int p = pos;
                int i = filled;
                if (width <= 8) {
                    // Eight values of up to 8 bits fill at most 8 bytes: one little-endian read a group.
                    for (; i + 8 <= to && p + 8 <= end; i += 8, p += width) {
                        long g = b.getLong(p);
                        for (int j = 0; j < 8; j++) out[i + j] = (int) ((g >>> (j * width)) & mask);
                    }
                } else {
                    // Wider: each value from one little-endian read at its first byte (its bits and the shift fit in 64).
                    for (; i + 8 <= to && p + width + 8 <= end; i += 8, p += width) {
                        for (int j = 0, bit = 0; j < 8; j++, bit += width) out[i + j] = (int) ((b.getLong(p + (bit >>> 3)) >>> (bit & 7)) & mask);
                    }
                }
                long acc = 0;
                int bits = 0;
                for (; i < to; i++) {
                    while (bits < width) {
                        acc |= (b.get(p++) & 0xffL) << bits;
                        bits += 8;
                    }
                    out[i] = (int) (acc & mask);
                    acc >>>= width;
                    bits -= width;
                }
                filled = to;
                pos += length;
            }
        }
    }

    /** A dictionary page's bytes (its entries PLAIN, as every writer stores them). */
    private static ByteBuffer dictionary(DictionaryPage dp) throws IOException {
        if (dp.getEncoding() != Encoding.PLAIN && dp.getEncoding() != Encoding.PLAIN_DICTIONARY) throw new Unsupported("a dictionary encoded " + dp.getEncoding());
        return dp.getBytes().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** A PLAIN run of {@code n} 32- or 64-bit integers (or booleans, one bit each) as longs. */
    private static void plainLongs(ByteBuffer b, int pos, int end, PrimitiveType.PrimitiveTypeName type, long[] out, int n) throws IOException {
        switch (type) {
            case INT32 -> {
                if (pos + 4L * n > end) throw new IOException("a page's values run past the page");
                for (int i = 0; i < n; i++) out[i] = b.getInt(pos + 4 * i);
            }
            case INT64 -> {
                if (pos + 8L * n > end) throw new IOException("a page's values run past the page");
                for (int i = 0; i < n; i++) out[i] = b.getLong(pos + 8 * i);
            }
            case BOOLEAN -> {
                if (pos + (n + 7L) / 8 > end) throw new IOException("a page's values run past the page");
                for (int i = 0; i < n; i++) out[i] = (b.get(pos + (i >>> 3)) >>> (i & 7)) & 1;
            }
            default -> throw new Unsupported("integers stored as " + type);
        }
    }

    /** A PLAIN run of {@code n} floats or doubles. */
    private static void plainDoubles(ByteBuffer b, int pos, int end, PrimitiveType.PrimitiveTypeName type, double[] out, int n) throws IOException {
        if (type == PrimitiveType.PrimitiveTypeName.DOUBLE) {
            if (pos + 8L * n > end) throw new IOException("a page's values run past the page");
            b.duplicate().order(ByteOrder.LITTLE_ENDIAN).position(pos).asDoubleBuffer().get(out, 0, n);
        } else {
            if (pos + 4L * n > end) throw new IOException("a page's values run past the page");
            for (int i = 0; i < n; i++) out[i] = b.getFloat(pos + 4 * i);
        }
    }

    // ---- columns ------------------------------------------------------------------------------------------------

    /**
     * One column's values: each row group's piece decoded on its own ({@link #group}) into the rows it covers (text
     * columns' pieces one after another, in row order: {@link #inOrder}), and the column built once all are.
     */
    private abstract static class Sink {
        final ColumnDescriptor d;
        final String name;
        private final AtomicInteger left;
        private final ConcurrentLinkedQueue<Runnable> serial = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean running = new AtomicBoolean();

        Sink(ColumnDescriptor d, int groups) {
            this.d = d;
            this.name = d.getPath()[0];
            this.left = new AtomicInteger(groups);
        }

        /** Decodes one row group's pages into rows {@code [from, from + rows)}. */
        abstract void group(PageReader pages, int from, int rows) throws IOException;

        abstract Column<?> column();

        /** Whether this column's pieces must run one at a time, in row order. */
        boolean ordered() {
            return false;
        }

        /** Runs {@code piece} on {@code workers} after the pieces handed in before it, one at a time. */
        final void inOrder(ForkJoinPool workers, Runnable piece) {
            serial.add(piece);
            if (running.compareAndSet(false, true)) workers.execute(this::drain);
        }

        private void drain() {
            do {
                for (Runnable r; (r = serial.poll()) != null; ) r.run();
                running.set(false);
            } while (!serial.isEmpty() && running.compareAndSet(false, true));
        }

        /** Counts one piece done; true for the one call that counted the last and built the column into {@code out[c]}. */
        final boolean done(AtomicReference<Throwable> failed, Column<?>[] out, int c) {
            if (left.decrementAndGet() != 0) return false;
            try {
                if (failed.get() == null) out[c] = column();
            } catch (Throwable e) {
                failed.compareAndSet(null, e);
            }
            return true;
        }

        /** Checks that a row group's pages held exactly its rows. */
        final void check(int got, int rows) throws IOException {
            if (got != rows) throw new IOException("column " + name + " holds " + got + " values in a row group of " + rows + " rows");
        }
    }

    /**
     * Columns of numbers, dates and times: each page's values decoded as longs (32- and 64-bit integers, booleans) or
     * doubles, then placed at their rows by {@link #put}.
     */
    private abstract static class Numbers extends Sink {
        final PrimitiveType.PrimitiveTypeName type;
        final boolean floating;

        Numbers(ColumnDescriptor d, int groups) {
            super(d, groups);
            type = d.getPrimitiveType().getPrimitiveTypeName();
            floating = type == PrimitiveType.PrimitiveTypeName.DOUBLE || type == PrimitiveType.PrimitiveTypeName.FLOAT;
        }

        /** Rows {@code [row, row + page.rows)} from the page's values {@code v} (longs or doubles) and its levels. */
        abstract void put(int row, Page page, long[] v);

        void put(int row, Page page, double[] v) {
            throw new IllegalStateException("column " + name + " holds no floating-point values");
        }

        @Override
        void group(PageReader pages, int from, int rows) throws IOException {
            long[] longDict = null;
            double[] doubleDict = null;
            int dictSize = -1;
            DictionaryPage dp = pages.readDictionaryPage();
            if (dp != null) {
                dictSize = dp.getDictionarySize();
                ByteBuffer b = dictionary(dp);
                if (floating) plainDoubles(b, b.position(), b.limit(), type, doubleDict = new double[dictSize], dictSize);
                else plainLongs(b, b.position(), b.limit(), type, longDict = new long[dictSize], dictSize);
            }
            Scratch scratch = SCRATCH.get();
            Page page = scratch.page;
            int row = from;
            for (; page.next(pages, d, row, from + rows); row += page.rows) {
                int n = page.values;
                long[] longs = floating ? null : scratch.longs(n);
                double[] doubles = floating ? scratch.doubles(n) : null;
                if (page.dictionaryIds()) {
                    int[] ids = scratch.ids(n);
                    page.ids(ids, dictSize);
                    if (floating) for (int i = 0; i < n; i++) doubles[i] = doubleDict[ids[i]];
                    else for (int i = 0; i < n; i++) longs[i] = longDict[ids[i]];
                } else if (page.encoding == Encoding.PLAIN) {
                    if (floating) plainDoubles(page.data, page.pos, page.end, type, doubles, n);
                    else plainLongs(page.data, page.pos, page.end, type, longs, n);
                } else {
                    ValuesReader v = page.library(d);
                    for (int i = 0; i < n; i++) {
                        switch (type) {
                            case INT32 -> longs[i] = v.readInteger();
                            case INT64 -> longs[i] = v.readLong();
                            case BOOLEAN -> longs[i] = v.readBoolean() ? 1 : 0;
                            case FLOAT -> doubles[i] = v.readFloat();
                            case DOUBLE -> doubles[i] = v.readDouble();
                            default -> throw new Unsupported("values stored as " + type);
                        }
                    }
                }
                if (floating) put(row, page, doubles);
                else put(row, page, longs);
            }
            check(row - from, rows);
        }
    }

    /** Doubles, decimals (unscaled over 10^scale) and floats (kept as doubles, which hold each float exactly). */
    private static final class Doubles extends Numbers {
        final double[] a;
        final double scale;
        final boolean floats;

        Doubles(ColumnDescriptor d, int rows, int groups, PrimitiveType p) {
            super(d, groups);
            a = new double[rows];
            floats = p.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FLOAT;
            scale = p.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation t ? POWERS[t.getScale()] : 1;
        }

        @Override
        void put(int row, Page page, long[] v) {
            int[] l = page.levels;
            for (int i = 0, j = 0; i < page.rows; i++) a[row + i] = page.allDefined || l[i] != 0 ? v[j++] / scale : Double.NaN;
        }

        @Override
        void put(int row, Page page, double[] v) {
            if (page.allDefined) {
                System.arraycopy(v, 0, a, row, page.rows);
                return;
            }
            int[] l = page.levels;
            for (int i = 0, j = 0; i < page.rows; i++) a[row + i] = l[i] != 0 ? v[j++] : Double.NaN; // Tablesaw's missing double and float
        }

        @Override
        Column<?> column() {
            if (!floats) return Backed.make(Backed.DOUBLES, name, DoubleArrayList.wrap(a), () -> DoubleColumn.create(name, a));
            float[] f = new float[a.length];
            for (int i = 0; i < f.length; i++) f[i] = (float) a[i];
            return Backed.make(Backed.FLOATS, name, FloatArrayList.wrap(f), () -> FloatColumn.create(name, f));
        }
    }

    /** 32-bit integers, 8- and 16-bit ones into a short column ({@code kind} SHORT), and dates (DATE: days since the epoch, packed as Tablesaw packs them). */
    private static final class Ints extends Numbers {
        final int[] ints;
        final short[] shorts;
        final boolean dates;

        Ints(ColumnDescriptor d, int rows, int groups, Kind kind) {
            super(d, groups);
            ints = kind == Kind.SHORT ? null : new int[rows];
            shorts = kind == Kind.SHORT ? new short[rows] : null;
            dates = kind == Kind.DATE;
        }

        @Override
        void put(int row, Page page, long[] v) {
            int[] l = page.levels;
            boolean all = page.allDefined;
            if (shorts != null) {
                for (int i = 0, j = 0; i < page.rows; i++) shorts[row + i] = all || l[i] != 0 ? (short) v[j++] : Short.MIN_VALUE; // Tablesaw's missing short
            } else if (!dates) {
                for (int i = 0, j = 0; i < page.rows; i++) ints[row + i] = all || l[i] != 0 ? (int) v[j++] : Integer.MIN_VALUE; // and int
            } else {
                long day = Long.MIN_VALUE;
                int packed = 0;
                for (int i = 0, j = 0; i < page.rows; i++) {
                    if (all || l[i] != 0) {
                        long x = v[j++];
                        if (x != day) {
                            packed = PackedLocalDate.pack(LocalDate.ofEpochDay(x));
                            day = x;
                        }
                        ints[row + i] = packed;
                    } else {
                        ints[row + i] = Integer.MIN_VALUE; // and date
                    }
                }
            }
        }

        @Override
        Column<?> column() {
            if (dates) return Backed.make(Backed.DATES, name, IntArrayList.wrap(ints), () -> DateColumn.createInternal(name, ints));
            if (shorts != null) return Backed.make(Backed.SHORTS, name, ShortArrayList.wrap(shorts), () -> ShortColumn.create(name, shorts));
            return Backed.make(Backed.INTS, name, IntArrayList.wrap(ints), () -> IntColumn.create(name, ints));
        }
    }

    /**
     * 64-bit integers, unsigned 32-bit ones widened, and timestamps (micro- or milliseconds since the epoch) packed as
     * Tablesaw packs instants ({@code kind} INSTANT) or UTC date-times (DATETIME).
     */
    private static final class Longs extends Numbers {
        final long[] a;
        final Kind kind;
        final long unit;

        Longs(ColumnDescriptor d, int rows, int groups, Kind kind, long unit) {
            super(d, groups);
            a = new long[rows];
            this.kind = kind;
            this.unit = unit;
        }

        @Override
        void put(int row, Page page, long[] v) {
            int[] l = page.levels;
            boolean all = page.allDefined;
            switch (kind) {
                case LONG -> {
                    for (int i = 0, j = 0; i < page.rows; i++) a[row + i] = all || l[i] != 0 ? v[j++] : Long.MIN_VALUE; // Tablesaw's missing long
                }
                case UINT32 -> {
                    for (int i = 0, j = 0; i < page.rows; i++) a[row + i] = all || l[i] != 0 ? v[j++] & 0xffffffffL : Long.MIN_VALUE;
                }
                default -> {
                    long missing = kind == Kind.INSTANT ? ColumnFill.InstantColumnMissing.VALUE : ColumnFill.DateTimeMissing.VALUE;
                    Packer packer = new Packer();
                    for (int i = 0, j = 0; i < page.rows; i++) a[row + i] = all || l[i] != 0 ? packer.pack(v[j++] * unit) : missing;
                }
            }
        }

        @Override
        Column<?> column() {
            return switch (kind) {
                case INSTANT -> Backed.make(Backed.INSTANTS, name, LongArrayList.wrap(a), () -> InstantColumn.createInternal(name, a));
                case DATETIME -> Backed.make(Backed.DATETIMES, name, LongArrayList.wrap(a), () -> DateTimeColumn.createInternal(name, a));
                default -> Backed.make(Backed.LONGS, name, LongArrayList.wrap(a), () -> LongColumn.create(name, a));
            };
        }
    }

    /**
     * Microseconds since the epoch packed as Tablesaw packs an instant or a date-time at UTC (the date's year, month
     * and day in the high half; hour, minute and millisecond of the minute in the low half), the date worked out
     * once per day: timestamps of one day share it.
     */
    static final class Packer {
        private static final long DAY = 86_400_000_000L;
        private long day = Long.MIN_VALUE;
        private long date;

        long pack(long micros) {
            long d = Math.floorDiv(micros, DAY);
            if (d != day) {
                date = (long) PackedLocalDate.pack(LocalDate.ofEpochDay(d)) << 32;
                day = d;
            }
            int ms = (int) ((micros - d * DAY) / 1000);
            int time = (ms / 3_600_000) << 24 | (ms / 60_000 % 60) << 16 | ms % 60_000;
            return date | (time & 0xffffffffL);
        }
    }

    /** Booleans: 1, 0, or -1 for missing per row, appended to their column once all are decoded. */
    private static final class Booleans extends Numbers {
        final byte[] a;

        Booleans(ColumnDescriptor d, int rows, int groups) {
            super(d, groups);
            a = new byte[rows];
        }

        @Override
        void put(int row, Page page, long[] v) {
            int[] l = page.levels;
            for (int i = 0, j = 0; i < page.rows; i++) a[row + i] = page.allDefined || l[i] != 0 ? (byte) v[j++] : -1;
        }

        @Override
        Column<?> column() {
            BooleanColumn c = BooleanColumn.create(name, a.length);
            for (int r = 0; r < a.length; r++) {
                if (a[r] < 0) c.setMissing(r);
                else c.set(r, a[r] == 1);
            }
            return c;
        }
    }

    /**
     * Text: a code per row into its page's texts (the row group's dictionary page's entries, or the page's own texts
     * when stored plain), turned into the column's keys page by page ({@link TextCodes}: keys by first appearance,
     * each distinct text hashed once, while the page's texts are fresh in the cache). A text column's row groups are
     * decoded one after another, in row order, while the other columns' pieces run on the other cores. When the
     * distinct texts turn out to be many (past {@link ColumnFill#LEARN_ROWS} rows, more than a quarter of them), the
     * column is plain text, as the engine's scan makes it: each row's text kept as it is, nothing hashed.
     */
    private static final class Text extends Sink {
        /** The rows' keys in the column, a byte each while the distinct texts are few ({@link TextCodes.Keys}). */
        TextCodes.Keys keys;
        TextCodes coder;
        /** The column, once its texts are judged many: each row's text appended as it comes, nothing hashed. */
        StringColumn plain;

        Text(ColumnDescriptor d, int rows, int groups, boolean dictionaries) {
            super(d, groups);
            keys = new TextCodes.Keys(rows, 0);
            coder = new TextCodes(dictionaries ? 1024 : ColumnFill.LEARN_ROWS);
        }

        @Override
        boolean ordered() {
            return true;
        }

        @Override
        void group(PageReader pages, int from, int rows) throws IOException {
            String[] dictionary = null;
            int[] dictionaryKeys = null;
            DictionaryPage dp = pages.readDictionaryPage();
            if (dp != null) {
                ByteBuffer b = dictionary(dp);
                dictionary = new String[dp.getDictionarySize()];
                plainTexts(b, b.position(), b.limit(), dictionary, plain == null);
                dictionaryKeys = TextCodes.unknown(dictionary.length);
            }
            Scratch scratch = SCRATCH.get();
            Page page = scratch.page;
            int row = from;
            for (; page.next(pages, d, row, from + rows); row += page.rows) {
                int n = page.values;
                int[] ids = scratch.ids(n);
                String[] texts;
                if (page.dictionaryIds()) {
                    page.ids(ids, dictionary == null ? -1 : dictionary.length);
                    texts = dictionary;
                } else {
                    texts = new String[n];
                    if (page.encoding == Encoding.PLAIN) plainTexts(page.data, page.pos, page.end, texts, false);
                    else {
                        ValuesReader v = page.library(d);
                        for (int i = 0; i < n; i++) texts[i] = v.readBytes().toStringUsingUTF8();
                    }
                    for (int i = 0; i < n; i++) ids[i] = i;
                }
                int[] l = page.allDefined ? null : page.levels;
                if (plain != null) {
                    for (int i = 0, j = 0; i < page.rows; i++) append(l == null || l[i] != 0 ? texts[ids[j++]] : null);
                } else {
                    // The page's codes into its texts (-1: missing), turned into keys in place, then kept as the column's.
                    int[] codes = scratch.codes(page.rows);
                    if (l == null) System.arraycopy(ids, 0, codes, 0, page.rows);
                    else for (int i = 0, j = 0; i < page.rows; i++) codes[i] = l[i] != 0 ? ids[j++] : -1;
                    int[] known = texts == dictionary ? dictionaryKeys : TextCodes.unknown(n);
                    // Up to the learning mark first: a page of many distinct texts is judged before the rest of it is hashed.
                    for (int at = row, end = row + page.rows; at < end; ) {
                        int to = at < ColumnFill.LEARN_ROWS ? Math.min(end, ColumnFill.LEARN_ROWS) : end;
                        coder.add(texts, known, codes, at - row, to - at);
                        keys.put(codes, at - row, at, to - at, coder.distinct());
                        at = to;
                        if (ColumnFill.manyTexts(coder.distinct(), at)) {
                            plain = ColumnFill.plainText(name);
                            for (int r = 0; r < at; r++) append(coder.text(keys.key(r)));
                            for (int r = at; r < end; r++) append(codes[r - row] < 0 ? null : texts[codes[r - row]]);
                            keys = null;
                            coder = null;
                            break;
                        }
                    }
                }
            }
            check(row - from, rows);
        }

        @Override
        Column<?> column() {
            return plain == null ? coder.column(name, keys) : plain;
        }

        private void append(String text) {
            if (text == null) plain.appendMissing();
            else plain.append(text);
        }

        /**
         * PLAIN texts (a length, then that many UTF-8 bytes each) into every slot of {@code out}, each text's hash
         * worked out ({@code hash}) while its bytes are in the cache (String keeps it for the key map).
         */
        private static void plainTexts(ByteBuffer b, int pos, int end, String[] out, boolean hash) throws IOException {
            byte[] array;
            int base;
            if (b.hasArray()) {
                array = b.array();
                base = b.arrayOffset();
            } else {
                // A direct buffer's bytes copied at once onto the thread's heap scratch, where strings are made from them.
                array = SCRATCH.get().bytes(end - pos);
                b.get(pos, array, 0, end - pos);
                base = -pos;
            }
            for (int i = 0; i < out.length; i++) {
                if (pos + 4 > end) throw new IOException("a page's texts run past the page");
                int length = b.getInt(pos);
                pos += 4;
                if (length < 0 || pos + length > end) throw new IOException("a text of " + length + " bytes runs past the page");
                String t = new String(array, base + pos, length, StandardCharsets.UTF_8);
                if (hash) t.hashCode();
                out[i] = t;
                pos += length;
            }
        }
    }
}
