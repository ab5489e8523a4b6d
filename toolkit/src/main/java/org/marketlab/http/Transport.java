package org.marketlab.http;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
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
import java.util.concurrent.TimeUnit;

/**
 * The one way requests leave the toolkit: asks the pacer first, sends, feeds the response back to the pacer,
 * retries what is safe to retry, and maps failures to {@link ServiceException}s.
 *
 * <p>One transport per profile, holding that profile's shared {@link OkHttpClient}, {@link ObjectMapper} and
 * {@link Pacer}. {@link #current()} is the transport of the profile chosen with {@code MarketLab.use}.
 */
public final class Transport {

    /** Credential-bearing JSON fields whose values are blanked in any preview of a body. */
    private static final java.util.regex.Pattern SECRET_FIELD = java.util.regex.Pattern.compile(
            "(\"(?:secret|privateKey|private_key|passphrase|apiKey|api_key)\"\\s*:\\s*\")[^\"]*");
    private static final MediaType JSON = MediaType.get("application/json");
    private static final Map<Profile, Transport> BY_PROFILE = new ConcurrentHashMap<>();
    private static volatile Profile current;

    private final Profile profile;
    private final OkHttpClient http;
    private final ObjectMapper json;
    private final Pacer pacer;
    private final Clock clock;
    private final RetryPolicy retry;
    private volatile Map<String, URI> embedded;

    private Transport(Profile profile, Clock clock, RetryPolicy retry) {
        this.profile = profile;
        this.clock = clock;
        this.retry = retry;
        // The toolkit retries itself, so OkHttp must not silently re-send a POST on a stale connection.
        this.http = new OkHttpClient.Builder()
                .retryOnConnectionFailure(false)
                .connectTimeout(10, TimeUnit.SECONDS)
                .readTimeout(60, TimeUnit.SECONDS)
                .writeTimeout(30, TimeUnit.SECONDS)
                .build();
        this.json = mapper();
        this.pacer = new Pacer(profile.ipLimits(), clock,
                clock == Clock.system() ? Duration.ofMillis(100) : Duration.ZERO);
    }

