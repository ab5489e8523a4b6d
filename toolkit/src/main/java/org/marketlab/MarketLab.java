package org.marketlab;

import org.marketlab.config.Connection;
import org.marketlab.config.Profile;
import org.marketlab.config.Progress;
import org.marketlab.config.Recording;
import org.marketlab.internal.transport.Recorder;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.PacingStatus;
import org.marketlab.pacing.RetryPolicy;
import org.marketlab.pacing.RequestLog;
import org.marketlab.spi.IpLimit;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

/**
 * The toolkit's settings: which service it talks to, and how it is pacing.
 *
 * <pre>{@code
 * MarketLab.use(Profile.live());          // the live service
 * MarketLab.use("sandbox");               // back to the embedded sandbox (the default)
 * MarketLab.pacing();                     // per-scope use of the published limits
 * }</pre>
 */
public final class MarketLab {

    private MarketLab() {
    }

    /** Makes {@code profile} the one every facade call uses from now on. */
    public static Profile use(Profile profile) {
        if (profile == null) throw new IllegalArgumentException("profile is null; give Profile.sandbox(), Profile.live() or a profile built from them");
        Transport.use(profile);
        return profile;
    }

    /** The transport of the current profile: what every facade binds its services to. */
    static Transport transport() {
        return Transport.current();
    }

    private static Profile currentProfile() {
        return Transport.currentProfile();
    }

    /** The current profile's name, without building its transport (an HTTP client) or starting the sandbox. */
    public static String profileName() {
        return currentProfile().name();
    }

    /** {@link #use(Profile)} by name: {@code sandbox} or {@code live} (with the environment's URL overrides). */
    public static Profile use(String profileName) {
        return use(Profile.named(profileName).withOverrides(System::getenv));
    }

    /**
     * Starts, in the background, what the first call would otherwise wait for: the embedded sandbox when the
     * profile uses it. Safe to call more than once; failures surface on first use instead.
     */
    public static void warmUp() {
        warmUp(() -> false);
    }

