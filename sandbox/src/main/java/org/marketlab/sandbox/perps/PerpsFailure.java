package org.marketlab.sandbox.perps;

/** A refused perpetuals request, answered {@code {"status": "err", "error": message}} with an HTTP status. */
final class PerpsFailure extends RuntimeException {

    final int status;

    private PerpsFailure(int status, String error) {
        super(error, null, false, false);
        this.status = status;
    }

    /** 400: the request itself is wrong (shape, value, a command's {@code exp}). */
    static PerpsFailure invalid(String error) {
        return new PerpsFailure(400, error);
    }

    /** 401: missing or wrong credentials, a signature that does not verify, a stale timestamp. */
    static PerpsFailure unauthorized(String error) {
        return new PerpsFailure(401, error);
    }

    /** 404: the thing named does not exist. */
    static PerpsFailure notFound(String error) {
        return new PerpsFailure(404, error);
    }
}
