package org.marketlab.markets;

import com.fasterxml.jackson.annotation.JsonAlias;

import java.time.Instant;

/**
 * A tag as {@code GET /tags} and {@code /public-search} list it: the {@link Tag} fields and how many events carry
 * it ({@code eventCount}; the search answer names it {@code event_count}). Null where the service sends no count.
 */
public record RankedTag(String id, String label, String slug, @JsonAlias("event_count") Integer eventCount,
                        Boolean forceShow, String publishedAt, Integer createdBy, Integer updatedBy, Instant createdAt,
                        Instant updatedAt, Boolean forceHide, Boolean isCarousel) {

    /** The same tag without its count. */
    public Tag tag() {
        return new Tag(id, label, slug, forceShow, publishedAt, createdBy, updatedBy, createdAt, updatedAt, forceHide, isCarousel);
    }
}
