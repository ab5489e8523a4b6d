package org.marketlab.pacing;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SignerBucketsTest {

    private static final long MS = 1_000_000L;
    private static final String SIGNER = "0x00000000000000000000000000000000000000a1";

    private static Function<String, String> headers(String... nameValue) {
        Map<String, String> m = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 0; i < nameValue.length; i += 2) m.put(nameValue[i], nameValue[i + 1]);
        return m::get;
    }

    private static void assertNanos(long expected, Duration actual) {
        assertTrue(Math.abs(actual.toNanos() - expected) <= 1_000, "expected " + expected + " ns, waited " + actual.toNanos());
    }

    @Test
    void theBurstGoesAtOnceAndTheNextWaitsForOneTokenOfRefill() throws Exception {
        VirtualClock clock = new VirtualClock();
        SignerBuckets b = SignerBuckets.of(SIGNER, ClobTier.STANDARD, clock);
        for (int i = 0; i < 60; i++) assertEquals(Duration.ZERO, b.acquire("POST", "/order", 0));
        assertNanos(25 * MS, b.acquire("POST", "/order", 0));          // 40 per s
        assertEquals(120, b.cancels().available(), "the cancel bucket is independent");
        // A batch of 10 orders costs 10: 250 ms of refill.
        assertNanos(250 * MS, b.acquire("POST", "/orders", 10));
    }

    @Test
    void aBatchOverTheBurstIsRefusedWithAdviceToSplitIt() {
        VirtualClock clock = new VirtualClock();
        SignerBuckets b = SignerBuckets.of(SIGNER, ClobTier.STANDARD, clock);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.acquire("POST", "/orders", 61));
        assertTrue(e.getMessage().contains("61") && e.getMessage().contains("60") && e.getMessage().contains("split"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> b.acquire("DELETE", "/orders", 121));
        assertTrue(e.getMessage().contains("burst of 120"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> b.acquire("POST", "/orders", 0));
        e = assertThrows(IllegalArgumentException.class, () -> b.acquire("GET", "/book", 1));
        assertTrue(e.getMessage().contains("DELETE /cancel-all"), e.getMessage());
        assertEquals(60, b.orders().available(), "nothing was taken");
        assertEquals(0, clock.nanoTime());
    }

    @Test
    void cancelAllCanTakeADebtTierIntoDebtAndLaterCancelsWaitItOff() throws Exception {
        VirtualClock clock = new VirtualClock();
        SignerBuckets b = SignerBuckets.of(SIGNER, ClobTier.STANDARD, clock);
        assertEquals(Duration.ZERO, b.acquire("DELETE", "/cancel-all", 0));
        b.canceled(300);
        assertEquals(120 - 1 - 300, b.cancels().available());
        // Blocked until the bucket holds one token again: 182 tokens at 80 per s.
        assertNanos(2_275 * MS, b.acquire("DELETE", "/order", 0));
        assertEquals(0, b.cancels().available());
        assertEquals(60, b.orders().available(), "orders are not held by the cancel debt");
    }

    @Test
    void tiersWithoutNegativeBalanceFloorAtZero() throws Exception {
        VirtualClock clock = new VirtualClock();
        SignerBuckets b = SignerBuckets.of(SIGNER, ClobTier.PLATINUM, clock);
        assertFalse(b.cancels().allowsDebt());
        b.acquire("DELETE", "/cancel-market-orders", 0);
        b.canceled(5_000);
        assertEquals(0, b.cancels().available());
        assertNanos(1_000_000_000L / 900 + 1, b.acquire("DELETE", "/order", 0));
    }

    @Test
    void reconcileOnlyLowersTheBalanceAndHoldsUntilAFutureReset() throws Exception {
        VirtualClock clock = new VirtualClock();
        SignerBuckets b = SignerBuckets.of(SIGNER, ClobTier.STANDARD, clock);
        b.orders().reconcile(10, null);
        assertEquals(10, b.orders().available());
        b.orders().reconcile(50, null);
        assertEquals(10, b.orders().available(), "a higher server figure predates what this client has sent since");
        b.orders().reconcile(-5, null);
        assertEquals(0, b.orders().available(), "no debt on the order bucket");
        b.cancels().reconcile(-20, null);
        assertEquals(-20, b.cancels().available(), "the cancel bucket of this tier may be in debt");
        b.orders().reconcile(0, Instant.ofEpochMilli(clock.currentTimeMillis() + 3_000));
        assertNanos(3_000 * MS, b.acquire("POST", "/order", 0));
    }

    @Test
    void responsesFeedTheBucketTheRequestDrewOn() throws Exception {
        VirtualClock clock = new VirtualClock();
        SignerBuckets b = SignerBuckets.of(SIGNER, ClobTier.STANDARD, clock);
        long now = clock.currentTimeMillis() / 1000;
        b.onResponse("DELETE", "/orders", 200, headers("Poly-RateLimit-Remaining", "7", "Poly-RateLimit-Reset", Long.toString(now)));
        assertEquals(7, b.cancels().available());
        assertEquals(60, b.orders().available());
        b.onResponse("POST", "/order", 429, headers("Retry-After", "2", "Svc-RateLimit-Remaining", "0"));
        assertEquals(0, b.orders().available());
        assertNanos(2_000 * MS, b.acquire("POST", "/order", 0));
        // The tier header reshapes both buckets, keeping balances.
        b.onResponse("POST", "/order", 200, headers("Svc-RateLimit-Tier", "gold"));
        assertEquals(ClobTier.GOLD, b.tier());
        assertEquals(600, b.orders().burst());
        assertEquals(1_200, b.cancels().burst());
        b.onResponse("POST", "/order", 200, headers("Svc-RateLimit-Tier", "mithril"));
        assertEquals(ClobTier.GOLD, b.tier(), "an unknown tier keeps the current shape");
    }

    @Test
    void aFractionalServerBalanceIsTakenExactlyWithItsFraction() throws Exception {
        VirtualClock clock = new VirtualClock();
        SignerBuckets b = SignerBuckets.of(SIGNER, ClobTier.STANDARD, clock);
        b.acquire("DELETE", "/cancel-all", 0);
        clock.advance(Duration.ofMillis(10));                 // the round trip: 0.8 tokens of local refill
        assertEquals(119.8, b.cancels().tokens(), 1e-9);
        // The sandbox took 1 then 300 at its own time, and says so with a fraction.
        b.onResponse("DELETE", "/cancel-all", 200, headers("Svc-RateLimit-Remaining", "-180.96", "Svc-RateLimit-Tier", "Standard"));
        assertEquals(-180.96, b.cancels().tokens(), 1e-9, "the server's figure, fraction included, not the local fraction kept under it");
        assertEquals(-181, b.cancels().available());
        // The next cancel waits until the server's bucket holds its token: (180.96 + 1) / 80 s, not a token's worth less.
        assertNanos(2_274_500_000L, b.acquire("DELETE", "/order", 0));
    }

    @Test
    void theMarginsHeadroomIsKeptBelowTheServersFigure() throws Exception {
        VirtualClock clock = new VirtualClock();
        SignerBuckets b = new SignerBuckets(SIGNER, ClobTier.STANDARD, clock, Duration.ofMillis(100));
        assertEquals(112, b.cancels().available(), "80 per s x 100 ms = 8 tokens of headroom");
        b.onResponse("DELETE", "/cancel-all", 200, headers("Svc-RateLimit-Remaining", "-380.5"));
        assertEquals(-388.5, b.cancels().tokens(), 1e-9);
        b.acquire("POST", "/order", 0);
        b.onResponse("POST", "/order", 200, headers("Svc-RateLimit-Remaining", "59.5"));
        assertEquals(55, b.orders().tokens(), 1e-9, "59.5 less 4 of headroom is above the local 55: not taken");
        b.onResponse("POST", "/order", 200, headers("Svc-RateLimit-Remaining", "57.25"));
        assertEquals(53.25, b.orders().tokens(), 1e-9, "another client of this signer took some: 57.25 less 4");
    }

    @Test
    void warningModeAndRefusalsAreCountedPerBucket() {
        VirtualClock clock = new VirtualClock();
        SignerBuckets b = SignerBuckets.of(SIGNER, ClobTier.STANDARD, clock);
        b.onResponse("POST", "/order", 200, headers("Svc-RateLimit-Remaining", "0", "Svc-RateLimit-Warning", "true"));
        assertTrue(b.orders().status().warning());
        assertFalse(b.cancels().status().warning(), "the cancel bucket was not warned");
        b.onResponse("POST", "/order", 429, headers("Svc-RateLimit-Remaining", "0.5", "Retry-After", "1"));
        TokenBucket.Status s = b.orders().status();
        assertFalse(s.warning(), "the last answer carried no warning");
        assertEquals(1, s.warnings());
        assertEquals(1, s.rateLimited());
        assertEquals(0, b.cancels().status().rateLimited());
    }

    @Test
    void aLargeBatchIsNotStarvedBySmallRequestsBehindIt() throws Exception {
        SteppedClock clock = new SteppedClock();
        SignerBuckets b = new SignerBuckets(SIGNER, ClobTier.STANDARD, clock, Duration.ZERO);
        b.acquire("POST", "/orders", 60);
        Map<String, Long> at = new ConcurrentHashMap<>();
        Thread batch = new Thread(() -> run(() -> b.acquire("POST", "/orders", 60), at, "batch", clock));
        batch.start();
        SteppedClock.await(() -> clock.sleepers() == 1, "the batch reserved and asleep");
        Thread single = new Thread(() -> run(() -> b.acquire("POST", "/order", 0), at, "single", clock));
        single.start();
        SteppedClock.await(() -> clock.sleepers() == 2, "the single order behind it");
        clock.set(1_500 * MS);
        batch.join(10_000);
        assertEquals(1_500 * MS, at.get("batch"));
        assertFalse(at.containsKey("single"));
        clock.set(1_525 * MS);
        single.join(10_000);
        assertEquals(1_525 * MS, at.get("single"));
    }

    @Test
    void theMarginWithholdsHeadroomButAFullBurstBatchIsStillAdmitted() throws Exception {
        VirtualClock clock = new VirtualClock();
        SignerBuckets b = new SignerBuckets(SIGNER, ClobTier.STANDARD, clock, Duration.ofMillis(100));
        assertEquals(56, b.orders().available(), "40 per s x 100 ms = 4 tokens of headroom");
        assertNanos(100 * MS, b.acquire("POST", "/orders", 60));
    }

    @Test
    void tiersFollowTheTable() {
        assertEquals(ClobTier.STANDARD, ClobTier.forVolume(29_999.99));
        assertEquals(ClobTier.COPPER, ClobTier.forVolume(30_000));
        assertEquals(ClobTier.DIAMOND, ClobTier.forVolume(7_000_000));
        assertEquals(787, ClobTier.DIAMOND.limits().orderBurst());
        assertEquals(ClobTier.ELITE, ClobTier.parse(" Elite "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClobTier.parse("tin"));
        assertTrue(e.getMessage().contains("standard, copper"), e.getMessage());
        long withDebt = java.util.Arrays.stream(ClobTier.values()).filter(t -> t.limits().negativeCancel()).count();
        assertEquals(5, withDebt, "Standard through Gold allow a negative cancel balance");
    }

    private interface Acquire {
        Duration run() throws InterruptedException;
    }

    private static void run(Acquire a, Map<String, Long> at, String name, Clock clock) {
        try {
            a.run();
            at.put(name, clock.nanoTime());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
