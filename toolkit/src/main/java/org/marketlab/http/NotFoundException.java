package org.marketlab.http;

import java.time.Duration;

/** The resource does not exist (404, or a message containing {@code not found}). */
public class NotFoundException extends ServiceException {
    public NotFoundException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }
}
