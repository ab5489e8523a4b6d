package org.marketlab.pacing;

import org.junit.jupiter.api.Test;
import org.marketlab.spi.IpLimit;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Who goes first among concurrent callers, on a clock the test steps by hand. */
class PacerFairnessTest {

    private static final long SECOND = 1_000_000_000L;

    private final SteppedClock clock = new SteppedClock();
    private final Map<String, Long> admitted = new ConcurrentHashMap<>();

    private static IpLimit limit(String scope, int n, int seconds, String... paths) {
        return new IpLimit(scope, "markets", scope, Set.of(), List.of(paths), n, Duration.ofSeconds(seconds));
    }

    private Thread caller(Pacer p, String name, String path) {
        Thread t = new Thread(() -> {
            try {
                p.acquire("markets", "GET", path);
                admitted.put(name, clock.nanoTime());
            } catch (InterruptedException e) {
                admitted.put(name + " interrupted", clock.nanoTime());
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void waitersInOneWindowGoInArrivalOrder() throws Exception {
        Pacer p = new Pacer(List.of(limit("x", 1, 1, "*")), clock, Duration.ZERO);
        p.acquire("markets", "GET", "/a");
        Thread b = caller(p, "b", "/a");
        SteppedClock.await(() -> clock.sleepers() == 1, "b asleep until 1 s");
        Thread c = caller(p, "c", "/a");
        SteppedClock.await(() -> c.getState() == Thread.State.WAITING, "c queued behind b");
        clock.set(SECOND);
        SteppedClock.await(() -> admitted.containsKey("b") && clock.sleepers() == 1, "b admitted, c asleep");
        assertEquals(SECOND, admitted.get("b"));
        assertFalse(admitted.containsKey("c"));
        clock.set(2 * SECOND);
        c.join(10_000);
        b.join(10_000);
        assertEquals(2 * SECOND, admitted.get("c"));
    }

    /**
     * x (2 per 20 s) is shared; y (1 per 10 s) only by the first caller. The later caller would fit in x now, but
     * that would leave the earlier one, blocked on y until 10 s, facing a full x until 20 s; it waits instead.
     */
    @Test
    void aLaterCallerDoesNotTakeTheRoomAnEarlierWaiterNeeds() throws Exception {
        Pacer p = new Pacer(List.of(limit("x", 2, 20, "*"), limit("y", 1, 10, "/y")), clock, Duration.ZERO);
        p.acquire("markets", "GET", "/y");
        clock.set(SECOND);
        caller(p, "first", "/y");
        SteppedClock.await(() -> clock.sleepers() == 1, "first asleep until y frees");
        clock.set(2 * SECOND);
        Thread later = caller(p, "later", "/z");
        SteppedClock.await(() -> clock.sleepers() == 2, "later asleep too");
        clock.set(10 * SECOND);
        SteppedClock.await(() -> admitted.containsKey("first") && clock.sleepers() == 1, "first admitted");
        assertEquals(10 * SECOND, admitted.get("first"));
        clock.set(20 * SECOND);
        later.join(10_000);
        assertEquals(20 * SECOND, admitted.get("later"));
    }

    @Test
    void aWaiterBlockedOnItsOwnWindowDoesNotHoldUpOthers() throws Exception {
        Pacer p = new Pacer(IpLimit.published(), clock, Duration.ZERO);
        for (int i = 0; i < 500; i++) p.acquire("markets", "GET", "/events");
        Thread events = caller(p, "events", "/events");
        SteppedClock.await(() -> clock.sleepers() == 1, "the 501st /events asleep");
        Thread markets = caller(p, "markets", "/markets");
        markets.join(10_000);
        assertEquals(0L, admitted.get("markets"), "/markets shares three scopes with the waiter, none of them full");
        clock.set(10 * SECOND);
        events.join(10_000);
        assertEquals(10 * SECOND, admitted.get("events"));
    }

    @Test
    void anInterruptedWaiterLeavesTheQueue() throws Exception {
        Pacer p = new Pacer(List.of(limit("x", 1, 1, "*")), clock, Duration.ZERO);
        p.acquire("markets", "GET", "/a");
        Thread b = caller(p, "b", "/a");
        SteppedClock.await(() -> clock.sleepers() == 1, "b asleep");
        Thread c = caller(p, "c", "/a");
        SteppedClock.await(() -> c.getState() == Thread.State.WAITING, "c queued");
        b.interrupt();
        b.join(10_000);
        assertTrue(admitted.containsKey("b interrupted"));
        SteppedClock.await(() -> clock.sleepers() == 1, "c now first, asleep until 1 s");
        clock.set(SECOND);
        c.join(10_000);
        assertEquals(SECOND, admitted.get("c"));
        assertEquals(1, p.status().scopes().get(0).used());
    }
}
