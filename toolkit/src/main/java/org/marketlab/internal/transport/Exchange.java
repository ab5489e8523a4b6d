package org.marketlab.internal.transport;

import org.marketlab.pacing.RetryPolicy;
import okhttp3.HttpUrl;
import org.marketlab.http.ConnectionException;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * One call on its way through the {@link SendStep}s: the call as built, where it goes, and what its attempts have
 * done so far (how many were sent, the deadline, the request of the current attempt). Made per call and used on the
 * caller's thread only.
 */
public final class Exchange {

    private final Call call;
    private final Resources resources;
    private final RetryPolicy retry;
    private final HttpUrl url;
    private final String endpoint;
    private int attempts;
    private Deadline deadline;
    private Call signed;

    public Exchange(Call call, Resources resources, RetryPolicy retry) {
        this.call = Objects.requireNonNull(call, "call");
        this.resources = Objects.requireNonNull(resources, "resources");
        this.retry = Objects.requireNonNull(retry, "retry");
        this.url = url(resources.baseUrl(call.service()), call);
        this.endpoint = call.method() + " " + url.newBuilder().query(null).build();
        this.signed = call;
    }

    /** The call as built (not signed). */
    public Call call() {
        return call;
    }

    public Resources resources() {
        return resources;
    }

    public RetryPolicy retry() {
        return retry;
    }

    /** The full URL, query included. */
    public HttpUrl url() {
        return url;
    }

    /** Method and URL without the query: for messages. */
    public String endpoint() {
        return endpoint;
    }

    /** Where a document of this call's answer came from, for messages. */
    String origin() {
        return call.method() + " " + call.service().id() + call.path();
    }

    /** Attempts sent (or being sent) so far. */
    public int attempts() {
        return attempts;
    }

    /** Starts the next attempt: counts it, and starts the deadline on the first. */
    void beginAttempt() {
        attempts++;
        if (deadline == null) deadline = Deadline.start(resources.profile().callTimeout(), resources.clock());
    }

    /** The call's deadline (started by the first attempt's admission). */
    Deadline deadline() {
        if (deadline == null) throw new IllegalStateException("no attempt has begun");
        return deadline;
    }

    /** The request of the current attempt, as signed ({@link #call()} before signing). */
    public Call signed() {
        return signed;
    }

    void signed(Call signed) {
        this.signed = Objects.requireNonNull(signed, "signed");
    }

    /** Waits {@code d} before another attempt, unless that would pass the deadline (then the call ends). */
    void sleep(Duration d, Throwable cause) {
        if (deadline().wouldPass(d)) throw deadline.exceeded(endpoint, attempts, cause);
        try {
            resources.clock().sleepNanos(d.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectionException(0, null, endpoint, null, "interrupted while waiting to retry", e);
        }
    }

    private static HttpUrl url(URI base, Call call) {
        HttpUrl b = HttpUrl.get(base.toString());
        HttpUrl.Builder u = b.newBuilder();
        String basePath = b.encodedPath().equals("/") ? "" : b.encodedPath();
        u.encodedPath(basePath + call.path());
        for (Map.Entry<String, String> e : call.query().entries()) u.addQueryParameter(e.getKey(), e.getValue());
        return u.build();
    }
}
