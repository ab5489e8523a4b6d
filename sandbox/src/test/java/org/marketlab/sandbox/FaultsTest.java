package org.marketlab.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Faults switched on from Java and over HTTP, and the request statistics, over loopback. */
class FaultsTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static Sandbox sandbox;
    private static Wire markets, clob;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(4).now(NOW).build().enforceLimits(false);
        markets = new Wire(sandbox.start().get("markets"));
        clob = new Wire(sandbox.urls().get("clob"));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @BeforeEach
    void goodDay() {
        sandbox.faults().clear();
    }

    @Test
    void randomNullsKeepIdsAndAreRepeatable() {
        sandbox.faults().nullFields(0.4);
        JsonNode events = markets.json("/events?limit=60&include_chat=true");
        int nulled = 0, fields = 0;
        for (JsonNode e : events) {
            assertTrue(e.get("id").isTextual(), "an event id is never null");
            JsonNode world = sandbox.world().event(e.get("id").asLong()).document();
            for (var f = e.fields(); f.hasNext(); ) {
                var field = f.next();
                fields++;
                if (field.getValue().isNull() && !world.get(field.getKey()).isNull()) nulled++;
            }
            if (e.get("markets").isArray()) {
                for (JsonNode m : e.get("markets")) {
                    assertTrue(m.get("id").isTextual() && m.get("conditionId").isTextual(), "market id and conditionId stay");
                }
            }
            if (e.get("tags").isArray()) for (JsonNode t : e.get("tags")) assertTrue(t.get("id").isTextual());
        }
        double share = nulled / (double) fields;
        assertTrue(share > 0.2 && share < 0.5, "about 40% of the fields nulled (less those null anyway): " + share);
        // Served from copies: the world itself is untouched.
        sandbox.faults().clear();
        JsonNode clean = markets.json("/events?limit=60&include_chat=true&include_template=true");
        for (JsonNode e : clean) assertEquals(sandbox.world().event(e.get("id").asLong()).document(), e);

        // The same seed and the same requests give the same nulls.
        byte[][] runs = new byte[2][];
        for (int i = 0; i < 2; i++) {
            try (Sandbox s = Sandbox.builder().seed(4).now(NOW).build().enforceLimits(false)) {
                s.faults().nullFields(0.3);
                Wire w = new Wire(s.start().get("markets"));
                w.getOk("/events?limit=5");
                runs[i] = w.getOk("/events?limit=20&offset=40");
            }
        }
        assertArrayEquals(runs[0], runs[1]);
    }

    @Test
    void malformedBodiesForTheNextNAnswersOnAnyServer() {
        sandbox.faults().malformedBodies(2);
        HttpResponse<byte[]> first = markets.get("/events?limit=3");
        assertEquals(200, first.statusCode());
        assertFalse(Wire.parses(first.body()));
        HttpResponse<byte[]> second = clob.get("/ok");
        assertEquals(200, second.statusCode());
        assertFalse(Wire.parses(second.body()));
        assertTrue(Wire.parses(markets.getOk("/events?limit=3")), "the third is whole again");
    }

    @Test
    void errorStatusesForTheNextNAnswers() {
        sandbox.faults().errors(500, 1);
        HttpResponse<byte[]> r = markets.get("/events?limit=1");
        assertEquals(500, r.statusCode());
        assertEquals("Internal server error", Wire.read(r.body()).get("error").asText());
        assertEquals(200, markets.get("/events?limit=1").statusCode());

        sandbox.faults().errors(503, 2);
        assertEquals(503, markets.get("/events?limit=1").statusCode());
        assertEquals(503, clob.get("/ok").statusCode());
        assertEquals(200, markets.get("/ok").statusCode());

        sandbox.faults().errors(425, 1);
        HttpResponse<byte[]> restarting = markets.get("/events/keyset?limit=1");
        assertEquals(425, restarting.statusCode());
        assertEquals(0, restarting.body().length, "425 carries no message");
        assertThrows(IllegalArgumentException.class, () -> sandbox.faults().errors(404, 1));
    }

    @Test
    void addedLatencyAndDroppedConnections() {
        sandbox.faults().latency(300);
        long t0 = System.nanoTime();
        assertEquals(200, markets.get("/ok").statusCode());
        assertTrue(System.nanoTime() - t0 >= 300_000_000L, "waited");
        sandbox.faults().latency(0);

        // Over a plain socket: java.net.http quietly retries a GET whose connection closes before any answer.
        java.net.URI m = sandbox.urls().get("markets");
        sandbox.faults().drops(2);
        assertEquals(-1, Wire.rawStatus("127.0.0.1", m, "/events?limit=1"), "closed without an answer");
        assertEquals(-1, Wire.rawStatus("127.0.0.1", m, "/ok"));
        assertEquals(200, Wire.rawStatus("127.0.0.1", m, "/events?limit=1"));
        sandbox.faults().drops(2);
        assertThrows(UncheckedIOException.class, () -> new Wire(m).get("/events?limit=1"), "dropped, and dropped on the retry");
        sandbox.faults().clear(); // whether or not that client retried
        assertEquals(200, markets.get("/events?limit=1").statusCode());
    }

    @Test
    void faultsOverHttpOnEveryServer() {
        for (String service : new String[]{"markets", "clob", "data", "perps", "bridge"}) {
            Wire w = new Wire(sandbox.urls().get(service));
            HttpResponse<byte[]> set = w.post("/__sandbox/faults", "{\"errors\": 1, \"errorStatus\": 503}");
            assertEquals(200, set.statusCode(), service);
            assertEquals("ok", Wire.read(set.body()).get("status").asText());
            assertEquals(503, markets.get("/events?limit=1").statusCode(), "faults are the sandbox's, whatever server set them");
        }
        assertEquals(200, clob.post("/__sandbox/faults", "{\"nullFields\": 0.5, \"malformed\": 1}").statusCode());
        assertFalse(Wire.parses(markets.get("/events?limit=2").body()));
        boolean someTitleNull = false;
        for (JsonNode e : markets.json("/events?limit=20")) someTitleNull |= e.get("title").isNull();
        assertTrue(someTitleNull);
        assertEquals(200, clob.post("/__sandbox/faults", "{\"clear\": true}").statusCode());
        assertEquals(sandbox.world().events().get(0).document().get("title"), markets.json("/events?limit=1").get(0).get("title"));

        HttpResponse<byte[]> bad = clob.post("/__sandbox/faults", "{\"nullFields\": 2}");
        assertEquals(400, bad.statusCode());
        assertTrue(Wire.read(bad.body()).get("error").asText().contains("probability"));
        assertEquals(400, clob.post("/__sandbox/faults", "errors please").statusCode());
    }

    @Test
    void statisticsCountRequestsPerPathAnd429s() {
        sandbox.stats().reset();
        markets.getOk("/events?limit=1");
        markets.getOk("/events?limit=2");
        markets.get("/events/1");
        clob.get("/ok");
        markets.post("/__sandbox/faults", "{}");
        assertEquals(2, sandbox.stats().requests("markets", "/events"));
        assertEquals(1, sandbox.stats().requests("markets", "/events/1"));
        assertEquals(1, sandbox.stats().requests("clob", "/ok"));
        assertEquals(4, sandbox.stats().total(), "the control path is not counted: " + sandbox.stats().requests());
        assertEquals(0, sandbox.stats().rateLimitedCount());
        assertTrue(Arrays.asList(sandbox.stats().requests().keySet().toArray()).contains("markets /events"));
    }
}
