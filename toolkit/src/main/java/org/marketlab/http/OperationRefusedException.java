package org.marketlab.http;

import java.time.Duration;

/**
 * The service answered with a success status but refused the operation in its body: the perpetuals interface's
 * {@code {status: "err", error: "..."}}. {@link #serverMessage()} is the service's {@code error}.
 */
public class OperationRefusedException extends ServiceException {
    public OperationRefusedException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }
}
