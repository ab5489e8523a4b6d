package org.marketlab.clob;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.NotFoundException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A batch of 1,200 ids with closed markets' tokens among them: the refused ids are found and named. */
class ClobBatchFailuresTest {

    private static Sandbox sandbox;
    private static ClobData clob;
    private static List<String> ids;
    private static List<String> closed;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(13).now(Instant.parse("2026-11-01T00:00:00Z")).build();
        var urls = sandbox.start();
        Transport t = Transport.create(Profile.sandbox(13).withUrl(Service.CLOB, urls.get("clob").toString()),
                Clock.system(), new RetryPolicy(2, 3, Duration.ofMillis(10), Duration.ofMillis(50)));
        clob = new ClobData(t);
        World w = sandbox.world();
        List<String> open = w.tokens().stream().filter(x -> !x.closed()).map(World.Token::tokenId).limit(1_199).toList();
        closed = w.tokens().stream().filter(World.Token::closed).map(World.Token::tokenId).limit(1).toList();
        ids = new ArrayList<>(open);
        ids.add(777, closed.get(0));
        assertEquals(1_200, ids.size());
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void theStrictFormNamesTheOffendingIdFoundBySplitting() {
        long before = sandbox.stats().requests("clob", "/midpoints");
        var e = assertThrows(NotFoundException.class, () -> clob.midpoints(ids));
        assertTrue(e.getMessage().contains(closed.get(0)), e.getMessage());
        assertTrue(e.getMessage().contains("1 of 1200 token ids refused"), e.getMessage());
        assertTrue(e.getMessage().contains("midpointsLenient"), e.getMessage());
        assertEquals("No orderbook exists for the requested token id", e.serverMessage());
        long requests = sandbox.stats().requests("clob", "/midpoints") - before;
        // Three batches of at most 500, then halving the refused one down to the single id: about 2·log2(500) more.
        assertTrue(requests >= 3 + 9 && requests <= 3 + 2 * 9 + 2, "requests: " + requests);
    }

    @Test
    void theLenientFormReturnsWhatExistsAndATableOfFailures() {
        BatchResult<BigDecimal> r = clob.midpointsLenient(ids);
        assertEquals(1_199, r.values().size());
        assertFalse(r.complete());
        assertEquals(List.of(closed.get(0)), List.copyOf(r.failures().keySet()));
        var table = r.failuresTable();
        assertEquals(1, table.rowCount());
        assertEquals(closed.get(0), table.stringColumn("token_id").get(0));
        assertEquals(404, table.intColumn("status").get(0));
        assertEquals("NotFoundException", table.stringColumn("exception").get(0));
        Map<String, BigDecimal> few = clob.midpoints(ids.subList(0, 5));
        for (String id : few.keySet()) assertEquals(0, few.get(id).compareTo(r.values().get(id)), "the same values as the strict form");
        List<String> order = new ArrayList<>(ids);
        order.remove(closed.get(0));
        assertEquals(order, List.copyOf(r.values().keySet()), "in the order asked");
    }

    @Test
    void spreadsToo() {
        var r = clob.spreadsLenient(List.of(ids.get(0), closed.get(0)));
        assertEquals(1, r.values().size());
        assertEquals(1, r.failures().size());
    }
}
