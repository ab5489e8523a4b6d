package org.marketlab.internal.transport;

import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;

import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sandbox started ahead of need waits between its steps while it is asked to give way, and goes on once the give-way
 * ends or a call needs the sandbox; such a call never waits for what the start gave way to.
 */
class StartAheadTest {

    /** A seed of this test's own: the sandboxes of other tests in this JVM are started, and needed, already. */
    private static final long SEED = 3_200_017;

    @Test
    void aStartThatGivesWayWaitsUntilTheGiveWayEnds() throws Exception {
        Profile p = Profile.sandbox(SEED);
        AtomicBoolean givingWay = new AtomicBoolean(true);
        CompletableFuture<Void> ahead = CompletableFuture.runAsync(() -> Transport.startEmbeddedAhead(p, givingWay::get));
        Thread.sleep(1_500);
        assertFalse(ahead.isDone(), "the start waits while it gives way");
        givingWay.set(false);
        ahead.get(60, TimeUnit.SECONDS);
        Resources r = new Resources(p, org.marketlab.pacing.Clock.system());
        URI markets = r.baseUrl(Service.MARKETS);
        assertEquals("127.0.0.1", markets.getHost());
        try (var answer = r.http().newCall(new okhttp3.Request.Builder().url(markets.resolve("/events?limit=1").toString()).build()).execute()) {
            assertEquals(200, answer.code(), "the sandbox started after giving way answers");
        }
    }

    @Test
    void aCallThatNeedsASandboxEndsTheGiveWay() throws Exception {
        Profile p = Profile.sandbox(SEED + 1);
        CompletableFuture<Void> ahead = CompletableFuture.runAsync(() -> Transport.startEmbeddedAhead(p, () -> true));
        Thread.sleep(500);
        assertFalse(ahead.isDone(), "the start waits while it gives way");
        // One start runs at a time, so a call waits for this start, which must not wait for the give-way in turn: a
        // call for the default world (another seed, perhaps started already by another test) as much as one for this.
        CompletableFuture<Void> other = CompletableFuture.runAsync(() -> Transport.startEmbedded(Profile.sandbox()));
        other.get(60, TimeUnit.SECONDS); // would wait for good if the call waited for the give-way
        ahead.get(60, TimeUnit.SECONDS);
        assertTrue(ahead.isDone() && !ahead.isCompletedExceptionally());
        Transport.startEmbedded(p); // and this sandbox answers a call of its own at once
    }
}
