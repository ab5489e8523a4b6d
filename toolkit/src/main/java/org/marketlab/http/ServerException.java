package org.marketlab.http;

import java.time.Duration;

/** The server failed (5xx, or 425 while the matching engine restarts) and the bounded retries did not help. */
public class ServerException extends ServiceException {
    public ServerException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }
}
