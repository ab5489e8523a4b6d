package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.internal.query.Pager;
import org.marketlab.internal.query.Params;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Signer;
import org.marketlab.internal.transport.Transport;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * An order-book read paged by {@code next_cursor} ({@code {data, next_cursor, limit, count}}): from {@code MA==} until
 * the order book answers {@code LTE=}, signed per attempt, each row once (by its id).
 */
final class CursorRead<T> {

    static final String FIRST = "MA==";
    static final String END = "LTE=";

    final Transport transport;
    final String path;
    final String name;
    final Params params;
    final Signer signer;
    final BiFunction<Document, JsonNode, T> row;
    final Function<T, ?> id;
    final Integer limit;
    final Progress.Listener progress;
    private ClobSession session;

    CursorRead(Transport transport, String path, String name, Params params, Signer signer, BiFunction<Document, JsonNode, T> row,
               Function<T, ?> id, Integer limit, Progress.Listener progress) {
        this.transport = transport;
        this.path = path;
        this.name = name;
        this.params = params;
        this.signer = signer;
        this.row = row;
        this.id = id;
        this.limit = limit;
        this.progress = progress;
    }

    /** Pages go through {@code session}'s L2 handling (a resumed key re-derived once when refused). */
    CursorRead<T> withRetry(ClobSession session) {
        CursorRead<T> c = new CursorRead<>(transport, path, name, params, signer, row, id, limit, progress);
        c.session = session;
        return c;
    }

    private CursorRead<T> copy(Params params, Integer limit, Progress.Listener progress) {
        CursorRead<T> c = new CursorRead<>(transport, path, name, params, signer, row, id, limit, progress);
        c.session = session;
        return c;
    }

    CursorRead<T> with(String param, Object value) {
        return copy(params.with(param, value), limit, progress);
    }

    CursorRead<T> limit(Integer limit) {
        if (limit != null && limit < 0) throw new IllegalArgumentException("limit must be 0 or more, was " + limit);
        return copy(params, limit, progress);
    }

    CursorRead<T> progress(Progress.Listener listener) {
        return copy(params, limit, listener);
    }

    /** One page at {@code cursor}: its rows and the next cursor (null at the end). */
    Pager.Page<T, String> page(String cursor) {
        Call call = Call.get(Service.CLOB, path, params.with("next_cursor", cursor).toQuery());
        Document doc = session != null ? session.sendSigned(call) : transport.send(call.signedBy(signer));
        JsonNode n = doc.tree();
        JsonNode data = n.isArray() ? n : n.get("data");
        if (data == null || !data.isArray()) throw doc.malformed("a page has a data array", null);
        List<T> rows = new ArrayList<>(data.size());
        for (JsonNode r : data) rows.add(row.apply(doc, r));
        String next = n.isArray() ? null : n.path("next_cursor").asText(null);
        if (next == null || next.isEmpty() || next.equals(END) || next.equals(cursor) || data.isEmpty()) next = null;
        return new Pager.Page<>(rows, next);
    }

    Pager<T, String> pager() {
        return Pager.of(name, name, FIRST, (cursor, wanted) -> page(cursor)).distinctBy(id).limit(limit).progress(progress);
    }

    Stream<T> stream() {
        return pager().stream();
    }

    List<T> list() {
        return pager().list();
    }
}
