package org.marketlab.live;

import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Every live feed open in this JVM: the order book's market and user feeds, their replays, the perpetuals account feed.
 * Each registers while open; {@link #statusTable()} is the table {@code %limits} shows beside the pacing, and
 * {@link #closeAll()} is what the kernel calls when it shuts down.
 */
public final class LiveFeeds {

    private static final Map<AutoCloseable, Supplier<FeedStatus>> OPEN = new ConcurrentHashMap<>();

    private LiveFeeds() {
    }

    /** A feed opened: how to read its status, and how to close it. */
    public static void opened(AutoCloseable feed, Supplier<FeedStatus> status) {
        OPEN.put(feed, status);
    }

    /** A feed closed. */
    public static void closed(AutoCloseable feed) {
        OPEN.remove(feed);
    }

    /** The feeds of {@code type} open now. */
    public static <T> List<T> open(Class<T> type) {
        List<T> out = new ArrayList<>();
        for (AutoCloseable f : OPEN.keySet()) if (type.isInstance(f)) out.add(type.cast(f));
        return out;
    }

    /** The status of every open feed. */
    public static List<FeedStatus> statuses() {
        List<FeedStatus> out = new ArrayList<>();
        for (Supplier<FeedStatus> s : OPEN.values()) {
            try {
                out.add(s.get());
            } catch (RuntimeException ignored) {
                // a feed closing meanwhile
            }
        }
        out.sort(java.util.Comparator.comparing(FeedStatus::kind).thenComparing(FeedStatus::name));
        return out;
    }

    /** One row per open feed: kind, name, state, frames, duplicates, resyncs, mismatches, reconnects, last message age, last error. */
    public static Table statusTable() {
        return TABLE.table("live feeds", statuses());
    }

    /** Closes every open feed (the kernel's shutdown); returns how many. */
    public static int closeAll() {
        int n = 0;
        for (AutoCloseable f : List.copyOf(OPEN.keySet())) {
            try {
                f.close();
                n++;
            } catch (Exception ignored) {
                // closing the rest matters more
            }
            OPEN.remove(f);
        }
        return n;
    }

    private static final RecordTable<FeedStatus> TABLE = RecordTable.<FeedStatus>columns()
            .column("kind", String.class, FeedStatus::kind)
            .column("name", String.class, FeedStatus::name)
            .column("state", String.class, s -> s.state().toLowerCase(Locale.ROOT))
            .column("frames", Long.class, FeedStatus::frames)
            .column("duplicates", Long.class, FeedStatus::duplicates)
            .column("resyncs", Long.class, FeedStatus::resyncs)
            .column("mismatches", Long.class, FeedStatus::mismatches)
            .column("reconnects", Long.class, FeedStatus::reconnects)
            .column("last_message_age_s", Double.class, s -> s.lastMessageAge().toMillis() / 1000.0)
            .column("last_error", String.class, FeedStatus::lastError);
}
