package org.marketlab.http;

import java.time.Duration;

/** The exchange refuses this kind of request in its current mode (503: disabled, cancel-only, post-only). */
public class ExchangeModeException extends ServiceException {
    public ExchangeModeException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }

    /** The mode the exchange is in, read from the refusal: cancel-only, post-only or disabled. */
    public ExchangeMode mode() {
        return ExchangeMode.of(null, serverMessage());
    }
}
