package org.marketlab.http;

import java.time.Duration;

/** No answer: the connection was refused, dropped or timed out (status 0). */
public class ConnectionException extends ServiceException {
    public ConnectionException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }
}
