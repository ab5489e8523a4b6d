package org.marketlab.internal.transport;

import java.io.IOException;

/**
 * A redirect that reaches the transport was not followed (the HTTP client follows only a public read's redirect to
 * its own host: {@link Redirects}); it ends the call with a {@link org.marketlab.http.RedirectRefusedException}
 * saying why, never retried.
 */
final class RedirectRefusal implements SendStep {

    @Override
    public Answer send(Exchange x, Chain rest) throws IOException {
        Answer a = rest.proceed(x);
        if (a.status() >= 300 && a.status() < 400) {
            throw Redirects.refused(a.status(), a.header("Location"), x.endpoint(), !x.signed().headers().isEmpty(), x.call().method());
        }
        return a;
    }
}
