package org.marketlab.http;

import java.time.Duration;

/** The server answered, but not with a document of the documented shape. */
public class MalformedResponseException extends ServiceException {
    public MalformedResponseException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }
}
