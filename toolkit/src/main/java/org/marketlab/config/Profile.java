package org.marketlab.config;

import org.marketlab.spi.IpLimit;

import java.net.URI;
import java.time.Duration;
import java.net.URISyntaxException;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Where the toolkit talks to and by which names: endpoints, header names, EIP-712 domain names and limits.
 * The sandbox and live profiles differ only in these values.
 *
 * <p>{@link #sandbox()} (the default) serves every interface from the embedded sandbox, started on first
 * use on free loopback ports. {@link #live()} points at the live service. Individual endpoints can be
 * overridden with {@link #withUrl(Service, String)} or the environment ({@code MARKETLAB_<NAME>_URL}).
 *
 * @param name             the profile's name ({@code sandbox}, {@code live})
 * @param embedded         whether services without an explicit URL are served by the embedded sandbox
 * @param seed             world seed of the embedded sandbox
 * @param urls             the explicit URL of each service that has one (see {@link #url(Service)})
 * @param names            header and typed-data names
 * @param ipLimits         the IP-based limits the pacer applies (the published table by default)
 * @param callTimeout      the call deadline (see {@link #withCallTimeout})
 * @param maxResponseBytes the response-size cap in bytes (see {@link #withMaxResponseBytes})
 */
public record Profile(String name, boolean embedded, long seed, Map<Service, URI> urls, Names names, List<IpLimit> ipLimits,
                      Duration callTimeout, long maxResponseBytes) {

    /** Default world seed of the embedded sandbox. */
    public static final long DEFAULT_SEED = 7L;

    /** How long one call may take, all its attempts and retry waits included (not its wait for the rate limits). */
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(30);
    /** The most bytes one response body may have. */
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 32L << 20;

    /** Checks every setting once, whichever way the profile was made, and keeps its own copies of the URLs and limits. */
    public Profile {
        Objects.requireNonNull(name, "name");
        urls = Collections.unmodifiableMap(new EnumMap<>(Objects.requireNonNull(urls, "urls").isEmpty() ? new EnumMap<>(Service.class) : urls));
        Objects.requireNonNull(names, "names");
        ipLimits = List.copyOf(ipLimits);
        checkedTimeout(callTimeout);
        if (maxResponseBytes < 1024) throw new IllegalArgumentException("maxResponseBytes must be 1024 or more, was " + maxResponseBytes);
    }

    private Profile(String name, boolean embedded, long seed, Map<Service, URI> urls, Names names, List<IpLimit> ipLimits) {
        this(name, embedded, seed, urls, names, ipLimits, DEFAULT_CALL_TIMEOUT, DEFAULT_MAX_RESPONSE_BYTES);
    }

    /**
     * Header and typed-data names, the only other difference between the sandbox and live profiles.
     *
     * @param proxyHeader       header carrying the perpetuals proxy address
     * @param secretHeader      header carrying the perpetuals proxy secret
     * @param rateLimitPrefix   prefix of the per-signer rate-limit headers, e.g. {@code Poly-RateLimit-}
     * @param perpsDomainName   EIP-712 domain {@code name} of the perpetuals typed data
     * @param clobAuthDomain    EIP-712 domain {@code name} of the CLOB L1 authentication
     * @param exchangeDomain    EIP-712 domain {@code name} of CLOB orders
     * @param chainId           chain id of every domain
     */
    public record Names(String proxyHeader, String secretHeader, String rateLimitPrefix, String perpsDomainName,
                        String clobAuthDomain, String exchangeDomain, long chainId) {
        public Names {
            Objects.requireNonNull(proxyHeader);
            Objects.requireNonNull(secretHeader);
            Objects.requireNonNull(rateLimitPrefix);
            Objects.requireNonNull(perpsDomainName);
            Objects.requireNonNull(clobAuthDomain);
            Objects.requireNonNull(exchangeDomain);
        }
    }

    static final Names SANDBOX_NAMES = new Names("SERVICE-PROXY", "SERVICE-SECRET", "Svc-RateLimit-",
            "MarketLab Sandbox", "ClobAuthDomain", "Polymarket CTF Exchange", 137);
    static final Names LIVE_NAMES = new Names("POLYMARKET-PROXY", "POLYMARKET-SECRET", "Poly-RateLimit-",
            "Polymarket", "ClobAuthDomain", "Polymarket CTF Exchange", 137);

    /** The embedded sandbox with the default seed. */
    public static Profile sandbox() {
        return sandbox(DEFAULT_SEED);
    }

    /** The embedded sandbox whose world is generated from {@code seed}. */
    public static Profile sandbox(long seed) {
        return new Profile("sandbox", true, seed, Map.of(), SANDBOX_NAMES, IpLimit.published());
    }

    /** The live service. The bridge and the chain node have no published host: set {@code MARKETLAB_BRIDGE_URL}, {@code MARKETLAB_CHAIN_URL} to use them. */
    public static Profile live() {
        EnumMap<Service, URI> urls = new EnumMap<>(Service.class);
        urls.put(Service.MARKETS, URI.create("https://gamma-api.polymarket.com"));
        urls.put(Service.CLOB, URI.create("https://clob.polymarket.com"));
        urls.put(Service.CLOB_WS, URI.create("wss://ws-subscriptions-clob.polymarket.com"));
        urls.put(Service.DATA, URI.create("https://data-api.polymarket.com"));
        urls.put(Service.PERPS, URI.create("https://api.perpetuals.polymarket.com"));
        urls.put(Service.PERPS_WS, URI.create("wss://ws.perpetuals.polymarket.com"));
        return new Profile("live", false, DEFAULT_SEED, urls, LIVE_NAMES, IpLimit.published());
    }

    /** A profile by name: {@code sandbox} or {@code live}. */
    public static Profile named(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "sandbox", "" -> sandbox();
            case "live" -> live();
            default -> throw new IllegalArgumentException("unknown profile '" + (name.length() > 40 ? name.substring(0, 37) + "…" : name) + "'; allowed: sandbox, live");
        };
    }

    /** The profile the environment asks for: {@code MARKETLAB_PROFILE} and {@code MARKETLAB_<NAME>_URL}. */
    public static Profile fromEnvironment() {
        return fromEnvironment(System::getenv);
    }

    /** As {@link #fromEnvironment()}, reading variables through {@code env} (for tests). */
    public static Profile fromEnvironment(Function<String, String> env) {
        return named(env.apply("MARKETLAB_PROFILE")).withOverrides(env);
    }

    /** This profile with every {@code MARKETLAB_<NAME>_URL} that {@code env} holds applied. */
    public Profile withOverrides(Function<String, String> env) {
        Profile p = this;
        for (Service s : Service.values()) {
            String url = env.apply(s.envName());
            if (url != null && !url.isBlank()) p = p.withUrl(s, url.trim());
        }
        return p;
    }

    /** This profile with one endpoint replaced; the rest stay as they are (embedded ones stay embedded). */
    public Profile withUrl(Service service, String url) {
        Objects.requireNonNull(service, "service");
        URI uri = parseUrl(service, url);
        EnumMap<Service, URI> copy = new EnumMap<>(Service.class);
        copy.putAll(urls);
        copy.put(service, uri);
        return new Profile(name, embedded, seed, copy, names, ipLimits, callTimeout, maxResponseBytes);
    }

    /** This profile with other header and typed-data names. */
    public Profile withNames(Names names) {
        return new Profile(name, embedded, seed, urls, Objects.requireNonNull(names, "names"), ipLimits, callTimeout, maxResponseBytes);
    }

    /** This profile with another IP-limits table (for tests and teaching; the published one is the default). */
    public Profile withIpLimits(List<IpLimit> limits) {
        return new Profile(name, embedded, seed, urls, names, limits, callTimeout, maxResponseBytes);
    }

    /**
     * This profile with another call deadline (default {@link #DEFAULT_CALL_TIMEOUT}, 30 s): the longest one call may
     * take from its first byte sent to its last byte read, every attempt and retry wait included. Waiting for the
     * published rate limits comes before and is not counted. One call can ask for another with
     * {@code MarketLab.withTimeout}.
     */
    public Profile withCallTimeout(Duration timeout) {
        return new Profile(name, embedded, seed, urls, names, ipLimits, checkedTimeout(timeout), maxResponseBytes);
    }

    /** This profile with another response-size cap (default {@link #DEFAULT_MAX_RESPONSE_BYTES}, 32 MiB). */
    public Profile withMaxResponseBytes(long bytes) {
        return new Profile(name, embedded, seed, urls, names, ipLimits, callTimeout, bytes);
    }

    /** A call deadline: 1 ms to 1 hour. */
    public static Duration checkedTimeout(Duration timeout) {
        if (timeout == null) throw new IllegalArgumentException("timeout must not be null");
        if (timeout.toMillis() < 1 || timeout.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("timeout must be 1 ms to 1 hour, was " + timeout);
        }
        return timeout;
    }

    private static URI parseUrl(Service service, String url) {
        if (url == null || url.isBlank()) throw new IllegalArgumentException(service.envName() + ": empty URL");
        try {
            URI uri = new URI(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            boolean ws = service.webSocket();
            boolean ok = ws ? scheme.equals("ws") || scheme.equals("wss") : scheme.equals("http") || scheme.equals("https");
            if (!ok || uri.getHost() == null) {
                throw new IllegalArgumentException(service.envName() + ": '" + url + "' is not an absolute "
                        + (ws ? "ws:// or wss://" : "http:// or https://") + " URL");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(service.envName() + ": '" + url + "' is not a URL: " + e.getReason());
        }
    }

    /** The explicit URL of a service, or {@code null} when the embedded sandbox serves it. */
    public URI url(Service service) {
        return urls.get(service);
    }

    /** Hashes the few settings that tell profiles apart in practice: profiles are map keys, looked up on every call. */
    @Override
    public int hashCode() {
        return Objects.hash(name, embedded, seed, urls, names);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("Profile[").append(name);
        if (embedded) b.append(", embedded sandbox seed ").append(seed);
        urls.forEach((s, u) -> b.append(", ").append(s.id()).append('=').append(u));
        return b.append(']').toString();
    }
}
