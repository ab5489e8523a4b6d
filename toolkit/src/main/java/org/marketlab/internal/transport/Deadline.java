package org.marketlab.internal.transport;

import org.marketlab.pacing.RetryPolicy;
import org.marketlab.http.ConnectionException;
import org.marketlab.http.DeadlineExceededException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One call's deadline: from its first attempt's sending to its last byte read, retry waits included; the wait for
 * the published rate limits before the first attempt, and the waits out of {@code 429}s (within the call's
 * {@link RetryPolicy#rateLimitBudget()}), are not. The profile's
 * {@code callTimeout} unless a caller asked for another around the call ({@link #with}). Each attempt's OkHttp call
 * gets the time that is left as its {@code Call.timeout()}, so a body that trickles or a server silent after its
 * headers ends the call at the deadline, whatever the per-read timeouts.
 */
public final class Deadline {

    private static final ThreadLocal<Duration> OVERRIDE = new ThreadLocal<>();

    private final Duration length;
    private final org.marketlab.pacing.Clock clock;
    private long end;

    private Deadline(Duration length, org.marketlab.pacing.Clock clock) {
        this.length = length;
        this.clock = clock;
        this.end = clock.nanoTime() + length.toNanos();
    }

    /** Runs {@code call} with {@code timeout} as the deadline of every request it makes on this thread. */
    public static <T> T with(Duration timeout, Supplier<T> call) {
        org.marketlab.config.Profile.checkedTimeout(timeout);
        if (call == null) throw new IllegalArgumentException("call must not be null");
        Duration before = OVERRIDE.get();
        OVERRIDE.set(timeout);
        try {
            return call.get();
        } finally {
            if (before == null) OVERRIDE.remove();
            else OVERRIDE.set(before);
        }
    }

    /** A deadline from now on {@code clock} (the transport's: retry waits on a virtual clock count virtual time). */
    static Deadline start(Duration profileDefault, org.marketlab.pacing.Clock clock) {
        Duration d = OVERRIDE.get();
        return new Deadline(d != null ? d : profileDefault, clock);
    }

    /** Sets what is left as the OkHttp call's timeout; false when nothing is left. */
    boolean apply(okhttp3.Call call) {
        long left = end - clock.nanoTime();
        if (left <= 0) return false;
        call.timeout().timeout(left, TimeUnit.NANOSECONDS);
        return true;
    }

    /** Moves the deadline later by {@code d} (a wait that is not the server's slowness: a 429's hold). */
    void extend(Duration d) {
        end += d.toNanos();
    }

    /** Whether a wait of {@code d} would end past the deadline. */
    boolean wouldPass(Duration d) {
        return clock.nanoTime() + d.toNanos() >= end;
    }

    boolean passed() {
        return clock.nanoTime() >= end;
    }

    DeadlineExceededException exceeded(String endpoint, int attempts, Throwable cause) {
        return new DeadlineExceededException(0, null, endpoint, null, "no complete answer within the call deadline of "
                + human(length) + " (" + attempts + " attempt(s)); Profile.withCallTimeout or MarketLab.withTimeout changes it", cause);
    }

    /** A connection failure in words: an unknown host says so, a deadline says so. */
    ConnectionException failure(IOException e, String host, String endpoint, int attempts, boolean neverSent) {
        if (e instanceof UnknownHostException) {
            return new ConnectionException(0, null, endpoint, null, "the host " + host + " is unknown (no address for it: a"
                    + " mistyped URL, or no DNS or network here)", e);
        }
        if (e instanceof InterruptedIOException && passed()) return exceeded(endpoint, attempts, e);
        return new ConnectionException(0, null, endpoint, null,
                (neverSent ? "connection refused" : "no answer") + " after " + attempts + " attempt(s): " + e.getMessage(), e);
    }

    private static String human(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
