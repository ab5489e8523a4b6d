package org.marketlab.internal.transport;

import com.fasterxml.jackson.databind.ObjectMapper;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.ConnectionException;
import org.marketlab.http.ResponseTooLargeException;
import org.marketlab.http.ServiceException;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.Pacer;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * The one way requests leave the toolkit. Each attempt of a {@link Call}: the pacer admits it, the call's
 * {@link Limiter}s admit it, its {@link Signer} makes the request of this attempt, it is sent, and the answer's
 * headers go back to the pacer and the limiters. Retries follow the call's {@link Call.Safety}; failures become
 * {@link ServiceException}s by meaning.
 *
 * <p>A transport sends through its profile's {@link Resources}; {@link #of(Profile)} gives the shared one.
 */
public final class Transport {

    private static final MediaType JSON = MediaType.get("application/json");
    /** The longest a call waits out one 429 (Retry-After or the pacer's hold); a longer one ends the call at once. */
    public static final Duration MAX_RATE_LIMIT_WAIT = Duration.ofMinutes(2);
    private static final Map<Profile, Transport> BY_PROFILE = new ConcurrentHashMap<>();

    private final Resources resources;
    private final RetryPolicy retry;

    private Transport(Resources resources, RetryPolicy retry) {
        this.resources = resources;
        this.retry = retry;
    }

    /** The shared transport of a profile (its resources shared by every facade call on it). */
    public static Transport of(Profile profile) {
        return BY_PROFILE.computeIfAbsent(profile, p -> new Transport(new Resources(p, Clock.system()), RetryPolicy.DEFAULT));
    }

    /**
     * Starts the embedded sandbox {@code profile} uses, if it uses one for any service, without building a
     * transport: a warm-up can run this beside the transport's construction (its HTTP client and TLS) instead of after it.
     */
    public static void startEmbedded(Profile profile) {
        if (!profile.embedded()) return;
        for (Service s : Service.values()) {
            if (profile.url(s) == null) {
                EmbeddedServices.urls(profile.seed());
                return;
            }
        }
    }

    /** A private transport with its own clock and retry policy (tests and benchmarks). */
    public static Transport create(Profile profile, Clock clock, RetryPolicy retry) {
        return new Transport(new Resources(profile, clock), retry);
    }

    public Resources resources() {
        return resources;
    }

    public Profile profile() {
        return resources.profile();
    }

    public ObjectMapper json() {
        return resources.json();
    }

    public Pacer pacer() {
        return resources.pacer();
    }

    public Clock clock() {
        return resources.clock();
    }

    /** The base URL of a service (see {@link Resources#baseUrl}). */
    public URI baseUrl(Service service) {
        return resources.baseUrl(service);
    }

    /**
     * Sends a request: paced and limited per attempt, signed per attempt, retried as its {@link Call.Safety}
     * allows, and answered with a 2xx document.
     *
     * @throws ServiceException (a subclass by meaning) when the answer is not 2xx after the retries
     */
    public Document send(Call call) {
        Objects.requireNonNull(call, "call");
        // A notebook's recording or replay (MarketLab.record/replay): around the whole exchange, so a replay
        // neither paces, signs nor sends.
        Recorder recorder = Recorder.active();
        if (recorder != null) return recorder.exchange(call, resources.json(), () -> sendLive(call));
        return sendLive(call);
    }