    /**
     * {@link #warmUp()} that gives way: on one thread, in steps (the sandbox's world, its first server's routes, that
     * server's start, the events it makes ahead for a first page, then the transport's HTTP client and pacer), and
     * before each step it waits while {@code giveWayWhile} says true. A kernel that starts the sandbox before it knows
     * whether its first cell needs it says true while a cell that does not is running, so that cell has the cores. Once
     * a call needs the service, the start goes on at once: that call waits for the start, never for the give-way.
     */
    public static void warmUp(java.util.function.BooleanSupplier giveWayWhile) {
        if (giveWayWhile == null) throw new IllegalArgumentException("giveWayWhile is null; give () -> false to never give way");
        Profile p = currentProfile();
        Thread t = new Thread(() -> {
            try {
                Transport.startEmbeddedAhead(p, giveWayWhile);
                while (giveWayWhile.getAsBoolean() && Transport.currentIfMade() == null) Thread.sleep(5);
                transport();
            } catch (RuntimeException ignored) {
                // reported to the user by the first call that needs it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "marketlab-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Runs {@code call} with another call deadline for every request it makes on this thread, e.g.
     * {@code MarketLab.withTimeout(Duration.ofSeconds(5), () -> Clob.book(token))}. The profile's deadline
     * ({@link Profile#withCallTimeout}, 30 s by default) applies otherwise.
     */
    public static <T> T withTimeout(java.time.Duration timeout, java.util.function.Supplier<T> call) {
        return org.marketlab.internal.transport.Deadline.with(timeout, call);
    }

    /**
     * The current profile's connection: what every facade call goes through, and what a service object is bound to
     * ({@code new MarketData(MarketLab.connection())}).
     */
    public static Connection connection() {
        return transport();
    }

    /**
     * A connection of its own to {@code profile}: its own HTTP client and pacer, apart from the shared one every
     * facade call uses, with the system clock and {@link RetryPolicy#DEFAULT}. Service objects take it
     * ({@code new MarketData(connection)}, {@code ClobSession.open(connection, wallet, options)}). Its pacer counts
     * only its own requests, so two connections to one service together may exceed the published limits.
     */
    public static Connection connect(Profile profile) {
        return connect(profile, Clock.system(), RetryPolicy.DEFAULT);
    }

    /**
     * {@link #connect(Profile)} with its own clock and retries: a {@link org.marketlab.pacing.VirtualClock} makes the
     * pacer's waits and the backoffs cost no wall time (a class replaying a day of paced requests at once, a benchmark
     * of pacing against the published limits), and a {@link RetryPolicy} sets how often and how long it asks again.
     */
    public static Connection connect(Profile profile, Clock clock, RetryPolicy retries) {
        if (profile == null) throw new IllegalArgumentException("profile is null; give Profile.sandbox(), Profile.live() or a profile built from them");
        if (clock == null) throw new IllegalArgumentException("clock is null; give Clock.system() or a VirtualClock");
        if (retries == null) throw new IllegalArgumentException("retries is null; give RetryPolicy.DEFAULT or a policy of your own");
        return Transport.create(profile, clock, retries);
    }

    /** How {@code connection}'s requests are being paced, per limit scope ({@link #pacing()} for the current profile's). */
    public static PacingStatus pacing(Connection connection) {
        return Transport.of(connection).resources().pacer().status();
    }

    /** The profile in use. */
    public static Profile profile() {
        return transport().profile();
    }

    /** How the current profile's requests are being paced, per limit scope. */
    public static PacingStatus pacing() {
        return pacing(transport());
    }

    /** How many {@code 429 Too Many Requests} answers the current profile's requests have met (the pacer aims at none). */
    public static long rateLimitedResponses() {
        return transport().resources().pacer().rateLimitedResponses();
    }

    /** The published IP limits the pacer applies: scope, service, endpoint, methods, paths, limit, window. */
    public static Table limits() {
        return LIMITS.table("published limits", transport().profile().ipLimits());
    }

    private static final RecordTable<IpLimit> LIMITS = RecordTable.<IpLimit>columns()
            .column("scope", String.class, IpLimit::scope)
            .column("service", String.class, IpLimit::service)
            .column("endpoint", String.class, IpLimit::endpoint)
            .column("methods", String.class, l -> l.methods().isEmpty() ? "*" : String.join(" ", new java.util.TreeSet<>(l.methods())))
            .column("paths", String.class, l -> String.join(" ", l.paths()))
            .column("limit", Integer.class, IpLimit::limit)
            .column("window_s", Integer.class, l -> (int) l.window().toSeconds());

    /** Records every request admitted from now until the log is closed (for charts of requests over time). */
    public static RequestLog recordRequests() {
        return RequestLog.of(transport().resources().pacer());
    }

    /**
     * Keeps the answer of every read from now on in {@code folder} (owner-only), keyed by request, so that
     * {@link #replay(Path)} can serve them back without a network: {@code %record dir} in a notebook. Never kept:
     * request headers (credentials, signatures), the answers of calls that carry secrets (API key creation and
     * derivation, proxy registration) and writes, which run live. A recording already in the folder is replaced.
     */
    public static Recording record(java.nio.file.Path folder) {
        return Recorder.record(folder);
    }

    /** {@link #record(java.nio.file.Path)} of a folder given as text. */
    public static Recording record(String folder) {
        return Recorder.record(java.nio.file.Path.of(folder));
    }

    /**
     * Answers every read from the recording in {@code folder}, offline: a re-run of the recorded notebook gives the
     * same tables and charts, on any profile, with no request sent ({@code %replay dir}). A read the recording lacks,
     * a signed write and a secret-bearing call are refused with {@link org.marketlab.http.ReplayException}.
     */
    public static Recording replay(java.nio.file.Path folder) {
        return Recorder.replay(folder);
    }

    /** {@link #replay(java.nio.file.Path)} of a folder given as text. */
    public static Recording replay(String folder) {
        return Recorder.replay(java.nio.file.Path.of(folder));
    }

    /** Stops recording or replaying: reads go to the service again ({@code %record off}, {@code %replay off}). */
    public static Recording recordingOff() {
        return Recorder.off();
    }

    /** Whether reads are being recorded, replayed, or sent live. */
    public static Recording recording() {
        return Recorder.current();
    }

    /** Sends progress reports of long tasks to {@code listener} (the kernel draws them as a bar). */
    public static void onProgress(Progress.Listener listener) {
        Progress.setDefaultListener(listener);
    }
}
