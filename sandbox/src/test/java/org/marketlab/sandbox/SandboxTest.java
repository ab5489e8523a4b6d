package org.marketlab.sandbox;

import org.marketlab.sandbox.world.Fields;
import org.marketlab.sandbox.world.World;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.marketlab.spi.IpLimit;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SandboxTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<byte[]> get(URI base, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(base.resolve(path)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void sameSeedSameBytesOtherSeedOtherWorld() throws Exception {
        byte[] a, b, c;
        try (Sandbox s = Sandbox.builder().seed(5).now(NOW).build().enforceLimits(false)) {
            a = get(s.start().get("markets"), "/events?limit=100&offset=700").body();
        }
        try (Sandbox s = Sandbox.builder().seed(5).now(NOW).build().enforceLimits(false)) {
            b = get(s.start().get("markets"), "/events?limit=100&offset=700").body();
        }
        try (Sandbox s = Sandbox.builder().seed(6).now(NOW).build().enforceLimits(false)) {
            c = get(s.start().get("markets"), "/events?limit=100&offset=700").body();
        }
        assertArrayEquals(a, b);
        assertFalse(java.util.Arrays.equals(a, c));
    }

    @Test
    void worldHasTheSizeAndSpreadOfTheRealOne() {
        World w = World.generate(7, NOW);
        assertTrue(w.events().size() >= 2000 && w.events().size() <= 2100, "events " + w.events().size());
        assertTrue(w.marketCount() >= 8000, "markets " + w.marketCount());
        assertTrue(w.tags().size() >= 100, "tags " + w.tags().size());
        Map<String, Integer> categories = new HashMap<>();
        int closed = 0, archived = 0, negRisk = 0, multi = 0, series = 0, nonBinary = 0;
        for (World.EventFacts e : w.events()) {
            categories.merge(e.document().get("category").asText(), 1, Integer::sum);
            if (e.closed()) closed++;
            if (e.archived()) archived++;
            if (e.document().get("negRisk").asBoolean()) negRisk++;
            if (e.document().get("markets").size() > 1) multi++;
            if (!e.recurrences().isEmpty()) series++;
            for (JsonNode m : e.document().get("markets")) if (!m.get("outcomes").asText().contains("Yes")) nonBinary++;
            // Closed events ended before now (or were closed early), open ones end after (or are open-ended).
            if (!e.closed() && e.endDate() != null) assertTrue(e.endDate().isAfter(NOW), "open event ends in the future: " + e.id());
        }
        assertEquals(8, categories.size());
        categories.values().forEach(n -> assertTrue(n > 150, "each category is well represented: " + categories));
        int n = w.events().size();
        assertTrue(closed > n / 5 && closed < n * 4 / 5, "closed " + closed);
        assertTrue(archived > 0 && negRisk > n / 10 && multi > n / 3 && series > n / 20 && nonBinary > 50);
        // Volumes spread over orders of magnitude.
        double min = w.events().stream().mapToDouble(World.EventFacts::volume).min().orElseThrow();
        double max = w.events().stream().mapToDouble(World.EventFacts::volume).max().orElseThrow();
        assertTrue(max / Math.max(min, 1) > 1e4, "volume spread " + min + " .. " + max);
        // Every market's outcome tokens are known to the order-book side, binary prices sum to one.
        assertEquals(2 * w.marketCount(), w.tokens().size());
        for (JsonNode m : w.events().get(10).document().get("markets")) {
            String tokens = m.get("clobTokenIds").asText();
            assertTrue(tokens.startsWith("[\"") && w.token(tokens.substring(2, tokens.indexOf('"', 2))) != null);
        }
    }

    @Test
    void everySpecifiedFieldIsPresent() throws Exception {
        try (Sandbox s = Sandbox.builder().seed(7).now(NOW).build()) {
            JsonNode events = JSON.readTree(get(s.start().get("markets"), "/events?limit=3&include_chat=true&include_template=true").body());
            for (JsonNode e : events) {
                for (String f : Fields.EVENT) assertTrue(e.has(f), "event field " + f);
                for (JsonNode m : e.get("markets")) for (String f : Fields.MARKET) assertTrue(m.has(f), "market field " + f);
                for (JsonNode t : e.get("tags")) for (String f : Fields.TAG) assertTrue(t.has(f), "tag field " + f);
                assertTrue(e.get("markets").get(0).get("outcomes").isTextual(), "JSON inside a string, as live");
                assertTrue(e.get("markets").get(0).get("liquidity").isTextual(), "a number as a string, as live");
            }
        }
    }

    /** The windows run on a stepped clock: each request arrives at the instant the test says, however loaded the machine. */
    @Test
    void slidingWindowRefusesExactlyTheRequestOverTheLimit() throws Exception {
        IpLimit five = new IpLimit("t.five", "markets", "test", Set.of(), List.of("/events/*"), 5, Duration.ofSeconds(2));
        java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong();
        try (Sandbox s = Sandbox.builder().seed(1).now(NOW).limits(List.of(five)).windowClock(clock::get).build().rejectOverLimit(true)) {
            URI m = s.start().get("markets");
            for (int i = 0; i < 5; i++) {
                clock.set(i * 100_000_000L);
                assertEquals(200, get(m, "/events?limit=1").statusCode());
            }
            HttpResponse<byte[]> refused = get(m, "/events?limit=1");
            assertEquals(429, refused.statusCode());
            assertEquals("2", refused.headers().firstValue("Retry-After").orElseThrow(), "1.6 s until the first leaves, rounded up");
            assertEquals("Too Many Requests", JSON.readTree(refused.body()).get("error").asText());
            assertEquals(200, get(m, "/ok").statusCode(), "another scope is not limited");
            // Once the first request has left the window, one more is admitted, and no more until the second leaves.
            clock.set(2_000_000_000L);
            assertEquals(200, get(m, "/events?limit=1").statusCode());
            assertEquals(429, get(m, "/events?limit=1").statusCode());
            assertEquals(2, s.stats().rateLimitedCount());
        }
    }

    @Test
    void faultsCanBeSwitchedOverHttp() throws Exception {
        try (Sandbox s = Sandbox.builder().seed(1).now(NOW).build()) {
            URI m = s.start().get("markets");
            HttpRequest set = HttpRequest.newBuilder(m.resolve("/__sandbox/faults"))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"errors\": 1, \"errorStatus\": 503}")).build();
            assertEquals(200, http.send(set, HttpResponse.BodyHandlers.ofString()).statusCode());
            assertEquals(503, get(m, "/events?limit=1").statusCode());
            assertEquals(200, get(m, "/events?limit=1").statusCode());
            s.faults().malformedBodies(1);
            byte[] bad = get(m, "/events?limit=1").body();
            assertThrowsJson(bad);
        }
    }

    private static void assertThrowsJson(byte[] body) {
        try {
            JSON.readTree(body);
        } catch (Exception expected) {
            return;
        }
        throw new AssertionError("body was valid JSON: " + new String(body));
    }

    @Test
    void standaloneMainRefusesBadArgumentsWithUsage() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                "org.marketlab.sandbox.SandboxMain", "--port", "banana").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(2, p.waitFor());
        assertTrue(out.contains("usage:") && out.contains("--seed"), out);
        assertNotEquals(0, out.length());
    }

    private static final class Path {
        static java.nio.file.Path of(String first, String... more) {
            return java.nio.file.Path.of(first, more);
        }
    }
}
