package org.marketlab.internal.live;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The recording a live feed may have on: started by {@code record(path)}, written frame by frame, ended by
 * {@code stopRecording()} or the feed's {@code close()}. Every feed keeps one and calls it from its own thread (its lane or
 * channel), so the holder needs no lock of its own.
 */
public final class FeedRecording {

    private Recorder current;

    /** Ends any recording on, and starts one to {@code path} (created, or replaced). */
    public void start(Path path, Consumer<String> trouble) {
        Recorder.finish(current);
        current = Recorder.to(path, trouble);
    }

    /** Ends the recording: its file (whole now), or null when none was on. */
    public Path stop() {
        Path p = Recorder.finish(current);
        current = null;
        return p;
    }

    /** Whether a recording is on. */
    public boolean on() {
        return current != null;
    }

    /** One frame with its arrival time, when a recording is on (see {@link Recorder#write}). */
    public void write(String frame, long receivedMillis, boolean flush) {
        if (current != null) current.write(frame, receivedMillis, flush);
    }

    /** Where the recording reads now, all written so far flushed; null when none is on. */
    public Path readable() {
        if (current == null) return null;
        current.flush();
        return current.readable();
    }
}
