package org.marketlab.internal.transport;

import org.marketlab.pacing.RetryPolicy;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.time.Duration;

/**
 * Retries what the call's {@link Call.Safety} allows, up to {@link RetryPolicy#maxAttempts()} attempts in
 * all: a connection that failed (any for a read; one that never opened for a write) and a server error (5xx and 425
 * for a read; 425 and {@code 500 order timed out} for a resubmittable write), after the answer's
 * {@code Retry-After} or a jittered backoff, within the deadline. A connection failure it does not retry becomes a
 * {@link org.marketlab.http.ConnectionException} (or a deadline's exception) in words.
 */
final class Retries implements SendStep {

    @Override
    public Answer send(Exchange x, Chain rest) throws IOException {
        while (true) {
            Answer a;
            try {
                a = rest.proceed(x);
            } catch (IOException e) {
                boolean neverSent = e instanceof ConnectException;
                boolean interrupted = e instanceof InterruptedIOException && Thread.currentThread().isInterrupted();
                if (!interrupted && x.attempts() < x.retry().maxAttempts() && !(e instanceof UnknownHostException)
                        && (x.call().safety() == Call.Safety.IDEMPOTENT || neverSent)) {
                    x.sleep(x.retry().backoff(x.attempts()), e);
                    continue;
                }
                throw x.deadline().failure(e, x.url().host(), x.endpoint(), x.attempts(), neverSent);
            }
            if (x.attempts() < x.retry().maxAttempts() && retryable(x.call().safety(), a)) {
                Duration retryAfter = ErrorMapper.retryAfter(a.document(x), x.resources().clock());
                x.sleep(retryAfter != null ? retryAfter : x.retry().backoff(x.attempts()), null);
                continue;
            }
            return a;
        }
    }

    static boolean retryable(Call.Safety safety, Answer a) {
        int status = a.status();
        if (status < 425) return false;
        return switch (safety) {
            case IDEMPOTENT -> status >= 500 || status == 425;
            case RESUBMITTABLE -> status == 425 || (status == 500 && timedOut(a));
            case UNSAFE -> false;
        };
    }

    private static boolean timedOut(Answer a) {
        String message = ErrorMapper.serverMessage(Decoding.mapper(), a.body());
        return message != null && message.contains("order timed out");
    }
}
