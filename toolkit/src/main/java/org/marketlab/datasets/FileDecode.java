package org.marketlab.datasets;

import com.github.luben.zstd.Zstd;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
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
import tech.tablesaw.columns.datetimes.PackedLocalDateTime;
import tech.tablesaw.columns.instant.PackedInstant;
import tech.tablesaw.columns.strings.ByteDictionaryMap;
import tech.tablesaw.columns.strings.NullDictionaryMap;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

/**
 * One Parquet file decoded in Java into Tablesaw columns: parquet-java's file reader hands over the row groups'
 * column chunks, and each column is decoded through all of them on its own core (zstd pages by zstd-jni) straight into the primitive
 * array or the dictionary codes its Tablesaw column is built from. A dictionary-encoded text page crosses as its
 * dictionary, turned into Java text once per row group, and a code per row; the column is then built from the codes
 * ({@link ColumnFill#coded}) without hashing a row.
 * <p>
 * The table is the one the engine's scan gives ({@link Reading#scan}): the same columns, types and values (a
 * {@code DECIMAL} as its double, computed as the engine casts it; a UTC timestamp as an instant; text with many
 * distinct values as plain text). A file this reader does not cover (nested or repeated columns, a codec other than
 * zstd or none, INT96 or nanosecond timestamps, binary without a text annotation, fixed-length decimals, times of day,
 * 64-bit unsigned integers), or a platform where zstd-jni cannot load, is read by the engine: {@link #read} answers
 * null.
 */
final class FileDecode {

    private static final System.Logger LOG = System.getLogger("org.marketlab.datasets");
    /** The system property that turns this reader off ({@code false}): every load goes through the engine. */
    static final String PROPERTY = "marketlab.datasets.decode";
    private static volatile Boolean zstd;

    private FileDecode() {
    }

    /** The column types this reader fills. */
    private enum Kind { STRING, BOOLEAN, SHORT, INT, UINT32, LONG, FLOAT, DOUBLE, DECIMAL, INSTANT, DATETIME, DATE }

    /** The file as a table named {@code name}, or null when the engine must read it (see the class comment). */
    static Table read(Path file, String name) {
        if (!Boolean.parseBoolean(System.getProperty(PROPERTY, "true")) || !zstdLoads()) return null;
        ParquetReadOptions options = options();
        if (options == null) return null;
        try (ParquetFileReader r = new ParquetFileReader(new LocalInputFile(file), options)) {
            ParquetMetadata footer = r.getFooter();
            MessageType schema = footer.getFileMetaData().getSchema();
            List<ColumnDescriptor> cols = schema.getColumns();
            if (cols.size() != schema.getFieldCount()) return null; // nested
            long total = 0;
            for (BlockMetaData b : footer.getBlocks()) {
                total += b.getRowCount();
                for (ColumnChunkMetaData c : b.getColumns()) {
                    CompressionCodecName codec = c.getCodec();
                    if (codec != CompressionCodecName.ZSTD && codec != CompressionCodecName.UNCOMPRESSED) return null;
                }
            }
            if (total > Integer.MAX_VALUE - 16) return null;
            int rows = (int) total;
            Fill[] fills = new Fill[cols.size()];
            for (int i = 0; i < fills.length; i++) {
                ColumnDescriptor d = cols.get(i);
                if (d.getMaxRepetitionLevel() != 0 || d.getPath().length != 1) return null;
                Kind k = kind(d.getPrimitiveType());
                if (k == null) return null;
                fills[i] = fill(d.getPath()[0], k, d.getPrimitiveType(), rows);
            }
            if (fills.length == 0) return null;
            GroupConverter root = new GroupConverter() {
                @Override
                public Converter getConverter(int field) {
                    return fills[field];
                }

                @Override
                public void start() {
                }

                @Override
                public void end() {
                }
            };
            String createdBy = footer.getFileMetaData().getCreatedBy();
            // The row groups' pages are read first (compressed, the file's size at most); then each column is decoded
            // through every row group on its own, on all cores (the caller's thread and the common pool's), with no
            // wait between row groups for the slowest column.
            List<ColumnReadStoreImpl> groups = new ArrayList<>();
            for (PageReadStore g; (g = r.readNextRowGroup()) != null; ) groups.add(new ColumnReadStoreImpl(g, root, schema, createdBy));
            AtomicReference<RuntimeException> failed = new AtomicReference<>();
            IntStream.range(0, fills.length).parallel().forEach(i -> {
                try {
                    for (ColumnReadStoreImpl g : groups) decode(g.getColumnReader(cols.get(i)), cols.get(i).getMaxDefinitionLevel(), fills[i]);
                } catch (RuntimeException e) {
                    failed.compareAndSet(null, e);
                }
            });
            if (failed.get() != null) throw failed.get();
            Column<?>[] out = new Column<?>[fills.length];
            for (int i = 0; i < out.length; i++) out[i] = fills[i].column();
            return Table.create(name, out);
        } catch (IOException | RuntimeException e) {
            throw new DatasetException("could not read " + file + ": " + e.getMessage(), e);
        }
    }

