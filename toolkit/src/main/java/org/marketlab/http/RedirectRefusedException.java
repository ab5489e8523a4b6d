package org.marketlab.http;

import java.time.Duration;

/**
 * The server answered with a redirect the toolkit does not follow: authenticated calls and writes follow none (their
 * headers and bodies belong to the host they were meant for), public reads follow only redirects to the same
 * scheme, host and port.
 */
public class RedirectRefusedException extends ServiceException {
    public RedirectRefusedException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }
}
