package org.marketlab.internal.transport;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.marketlab.config.Connection;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.ConnectionException;
import org.marketlab.http.ServiceException;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.Pacer;
import org.marketlab.pacing.RetryPolicy;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one way requests leave the toolkit: a {@link Call} goes through the {@link SendStep}s ({@link SendStep#DEFAULT}
 * unless {@link #withSteps} says otherwise). Each attempt: the pacer admits it, the call's {@link Limiter}s admit
 * it, its {@link Signer} makes the request of this attempt, it is sent, and the answer's headers go back to the
 * pacer and the limiters. Retries follow the call's {@link Call.Safety}; {@code 429}s are waited out within a
 * budget; failures become {@link ServiceException}s by meaning.
 *
 * <p>A transport sends through its profile's {@link Resources}; {@link #of(Profile)} gives the shared one.
 */
public final class Transport implements Connection {

    private static final Map<Profile, Transport> BY_PROFILE = new ConcurrentHashMap<>();

    private final Resources resources;
    private final RetryPolicy retry;
    private final List<SendStep> steps;
    private final SendStep.Chain chain;

    private Transport(Resources resources, RetryPolicy retry, List<SendStep> steps) {
        this.resources = resources;
        this.retry = Objects.requireNonNull(retry, "retry");
        this.steps = List.copyOf(steps);
        this.chain = new SendStep.Chain(this.steps);
    }

    /** The profile every facade call uses; the environment's until {@link #use(Profile)}. */
    private static volatile Profile current;

    /** Makes {@code profile} the one every facade call uses from now on. */
    public static void use(Profile profile) {
        current = Objects.requireNonNull(profile, "profile");
    }

    /** The current profile: the one last {@link #use}d, else the environment's ({@link Profile#fromEnvironment()}). */
    public static Profile currentProfile() {
        Profile p = current;
        if (p == null) {
            synchronized (Transport.class) {
                if (current == null) current = Profile.fromEnvironment();
                p = current;
            }
        }
        return p;
    }

    /** The current profile's shared transport. */
    public static Transport current() {
        return of(currentProfile());
    }

    /** The current profile's shared transport if it has been made, else null (nothing is built). */
    public static Transport currentIfMade() {
        return BY_PROFILE.get(currentProfile());
    }

    /** The shared transport of a profile (its resources shared by every facade call on it). */
    public static Transport of(Profile profile) {
        return BY_PROFILE.computeIfAbsent(profile, p -> new Transport(new Resources(p, Clock.system()), RetryPolicy.DEFAULT, SendStep.DEFAULT));
    }

    /**
     * Starts the embedded sandbox {@code profile} uses, if it uses one for any service, without building a
     * transport: a warm-up can run this beside the transport's construction (its HTTP client and TLS) instead of after it.
     */
    public static void startEmbedded(Profile profile) {
        if (usesEmbedded(profile)) EmbeddedServices.urls(profile.seed());
    }

    /**
     * {@link #startEmbedded(Profile)} ahead of need: before each step of the sandbox's start it waits while
     * {@code giveWayWhile} says so, until a call needs the sandbox.
     */
    public static void startEmbeddedAhead(Profile profile, java.util.function.BooleanSupplier giveWayWhile) {
        if (usesEmbedded(profile)) EmbeddedServices.urlsAhead(profile.seed(), giveWayWhile);
    }

    private static boolean usesEmbedded(Profile profile) {
        if (!profile.embedded()) return false;
        for (Service s : Service.values()) if (profile.url(s) == null) return true;
        return false;
    }

    /** The transport behind a connection (every connection is one the toolkit made). */
    public static Transport of(Connection connection) {
        if (connection instanceof Transport t) return t;
        throw new IllegalArgumentException("connection must be one the toolkit made (MarketLab.connection()), was "
                + (connection == null ? "null" : connection.getClass().getName()));
    }

    /** A private transport with its own clock and retry policy (tests and benchmarks). */
    public static Transport create(Profile profile, Clock clock, RetryPolicy retry) {
        return new Transport(new Resources(profile, clock), retry, SendStep.DEFAULT);
    }

    public Resources resources() {
        return resources;
    }

    @Override
    public Profile profile() {
        return resources.profile();
    }

    /** The base URL of a service (see {@link Resources#baseUrl}). */
    public URI baseUrl(Service service) {
        return resources.baseUrl(service);
    }

    /**
     * Sends a request through the {@link SendStep}s: paced and limited per attempt, signed per attempt, retried as
     * its {@link Call.Safety} allows, and answered with a 2xx document.
     *
     * @throws ServiceException (a subclass by meaning) when the answer is not 2xx after the retries
     */
    public Document send(Call call) {
        Objects.requireNonNull(call, "call");
        // A notebook's recording or replay (MarketLab.record/replay): around the whole chain, so a replay neither
        // paces, signs nor sends.
        Recorder recorder = Recorder.active();
        if (recorder != null) return recorder.exchange(call, resources.json(), () -> sendLive(call));
        return sendLive(call);
    }

    /** The exchange itself, through the steps. */
    private Document sendLive(Call call) {
        Exchange x = new Exchange(call, resources, retry);
        try {
            return chain.proceed(x).document(x);
        } catch (IOException e) {
            throw new ConnectionException(0, null, x.endpoint(), null, "no answer: " + e.getMessage(), e);
        }
    }

    /** The steps a call goes through, outermost first. */
    public List<SendStep> steps() {
        return steps;
    }

    /** A transport on the same resources whose calls go through {@code steps} (outermost first) instead. */
    public Transport withSteps(List<SendStep> steps) {
        return new Transport(resources, retry, steps);
    }
}
