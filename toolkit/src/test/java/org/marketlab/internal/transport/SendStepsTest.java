package org.marketlab.internal.transport;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.ConnectionException;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.http.RedirectRefusedException;
import org.marketlab.http.ServerException;
import org.marketlab.pacing.VirtualClock;

import java.io.IOException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each step of the send chain alone: a chain of the step under test and a scripted last step that answers from a
 * list (or throws), on a virtual clock. Nothing is sent.
 */
class SendStepsTest {

    private final VirtualClock clock = new VirtualClock();
    private final Resources resources = new Resources(Profile.sandbox(1).withUrl(Service.MARKETS, "http://127.0.0.1:9"), clock);
    private final RetryPolicy retry = new RetryPolicy(4, 6, Duration.ofMillis(100), Duration.ofSeconds(1));

    /** Answers (or throws) from a script, one entry an attempt, and records the call each attempt carried. */
    private static final class Script implements SendStep {
        final Deque<Object> script = new ArrayDeque<>();
        final List<Call> seen = new ArrayList<>();

        Script then(Object answerOrException) {
            script.add(answerOrException);
            return this;
        }

        @Override
        public Answer send(Exchange x, Chain rest) throws IOException {
            seen.add(x.signed());
            Object next = script.remove();
            if (next instanceof IOException e) throw e;
            return (Answer) next;
        }
    }

    private static Answer answer(int status, String body, String... headers) {
        Map<String, List<String>> h = new java.util.HashMap<>();
        for (String line : headers) {
            int c = line.indexOf(':');
            h.put(line.substring(0, c).trim(), List.of(line.substring(c + 1).trim()));
        }
        return new Answer(status, h, body.getBytes(StandardCharsets.UTF_8));
    }

    /** A chain of {@code steps} then the script; attempts are begun by the chain's first step where no Admission runs. */
    private Answer run(Call call, Script script, SendStep... steps) throws IOException {
        List<SendStep> chain = new ArrayList<>(List.of(steps));
        boolean admits = chain.stream().anyMatch(s -> s instanceof Admission);
        if (!admits) chain.add(chain.size(), (x, rest) -> {
            x.beginAttempt();
            return rest.proceed(x);
        });
        chain.add(script);
        return new SendStep.Chain(chain).proceed(new Exchange(call, resources, retry));
    }

    private static Call get() {
        return Call.get(Service.MARKETS, "/events", Query.empty());
    }

    @Test
    void errorMappingTurnsAnAnswerIntoItsException() throws IOException {
        Script s = new Script().then(answer(200, "[]"));
        assertEquals(200, run(get(), s, new ErrorMapping()).status());
        var e = assertThrows(InvalidRequestException.class, () -> run(get(), new Script().then(answer(400, "{\"error\":\"bad limit\"}")), new ErrorMapping()));
        assertTrue(e.getMessage().contains("bad limit"), e.getMessage());
    }

    @Test
    void retriesRepeatAReadOnServerErrorsAndConnectionFailuresOnly() throws IOException {
        Script s = new Script().then(answer(503, "")).then(new IOException("reset")).then(answer(200, "[]"));
        assertEquals(200, run(get(), s, new Retries()).status());
        assertEquals(3, s.seen.size());
        Script bad = new Script().then(answer(400, ""));
        assertEquals(400, run(get(), bad, new Retries()).status(), "a client error is not retried");
        assertEquals(1, bad.seen.size());
    }

    @Test
    void retriesRepeatAnUnsafeWriteOnlyWhenItNeverLeft() throws IOException {
        Call write = Call.write(Service.MARKETS, "POST", "/order", "{}".getBytes(StandardCharsets.UTF_8));
        Script s = new Script().then(new ConnectException("refused")).then(answer(500, ""));
        assertEquals(500, run(write, s, new Retries()).status(), "the server may have acted on the second: not retried");
        assertEquals(2, s.seen.size());
        Script dropped = new Script().then(new IOException("unexpected end of stream"));
        var e = assertThrows(ConnectionException.class, () -> run(write, dropped, new Retries()));
        assertTrue(e.getMessage().contains("no answer after 1 attempt"), e.getMessage());
    }

    @Test
    void retriesStopAtTheirAttempts() throws IOException {
        Script s = new Script();
        for (int i = 0; i < 4; i++) s.then(answer(502, ""));
        assertEquals(502, run(get(), s, new Retries()).status());
        assertEquals(4, s.seen.size());
        assertThrows(ServerException.class, () -> {
            Script again = new Script();
            for (int i = 0; i < 4; i++) again.then(answer(502, ""));
            run(get(), again, new ErrorMapping(), new Retries());
        });
    }

    @Test
    void aRedirectEndsTheCall() {
        Script s = new Script().then(answer(302, "", "Location: http://elsewhere.example/x"));
        var e = assertThrows(RedirectRefusedException.class, () -> run(get(), s, new Retries(), new RedirectRefusal()));
        assertTrue(e.getMessage().contains("elsewhere.example"), e.getMessage());
        assertEquals(1, s.seen.size(), "never retried");
    }

    @Test
    void signingMakesEachAttemptsRequestAtItsOwnTime() throws IOException {
        Call call = get().signedBy((c, now) -> c.withHeaders(Map.of("X-Time", Long.toString(now))));
        Script s = new Script().then(answer(503, "")).then(answer(200, "[]"));
        run(call, s, new Retries(), new Signing());
        assertEquals(2, s.seen.size());
        long first = Long.parseLong(s.seen.get(0).headers().get("X-Time"));
        long second = Long.parseLong(s.seen.get(1).headers().get("X-Time"));
        assertTrue(second > first, "signed again after the backoff: " + first + " then " + second);
    }

    @Test
    void admissionTellsThePacerOfEveryAnswer() throws IOException {
        Script s = new Script().then(answer(429, ""));
        assertEquals(429, run(get(), s, new Admission()).status());
        assertTrue(resources.pacer().hold("markets", "GET", "/events").isPresent(), "a 429 holds the scope");
        assertEquals(1, resources.pacer().rateLimitedResponses());
    }

    @Test
    void rateLimitWaitsWaitOutA429AndGoOn() throws IOException {
        Script s = new Script().then(answer(429, "", "Retry-After: 3")).then(answer(200, "[]"));
        long t0 = clock.nanoTime();
        Answer a = run(get(), s, new RateLimitWaits());
        assertEquals(200, a.status());
        assertEquals(Duration.ofSeconds(3), Duration.ofNanos(clock.nanoTime() - t0), "waited what Retry-After said");
        assertArrayEquals("[]".getBytes(StandardCharsets.UTF_8), a.body());
    }
}
