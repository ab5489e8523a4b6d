package org.marketlab.internal.query;

import org.marketlab.config.Progress;
import org.marketlab.http.ServiceException;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.pacing.Clock;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * One read of an {@link Endpoint}, immutable: the endpoint, how its calls are sent (the transport, or a session that
 * signs and limits them), the parameters (one {@link Params} store), and how much to read. Every query builder is a
 * typed façade over one of these; {@link #with} and the other withers return a new read, nothing is sent until
 * {@link #list()} or {@link #stream()}.
 *
 * @param endpoint what is read
 * @param sender   sends one page's call (a transport's {@code send}, or a session's signed one)
 * @param clock    the sender's clock (a history's default end)
 * @param params   the parameters sent with every page
 * @param limit    at most this many items ({@code null}: all)
 * @param pageSize items per page ({@code null}: the endpoint's largest)
 * @param start    where the first page starts ({@code null}: the paging's own start)
 * @param progress where progress goes ({@code null}: the default listener)
 * @param pageFailures told of each failure a page met before it was asked for again ({@code null}: nobody)
 */
public record Read<T>(Endpoint<T> endpoint, Function<Call, Document> sender, Clock clock, Params params, Integer limit,
                      Integer pageSize, Object start, Progress.Listener progress, Consumer<ServiceException> pageFailures) {

    public Read {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(sender, "sender");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(params, "params");
    }

    /** A read of {@code endpoint} with no parameters, sent by {@code sender}. */
    public static <T> Read<T> of(Endpoint<T> endpoint, Function<Call, Document> sender, Clock clock) {
        return new Read<>(endpoint, sender, clock, Params.empty(), null, null, null, null, null);
    }

    /** Sets one parameter ({@code null} removes it; a list repeats the name). */
    public Read<T> with(String name, Object value) {
        return new Read<>(endpoint, sender, clock, params.with(name, value), limit, pageSize, start, progress, pageFailures);
    }

    public Read<T> limit(Integer limit) {
        if (limit != null && limit < 0) throw new IllegalArgumentException("limit must be 0 or more, was " + limit);
        return new Read<>(endpoint, sender, clock, params, limit, pageSize, start, progress, pageFailures);
    }

    public Read<T> pageSize(int pageSize) {
        int max = endpoint.paging().maxPage();
        if (pageSize < 1 || (max > 0 && pageSize > max)) {
            throw new IllegalArgumentException("pageSize must be 1 to " + max + " (the service caps a page at " + max + "), was " + pageSize);
        }
        return new Read<>(endpoint, sender, clock, params, limit, pageSize, start, progress, pageFailures);
    }

    /** The first page starts at {@code position} (an offset, for offset paging). */
    public Read<T> start(Object position) {
        if (position instanceof Integer i && i < 0) throw new IllegalArgumentException("offset must be 0 or more, was " + i);
        return new Read<>(endpoint, sender, clock, params, limit, pageSize, position, progress, pageFailures);
    }

    public Read<T> progress(Progress.Listener listener) {
        return new Read<>(endpoint, sender, clock, params, limit, pageSize, start, org.marketlab.internal.Args.notNull(listener, "listener"), pageFailures);
    }

    /** Sends one page's call with {@code pageParams} (the parameters and the paging's own). */
    public Document send(Params pageParams) {
        return sender.apply(endpoint.call(pageParams));
    }

    /** Sends one page's call to another path of the endpoint. */
    public Document send(String path, Params pageParams) {
        return sender.apply(endpoint.call(path, pageParams));
    }

    /** Tells {@code listener} of each failure a page met before it was asked for again. */
    public Read<T> pageFailures(Consumer<ServiceException> listener) {
        return new Read<>(endpoint, sender, clock, params, limit, pageSize, start, progress,
                org.marketlab.internal.Args.notNull(listener, "listener"));
    }

    /** The same read of another endpoint (another route, or its items read another way), everything else kept. */
    public <U> Read<U> endpoint(Endpoint<U> other) {
        return new Read<>(other, sender, clock, params, limit, pageSize, start, progress, pageFailures);
    }

    /** The pages, read lazily by the one pager. */
    public Pager<T, Object> pager() {
        Pager<T, Object> p = Pager.<T, Object>of(endpoint.name(), endpoint.name(), endpoint.paging().first(this),
                (position, wanted) -> endpoint.paging().page(this, position, wanted)).limit(limit).progress(progress);
        if (endpoint.pageAttempts() > 1) p = p.reask(endpoint.pageAttempts(), pageFailures != null ? pageFailures : e -> { });
        return endpoint.key() == null ? p : p.distinctBy(endpoint.key());
    }

    public List<T> list() {
        return pager().list();
    }

    public Stream<T> stream() {
        return pager().stream();
    }

    /** The call as sent (without paging parameters, in its first spelling): safe for messages. */
    @Override
    public String toString() {
        Params sent = params.renamed(n -> n.startsWith("$") || n.startsWith("v1.") ? null : n);
        return endpoint.method() + " " + endpoint.path() + (sent.toQuery().entries().isEmpty() ? "" : "?" + sent);
    }
}
