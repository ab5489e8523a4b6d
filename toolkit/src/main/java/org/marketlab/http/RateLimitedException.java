package org.marketlab.http;

import java.time.Duration;

/** Still over a limit after the toolkit's bounded retries (429); {@link #retryAfter()} says for how long. */
public class RateLimitedException extends ServiceException {
    public RateLimitedException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }
}
