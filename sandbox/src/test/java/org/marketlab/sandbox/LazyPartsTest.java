package org.marketlab.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.wallets.Wallets;
import org.marketlab.sandbox.world.World;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Parts of the sandbox built on first use (the demo wallets' and traders' addresses, their ledgers, the order book's
 * market index): every route serves the same bytes whatever order the parts are first touched in, and a part that
 * first requests race for is built once.
 */
class LazyPartsTest {

    private static final Instant ANCHOR = Instant.parse("2026-11-01T00:00:00Z");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Sandbox sandbox() {
        return Sandbox.builder().seed(23).now(ANCHOR).build().enforceLimits(false);
    }

    private static String get(URI base, String path) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(base.resolve(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        // The live clock's stamps (a book's minute, a portfolio's reading time) are not the parts' values.
        return r.body().replaceAll("\"timestamp\":\"?\\d+\"?", "\"timestamp\":0");
    }

    /** The sampled routes, by name: server and path. The token and wallet are fixed by the seed. */
    private static Map<String, String[]> routes(String token) {
        String user = Wallets.demoAddress(1);
        Map<String, String[]> out = new LinkedHashMap<>();
        out.put("events", new String[]{"markets", "/events?limit=10&offset=100"});
        out.put("markets", new String[]{"markets", "/markets?limit=20"});
        out.put("book", new String[]{"clob", "/book?token_id=" + token});
        out.put("history", new String[]{"clob", "/prices-history?market=" + token + "&interval=1w&fidelity=60"});
        out.put("positions", new String[]{"data", "/positions?user=" + user + "&sizeThreshold=0&limit=500"});
        out.put("activity", new String[]{"data", "/activity?user=" + user + "&limit=500"});
        out.put("perps", new String[]{"perps", "/v1/info/portfolio?address=" + user});
        out.put("clob-market", new String[]{"clob", "/markets-by-token/" + token});
        return out;
    }

    private static Map<String, String> sample(Sandbox s, List<String> order, String token) throws Exception {
        Map<String, URI> urls = s.start();
        Map<String, String[]> routes = routes(token);
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : order) {
            String[] r = routes.get(name);
            out.put(name, get(urls.get(r[0]), r[1]));
        }
        return out;
    }

    @Test
    void theSameBytesWhateverOrderThePartsAreFirstTouchedIn() throws Exception {
        String token;
        try (Sandbox probe = sandbox()) {
            probe.start();
            token = probe.world().tokens().stream().filter(t -> !t.closed()).skip(40).findFirst().orElseThrow().tokenId();
        }
        List<String> marketsFirst = List.of("events", "markets", "book", "history", "positions", "activity", "perps", "clob-market");
        List<String> restFirst = List.of("clob-market", "perps", "activity", "positions", "history", "book", "markets", "events");
        Map<String, String> a, b;
        try (Sandbox s = sandbox()) {
            a = sample(s, marketsFirst, token);
        }
        try (Sandbox s = sandbox()) {
            // The accounts' wallets first, through the accessor, before any request.
            s.start();
            assertFalse(s.wallets().seeded().isEmpty());
            b = sample(s, restFirst, token);
        }
        for (String name : marketsFirst) {
            assertTrue(a.get(name).length() > 20, name + " answered something: " + a.get(name));
            assertEquals(a.get(name), b.get(name), name + " differs with the order of first use");
        }
        assertTrue(JSON.readTree(a.get("events")).size() == 10 || JSON.readTree(a.get("events")).path("events").size() == 10,
                "ten events: " + a.get("events").substring(0, 80));
        JsonNode positions = JSON.readTree(a.get("positions"));
        assertTrue(positions.isArray() && positions.size() > 0, "the demo wallet holds positions");
    }

