package org.marketlab.markets;

import java.time.Instant;

/**
 * A team of a league ({@code GET /teams}): its id, name, league (a {@link Sport#sport()}), season record
 * ({@code wins-losses}), abbreviation, alias, logo and colour.
 */
public record Team(long id, String name, String league, String record, String abbreviation, String alias, String logo, String color,
                   Long providerId, Instant createdAt, Instant updatedAt) {
}
