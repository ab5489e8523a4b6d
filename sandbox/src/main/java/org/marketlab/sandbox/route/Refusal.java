package org.marketlab.sandbox.route;

import io.javalin.http.Context;

import java.util.Map;

/**
 * A request the sandbox refuses, with the status and message of its answer. Every host throws this one kind; the
 * server answers it in its host's error shape ({@link #write}). A refusal whose answer carries more than the message
 * (a header, more fields, no body) overrides {@link #answer}.
 */
public class Refusal extends RuntimeException {

    private final int status;

    public Refusal(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    /** 400: the request itself is wrong. */
    public static Refusal badRequest(String message) {
        return new Refusal(400, message);
    }

    /** 401: missing or wrong credentials, a signature that does not verify, a stale timestamp. */
    public static Refusal unauthorized(String message) {
        return new Refusal(401, message);
    }

    /** 404: the thing named does not exist. */
    public static Refusal notFound(String message) {
        return new Refusal(404, message);
    }

    public int status() {
        return status;
    }

    /** Writes the answer on the server of {@code service}. */
    public void answer(Context ctx, String service) {
        write(ctx, service, status, getMessage());
    }

    /**
     * An error in the shape of a host's interface: {@code {"status": "err", "error"}} on the perpetuals host (its
     * documented failure body), {@code {"error"}} on the others (the order book's, and the sandbox's everywhere else).
     */
    public static void write(Context ctx, String service, int status, String message) {
        ctx.status(status).json(service.equals("perps") ? Map.of("status", "err", "error", message) : Map.of("error", message));
    }
}
