package org.marketlab.internal.live;

import org.marketlab.datasets.FrameFiles;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.Consumer;

/**
 * A feed's recording: one JSON line per frame, {@code {"t": arrival ms, "frame": <the frame as received>}}, flushed as it
 * goes. A path named {@code .parquet} gets a Parquet file ({@link FrameFiles}: a row per frame, {@code received} and
 * {@code frame}): the lines go to a hidden file beside it while recording, so that nothing is lost to a crash and the
 * recording reads while it grows, and become the Parquet file when it is closed. A write that fails (a full disk) ends the
 * recording and is reported once; the feed goes on without it, and the lines written so far stay.
 */
public final class Recorder implements AutoCloseable {

    private final Path path;
    private final Path lines;
    private final Consumer<String> trouble;
    private BufferedWriter out;

    private Recorder(Path path, Path lines, BufferedWriter out, Consumer<String> trouble) {
        this.path = path;
        this.lines = lines;
        this.out = out;
        this.trouble = trouble;
    }

    /** Creates (or replaces) the file and its folders. */
    public static Recorder to(Path path, Consumer<String> trouble) {
        Path lines = FrameFiles.named(path) ? path.resolveSibling("." + path.getFileName() + ".jsonl") : path;
        try {
            Path parent = path.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            if (Files.isDirectory(path)) throw new IOException("it is a folder; a recording is one file");
            return new Recorder(path, lines, Files.newBufferedWriter(lines, StandardCharsets.UTF_8), trouble);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record to " + path + ": " + e.getMessage(), e);
        }
    }

    /** Closes {@code recorder}, when there is one: its file (whole now), or null. */
    public static Path finish(Recorder recorder) {
        if (recorder == null) return null;
        recorder.close();
        return recorder.path;
    }

    /** The recording's file (a Parquet one is whole once closed). */
    public Path path() {
        return path;
    }

    /** Where the recording reads now: its file, or while a Parquet recording is open, its lines so far. */
    public Path readable() {
        return out != null ? lines : path;
    }

    /** Whether it still records. */
    public boolean open() {
        return out != null;
    }

    /** One frame with its arrival time; {@code flush}: now (a live feed), else when closed (a replay writing a copy). */
    public void write(String frame, long receivedMillis, boolean flush) {
        guarded(w -> {
            w.write("{\"t\":");
            w.write(Long.toString(receivedMillis));
            w.write(",\"frame\":");
            w.write(frame.indexOf('\n') >= 0 || frame.indexOf('\r') >= 0 ? frame.replace('\r', ' ').replace('\n', ' ') : frame);
            w.write("}\n");
            if (flush) w.flush();
        });
    }

    public void flush() {
        guarded(BufferedWriter::flush);
    }

    private interface Write {
        void to(BufferedWriter out) throws IOException;
    }

    /** Runs one write while the recording is open; a failure ends the recording and is reported once. */
    private void guarded(Write write) {
        if (out == null) return;
        try {
            write.to(out);
        } catch (IOException e) {
            trouble.accept("recording to " + path + " stopped: " + e.getMessage());
            close();
        }
    }

    @Override
    public void close() {
        if (out == null) return;
        try {
            out.close();
        } catch (IOException e) {
            trouble.accept("closing the recording " + path + " failed: " + e.getMessage());
        }
        out = null;
        if (lines.equals(path)) return;
        try (BufferedReader in = Files.newBufferedReader(lines, StandardCharsets.UTF_8)) {
            FrameFiles.write(frames(in), path);
            Files.deleteIfExists(lines);
        } catch (IOException | RuntimeException e) {
            trouble.accept("the recording " + path + " was not written (" + e.getMessage() + "); its frames are kept as JSON lines in " + lines);
        }
    }

    /** The frames of a recording's lines, read as they are needed. */
    public static Iterator<FrameFiles.Frame> frames(BufferedReader in) {
        return new Iterator<>() {
            private FrameFiles.Frame next;

            @Override
            public boolean hasNext() {
                try {
                    while (next == null) {
                        String l = in.readLine();
                        if (l == null) return false;
                        String[] tf = line(l);
                        if (tf != null) next = new FrameFiles.Frame(Long.parseLong(tf[0]), tf[1]);
                    }
                    return true;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public FrameFiles.Frame next() {
                if (!hasNext()) throw new java.util.NoSuchElementException();
                FrameFiles.Frame f = next;
                next = null;
                return f;
            }
        };
    }

    /**
     * A recording's lines, {@code {"t": ms, "frame": ...}}, from the {@code skip}-th frame on, whichever file holds them:
     * JSON lines, or a Parquet recording whose rows are given back as the same lines. Close it when done.
     */
    public static LineSource open(Path file, long skip) throws IOException {
        if (FrameFiles.named(file)) {
            FrameFiles.Reader r = FrameFiles.read(file, skip);
            return new LineSource() {
                @Override
                public String next() {
                    if (!r.hasNext()) return null;
                    FrameFiles.Frame f = r.next();
                    return "{\"t\":" + f.receivedMillis() + ",\"frame\":" + f.text() + "}";
                }

                @Override
                public void close() {
                    r.close();
                }
            };
        }
        BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        for (long n = skip; n > 0; n--) if (in.readLine() == null) break;
        return new LineSource() {
            @Override
            public String next() throws IOException {
                return in.readLine();
            }

            @Override
            public void close() throws IOException {
                in.close();
            }
        };
    }

    /** A recording's lines, one at a time; null at the end. */
    public interface LineSource extends AutoCloseable {
        String next() throws IOException;

        @Override
        void close() throws IOException;
    }

    /** {arrival ms, frame text} of a recording's line, or null for a blank line. */
    public static String[] line(String line) {
        String s = line.trim();
        if (s.isEmpty()) return null;
        int t = s.indexOf("\"t\":"), f = s.indexOf("\"frame\":");
        if (!s.startsWith("{") || !s.endsWith("}") || t < 0 || f < 0) {
            throw new IllegalArgumentException("a recording's line is {\"t\": ms, \"frame\": {...}}, was " + (s.length() > 60 ? s.substring(0, 57) + "…" : s));
        }
        int te = t + 4;
        while (te < s.length() && s.charAt(te) == ' ') te++;
        int tEnd = te;
        while (tEnd < s.length() && Character.isDigit(s.charAt(tEnd))) tEnd++;
        if (tEnd == te) throw new IllegalArgumentException("a recording's line has no arrival time: " + (s.length() > 60 ? s.substring(0, 57) + "…" : s));
        return new String[]{s.substring(te, tEnd), s.substring(f + 8, s.length() - 1).trim()};
    }
}
