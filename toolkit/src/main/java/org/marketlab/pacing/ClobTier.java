package org.marketlab.pacing;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The order-book's rate-limit tiers (specification, "Per-signer token buckets"): per signer, an order bucket
 * and a cancel bucket refilled continuously at the tier's rate, holding at most its burst. The tier follows the
 * maker wallet's 30-day volume and is reported in the {@code Svc-RateLimit-Tier} header.
 *
 * @param minVolumeUsd  30-day cumulative trading volume from which the tier applies, in dollars
 * @param orderRate     order tokens per second
 * @param orderBurst    order bucket capacity
 * @param cancelRate    cancel tokens per second
 * @param cancelBurst   cancel bucket capacity
 * @param negativeCancel whether the cancel balance may go into debt (after cancel-all, cancel-market-orders)
 */
public enum ClobTier {
    STANDARD(0, 40, 60, 80, 120, true),
    COPPER(30_000, 60, 90, 120, 180, true),
    BRONZE(50_000, 80, 120, 160, 240, true),
    SILVER(100_000, 200, 300, 400, 600, true),
    GOLD(500_000, 400, 600, 800, 1_200, true),
    PLATINUM(2_500_000, 450, 675, 900, 1_350, false),
    DIAMOND(5_000_000, 525, 787, 1_050, 1_575, false),
    ELITE(10_000_000, 600, 900, 1_200, 1_800, false);

    private final long minVolumeUsd;
    private final int orderRate;
    private final int orderBurst;
    private final int cancelRate;
    private final int cancelBurst;
    private final boolean negativeCancel;

    ClobTier(long minVolumeUsd, int orderRate, int orderBurst, int cancelRate, int cancelBurst, boolean negativeCancel) {
        this.minVolumeUsd = minVolumeUsd;
        this.orderRate = orderRate;
        this.orderBurst = orderBurst;
        this.cancelRate = cancelRate;
        this.cancelBurst = cancelBurst;
        this.negativeCancel = negativeCancel;
    }

    public long minVolumeUsd() {
        return minVolumeUsd;
    }

    public int orderRate() {
        return orderRate;
    }

    public int orderBurst() {
        return orderBurst;
    }

    public int cancelRate() {
        return cancelRate;
    }

    public int cancelBurst() {
        return cancelBurst;
    }

    public boolean negativeCancel() {
        return negativeCancel;
    }

    /** The name as the headers carry it, e.g. {@code Standard}. */
    public String label() {
        return name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
    }

    /** A tier by name as the {@code Svc-RateLimit-Tier} header gives it, case-insensitively. */
    public static ClobTier parse(String name) {
        String n = name == null ? "" : name.trim().toUpperCase(Locale.ROOT);
        for (ClobTier t : values()) if (t.name().equals(n)) return t;
        throw new IllegalArgumentException("unknown rate-limit tier '" + name + "'; expected one of "
                + Arrays.stream(values()).map(t -> t.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")));
    }

    /** The tier a 30-day trading volume (dollars) qualifies for. */
    public static ClobTier forVolume(double volumeUsd) {
        ClobTier tier = STANDARD;
        for (ClobTier t : values()) if (volumeUsd >= t.minVolumeUsd) tier = t;
        return tier;
    }
}
