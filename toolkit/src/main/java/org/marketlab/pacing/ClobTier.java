package org.marketlab.pacing;

import org.marketlab.spi.SignerTier;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The order-book's rate-limit tiers (specification, "Per-signer token buckets"): per signer, an order bucket
 * and a cancel bucket refilled continuously at the tier's rate, holding at most its burst. The tier follows the
 * maker wallet's 30-day volume and is reported in the {@code Svc-RateLimit-Tier} header. The figures are the
 * published table's ({@link SignerTier}), the one the sandbox enforces.
 */
public enum ClobTier {
    STANDARD, COPPER, BRONZE, SILVER, GOLD, PLATINUM, DIAMOND, ELITE;

    private final SignerTier published = SignerTier.named(name());

    /**
     * The tier's published figures: 30-day volume from which it applies, order and cancel rates (tokens per second)
     * and bursts, and whether the cancel balance may go into debt.
     */
    public SignerTier limits() {
        return published;
    }

    /** The name as the headers carry it, e.g. {@code Standard}. */
    public String label() {
        return published.label();
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
        for (ClobTier t : values()) if (volumeUsd >= t.published.minVolumeUsd()) tier = t;
        return tier;
    }
}
