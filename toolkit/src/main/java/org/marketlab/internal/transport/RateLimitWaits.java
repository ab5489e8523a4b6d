package org.marketlab.internal.transport;

import org.marketlab.pacing.RetryPolicy;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.Pacer;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

/**
 * Waits out {@code 429}s within one budget per call ({@link RetryPolicy#rateLimitBudget()}, two minutes by
 * default, counted from the call's first {@code 429}). Each wait is the longer of the answer's {@code Retry-After}
 * (else a backoff) and the time the pacer now holds the call's scopes; a wait that would end past the budget, or
 * one more {@code 429} than {@link RetryPolicy#maxRateLimitedAttempts()} allows, ends the call at once
 * with a {@link org.marketlab.http.RateLimitedException} naming the held scopes and until when. The wait does not
 * count against the call's deadline: it is the service's limit, not its slowness.
 */
final class RateLimitWaits implements SendStep {

    @Override
    public Answer send(Exchange x, Chain rest) throws IOException {
        Clock clock = x.resources().clock();
        int limited = 0;
        long budgetEnd = 0;
        while (true) {
            Answer a = rest.proceed(x);
            if (a.status() != 429) return a;
            limited++;
            long now = clock.nanoTime();
            if (limited == 1) budgetEnd = now + x.retry().rateLimitBudget().toNanos();
            Duration retryAfter = ErrorMapper.retryAfter(a.document(x), clock);
            Duration wait = retryAfter != null ? retryAfter : x.retry().backoff(limited);
            Optional<Pacer.Hold> hold = hold(x);
            Duration held = hold.map(h -> Duration.ofMillis(Math.max(0, h.until().toEpochMilli() - clock.currentTimeMillis())))
                    .orElse(Duration.ZERO);
            Duration longer = held.compareTo(wait) > 0 ? held : wait;
            Duration left = Duration.ofNanos(Math.max(0, budgetEnd - now));
            if (limited >= x.retry().maxRateLimitedAttempts() || longer.compareTo(left) > 0) {
                String why = limited >= x.retry().maxRateLimitedAttempts()
                        ? limited + " answers of 429"
                        : "the next wait (" + seconds(longer) + ") would end past the call's budget for rate limits ("
                          + seconds(x.retry().rateLimitBudget()) + " from its first 429, " + seconds(left) + " left)";
                throw ErrorMapper.rateLimited(ErrorMapper.serverMessage(x.resources().json(), a.body()), x.endpoint(),
                        retryAfter, x.attempts(), why, hold);
            }
            // Waiting out a 429 is not the server being slow: the deadline moves by the wait.
            x.deadline().extend(longer);
            // The pacer (and a limiter told of it) now holds the scope; a path neither covers waits here.
            x.sleep(wait, null);
        }
    }

    private static Optional<Pacer.Hold> hold(Exchange x) {
        Call c = x.call();
        return x.resources().pacer().hold(c.service().id(), c.method(), c.path());
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format(java.util.Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }
}
