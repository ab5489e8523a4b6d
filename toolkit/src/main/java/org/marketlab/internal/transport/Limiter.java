package org.marketlab.internal.transport;

import java.util.function.Function;

/**
 * A limit beyond the published IP windows, with a cost per call and feedback from the answers: a weight budget,
 * a signer's order or cancel bucket. Acquired on every attempt after the pacer admits it; told every answer.
 */
public interface Limiter {

    /** Waits until this attempt's cost is available, then spends it. */
    void acquire(Call call) throws InterruptedException;

    /**
     * The answer to an attempt (any status): rate-limit headers lower the local view, {@code Retry-After} on a 429
     * holds it.
     */
    default void onResponse(Call call, int status, Function<String, String> header) {
    }
}
