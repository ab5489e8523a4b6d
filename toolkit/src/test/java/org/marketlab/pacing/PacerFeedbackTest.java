package org.marketlab.pacing;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PacerFeedbackTest {

    private static final long SECOND = 1_000_000_000L;

    private static Function<String, String> headers(String... nameValue) {
        Map<String, String> m = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 0; i < nameValue.length; i += 2) m.put(nameValue[i], nameValue[i + 1]);
        return m::get;
    }

    private static long waitedNanos(Pacer p, String service, String path) throws InterruptedException {
        return p.acquire(service, "GET", path).waited().toNanos();
    }

    @Test
    void a429HoldsTheScopesForRetryAfterInSeconds() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        p.acquire("clob", "GET", "/book");
        assertEquals(0, p.rateLimitedResponses());
        p.onResponse("clob", "GET", "/book", 429, headers("retry-after", "3"));
        assertEquals(1, p.rateLimitedResponses(), "429s are counted");
        p.onResponse("clob", "GET", "/book", 200, headers());
        assertEquals(1, p.rateLimitedResponses());
        assertEquals(3 * SECOND, waitedNanos(p, "clob", "/book"));
        assertEquals(3 * SECOND, clock.nanoTime());
    }

    @Test
    void retryAfterAsAnHttpDate() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(
                Instant.ofEpochMilli(clock.currentTimeMillis()).plusSeconds(5).atOffset(ZoneOffset.UTC));
        p.onResponse("clob", "GET", "/book", 429, headers("Retry-After", date));
        assertEquals(5 * SECOND, waitedNanos(p, "clob", "/book"));
    }

    @Test
    void withoutAHintTheHoldBacksOffAndASuccessEndsTheRun() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        p.onResponse("clob", "GET", "/book", 429, headers());
        assertEquals(SECOND, waitedNanos(p, "clob", "/book"));
        p.onResponse("clob", "GET", "/book", 429, headers());
        assertEquals(2 * SECOND, waitedNanos(p, "clob", "/book"));
        p.onResponse("clob", "GET", "/book", 429, headers());
        assertEquals(4 * SECOND, waitedNanos(p, "clob", "/book"));
        p.onResponse("clob", "GET", "/book", 200, headers());
        p.onResponse("clob", "GET", "/book", 429, headers());
        assertEquals(SECOND, waitedNanos(p, "clob", "/book"));
        for (int i = 0; i < 10; i++) p.onResponse("clob", "GET", "/book", 429, headers());
        assertEquals(32 * SECOND, waitedNanos(p, "clob", "/book"), "the backoff is capped");
    }

    @Test
    void a429WithOnlyAResetHeaderHoldsUntilTheReset() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        long resetSeconds = clock.currentTimeMillis() / 1000 + 7;
        p.onResponse("clob", "POST", "/order", 429, headers("Poly-RateLimit-Reset", Long.toString(resetSeconds)));
        assertEquals(7 * SECOND, p.acquire("clob", "POST", "/order").waited().toNanos());
    }

    @Test
    void anAnswerSayingNothingRemainsHoldsUntilTheReset() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        long reset = clock.currentTimeMillis() / 1000 + 2;
        p.onResponse("clob", "POST", "/order", 200,
                headers("Svc-RateLimit-Remaining", "5", "Svc-RateLimit-Reset", Long.toString(reset)));
        assertEquals(0, p.acquire("clob", "POST", "/order").waited().toNanos(), "tokens remain: no hold");
        p.onResponse("clob", "POST", "/order", 200,
                headers("svc-ratelimit-remaining", "-3", "svc-ratelimit-reset", Long.toString(reset)));
        assertEquals(2 * SECOND, p.acquire("clob", "POST", "/order").waited().toNanos());
    }

    @Test
    void aHoldStaysWithTheServiceThatWasRateLimited() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer p = Pacer.published(clock);
        p.onResponse("markets", "GET", "/events", 429, headers("Retry-After", "4"));
        assertEquals(0, waitedNanos(p, "clob", "/book"), "the order book is not held by a 429 on /events");
        assertEquals(4 * SECOND, waitedNanos(p, "markets", "/tags"), "the market-data scopes are");
        // A service with no scope of its own holds the IP-wide ones it matched.
        p.onResponse("perps", "GET", "/v1/account/portfolio", 429, headers("Retry-After", "1"));
        assertEquals(SECOND, waitedNanos(p, "clob", "/book"));
    }
}
