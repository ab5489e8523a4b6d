package org.marketlab.internal.transport;

import java.io.IOException;

/** The outermost step: a 2xx answer goes back as it is; any other becomes the exception of its meaning. */
final class ErrorMapping implements SendStep {

    @Override
    public Answer send(Exchange x, Chain rest) throws IOException {
        Answer a = rest.proceed(x);
        if (a.successful()) return a;
        String message = ErrorMapper.serverMessage(x.resources().json(), a.body());
        throw ErrorMapper.map(a.status(), message, x.endpoint(), ErrorMapper.retryAfter(a.document(x), x.resources().clock()));
    }
}
