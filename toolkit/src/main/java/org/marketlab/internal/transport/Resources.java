package org.marketlab.internal.transport;

import com.fasterxml.jackson.databind.ObjectMapper;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.Pacer;

import java.net.URI;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * What every request and socket of one profile shares: the one {@link OkHttpClient} (its connection pool and
 * threads serve HTTP and WebSockets alike, as OkHttp advises), the JSON rules, the pacer of the published IP
 * limits, the clock, and the endpoints (the profile's, or the embedded sandbox's, started on first use).
 */
public final class Resources {

    private final Profile profile;
    private final Clock clock;
    private final OkHttpClient http;
    private final Pacer pacer;
    private volatile Map<String, URI> embedded;
    private final Map<Class<?>, Object> locals = new java.util.concurrent.ConcurrentHashMap<>();

    public Resources(Profile profile, Clock clock) {
        this.profile = Objects.requireNonNull(profile, "profile");
        this.clock = Objects.requireNonNull(clock, "clock");
        // The toolkit retries itself, so OkHttp must not silently re-send a POST on a stale connection.
        OkHttpClient.Builder b = new OkHttpClient.Builder();
        // A profile whose every endpoint is plain HTTP (the embedded sandbox on loopback, unless an endpoint is
        // overridden with https) needs no TLS: without it the client skips loading the platform's trust store and
        // building an SSL context (about 100 ms of a fresh JVM's first call). Such a profile has no https endpoint, and
        // OkHttp refuses an https call on this client (it has no SSL socket factory) rather than send it in the clear.
        if (plainOnly(profile)) b.connectionSpecs(java.util.List.of(okhttp3.ConnectionSpec.CLEARTEXT));
        this.http = b
                .retryOnConnectionFailure(false)
                .connectTimeout(10, TimeUnit.SECONDS)
                .readTimeout(60, TimeUnit.SECONDS)
                .writeTimeout(30, TimeUnit.SECONDS)
                .followRedirects(false).followSslRedirects(false).addInterceptor(new Redirects())
                .build();
        this.pacer = new Pacer(profile.ipLimits(), clock, clock.safetyMargin());
    }

    public Profile profile() {
        return profile;
    }

    /** Whether every endpoint of the profile is plain HTTP or WebSocket: the embedded sandbox's, or http/ws overrides. */
    static boolean plainOnly(Profile profile) {
        if (!profile.embedded()) return false;
        for (Service s : Service.values()) {
            URI u = profile.url(s);
            if (u != null && !"http".equalsIgnoreCase(u.getScheme()) && !"ws".equalsIgnoreCase(u.getScheme())) return false;
        }
        return true;
    }

    public Clock clock() {
        return clock;
    }

    public OkHttpClient http() {
        return http;
    }

    public ObjectMapper json() {
        return Decoding.mapper();
    }

    public Pacer pacer() {
        return pacer;
    }

    /**
     * What this connection keeps of one kind ({@code type}), made by {@code make} on first use: a cache that belongs
     * to the profile's connection rather than to the JVM (the token names its reads have learnt). Each kind bounds
     * itself.
     */
    public <T> T local(Class<T> type, java.util.function.Supplier<T> make) {
        return type.cast(locals.computeIfAbsent(type, k -> make.get()));
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

    /**
     * Opens a WebSocket to {@code path} below a service's base URL on the shared client (its pings every
     * {@code pingSeconds}, 0 for none). The socket is not paced: a channel's own rules govern what it sends.
     */
    public WebSocket openSocket(Service service, String path, int pingSeconds, WebSocketListener listener) {
        URI base = baseUrl(service);
        String http = base.toString().replaceFirst("^ws", "http");
        HttpUrl url = HttpUrl.get(http).newBuilder().encodedPath(path).build();
        OkHttpClient client = pingSeconds > 0 ? this.http.newBuilder().pingInterval(pingSeconds, TimeUnit.SECONDS).build() : this.http;
        return client.newWebSocket(new Request.Builder().url(url).build(), listener);
    }

    @Override
    public String toString() {
        return "Resources[" + profile.name() + "]";
    }
}
