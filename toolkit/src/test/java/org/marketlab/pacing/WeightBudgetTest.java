package org.marketlab.pacing;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WeightBudgetTest {

    @Test
    void weightsWaitForTheirShareOfTheRefill() throws Exception {
        VirtualClock clock = new VirtualClock();
        WeightBudget w = WeightBudget.conservative(clock);
        assertEquals(120, w.capacity());
        for (int i = 0; i < 12; i++) assertEquals(Duration.ZERO, w.acquire(10));
        // 120 per 10 s is 12 per s: a weight of 10 waits 10/12 s.
        long waited = w.acquire(10).toNanos();
        assertTrue(Math.abs(waited - 833_333_333L) <= 1_000, "waited " + waited);
        assertEquals(Duration.ZERO, w.acquire(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.acquire(121));
        assertTrue(e.getMessage().contains("split"), e.getMessage());
    }

    @Test
    void theServerFiguresAreTakenIn() throws Exception {
        VirtualClock clock = new VirtualClock();
        WeightBudget w = new WeightBudget(60, Duration.ofSeconds(10), clock);
        w.reconcile(6, null);
        assertEquals(6, w.available());
        w.reconcile(0, Instant.ofEpochMilli(clock.currentTimeMillis() + 4_000));
        assertEquals(Duration.ofSeconds(4), w.acquire(1), "held until the reset, when the refill has brought 24");
        Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        h.put("retry-after", "5");
        w.onResponse(429, h::get);
        assertEquals(Duration.ofSeconds(5), w.acquire(1));
        assertEquals(2, w.status().waited(), "two requests waited");
    }
}