    private static void decode(ColumnReader cr, int defined, Fill f) {
        long n = cr.getTotalValueCount();
        for (long i = 0; i < n; i++) {
            if (cr.getCurrentDefinitionLevel() == defined) cr.writeCurrentValueToConverter();
            else f.addNull();
            cr.consume();
        }
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

    private static Fill fill(String name, Kind k, PrimitiveType p, int rows) {
        return switch (k) {
            case STRING -> new Text(name, rows);
            case BOOLEAN -> new Appended(BooleanColumn.create(name));
            case SHORT -> new Ints(name, rows, true);
            case INT -> new Ints(name, rows, false);
            case UINT32, LONG -> new Longs(name, rows, Kind.LONG, 1);
            case FLOAT, DOUBLE, DECIMAL -> new Doubles(name, rows, p);
            case INSTANT, DATETIME -> new Longs(name, rows, k,
                    ((LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) p.getLogicalTypeAnnotation()).getUnit() == LogicalTypeAnnotation.TimeUnit.MILLIS ? 1000 : 1);
            case DATE -> new Appended(DateColumn.create(name));
        };
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
            // signed min/max for strings, no filters (every row is read), no checksum check, no off-heap buffers.
            return c.newInstance(true, false, false, false, false, false, false, false, false, FilterCompat.NOOP,
                    ParquetMetadataConverter.NO_FILTER, new Codecs(), new HeapByteBufferAllocator(), 8 << 20, new HashMap<String, String>(),
                    null, null, new PlainParquetConfiguration());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("parquet-hadoop's read options did not build: " + e, e);
        }
    }

    private static volatile Constructor<ParquetReadOptions> optionsConstructor;
    private static volatile boolean optionsMissing;

    /** Whether zstd-jni's native library loads here (found out once, said once when it does not). */
    private static boolean zstdLoads() {
        Boolean z = zstd;
        if (z == null) {
            try {
                Zstd.defaultCompressionLevel();
                z = true;
            } catch (LinkageError e) {
                z = false;
                LOG.log(System.Logger.Level.INFO, "Datasets.load reads Parquet through DuckDB, not in Java (zstd-jni did not load: " + e + ")");
            }
            zstd = z;
        }
        return z;
    }

    /** Decompression only: zstd pages by zstd-jni, uncompressed pages as they are. */
    private static final class Codecs implements CompressionCodecFactory {
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
                    byte[] in = bytes.toByteArray();
                    byte[] out = new byte[size];
                    long got = Zstd.decompressByteArray(out, 0, size, in, 0, in.length);
                    if (Zstd.isError(got)) throw new IOException("a zstd page does not decompress: " + Zstd.getErrorName(got));
                    if (got != size) throw new IOException("a zstd page holds " + got + " bytes where its header says " + size);
                    return BytesInput.from(out);
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

        @Override
        public void release() {
        }
    }

    // ---- columns ------------------------------------------------------------------------------------------------

    /** One column's values, appended in row order by its decoder. */
    private abstract static class Fill extends PrimitiveConverter {
        final String name;
        int size;

        Fill(String name) {
            this.name = name;
        }

        abstract void addNull();

        abstract Column<?> column();
    }

    /** Doubles, decimals (unscaled over 10^scale) and floats (kept as doubles, which hold each float exactly). */
    private static final class Doubles extends Fill {
        final double[] a;
        final double scale;
        final boolean floats;

        Doubles(String name, int rows, PrimitiveType p) {
            super(name);
            a = new double[rows];
            floats = p.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FLOAT;
            scale = p.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d ? POWERS[d.getScale()] : 1;
        }

        @Override
        public void addDouble(double v) {
            a[size++] = v;
        }

        @Override
        public void addFloat(float v) {
            a[size++] = v;
        }

        @Override
        public void addInt(int v) {
            a[size++] = v / scale;
        }

        @Override
        public void addLong(long v) {
            a[size++] = v / scale;
        }

        void addNull() {
            a[size++] = Double.NaN; // Tablesaw's missing double, and float
        }

        Column<?> column() {
            if (!floats) return DoubleColumn.create(name, a);
            float[] f = new float[a.length];
            for (int i = 0; i < f.length; i++) f[i] = (float) a[i];
            return FloatColumn.create(name, f);
        }
    }

    /** 32-bit integers, and 8- and 16-bit ones into a short column. */
    private static final class Ints extends Fill {
        final int[] ints;
        final short[] shorts;

        Ints(String name, int rows, boolean narrow) {
            super(name);
            ints = narrow ? null : new int[rows];
            shorts = narrow ? new short[rows] : null;
        }

        @Override
        public void addInt(int v) {
            if (shorts != null) shorts[size++] = (short) v;
            else ints[size++] = v;
        }

        void addNull() {
            if (shorts != null) shorts[size++] = Short.MIN_VALUE; // Tablesaw's missing short
            else ints[size++] = Integer.MIN_VALUE; // and int
        }

        Column<?> column() {
            return shorts != null ? ShortColumn.create(name, shorts) : IntColumn.create(name, ints);
        }
    }

