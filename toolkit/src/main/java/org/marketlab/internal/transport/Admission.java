package org.marketlab.internal.transport;

import org.marketlab.http.ConnectionException;
import org.marketlab.pacing.Pacer;

import java.io.IOException;
import java.util.function.Function;

/**
 * Admits each attempt: the pacer (the published windows, fair among callers), then each of the call's
 * {@link Limiter}s in order. The first admission starts the call's deadline, so the wait for the published limits
 * before the first attempt does not count against it. Every answer, whatever its status, goes back to the pacer
 * and the limiters (rate-limit headers, a {@code 429}'s hold).
 */
final class Admission implements SendStep {

    @Override
    public Answer send(Exchange x, Chain rest) throws IOException {
        Call call = x.call();
        Pacer pacer = x.resources().pacer();
        Pacer.Permit permit;
        try {
            permit = pacer.acquire(call.service().id(), call.method(), call.path());
            for (Limiter l : call.limiters()) l.acquire(call);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectionException(0, null, x.endpoint(), null, "interrupted while waiting for the rate limit", e);
        }
        x.beginAttempt();
        Answer a;
        try {
            a = rest.proceed(x);
        } finally {
            permit.settle();
        }
        Function<String, String> header = a::header;
        pacer.onResponse(call.service().id(), call.method(), call.path(), a.status(), header);
        for (Limiter l : call.limiters()) l.onResponse(call, a.status(), header);
        return a;
    }
}
