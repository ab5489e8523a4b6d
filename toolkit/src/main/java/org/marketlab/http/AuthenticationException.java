package org.marketlab.http;

import java.time.Duration;

/** Missing, invalid or expired credentials, or a bad signature (401, 403). */
public class AuthenticationException extends ServiceException {
    public AuthenticationException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }
}
