package org.marketlab.internal.transport;

import java.io.IOException;
import java.util.List;

/**
 * One step of sending a call, the way an OkHttp interceptor is one step of a request: it does its part around
 * {@code rest}, the steps after it, and may call {@code rest} again (a retry) or not at all (a refusal). The
 * {@link Transport} composes the steps in {@link #DEFAULT} order; each is a class of its own, testable alone
 * with a {@link Chain} that ends in a step of the test's making.
 *
 * <p>Outermost first: {@link ErrorMapping} (an answer that is not 2xx becomes the exception of its meaning),
 * {@link RateLimitWaits} (a {@code 429} is waited out within the call's budget), {@link Retries} (connection
 * failures and server errors, as the call's safety allows), {@link RedirectRefusal} (a redirect not followed ends
 * the call), {@link Admission} (the pacer and the call's limiters admit each attempt, and hear its answer),
 * {@link Signing} (headers and body made for this attempt), {@link HttpExchange} (the bytes on the wire, within the
 * deadline). A step that records or serves exchanges belongs between {@link Retries} and {@link RedirectRefusal}:
 * it sees each attempt's call before it is signed, and its raw answer.
 */
@FunctionalInterface
public interface SendStep {

    /** The toolkit's steps, outermost first. */
    List<SendStep> DEFAULT = List.of(new ErrorMapping(), new RateLimitWaits(), new Retries(), new RedirectRefusal(),
            new Admission(), new Signing(), new HttpExchange());

    /** Does this step's part of sending {@code exchange}, calling {@code rest} for the steps after it. */
    Answer send(Exchange exchange, Chain rest) throws IOException;

    /** The steps after the current one. */
    final class Chain {
        private final List<SendStep> steps;
        private final int index;

        public Chain(List<SendStep> steps) {
            this(List.copyOf(steps), 0);
        }

        private Chain(List<SendStep> steps, int index) {
            this.steps = steps;
            this.index = index;
        }

        /** Runs the next step (and, through it, the rest). */
        public Answer proceed(Exchange exchange) throws IOException {
            if (index >= steps.size()) throw new IllegalStateException("the last step of a chain must answer, not proceed");
            return steps.get(index).send(exchange, new Chain(steps, index + 1));
        }
    }
}
