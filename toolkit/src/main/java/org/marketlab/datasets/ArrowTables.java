package org.marketlab.datasets;

import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBConnection;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.columns.Column;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A Tablesaw table handed to the engine as Arrow record batches: Java fills each batch's column buffers in bulk, the
 * engine imports the stream through Arrow's C data interface ({@code registerArrowStream}) and its Parquet writer
 * reads the batches on all of its threads, in order. Compared with the engine's table function (one thread, whose
 * rows the engine must copy into a table of its own before it can write them on all cores), this skips that copy.
 * <p>
 * Arrow's memory needs {@code --add-opens=java.base/java.nio=ALL-UNNAMED} on Java 17; the kernel and the benchmarks
 * pass it. A JVM without it (or on a platform without Arrow's C library) saves through the table function instead:
 * the same file, found out once and said once in a log line. {@code -Dmarketlab.datasets.arrow=false} chooses the
 * table function.
 */
final class ArrowTables {

    /** The system property that turns the Arrow path off ({@code false}). */
    static final String PROPERTY = "marketlab.datasets.arrow";
    /** Rows per record batch: the engine's writer takes a batch at a time on each of its threads. */
    static final int BATCH_ROWS = 65_536;

    private static final System.Logger LOG = System.getLogger("org.marketlab.datasets");
    private static final AtomicLong NAMES = new AtomicLong();
    private static volatile String unavailable;
    private static volatile BufferAllocator root;

    private ArrowTables() {
    }

    /** Whether saves take the Arrow path: the property allows it and this JVM can (found out once). */
    static boolean enabled() {
        if (!Boolean.parseBoolean(System.getProperty(PROPERTY, "true"))) return false;
        if (root != null) return true;
        if (unavailable != null) return false;
        synchronized (ArrowTables.class) {
            if (root == null && unavailable == null) {
                String why = null;
                if (!ByteBuffer.class.getModule().isOpen("java.nio", RootAllocator.class.getModule())) {
                    why = "this JVM does not open java.nio to Arrow";
                } else {
                    try {
                        root = new RootAllocator();
                    } catch (RuntimeException | LinkageError e) {
                        why = "Arrow's memory did not start: " + e;
                    }
                }
                if (why != null) fallBack(why);
            }
            return root != null;
        }
    }

    private static void fallBack(String why) {
        unavailable = why;
        LOG.log(System.Logger.Level.INFO, "Datasets.save hands tables to DuckDB through its table function, not Arrow (" + why
                + "); start the JVM with --add-opens=java.base/java.nio=ALL-UNNAMED for the faster Arrow path (docs/datasets.md)");
    }

    /**
     * Writes the table to {@code target} through an Arrow stream; null if Arrow's C library cannot load here (then the
     * caller writes by the table function, and later saves do too).
     */
    static Path save(DuckDBConnection c, List<Columns.Col> cols, Column<?>[] columns, Columns.Kind[] kinds, int rows, Path target) {
        try (BufferAllocator a = root.newChildAllocator("Datasets.save", 0, Long.MAX_VALUE);
             Batches batches = new Batches(a, cols, columns, kinds, rows);
             ArrowArrayStream stream = ArrowArrayStream.allocateNew(a)) {
            try {
                Data.exportArrayStream(a, batches, stream);
            } catch (LinkageError e) {
                synchronized (ArrowTables.class) {
                    if (unavailable == null) fallBack("Arrow's C data library did not load: " + e);
                    root = null;
                }
                return null;
            }
            String name = "marketlab_arrow_" + NAMES.incrementAndGet();
            c.registerArrowStream(name, stream);
            try {
                return Parquet.copy(c, "SELECT * FROM " + Engine.ident(name), target);
            } catch (RuntimeException e) {
                if (batches.failure != null) throw batches.failure; // what the table holds that a dataset does not
                throw e;
            }
        }
    }

    /**
     * A fixed-width Arrow vector written in place: each value at its row's offset in the data buffer (a bit for a
     * boolean), its validity bit set; a missing value leaves the bit clear.
     */
    private record ArrowCells(BaseFixedWidthVector v) implements TableSource.Cells {
        public void setNull(int row) {
            BitVectorHelper.unsetBit(v.getValidityBuffer(), row);
        }

        private ArrowBuf valid(int row) {
            BitVectorHelper.setBit(v.getValidityBuffer(), row);
            return v.getDataBuffer();
        }

        public void setBoolean(int row, boolean x) {
            if (x) BitVectorHelper.setBit(valid(row), row);
            else BitVectorHelper.unsetBit(valid(row), row);
        }

        public void setShort(int row, short x) {
            valid(row).setShort((long) row * Short.BYTES, x);
        }

        public void setInt(int row, int x) {
            valid(row).setInt((long) row * Integer.BYTES, x);
        }

        public void setLong(int row, long x) {
            valid(row).setLong((long) row * Long.BYTES, x);
        }

        public void setFloat(int row, float x) {
            valid(row).setFloat((long) row * Float.BYTES, x);
        }

        public void setDouble(int row, double x) {
            valid(row).setDouble((long) row * Double.BYTES, x);
        }
    }

    /** The table's rows as record batches of {@link #BATCH_ROWS}, in order. */
    private static final class Batches extends ArrowReader {
        final List<Columns.Col> cols;
        final Column<?>[] columns;
        final Columns.Kind[] kinds;
        final int rows;
        /** Per text column with few distinct values: a code per row (-1: missing) and each code's UTF-8 bytes. */
        final int[][] codes;
        final byte[][][] utf8;
        int next;
        RuntimeException failure;

        Batches(BufferAllocator a, List<Columns.Col> cols, Column<?>[] columns, Columns.Kind[] kinds, int rows) {
            super(a);
            this.cols = cols;
            this.columns = columns;
            this.kinds = kinds;
            this.rows = rows;
            codes = new int[columns.length][];
            utf8 = new byte[columns.length][][];
            for (int i = 0; i < columns.length; i++) {
                if (!(columns[i] instanceof StringColumn sc)) continue;
                List<String> values = new ArrayList<>();
                codes[i] = TableSource.codes(sc, rows, values);
                if (codes[i] == null) continue;
                utf8[i] = new byte[values.size()][];
                for (int k = 0; k < utf8[i].length; k++) utf8[i][k] = values.get(k).getBytes(StandardCharsets.UTF_8);
            }
        }

        @Override
        protected Schema readSchema() {
            List<Field> fields = new ArrayList<>(cols.size());
            for (int i = 0; i < cols.size(); i++) fields.add(new Field(cols.get(i).name(), FieldType.nullable(type(kinds[i])), null));
            return new Schema(fields);
        }

        private static ArrowType type(Columns.Kind k) {
            return switch (k) {
                case STRING -> ArrowType.Utf8.INSTANCE;
                case BOOLEAN -> ArrowType.Bool.INSTANCE;
                case SHORT -> new ArrowType.Int(16, true);
                case INT -> new ArrowType.Int(32, true);
                case LONG -> new ArrowType.Int(64, true);
                case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
                case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
                case INSTANT -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"); // the engine's TIMESTAMP WITH TIME ZONE
                case DATETIME -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
                case DATE -> new ArrowType.Date(DateUnit.DAY);
                case TIME -> new ArrowType.Time(TimeUnit.MICROSECOND, 64);
                default -> throw new IllegalStateException("a table has no " + k + " column");
            };
        }

        @Override
        public boolean loadNextBatch() throws java.io.IOException {
            if (next >= rows || failure != null) return false;
            int n = Math.min(BATCH_ROWS, rows - next);
            VectorSchemaRoot root = getVectorSchemaRoot();
            try {
                for (int i = 0; i < columns.length; i++) fill(root.getVector(i), i, next, n);
            } catch (RuntimeException e) {
                failure = e;
                throw new java.io.IOException(e.getMessage(), e);
            }
            root.setRowCount(n);
            next += n;
            return true;
        }

        private void fill(FieldVector v, int i, int from, int n) {
            Column<?> col = columns[i];
            if (kinds[i] == Columns.Kind.STRING) {
                text((VarCharVector) v, i, from, n);
                return;
            }
            v.setInitialCapacity(n);
            v.allocateNew();
            TableSource.copy(col, kinds[i], from, n, new ArrowCells((BaseFixedWidthVector) v));
            v.setValueCount(n);
        }

        /** A text column's batch: each value's UTF-8 bytes (a coded column's, encoded once per distinct value). */
        private void text(VarCharVector out, int i, int from, int n) {
            byte[][] bytes = new byte[n][];
            long size = 0;
            int[] code = codes[i];
            for (int r = 0; r < n; r++) {
                byte[] b;
                if (code != null) b = code[from + r] < 0 ? null : utf8[i][code[from + r]];
                else b = columns[i].isMissing(from + r) ? null : columns[i].getString(from + r).getBytes(StandardCharsets.UTF_8);
                bytes[r] = b;
                if (b != null) size += b.length;
            }
            out.allocateNew(Math.max(size, 1), n);
            for (int r = 0; r < n; r++) {
                if (bytes[r] == null) out.setNull(r);
                else out.set(r, bytes[r]);
            }
            out.setValueCount(n);
        }

        @Override
        public long bytesRead() {
            return 0;
        }

        @Override
        protected void closeReadSource() {
        }

        @Override
        public void close() {
            try {
                super.close(); // frees the last batch's buffers; the engine has released the ones it was handed
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }
}