    /**
     * 64-bit integers, unsigned 32-bit ones widened, and timestamps (micro- or milliseconds since the epoch) packed as
     * Tablesaw packs instants ({@code kind} INSTANT) or UTC date-times (DATETIME).
     */
    private static final class Longs extends Fill {
        static final long MISSING_INSTANT = tech.tablesaw.columns.instant.InstantColumnType.missingValueIndicator();
        static final long MISSING_DATETIME = tech.tablesaw.columns.datetimes.DateTimeColumnType.missingValueIndicator();
        final long[] a;
        final Kind kind;
        final long unit;

        Longs(String name, int rows, Kind kind, long unit) {
            super(name);
            a = new long[rows];
            this.kind = kind;
            this.unit = unit;
        }

        @Override
        public void addLong(long v) {
            if (kind == Kind.LONG) {
                a[size++] = v;
                return;
            }
            var t = Reading.instantOfMicros(v * unit);
            a[size++] = kind == Kind.INSTANT ? PackedInstant.pack(t) : PackedLocalDateTime.pack(LocalDateTime.ofInstant(t, ZoneOffset.UTC));
        }

        @Override
        public void addInt(int v) {
            a[size++] = Integer.toUnsignedLong(v);
        }

        void addNull() {
            a[size++] = switch (kind) {
                case INSTANT -> MISSING_INSTANT;
                case DATETIME -> MISSING_DATETIME;
                default -> Long.MIN_VALUE; // Tablesaw's missing long
            };
        }

        Column<?> column() {
            return switch (kind) {
                case INSTANT -> InstantColumn.createInternal(name, a);
                case DATETIME -> DateTimeColumn.createInternal(name, a);
                default -> LongColumn.create(name, a);
            };
        }
    }

    /** Booleans and dates, appended to their Tablesaw column one by one. */
    private static final class Appended extends Fill {
        final Column<?> c;

        Appended(Column<?> c) {
            super(c.name());
            this.c = c;
        }

        @Override
        public void addBoolean(boolean v) {
            ((BooleanColumn) c).append(v);
        }

        @Override
        public void addInt(int days) {
            ((DateColumn) c).append(LocalDate.ofEpochDay(days));
        }

        void addNull() {
            c.appendMissing();
        }

        Column<?> column() {
            return c;
        }
    }

    /**
     * Text: a code per row into the column's distinct values, each distinct value hashed once per row group's
     * dictionary; when the distinct values turn out to be many (past {@link ColumnFill#LEARN_ROWS} rows, more than a
     * quarter of them), the rows so far become plain text and the rest are appended as text, as the engine's scan does.
     */
    private static final class Text extends Fill {
        final Object2IntOpenHashMap<String> codeOf = new Object2IntOpenHashMap<>();
        final List<String> values = new ArrayList<>();
        int[] codes;
        /** Codes of the current row group's dictionary ids, or its texts once the column is plain. */
        int[] codeOfId;
        String[] textOfId;
        Dictionary dictionary;
        StringColumn plain;

        Text(String name, int rows) {
            super(name);
            codes = new int[rows];
            codeOf.defaultReturnValue(-1);
        }

        @Override
        public boolean hasDictionarySupport() {
            return true;
        }

        @Override
        public void setDictionary(Dictionary d) {
            dictionary = d;
            codeOfId = null;
            textOfId = null;
        }

        @Override
        public void addValueFromDictionary(int id) {
            if (plain != null) {
                if (textOfId == null) textOfId = texts(dictionary);
                plain.append(textOfId[id]);
                size++;
                return;
            }
            if (codeOfId == null) {
                String[] t = texts(dictionary);
                codeOfId = new int[t.length];
                for (int i = 0; i < t.length; i++) codeOfId[i] = code(t[i]);
            }
            codes[size++] = codeOfId[id];
            check();
        }

        @Override
        public void addBinary(Binary b) {
            if (plain != null) {
                plain.append(b.toStringUsingUTF8());
                size++;
                return;
            }
            codes[size++] = code(b.toStringUsingUTF8());
            check();
        }

        void addNull() {
            if (plain != null) plain.appendMissing();
            else codes[size] = -1;
            size++;
        }

        private int code(String s) {
            int k = codeOf.getInt(s);
            if (k < 0) {
                k = values.size();
                values.add(s);
                codeOf.put(s, k);
            }
            return k;
        }

        private void check() {
            if (size >= ColumnFill.LEARN_ROWS && values.size() > size / 4) {
                plain = StringColumn.createInternal(name, new NullDictionaryMap(new ByteDictionaryMap()));
                for (int r = 0; r < size; r++) {
                    int k = codes[r];
                    if (k < 0) plain.appendMissing();
                    else plain.append(values.get(k));
                }
                codes = null;
                codeOf.clear();
                codeOf.trim();
            }
        }

        private static String[] texts(Dictionary d) {
            String[] t = new String[d.getMaxId() + 1];
            for (int i = 0; i < t.length; i++) t[i] = d.decodeToBinary(i).toStringUsingUTF8();
            return t;
        }

        Column<?> column() {
            return plain != null ? plain : ColumnFill.coded(name, values.toArray(new String[0]), codes, size);
        }
    }
}
