package org.marketlab.internal.transport;

/**
 * Makes the request of one attempt: adds authentication headers, and builds a body whose timestamp, salt and
 * signature are computed now. The transport calls it after the pacer and every limiter have admitted the attempt,
 * so what it signs is as fresh as the send.
 */
@FunctionalInterface
public interface Signer {

    /** Leaves the call as it is. */
    Signer NONE = (call, nowMillis) -> call;

    /**
     * @param call      the call as built (headers and body may still be missing)
     * @param nowMillis the transport clock's wall time for this attempt, in ms
     * @return the call to send on this attempt
     */
    Call sign(Call call, long nowMillis);

    /** This signer, then {@code next}. */
    default Signer andThen(Signer next) {
        return (call, now) -> next.sign(sign(call, now), now);
    }
}
