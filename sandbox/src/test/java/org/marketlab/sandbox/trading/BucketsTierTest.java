package org.marketlab.sandbox.trading;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Tiers by 30-day volume, refreshed every three hours on the sandbox's clock (here a virtual one). */
class BucketsTierTest {

    private static final long HOUR = 3_600_000L;
    private static final String SIGNER = "0x00000000000000000000000000000000000000c3";

    /** Trades of one maker wallet: {time ms, dollars}. */
    private final List<long[]> trades = new ArrayList<>();

    private BigDecimal volume(long from, long to) {
        long v = 0;
        for (long[] t : trades) if (t[0] >= from && t[0] < to) v += t[1];
        return BigDecimal.valueOf(v);
    }

    @Test
    void theTableOfVolumes() {
        assertEquals(Buckets.Tier.STANDARD, Buckets.Tier.forVolume(new BigDecimal("29999.99")));
        assertEquals(Buckets.Tier.COPPER, Buckets.Tier.forVolume(new BigDecimal("30000")));
        assertEquals(Buckets.Tier.BRONZE, Buckets.Tier.forVolume(new BigDecimal("50000")));
        assertEquals(Buckets.Tier.SILVER, Buckets.Tier.forVolume(new BigDecimal("100000")));
        assertEquals(Buckets.Tier.SILVER, Buckets.Tier.forVolume(new BigDecimal("499999.99")));
        assertEquals(Buckets.Tier.GOLD, Buckets.Tier.forVolume(new BigDecimal("500000")));
        assertEquals(Buckets.Tier.PLATINUM, Buckets.Tier.forVolume(new BigDecimal("2500000")));
        assertEquals(Buckets.Tier.DIAMOND, Buckets.Tier.forVolume(new BigDecimal("5000000")));
        assertEquals(Buckets.Tier.ELITE, Buckets.Tier.forVolume(new BigDecimal("12000000")));
    }

    @Test
    void aTierFollowsTheLast30DaysVolumeAndChangesOnlyEveryThreeHours() {
        long start = 1_790_000_000_000L / (3 * HOUR) * (3 * HOUR);   // the start of a three-hour period
        AtomicLong clock = new AtomicLong(start + HOUR);
        Buckets b = new Buckets(clock::get);
        b.volumes((signer, from, to) -> {
            assertEquals(SIGNER, signer);
            assertEquals(30 * 24 * HOUR, to - from, "a 30-day window");
            return volume(from, to);
        });
        trades.add(new long[]{start - 10 * 24 * HOUR, 40_000});            // ten days ago: Copper
        assertEquals(Buckets.Tier.COPPER, b.tier(SIGNER));
        assertEquals("Copper", b.order(SIGNER, 1).tier().label(), "the header names the tier");
        assertEquals(89, b.order(SIGNER, 0).remaining(), 1e-9, "Copper's order burst of 90, less the one taken");

        trades.add(new long[]{clock.get(), 600_000});                         // a large trade now
        clock.addAndGet(HOUR);
        assertEquals(Buckets.Tier.COPPER, b.tier(SIGNER), "not before the next three-hour refresh");
        clock.set(start + 3 * HOUR);
        assertEquals(Buckets.Tier.GOLD, b.tier(SIGNER), "refreshed: 640,000 over 30 days");

        clock.set(start - 10 * 24 * HOUR + 30 * 24 * HOUR + 3 * HOUR);       // the first trade has left the window
        assertEquals(Buckets.Tier.GOLD, b.tier(SIGNER), "600,000 still within 30 days");
        clock.set(start + 31 * 24 * HOUR);
        assertEquals(Buckets.Tier.STANDARD, b.tier(SIGNER), "both trades older than 30 days");

        b.tier(SIGNER, Buckets.Tier.ELITE);
        assertEquals(Buckets.Tier.ELITE, b.tier(SIGNER), "a tier set for the signer wins");
        b.clearTier(SIGNER);
        assertEquals(Buckets.Tier.STANDARD, b.tier(SIGNER));
        assertTrue(Buckets.Tier.GOLD.published.negativeCancel() && !Buckets.Tier.PLATINUM.published.negativeCancel(), "debt up to Gold");
    }
}
