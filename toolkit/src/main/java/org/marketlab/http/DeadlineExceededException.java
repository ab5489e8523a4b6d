package org.marketlab.http;

import java.time.Duration;

/**
 * The call did not end within its deadline ({@code Profile.withCallTimeout}, {@code MarketLab.withTimeout}): the
 * server was too slow, trickled its answer, or went silent after its headers. Status 0: no complete answer.
 */
public class DeadlineExceededException extends ConnectionException {
    public DeadlineExceededException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }
}
