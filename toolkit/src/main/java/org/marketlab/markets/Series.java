package org.marketlab.markets;

import java.time.Instant;
import java.util.List;

/**
 * A series of {@code GET /series}: recurring events grouped under one slug ({@code recurrence} such as
 * {@code daily}), with its totals and its events (without their markets).
 */
public record Series(String id, String ticker, String slug, String title, String subtitle, String seriesType,
                     String recurrence, String description, String image, String icon, String layout, Boolean active,
                     Boolean closed, Boolean archived, @com.fasterxml.jackson.annotation.JsonProperty("new") Boolean isNew,
                     Boolean featured, Boolean restricted, Boolean isTemplate, String publishedAt, String createdBy,
                     String updatedBy, Instant createdAt, Instant updatedAt, Boolean commentsEnabled, Double competitive,
                     Double volume24hr, Double volume, Double liquidity, Instant startDate, Integer commentCount,
                     List<Event> events) {

    public Series {
        events = events == null ? List.of() : List.copyOf(events);
    }
}
