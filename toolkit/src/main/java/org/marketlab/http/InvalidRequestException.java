package org.marketlab.http;

import java.time.Duration;

/** The server refused the request as malformed or against a business rule (400, 422). */
public class InvalidRequestException extends ServiceException {
    public InvalidRequestException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }
}