    private Document sendLive(Call call) {
        HttpUrl url = url(resources.baseUrl(call.service()), call);
        String endpoint = call.method() + " " + url.newBuilder().query(null).build();
        Clock clock = resources.clock();
        int attempt = 0;
        int rateLimited = 0;
        Deadline deadline = null;
        Profile profile = resources.profile();
        while (true) {
            attempt++;
            Pacer.Permit permit = admit(call, endpoint);
            if (deadline == null) deadline = Deadline.start(profile.callTimeout(), clock);
            Call signed = call.signer().sign(call, clock.currentTimeMillis());
            int status;
            Map<String, List<String>> headers;
            byte[] body;
            okhttp3.Call attemptCall = resources.http().newCall(request(url, signed));
            if (!deadline.apply(attemptCall)) {
                permit.settle();
                throw deadline.exceeded(endpoint, attempt - 1, null);
            }
            try (okhttp3.Response r = attemptCall.execute()) {
                status = r.code();
                headers = r.headers().toMultimap();
                body = BoundedBody.read(r, profile.maxResponseBytes(), endpoint);
            } catch (ResponseTooLargeException e) {
                permit.settle();
                throw e;
            } catch (IOException e) {
                permit.settle();
                boolean neverSent = e instanceof ConnectException;
                boolean interrupted = e instanceof InterruptedIOException && Thread.currentThread().isInterrupted();
                if (!interrupted && attempt < retry.maxAttempts() && !(e instanceof java.net.UnknownHostException)
                        && (call.safety() == Call.Safety.IDEMPOTENT || neverSent)) {
                    sleep(retry.backoff(attempt), endpoint, deadline, attempt, e);
                    continue;
                }
                throw deadline.failure(e, url.host(), endpoint, attempt, neverSent);
            }
            permit.settle();
            Function<String, String> header = name -> first(headers, name);
            resources.pacer().onResponse(call.service().id(), call.method(), call.path(), status, header);
            for (Limiter l : call.limiters()) l.onResponse(call, status, header);
            Document doc = new Document(call.method() + " " + call.service().id() + call.path(), status, headers, body, resources.json());
            if (status >= 200 && status < 300) return doc;
            if (status >= 300 && status < 400) throw Redirects.refused(status, header.apply("Location"), endpoint, !signed.headers().isEmpty(), call.method());

            String message = ErrorMapper.serverMessage(resources.json(), body);
            Duration retryAfter = ErrorMapper.retryAfter(doc, clock);
            if (status == 429) {
                Duration wait = retryAfter != null ? retryAfter : retry.backoff(rateLimited + 1);
                Duration held = heldFor(call);
                Duration longer = held.compareTo(wait) > 0 ? held : wait;
                if (++rateLimited < retry.maxRateLimitedAttempts() && longer.compareTo(MAX_RATE_LIMIT_WAIT) <= 0) {
                    // Waiting out a 429 is not the server being slow: the deadline moves by the wait.
                    deadline.extend(longer);
                    // The pacer (and a limiter told of it) now holds the scope; a path neither covers waits here.
                    sleep(wait, endpoint, deadline, attempt, null);
                    continue;
                }
                throw ErrorMapper.rateLimited(message, endpoint, retryAfter, attempt,
                        resources.pacer().hold(call.service().id(), call.method(), call.path()));
            } else if (retryable(call.safety(), status, message) && attempt < retry.maxAttempts()) {
                sleep(retryAfter != null ? retryAfter : retry.backoff(attempt), endpoint, deadline, attempt, null);
                continue;
            }
            throw ErrorMapper.map(status, message, endpoint, retryAfter);
        }
    }

    /** Waits for the pacer, then for each of the call's limiters in order. */
    private Pacer.Permit admit(Call call, String endpoint) {
        try {
            Pacer.Permit permit = resources.pacer().acquire(call.service().id(), call.method(), call.path());
            for (Limiter l : call.limiters()) l.acquire(call);
            return permit;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectionException(0, null, endpoint, null, "interrupted while waiting for the rate limit", e);
        }
    }

    private static boolean retryable(Call.Safety safety, int status, String message) {
        return switch (safety) {
            case IDEMPOTENT -> status >= 500 || status == 425;
            case RESUBMITTABLE -> status == 425 || (status == 500 && message != null && message.contains("order timed out"));
            case UNSAFE -> false;
        };
    }

    /** How long the pacer now holds the call's scopes (zero when it does not). */
    private Duration heldFor(Call call) {
        return resources.pacer().hold(call.service().id(), call.method(), call.path())
                .map(h -> Duration.ofMillis(Math.max(0, h.until().toEpochMilli() - resources.clock().currentTimeMillis())))
                .orElse(Duration.ZERO);
    }

    private void sleep(Duration d, String endpoint, Deadline deadline, int attempt, Throwable cause) {
        if (deadline.wouldPass(d)) throw deadline.exceeded(endpoint, attempt, cause);
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

    private static Request request(HttpUrl url, Call call) {
        Request.Builder r = new Request.Builder().url(url).header("Accept", "application/json")
                .header("User-Agent", "marketlab/0.1");
        call.headers().forEach(r::header);
        if (!call.headers().isEmpty()) r.tag(Redirects.Authenticated.class, new Redirects.Authenticated());
        RequestBody body = call.body() == null
                ? (call.method().equals("GET") || call.method().equals("HEAD") ? null : RequestBody.create(new byte[0], JSON))
                : RequestBody.create(call.body(), JSON);
        return r.method(call.method(), body).build();
    }

    private static String first(Map<String, List<String>> headers, String name) {
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty()) return e.getValue().get(0);
        }
        return null;
    }

    /** Bounded exponential backoff, jittered between half and all of each step. */
    public record RetryPolicy(int maxAttempts, int maxRateLimitedAttempts, Duration base, Duration cap) {
        public static final RetryPolicy DEFAULT = new RetryPolicy(4, 6, Duration.ofMillis(250), Duration.ofSeconds(8));

        Duration backoff(int attempt) {
            long ceiling = Math.min(cap.toMillis(), base.toMillis() << Math.min(attempt - 1, 20));
            return Duration.ofMillis(ThreadLocalRandom.current().nextLong(ceiling / 2, ceiling + 1));
        }
    }
}
