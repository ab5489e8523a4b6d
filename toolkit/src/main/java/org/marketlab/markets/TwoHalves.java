package org.marketlab.markets;

import org.marketlab.internal.transport.Document;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;

/**
 * A large array of events read as two halves at once, on two cores: the array is cut at the comma between two
 * events nearest its middle, each half read into its own columns, and the second half's columns appended to the
 * first's. Anything unusual (one core, a small document, an error in either half, an event in both halves) gives
 * null, and the caller reads the document in one pass, which also gives the exact error.
 */
final class TwoHalves {

    /** Below this a second thread costs more than it saves. */
    static final int MIN_BYTES = 1 << 20;

    private TwoHalves() {
    }

    /** The columns of the array starting at {@code open} (its '['), or null to read it in one pass. */
    static EventColumns read(byte[] json, int open) {
        return read(json, open, true, true, true);
    }

    /** The same, filling the tables and dropping repeats as asked ({@link EventColumns#EventColumns(boolean, boolean, boolean)}). */
    static EventColumns read(byte[] json, int open, boolean markets, boolean tags, boolean dropRepeats) {
        if (json.length < MIN_BYTES || ForkJoinPool.getCommonPoolParallelism() < 1 || Runtime.getRuntime().availableProcessors() < 2) return null;
        int cut = middleComma(json, open);
        if (cut < 0) return null;
        byte[] first = new byte[cut - open + 1];
        System.arraycopy(json, open, first, 0, cut - open);
        first[first.length - 1] = ']';
        byte[] second = new byte[json.length - cut];
        second[0] = '[';
        System.arraycopy(json, cut + 1, second, 1, json.length - cut - 1);
        CompletableFuture<EventColumns> later = CompletableFuture.supplyAsync(() -> half(second, markets, tags, dropRepeats));
        EventColumns head = half(first, markets, tags, dropRepeats);
        EventColumns tail = later.join();
        return head != null && tail != null && head.appendAll(tail) ? head : null;
    }

    private static EventColumns half(byte[] array, boolean markets, boolean tags, boolean dropRepeats) {
        try {
            EventColumns c = new EventColumns(markets, tags, dropRepeats);
            EventReader.read(Document.file("half", array), false, c, null);
            return c;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The index of the first comma between two elements of the top-level array at or after the middle of the
     * bytes, or -1: a scan that follows strings (and their escapes) and nesting.
     */
    static int middleComma(byte[] b, int open) {
        int middle = open + (b.length - open) / 2;
        int depth = 0;
        boolean inString = false;
        for (int i = open; i < b.length; i++) {
            byte c = b[i];
            if (inString) {
                if (c == '\\') i++;
                else if (c == '"') inString = false;
                continue;
            }
            switch (c) {
                case '"' -> inString = true;
                case '{', '[' -> depth++;
                case '}', ']' -> {
                    if (--depth == 0) return -1;
                }
                case ',' -> {
                    if (depth == 1 && i >= middle) return i;
                }
                default -> {
                }
            }
        }
        return -1;
    }
}
