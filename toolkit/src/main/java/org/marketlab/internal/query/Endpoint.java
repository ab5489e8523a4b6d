package org.marketlab.internal.query;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One endpoint of the service, declared once: its host ({@link Service}, which also decides the pacing scopes),
 * method and path, how a page's rows are read, how it pages, and what may be retried. The one {@link Read} runs it
 * through the one {@link Pager} and the transport's send chain; a query builder is a typed façade over a read.
 *
 * <pre>{@code
 * static final Endpoint<RankedTag> TAGS = Endpoint.get(Service.MARKETS, "/tags", "tags", RankedTag.class)
 *         .paged(Paging.offset(100));
 * }</pre>
 *
 * @param service where it is served (base URL and pacing scopes)
 * @param method  the HTTP method (reads: {@code GET})
 * @param path    the path below the service's base URL
 * @param name    what its items are called, for progress and messages ("tags", "fills")
 * @param type    the record of one item
 * @param rows    reads a page's array of rows into items
 * @param paging  how it pages ({@link Paging#single()}: one answer)
 * @param key     an item's identity, to drop repeats at page boundaries ({@code null}: none dropped)
 * @param safety  what the transport may retry
 * @param pageAttempts how often the pager asks for one page whose answer was unusable (malformed, cut off, none, a
 *                server error) before that failure ends the read; 1: never again
 * @param <T>     the item
 */
public record Endpoint<T>(Service service, String method, String path, String name, Class<T> type,
                          Rows<T> rows, Paging paging, Function<T, ?> key, Call.Safety safety, int pageAttempts) {

    /** Reads the items of one page from its array of rows. */
    @FunctionalInterface
    public interface Rows<T> {
        List<T> read(Document page, JsonNode array);

        /** Each row read by {@code row} (given the page, for messages, and the row). */
        static <T> Rows<T> each(java.util.function.BiFunction<Document, JsonNode, T> row) {
            return (d, array) -> {
                if (!array.isArray()) throw d.malformed("expected a JSON array of rows", null);
                List<T> out = new ArrayList<>(array.size());
                for (JsonNode n : array) out.add(row.apply(d, n));
                return out;
            };
        }

        /** Each row bound to {@code type}; a row that cannot be is malformed, named by its place. */
        static <T> Rows<T> bound(Class<T> type, String name) {
            return (d, array) -> {
                if (!array.isArray()) throw d.malformed("expected a JSON array of " + name, null);
                List<T> out = new ArrayList<>(array.size());
                int i = 0;
                for (JsonNode n : array) out.add(d.read(n, type, name + " entry " + i++));
                return out;
            };
        }
    }

    public Endpoint {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(method, "method");
        if (!path.startsWith("/")) throw new IllegalArgumentException("path must start with '/': " + path);
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(paging, "paging");
        Objects.requireNonNull(safety, "safety");
        if (pageAttempts < 1) throw new IllegalArgumentException("pageAttempts must be 1 or more, was " + pageAttempts);
    }

    /** A read of one answer, its rows bound to {@code type}, retried as reads are. */
    public static <T> Endpoint<T> get(Service service, String path, String name, Class<T> type) {
        return new Endpoint<>(service, "GET", path, name, type, Rows.bound(type, name), Paging.single(), null, Call.Safety.IDEMPOTENT, 1);
    }

    /** This endpoint, paged by {@code paging}. */
    public Endpoint<T> paged(Paging paging) {
        return new Endpoint<>(service, method, path, name, type, rows, paging, key, safety, pageAttempts);
    }

    /** This endpoint, its rows read by {@code rows}. */
    public Endpoint<T> rows(Rows<T> rows) {
        return new Endpoint<>(service, method, path, name, type, rows, paging, key, safety, pageAttempts);
    }

    /** This endpoint, an item repeated across pages (same key) kept once. */
    public Endpoint<T> distinctBy(Function<T, ?> key) {
        return new Endpoint<>(service, method, path, name, type, rows, paging, Objects.requireNonNull(key, "key"), safety, pageAttempts);
    }

    /** This endpoint, a page whose answer was unusable asked for up to {@code attempts} times in all. */
    public Endpoint<T> reask(int attempts) {
        return new Endpoint<>(service, method, path, name, type, rows, paging, key, safety, attempts);
    }

    /** The call of one page: the path, and the parameters given. */
    public Call call(Params params) {
        return call(path, params);
    }

    /** The call of one page at another path of the same endpoint (a read with two versions of its route). */
    public Call call(String path, Params params) {
        return new Call(service, method, path, params.toQuery(), java.util.Map.of(), null, safety);
    }

    @Override
    public String toString() {
        return method + " " + service.id() + path;
    }
}