    /**
     * The toolkit's JSON reading rules: unknown fields ignored (the live service sends many the specification
     * does not list), decimals exact, and every timestamp form of {@link Timestamps} accepted.
     */
    static ObjectMapper mapper() {
        SimpleModule time = new SimpleModule("marketlab-time");
        time.addDeserializer(java.time.Instant.class, new JsonDeserializer<>() {
            @Override
            public java.time.Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                if (p.currentToken() == JsonToken.VALUE_NUMBER_INT) {
                    long v = p.getLongValue();
                    return v > 100_000_000_000L ? java.time.Instant.ofEpochMilli(v) : java.time.Instant.ofEpochSecond(v);
                }
                try {
                    return Timestamps.parse(p.getValueAsString());
                } catch (IllegalArgumentException e) {
                    throw new JsonParseException(p, p.currentName() + ": " + e.getMessage(), e);
                }
            }
        });
        return JsonMapper.builder()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .addModule(time)
                .build();
    }

    /** The transport of the current profile (the environment's, until {@link #use(Profile)}). */
    public static Transport current() {
        Profile p = current;
        if (p == null) {
            synchronized (Transport.class) {
                if (current == null) current = Profile.fromEnvironment();
                p = current;
            }
        }
        return of(p);
    }

    /** Makes {@code profile} current for every facade call that follows. */
    public static void use(Profile profile) {
        current = Objects.requireNonNull(profile, "profile");
    }

    /** The shared transport of a profile. */
    public static Transport of(Profile profile) {
        return BY_PROFILE.computeIfAbsent(profile, p -> new Transport(p, Clock.system(), RetryPolicy.DEFAULT));
    }

    /** A private transport with its own clock and retry policy (tests and benchmarks). */
    public static Transport create(Profile profile, Clock clock, RetryPolicy retry) {
        return new Transport(profile, clock, retry);
    }

    public Profile profile() {
        return profile;
    }

    public ObjectMapper json() {
        return json;
    }

    /** The profile's shared OkHttp client, for what is not a paced request: the real-time channel's WebSocket. */
    public OkHttpClient http() {
        return http;
    }

    public Pacer pacer() {
        return pacer;
    }

    /** The base URL of a service: the profile's, or the embedded sandbox's (started now if need be). */
    public URI baseUrl(Service service) {
        URI explicit = profile.url(service);
        if (explicit != null) return explicit;
        if (!profile.embedded()) {
            throw new IllegalStateException("profile '" + profile.name() + "' has no URL for " + service.id()
                    + "; set " + service.envName() + " or use Profile.withUrl");
        }
        Map<String, URI> urls = embedded;
        if (urls == null) {
            urls = EmbeddedServices.urls(profile.seed());
            embedded = urls;
        }
        URI u = urls.get(service.id());
        if (u == null) throw new IllegalStateException("the embedded sandbox does not serve " + service.id());
        return u;
    }

    /** Sends a GET and parses the JSON answer. */
    public JsonNode getJson(Service service, String path, Query query) {
        Call call = Call.get(service, path, query);
        return parse(call, send(call));
    }

    /** Parses a response body as JSON, or throws {@link MalformedResponseException} naming the endpoint. */
    public JsonNode parse(Call call, Response response) {
        try {
            JsonNode node = json.readTree(response.body());
            if (node == null || node.isMissingNode()) throw new IOException("empty body");
            return node;
        } catch (IOException e) {
            throw malformed(call, response, "the body is not JSON: " + e.getMessage(), e);
        }
    }

    /** A {@link MalformedResponseException} for a body of the wrong shape. */
    public MalformedResponseException malformed(Call call, Response response, String what, Throwable cause) {
        return new MalformedResponseException(response.status(), null, endpoint(call), null,
                what + "; body starts: " + preview(response.body()), cause);
    }

    /**
     * Sends a request: paced, retried as its {@link Call.Safety} allows, and answered with a 2xx response.
     *
     * @throws ServiceException (a subclass by meaning) when the answer is not 2xx after the retries
     */
    public Response send(Call call) {
        URI base = baseUrl(call.service());
        HttpUrl url = url(base, call);
        String endpoint = call.method() + " " + url.newBuilder().query(null).build();
        int attempt = 0;
        int rateLimited = 0;
        while (true) {
            attempt++;
            Pacer.Permit permit;
            try {
                permit = pacer.acquire(call.service().id(), call.method(), call.path());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ConnectionException(0, null, endpoint, null, "interrupted while waiting for the rate limit", e);
            }
            Request request = request(url, call);
            int status;
            Map<String, List<String>> headers;
            byte[] body;
            try (okhttp3.Response r = http.newCall(request).execute()) {
                status = r.code();
                headers = r.headers().toMultimap();
                body = r.body() == null ? new byte[0] : r.body().bytes();
            } catch (IOException e) {
                permit.settle();
                boolean neverSent = e instanceof ConnectException;
                boolean interrupted = e instanceof InterruptedIOException && Thread.currentThread().isInterrupted();
                if (!interrupted && attempt < retry.maxAttempts()
                        && (call.safety() == Call.Safety.IDEMPOTENT || neverSent)) {
                    sleep(retry.backoff(attempt), endpoint);
                    continue;
                }
                throw new ConnectionException(0, null, endpoint, null,
                        (neverSent ? "connection refused" : "no answer") + " after " + attempt + " attempt(s): " + e.getMessage(), e);
            }
            permit.settle();
            Map<String, List<String>> hdrs = headers;
            pacer.onResponse(call.service().id(), call.method(), call.path(), status, name -> first(hdrs, name));
            Response response = new Response(status, URI.create(url.toString()), headers, body);
            if (status >= 200 && status < 300) return response;

            String message = ErrorMapper.serverMessage(json, body);
            Duration retryAfter = ErrorMapper.retryAfter(response, clock);
            if (status == 429) {
                if (++rateLimited < retry.maxRateLimitedAttempts()) {
                    // The pacer now holds the request's scopes; a path it has no window for waits here.
                    sleep(retryAfter != null ? retryAfter : retry.backoff(rateLimited), endpoint);
                    continue;
                }
            } else if (retryable(call.safety(), status, message) && attempt < retry.maxAttempts()) {
                sleep(retryAfter != null ? retryAfter : retry.backoff(attempt), endpoint);
                continue;
            }
            throw ErrorMapper.map(status, message, endpoint, retryAfter);
        }
    }

    private static boolean retryable(Call.Safety safety, int status, String message) {
        return switch (safety) {
            case IDEMPOTENT -> status >= 500 || status == 425;
            case RESUBMITTABLE -> status == 425 || (status == 500 && message != null && message.contains("order timed out"));
            case UNSAFE -> false;
        };
    }

    private void sleep(Duration d, String endpoint) {
        try {
            clock.sleepNanos(d.toNanos());
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

    private static String endpoint(Call call) {
        return call.toString();
    }

    static String preview(byte[] body) {
        if (body == null || body.length == 0) return "(empty)";
        String s = new String(body, 0, Math.min(body.length, 120), java.nio.charset.StandardCharsets.UTF_8);
        s = SECRET_FIELD.matcher(s).replaceAll("$1***");
        return "'" + s.replaceAll("\\s+", " ") + (body.length > 120 ? "…'" : "'");
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
