package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import org.marketlab.config.Progress;
import org.marketlab.http.Call;
import org.marketlab.http.Query;
import org.marketlab.http.Response;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * A history read of the perpetuals account (withdrawals, internal transfers, funding), paged past the
 * service's 100-entry cap: the start stays, the next page's {@code end_timestamp} is the last entry's time
 * (inclusive), and the entries repeated at that boundary are dropped by id. Newest first. Immutable.
 *
 * @param <T> the entry record
 */
public final class HistoryQuery<T extends Record> {

    private final PerpsSession session;
    private final String path;
    private final Class<T> type;
    private final Function<T, Instant> time;
    private final Function<T, Object> id;
    private final Query filters;
    private final Instant from, to;

    HistoryQuery(PerpsSession session, String path, Class<T> type, Function<T, Instant> time, Function<T, Object> id,
                 Query filters, Instant from, Instant to) {
        this.session = session;
        this.path = path;
        this.type = type;
        this.time = time;
        this.id = id;
        this.filters = filters;
        this.from = from;
        this.to = to;
        if (from != null && to != null && from.isAfter(to)) throw new IllegalArgumentException("from (" + from + ") is after to (" + to + ")");
    }

    HistoryQuery<T> with(String name, Object value) {
        return new HistoryQuery<>(session, path, type, time, id, filters.replacing(name, value), from, to);
    }

    /** Entries at or after this time. */
    public HistoryQuery<T> from(Instant from) {
        return new HistoryQuery<>(session, path, type, time, id, filters, Objects.requireNonNull(from, "from"), to);
    }

    /** Entries at or before this time (default: now). */
    public HistoryQuery<T> to(Instant to) {
        return new HistoryQuery<>(session, path, type, time, id, filters, from, Objects.requireNonNull(to, "to"));
    }

    /** Withdrawals only: one of pending, confirmed, removed, failed. */
    public HistoryQuery<T> status(String status) {
        if (!path.endsWith("withdrawals")) throw new IllegalArgumentException("status filters withdrawals only");
        if (!Set.of("pending", "confirmed", "removed", "failed").contains(status)) {
            throw new IllegalArgumentException("status '" + status + "' is not one of pending, confirmed, removed, failed");
        }
        return with("status", status);
    }

    /** Withdrawals only: the on-chain transaction hash. */
    public HistoryQuery<T> hash(String hash) {
        if (!path.endsWith("withdrawals")) throw new IllegalArgumentException("hash filters withdrawals only");
        if (hash == null || !hash.matches("0x[0-9a-fA-F]*")) throw new IllegalArgumentException("hash must be 0x-prefixed hex, was '" + hash + "'");
        return with("hash", hash);
    }

    /** Internal transfers only: {@code in} or {@code out}. */
    public HistoryQuery<T> direction(String direction) {
        if (!path.endsWith("internal-transfers")) throw new IllegalArgumentException("direction filters internal transfers only");
        if (!"in".equals(direction) && !"out".equals(direction)) throw new IllegalArgumentException("direction must be in or out, was '" + direction + "'");
        return with("direction", direction);
    }

    /** Funding only: the instrument id (0 to 4294967295). */
    public HistoryQuery<T> instrument(long instrumentId) {
        if (!path.endsWith("funding")) throw new IllegalArgumentException("instrument filters funding charges only");
        if (instrumentId < 0 || instrumentId > 4_294_967_295L) {
            throw new IllegalArgumentException("instrument id must be 0 to 4294967295, was " + instrumentId);
        }
        return with("instrument_id", instrumentId);
    }

    /** Every entry, newest first, in as many requests as it takes. */
    public List<T> list() {
        ObjectReader reader = session.transport().json().readerFor(type);
        List<T> out = new ArrayList<>();
        Set<Object> seen = new LinkedHashSet<>();
        Instant end = to;
        int requests = 0;
        Progress.Listener listener = Progress.defaultListener();
        String task = path.substring(path.lastIndexOf('/') + 1);
        while (true) {
            Query q = filters;
            if (from != null) q = q.with("start_timestamp", from.toEpochMilli());
            if (end != null) q = q.with("end_timestamp", end.toEpochMilli());
            Call call = Call.get(org.marketlab.config.Service.PERPS, path, q);
            Response r = session.read(call, 10);
            requests++;
            JsonNode body = session.transport().parse(call, r);
            JsonNode data = body.get("data");
            if (data == null || !data.isArray() || !body.has("more")) throw session.transport().malformed(call, r, "expected {data: [...], more}", null);
            int fresh = 0;
            T last = null;
            for (JsonNode n : data) {
                T item;
                try {
                    item = reader.readValue(n);
                } catch (IOException e) {
                    throw session.transport().malformed(call, r, "an entry could not be read: " + e.getMessage(), e);
                }
                last = item;
                if (seen.add(id.apply(item))) {
                    out.add(item);
                    fresh++;
                }
            }
            listener.onProgress(new Progress(task, out.size(), -1, "entries", requests, false));
            if (!body.get("more").asBoolean() || last == null) break;
            Instant next = time.apply(last);
            if (fresh == 0 && next.equals(end)) {
                throw new IllegalStateException("cannot page " + path + " further: more than 100 entries share the time " + next
                        + "; narrow the window with from/to");
            }
            end = next;
        }
        listener.onProgress(new Progress(task, out.size(), out.size(), "entries", requests, true));
        return out;
    }

    /** One row per entry, one column per field (wire names). */
    public Table table() {
        return RecordTable.of(type).table(path.substring(path.lastIndexOf('/') + 1), list());
    }
}
