package org.marketlab.markets;

/** How the service optimised an event's or market's image. Every field but {@code id} may be null. */
public record ImageOptimization(String id, String imageUrlSource, String imageUrlOptimized, Double imageSizeKbSource,
                                Double imageSizeKbOptimized, Boolean imageOptimizedComplete,
                                String imageOptimizedLastUpdated, Integer relID, String field, String relname) {
}
