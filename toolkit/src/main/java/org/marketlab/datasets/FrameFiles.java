package org.marketlab.datasets;

import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Iterator;

/**
 * A live feed's recording as a Parquet file: a row per frame, in the order the frames came, with two columns,
 * {@code received} (the arrival time, a UTC timestamp to the millisecond) and {@code frame} (the frame's text as it came).
 * {@code Datasets.sql} and any Parquet reader query it; a feed's replay reads it back row by row.
 */
public final class FrameFiles {

    /** One frame of a recording: its arrival time (epoch ms) and its text. */
    public record Frame(long receivedMillis, String text) {
    }

    private FrameFiles() {
    }

    /** Whether {@code file} is named as a Parquet recording ({@code .parquet}). */
    public static boolean named(Path file) {
        return file.getFileName() != null && file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".parquet");
    }

    /**
     * Writes {@code frames} to {@code target} (by a hidden temporary name, renamed into place once whole, as every
     * dataset is written).
     *
     * @throws DatasetException when it cannot be written (a full disk says so); nothing partial is left under its name
     */
    public static Path write(Iterator<Frame> frames, Path target) {
        Path t = target.toAbsolutePath().normalize();
        if (Files.isDirectory(t)) throw new DatasetException(t + " is a folder; a recording is one file (such as book.parquet)");
        try (DuckDBConnection c = Engine.open()) {
            Engine.exec(c, "CREATE TABLE frames (n BIGINT, t BIGINT, frame VARCHAR)");
            long n = 0;
            try (DuckDBAppender a = c.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "frames")) {
                while (frames.hasNext()) {
                    Frame f = frames.next();
                    a.beginRow();
                    a.append(n++);
                    a.append(f.receivedMillis());
                    a.append(f.text());
                    a.endRow();
                }
            }
            return Parquet.copy(c, "SELECT epoch_ms(t) AS received, frame FROM frames ORDER BY n", t);
        } catch (SQLException e) {
            throw Parquet.failure(e, t);
        }
    }

    /**
     * The frames of a Parquet recording in order, from the {@code skip}-th on, read as they are needed (the file is not
     * held in memory). Close it when done.
     *
     * @throws DatasetException for a file that is not a recording (it needs the columns {@code received} and {@code frame})
     */
    public static Reader read(Path file, long skip) {
        return new Reader(file, skip);
    }

    /** The frames of a recording, one at a time. */
    public static final class Reader extends Lookahead<Frame> implements AutoCloseable {
        private final DuckDBConnection c;
        private final PreparedStatement q;
        private final ResultSet rs;

        private Reader(Path file, long skip) {
            if (!Files.isReadable(file)) throw new DatasetException("no readable recording at " + file.toAbsolutePath());
            if (skip < 0) throw new IllegalArgumentException("skip must be 0 or more, was " + skip);
            c = Engine.open(true);
            try {
                q = c.prepareStatement("SELECT epoch_ms(received), frame FROM read_parquet(" + Engine.literal(file.toAbsolutePath().toString())
                        + ") OFFSET " + skip);
                rs = q.executeQuery();
            } catch (SQLException e) {
                close();
                throw new DatasetException(file + " is not a recording of frames (a Parquet file with the columns received and frame): "
                        + e.getMessage(), e);
            }
        }

        @Override
        Frame read() {
            try {
                return rs.next() ? new Frame(rs.getLong(1), rs.getString(2)) : null;
            } catch (SQLException e) {
                throw new DatasetException("reading the recording failed: " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            end();
            try {
                if (rs != null) rs.close();
                if (q != null) q.close();
            } catch (SQLException ignored) {
                // the connection's close frees it all
            }
            try {
                c.close();
            } catch (SQLException ignored) {
                // nothing left to free
            }
        }
    }
}