    @Test
    void racingFirstRequestsBuildThePartsOnceAndAnswerAsSettled() throws Exception {
        try (Sandbox s = sandbox()) {
            Map<String, URI> urls = s.start();
            String token = s.world().tokens().stream().filter(t -> !t.closed()).skip(7).findFirst().orElseThrow().tokenId();
            Map<String, String[]> routes = routes(token);
            List<String[]> racing = new ArrayList<>();
            for (String name : List.of("book", "positions", "perps", "clob-market", "activity", "history", "clob-market", "perps", "positions")) racing.add(routes.get(name));
            ExecutorService pool = Executors.newFixedThreadPool(racing.size());
            try {
                CountDownLatch go = new CountDownLatch(1);
                List<Future<String>> answers = new ArrayList<>();
                List<Future<String>> codes = new ArrayList<>();
                for (String[] r : racing) answers.add(pool.submit(() -> {
                    go.await();
                    return get(urls.get(r[0]), r[1]);
                }));
                for (int i = 0; i < racing.size(); i++) codes.add(pool.submit(() -> {
                    go.await();
                    return s.wallets().builderCode();
                }));
                go.countDown();
                for (int i = 0; i < answers.size(); i++) {
                    String body = answers.get(i).get();
                    assertEquals(get(urls.get(racing.get(i)[0]), racing.get(i)[1]), body, "a racing first answer is the settled one");
                }
                // Derived once: every racing caller holds the very same string, not an equal one made again.
                String first = codes.get(0).get();
                for (Future<String> c : codes) assertSame(first, c.get());
                assertSame(first, s.wallets().builderCode());
                assertTrue(first.matches("0x[0-9a-f]{64}"), first);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void eventsMadeOnFirstUseInAnyOrderAreThoseOfTheWholeWorld() throws Exception {
        World whole = World.generate(23, ANCHOR).complete();
        World lazy = World.generate(23, ANCHOR);
        assertFalse(lazy.isComplete());
        assertEquals(whole.eventCount(), lazy.eventCount());
        // From the end, by id; then a partial scan; then the rest all at once.
        List<World.EventFacts> all = whole.events();
        for (int i = all.size() - 1; i >= all.size() - 40; i--) {
            World.EventFacts e = lazy.event(all.get(i).id());
            assertEquals(JSON.writeValueAsString(all.get(i).document()), JSON.writeValueAsString(e.document()));
        }
        List<World.EventFacts> asRead = lazy.eventsAsRead();
        for (int i = 0; i < 100; i++) assertEquals(all.get(i), asRead.get(i), "event " + i + " read as the scan goes");
        assertFalse(lazy.isComplete(), "a partial scan leaves the rest unmade");
        assertEquals(null, lazy.event(all.get(0).id() - 1), "no event of an id the world lacks");
        assertEquals(JSON.writeValueAsString(all.stream().map(World.EventFacts::document).toList()),
                JSON.writeValueAsString(lazy.events().stream().map(World.EventFacts::document).toList()));
        assertTrue(lazy.isComplete());
        assertEquals(whole.marketCount(), lazy.marketCount());
        assertEquals(whole.tokens(), lazy.tokens());
    }

    @Test
    void aFirstUnorderedPageDoesNotWaitForTheWholeWorld() throws Exception {
        try (Sandbox s = sandbox()) {
            URI markets = s.start().get("markets");
            JsonNode page = JSON.readTree(get(markets, "/events/keyset?limit=10&active=true"));
            assertEquals(10, page.path("events").size());
            assertTrue(page.hasNonNull("next_cursor"));
            assertFalse(s.world().isComplete(), "only the events the page needed were made");
            // An ordered page needs every event: the world is made, and the unordered page reads the same after it.
            assertEquals(10, JSON.readTree(get(markets, "/events?limit=10&order=volume")).size());
            assertTrue(s.world().isComplete());
            assertEquals(page, JSON.readTree(get(markets, "/events/keyset?limit=10&active=true")));
        }
    }

    @Test
    void racingReadersOfOneEventGetTheSameDocument() throws Exception {
        World w = World.generate(23, ANCHOR);
        long id = World.generate(23, ANCHOR).complete().events().get(1000).id();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<World.EventFacts>> got = new ArrayList<>();
            for (int i = 0; i < 8; i++) got.add(pool.submit(() -> {
                go.await();
                return w.event(id);
            }));
            go.countDown();
            World.EventFacts first = got.get(0).get();
            for (Future<World.EventFacts> f : got) assertSame(first, f.get());
            assertSame(first, w.events().get(1000));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void everyServerAnswersItsRoutesRightAfterStartReturns() throws Exception {
        // start() returns once the market-data server runs; the others start meanwhile on their bound ports. A request
        // sent to each at once waits for its server and routes: never refused, never a 404.
        for (int round = 0; round < 3; round++) {
            try (Sandbox s = sandbox()) {
                Map<String, URI> urls = s.start();
                String user = Wallets.demoAddress(1);
                Map<String, String[]> routes = new LinkedHashMap<>();
                routes.put("clob-ok", new String[]{"clob", "/ok"});
                routes.put("trades", new String[]{"data", "/v2/trades?user=" + user + "&limit=5"});
                routes.put("perps", new String[]{"perps", "/v1/info/portfolio?address=" + user});
                routes.put("bridge", new String[]{"bridge", "/ok"});
                routes.put("events", new String[]{"markets", "/events/keyset?limit=3"});
                ExecutorService pool = Executors.newFixedThreadPool(routes.size());
                try {
                    List<Future<String>> answers = new ArrayList<>();
                    for (String[] r : routes.values()) answers.add(pool.submit(() -> get(urls.get(r[0]), r[1])));
                    for (Future<String> a : answers) assertFalse(a.get().isEmpty()); // get() asserts 200
                } finally {
                    pool.shutdownNow();
                }
                // The accessors of the later servers' parts wait for them too.
                assertFalse(s.wallets().seeded().isEmpty());
                assertTrue(s.urls().get("perps_ws").toString().startsWith("ws://127.0.0.1:"));
            }
        }
    }

    @Test
    void theOtherServersStartWhenAClientComesToOneOfThem() throws Exception {
        try (Sandbox s = sandbox()) {
            Map<String, URI> urls = s.start();
            // A first page is served by the market-data server alone, the others not started beside it.
            assertEquals(3, JSON.readTree(get(urls.get("markets"), "/events/keyset?limit=3")).path("events").size());
            assertEquals(List.of("markets"), s.runningServers(), "only the market-data server runs for a first page");
            // A client at the order book's door waits in the backlog while the others start, then is answered.
            assertFalse(get(urls.get("clob"), "/ok").isEmpty());
            assertTrue(s.runningServers().contains("clob"), "the order book's server runs: " + s.runningServers());
            // The accessors of the later servers' parts wait for every one of them.
            assertFalse(s.wallets().seeded().isEmpty());
            assertEquals(List.of("markets", "clob", "data", "perps", "bridge", "chain"), s.runningServers());
        }
    }

    @Test
    void theOtherServersStartOnceTheSandboxIsQuiet() throws Exception {
        try (Sandbox s = sandbox()) {
            s.start();
            // Nothing asks for them: they start once the sandbox has been quiet. How long starting five servers takes
            // depends on the machine's load, so the wait is for the event, bounded only against a hang.
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (s.runningServers().size() < 6 && System.nanoTime() < deadline) Thread.sleep(20);
            assertEquals(List.of("markets", "clob", "data", "perps", "bridge", "chain"), s.runningServers(),
                    "started unasked after " + Sandbox.REST_AFTER_QUIET_MS + " ms without a request");
        }
    }

    @Test
    void aSandboxClosedBeforeTheOthersAreNeededNeverStartsThem() throws Exception {
        Map<String, URI> urls;
        Sandbox s = sandbox();
        urls = s.start();
        assertEquals(List.of("markets"), s.runningServers());
        s.close();
        assertTrue(s.runningServers().isEmpty());
        for (String service : List.of("clob", "data", "perps", "bridge", "chain")) {
            URI u = urls.get(service);
            try (java.net.Socket socket = new java.net.Socket()) {
                socket.connect(new java.net.InetSocketAddress(u.getHost(), u.getPort()), 2_000);
                org.junit.jupiter.api.Assertions.fail(service + "'s port still takes connections after close");
            } catch (java.net.ConnectException refused) {
                // closed: as it should be
            }
        }
    }
}
