package org.marketlab.markets;

import java.time.Instant;

/**
 * A sport or league the market data lists ({@code GET /sports}): its id and short name ({@code sport}), its label,
 * image, where results are published, which side its titles name first ({@code home} or {@code away}), the ids of the
 * tags its events carry and of its series (comma-separated).
 */
public record Sport(long id, String sport, String name, String image, String resolution, String ordering, String tags, String series,
                    Instant createdAt) {
}
