package org.marketlab.internal.live;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * A feed's recording: one JSON line per frame, {@code {"t": arrival ms, "frame": <the frame as received>}}, flushed as it
 * goes. A write that fails (a full disk) ends the recording and is reported once; the feed goes on without it.
 */
public final class Recorder implements AutoCloseable {

    private final Path path;
    private final Consumer<String> trouble;
    private BufferedWriter out;

    private Recorder(Path path, BufferedWriter out, Consumer<String> trouble) {
        this.path = path;
        this.out = out;
        this.trouble = trouble;
    }

    /** Creates (or replaces) the file and its folders. */
    public static Recorder to(Path path, Consumer<String> trouble) {
        try {
            Path parent = path.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            return new Recorder(path, Files.newBufferedWriter(path, StandardCharsets.UTF_8), trouble);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record to " + path + ": " + e.getMessage(), e);
        }
    }

    public Path path() {
        return path;
    }

    /** Whether it still records. */
    public boolean open() {
        return out != null;
    }

    /** One frame with its arrival time; {@code flush}: now (a live feed), else when closed (a replay writing a copy). */
    public void write(String frame, long receivedMillis, boolean flush) {
        if (out == null) return;
        try {
            out.write("{\"t\":");
            out.write(Long.toString(receivedMillis));
            out.write(",\"frame\":");
            out.write(frame.indexOf('\n') >= 0 || frame.indexOf('\r') >= 0 ? frame.replace('\r', ' ').replace('\n', ' ') : frame);
            out.write("}\n");
            if (flush) out.flush();
        } catch (IOException e) {
            trouble.accept("recording to " + path + " stopped: " + e.getMessage());
            close();
        }
    }

    public void flush() {
        if (out == null) return;
        try {
            out.flush();
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
