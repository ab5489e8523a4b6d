package org.marketlab.markets;

import java.time.Instant;

/**
 * A tag of the market-data interface. {@code publishedAt} is kept as the server wrote it: the live service
 * sends it in more than one form (e.g. {@code 2024-03-07 20:44:01.258+00}).
 */
public record Tag(String id, String label, String slug, Boolean forceShow, String publishedAt, Integer createdBy,
                  Integer updatedBy, Instant createdAt, Instant updatedAt, Boolean forceHide, Boolean isCarousel) {
}
