package org.marketlab.sandbox;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each kind of random fault, as a plain HTTP client sees it over loopback; the rate and the counts. */
class RandomFaultsTest {

    private static Sandbox sandbox;
    private static Wire markets;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(4).now(Instant.parse("2026-11-01T00:00:00Z")).build().enforceLimits(false);
        markets = new Wire(sandbox.start().get("markets"));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static HttpResponse<byte[]> with(Faults.Kind kind) {
        sandbox.faults().clear().random(1.0, 1, 300, EnumSet.of(kind));
        try {
            return markets.get("/events?limit=1");
        } finally {
            sandbox.faults().clear();
        }
    }

    @Test
    void eachKindLooksAsNamed() throws Exception {
        assertThrows(UncheckedIOException.class, () -> with(Faults.Kind.DROP_BEFORE_ANSWER));
        assertThrows(UncheckedIOException.class, () -> with(Faults.Kind.DROP_MID_BODY), "the body ends before its length");
        assertEquals(500, with(Faults.Kind.ERROR_500).statusCode());
        assertEquals(503, with(Faults.Kind.ERROR_503).statusCode());
        assertEquals(425, with(Faults.Kind.TOO_EARLY_425).statusCode());
        var ra = with(Faults.Kind.RATE_LIMITED_RETRY_AFTER);
        assertEquals(429, ra.statusCode());
        assertEquals("1", ra.headers().firstValue("Retry-After").orElseThrow());
        var nh = with(Faults.Kind.RATE_LIMITED_NO_HEADERS);
        assertEquals(429, nh.statusCode());
        assertTrue(nh.headers().firstValue("Retry-After").isEmpty());
        var tr = with(Faults.Kind.TRUNCATED_BODY);
        assertEquals(200, tr.statusCode());
        assertFalse(Wire.parses(tr.body()));
        var ws = with(Faults.Kind.WRONG_SHAPE_BODY);
        assertEquals(200, ws.statusCode());
        assertTrue(Wire.parses(ws.body()) && !Wire.JSON.readTree(ws.body()).isArray(), "JSON, but not an array of events");
        long t0 = System.nanoTime();
        var d = with(Faults.Kind.DELAY);
        assertEquals(200, d.statusCode());
        assertTrue(System.nanoTime() - t0 >= 300_000_000L, "waited the delay");
    }

    @Test
    void theRateHoldsAndEveryInjectedFaultIsCounted() {
        sandbox.faults().clear().random(0.1, 42, 0, EnumSet.of(Faults.Kind.ERROR_500, Faults.Kind.ERROR_503));
        int failed = 0;
        for (int i = 0; i < 1000; i++) if (markets.get("/events?limit=1").statusCode() != 200) failed++;
        Map<Faults.Kind, Long> injected = sandbox.faults().injected();
        assertEquals(failed, injected.get(Faults.Kind.ERROR_500) + injected.get(Faults.Kind.ERROR_503));
        assertTrue(failed > 60 && failed < 140, "about 10 %: " + failed);
        assertEquals(0, injected.get(Faults.Kind.DELAY));
        sandbox.faults().clear();
        assertEquals(0, sandbox.faults().injected().get(Faults.Kind.ERROR_500), "cleared");
        assertThrows(IllegalArgumentException.class, () -> sandbox.faults().random(1.5, 1, 0, EnumSet.of(Faults.Kind.DELAY)));
        assertThrows(IllegalArgumentException.class, () -> sandbox.faults().random(0.1, 1, 0, EnumSet.noneOf(Faults.Kind.class)));
    }
}
