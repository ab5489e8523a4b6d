package org.marketlab.internal.transport;

import org.marketlab.pacing.RetryPolicy;
import org.marketlab.http.*;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.spi.IpLimit;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reads are retried; writes only where the server cannot have acted or the specification says so. */
class RetrySafetyTest {

    private Sandbox sandbox;
    private Transport transport;

    @BeforeEach
    void start() {
        // The sandbox allows one POST /order a second; the client is told of no limits, so it meets the 429.
        IpLimit one = new IpLimit("t.order", "clob", "POST /order", Set.of("POST"), List.of("/order"), 1, Duration.ofSeconds(1));
        sandbox = Sandbox.builder().seed(1).now(Instant.parse("2026-11-01T00:00:00Z")).limits(List.of(one)).build().rejectOverLimit(true);
        var urls = sandbox.start();
        Profile p = Profile.sandbox(1).withUrl(Service.CLOB, urls.get("clob").toString()).withIpLimits(List.of());
        transport = Transport.create(p, Clock.system(), new RetryPolicy(4, 4, Duration.ofMillis(5), Duration.ofMillis(20)));
    }

    @AfterEach
    void stop() {
        sandbox.close();
    }

    private static Call post(Call.Safety safety) {
        return post("/order", safety);
    }

    private static Call post(String path, Call.Safety safety) {
        return new Call(Service.CLOB, "POST", path, Query.empty(), Map.of("X-Test", "1"),
                "{}".getBytes(StandardCharsets.UTF_8), safety);
    }

    private long sent() {
        return sandbox.stats().requests("clob", "/order");
    }

    @Test
    void anUnsafeWriteIsNotRetriedOnAServerError() {
        sandbox.faults().errors(500, 1);
        var e = assertThrows(ServerException.class, () -> transport.send(post(Call.Safety.UNSAFE)));
        assertEquals(500, e.status());
        assertEquals(1, sent());
    }

    @Test
    void anUnsafeWriteIsNotRetriedWhenTheConnectionDrops() {
        sandbox.faults().drops(1);
        assertThrows(ConnectionException.class, () -> transport.send(post(Call.Safety.UNSAFE)));
        assertEquals(1, sent());
    }

    @Test
    void aResubmittableWriteIsRetriedWhileTheEngineRestarts() {
        sandbox.faults().errors(425, 2);
        // After two 425s the request reaches the order route, which refuses an order without API-key headers (401):
        // proof that it was sent again.
        assertThrows(AuthenticationException.class, () -> transport.send(post("/orders", Call.Safety.RESUBMITTABLE)));
        assertEquals(3, sandbox.stats().requests("clob", "/orders"));
    }

    @Test
    void anyWriteIsRetriedAfterA429AtRetryAfter() {
        assertThrows(AuthenticationException.class, () -> transport.send(post(Call.Safety.UNSAFE)));
        long t0 = System.nanoTime();
        assertThrows(AuthenticationException.class, () -> transport.send(post(Call.Safety.UNSAFE)));
        long waited = System.nanoTime() - t0;
        assertEquals(1, sandbox.stats().rateLimitedCount());
        assertEquals(3, sent());
        assertTrue(waited >= 900_000_000L, "waited for Retry-After (1 s): " + waited / 1e6 + " ms");
    }

    @Test
    void readsAreRetriedOnServerErrors() {
        sandbox.faults().errors(502, 2);
        Call get = Call.get(Service.CLOB, "/ok", Query.empty());
        assertEquals("OK", new String(transport.send(get).body(), StandardCharsets.UTF_8));
        assertEquals(3, sandbox.stats().requests("clob", "/ok"));
    }

    @Test
    void headersNeverReachMessages() {
        sandbox.faults().errors(500, 1);
        Call secret = post(Call.Safety.UNSAFE).withHeaders(Map.of("SERVICE-SECRET", "s3cr3t-value"));
        var e = assertThrows(ServerException.class, () -> transport.send(secret));
        assertTrue(!e.getMessage().contains("s3cr3t") && !secret.toString().contains("s3cr3t"), e.getMessage());
    }
}
