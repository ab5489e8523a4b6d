package org.marketlab.pacing;

import org.junit.jupiter.api.Test;
import org.marketlab.spi.SignerTier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tiers the toolkit paces to are the published table's, row for row, as the specification gives it. */
class ClobTierTableTest {

    @Test
    void everyTierHasThePublishedFigures() {
        assertEquals(ClobTier.values().length, SignerTier.published().size(), "one tier per published row");
        long[][] spec = { // min volume, order rate, order burst, cancel rate, cancel burst, negative cancel (1/0)
                {0, 40, 60, 80, 120, 1}, {30_000, 60, 90, 120, 180, 1}, {50_000, 80, 120, 160, 240, 1},
                {100_000, 200, 300, 400, 600, 1}, {500_000, 400, 600, 800, 1_200, 1}, {2_500_000, 450, 675, 900, 1_350, 0},
                {5_000_000, 525, 787, 1_050, 1_575, 0}, {10_000_000, 600, 900, 1_200, 1_800, 0}};
        for (ClobTier t : ClobTier.values()) {
            long[] row = spec[t.ordinal()];
            assertEquals(row[0], t.limits().minVolumeUsd(), t + " volume");
            assertEquals(row[1], t.limits().orderRate(), t + " order rate");
            assertEquals(row[2], t.limits().orderBurst(), t + " order burst");
            assertEquals(row[3], t.limits().cancelRate(), t + " cancel rate");
            assertEquals(row[4], t.limits().cancelBurst(), t + " cancel burst");
            assertEquals(row[5] == 1, t.limits().negativeCancel(), t + " negative cancel");
            assertEquals(t.name(), SignerTier.published().get(t.ordinal()).name(), "the table's order");
        }
        assertEquals("Platinum", ClobTier.PLATINUM.label());
        assertEquals(ClobTier.COPPER, ClobTier.forVolume(30_000));
        assertTrue(ClobTier.forVolume(29_999.99) == ClobTier.STANDARD);
    }

    @Test
    void anUnknownTierIsRefusedNamingTheTable() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SignerTier.named("PLUTONIUM"));
        assertTrue(e.getMessage().contains("PLUTONIUM"), e.getMessage());
    }
}
