package org.marketlab.http;

import java.time.Duration;

/** The answer's body was larger than the profile's response-size cap; reading stopped at the cap. */
public class ResponseTooLargeException extends ServiceException {
    public ResponseTooLargeException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }
}
