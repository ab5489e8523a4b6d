package org.marketlab.sandbox.route;

/** A query parameter the server cannot use: answered 422 with {@code {"error": message}}. */
public final class BadParameter extends RuntimeException {

    public BadParameter(String message) {
        super(message);
    }
}
