package org.marketlab.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One row of the order book's published per-signer rate-limit tiers: per signer an order bucket and a cancel bucket,
 * refilled continuously at the tier's rate up to its burst. The rows live in {@code signer-tiers.csv} beside this
 * class, read by both the toolkit's per-signer pacing and the sandbox's enforcement, so the two cannot disagree.
 *
 * @param name           the tier's name in capitals, e.g. {@code STANDARD}
 * @param minVolumeUsd   30-day cumulative trading volume from which the tier applies, in dollars
 * @param orderRate      order tokens per second
 * @param orderBurst     order bucket capacity
 * @param cancelRate     cancel tokens per second
 * @param cancelBurst    cancel bucket capacity
 * @param negativeCancel whether the cancel balance may go into debt (after cancel-all, cancel-market-orders)
 */
public record SignerTier(String name, long minVolumeUsd, int orderRate, int orderBurst, int cancelRate, int cancelBurst,
                         boolean negativeCancel) {

    private static final List<SignerTier> PUBLISHED = read();

    public SignerTier {
        if (minVolumeUsd < 0 || orderRate <= 0 || orderBurst <= 0 || cancelRate <= 0 || cancelBurst <= 0) {
            throw new IllegalArgumentException("tier " + name + ": volumes must be 0 or more, rates and bursts positive");
        }
    }

    /** The rows of the specification's table, lowest tier first. */
    public static List<SignerTier> published() {
        return PUBLISHED;
    }

    /** A published tier by its name in capitals ({@code STANDARD}). */
    public static SignerTier named(String name) {
        for (SignerTier t : PUBLISHED) if (t.name.equals(name)) return t;
        throw new IllegalArgumentException("no published tier '" + name + "'");
    }

    /** The name as the headers carry it, e.g. {@code Standard}. */
    public String label() {
        return name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT);
    }

    private static List<SignerTier> read() {
        List<SignerTier> rows = new ArrayList<>();
        for (List<String> f : PublishedTable.rows("signer-tiers.csv", 7)) {
            rows.add(new SignerTier(f.get(0), Long.parseLong(f.get(1)), Integer.parseInt(f.get(2)), Integer.parseInt(f.get(3)),
                    Integer.parseInt(f.get(4)), Integer.parseInt(f.get(5)), Boolean.parseBoolean(f.get(6))));
        }
        return List.copyOf(rows);
    }
}
