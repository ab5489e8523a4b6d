package org.marketlab.internal.transport;

import java.io.IOException;

/**
 * Makes this attempt's request with the call's {@link Signer}, at the transport clock's time of this attempt (after
 * the pacer and limiters admitted it), so what is signed is as fresh as the send.
 */
final class Signing implements SendStep {

    @Override
    public Answer send(Exchange x, Chain rest) throws IOException {
        x.signed(x.call().signer().sign(x.call(), x.resources().clock().currentTimeMillis()));
        return rest.proceed(x);
    }
}
