package org.marketlab.sandbox;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A start in steps runs the caller's pause before each step, on the thread of the step, and waits for it: a start made
 * ahead of need so gives the cores to what must run first.
 */
class StartStepsTest {

    @Test
    void theStartWaitsForThePauseBetweenItsSteps() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        List<String> pauses = new CopyOnWriteArrayList<>();
        Runnable between = () -> {
            pauses.add(Thread.currentThread().getName());
            if (pauses.size() == 3) { // before the market-data server's start
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        try (Sandbox s = Sandbox.builder().seed(41).now(Instant.parse("2026-11-01T00:00:00Z")).build()) {
            CompletableFuture<Map<String, URI>> start = CompletableFuture.supplyAsync(() -> s.start(41, between));
            // The world is made between the first pause and the second, which takes a while on a loaded machine.
            long paused = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (pauses.size() < 3 && System.nanoTime() < paused) Thread.sleep(10);
            assertEquals(3, pauses.size(), "before the world, before the first server's routes, before its start: " + pauses);
            assertFalse(start.isDone(), "the start waits in its pause");
            release.countDown();
            URI markets = start.get(60, TimeUnit.SECONDS).get("markets");
            HttpResponse<String> page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(markets.resolve("/events?limit=2")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, page.statusCode(), page.body());
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (pauses.size() < 4 && System.nanoTime() < until) Thread.sleep(10);
            assertEquals(4, pauses.size(), "and before the events made ahead for a first page: " + pauses);
            assertTrue(pauses.get(3).equals("sandbox-first-page"), "on the thread that makes them: " + pauses);
            String main = pauses.get(0);
            assertTrue(pauses.subList(0, 3).stream().allMatch(main::equals), "the start's steps on the start's thread: " + pauses);
        }
    }
}
