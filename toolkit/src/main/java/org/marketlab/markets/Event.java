package org.marketlab.markets;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An event of the market-data interface with every field the specification lists. {@code id} is never null;
 * every other field may be. Nested arrays are empty lists, never null, once read by the toolkit. Records whose
 * fields the specification does not list (series, categories, collections, event creators, chats, templates)
 * are kept as read-only maps.
 */
public record Event(
        String id,
        String ticker,
        String slug,
        String title,
        String subtitle,
        String description,
        String resolutionSource,
        String image,
        String icon,
        String sortBy,
        String category,
        String subcategory,
        String templateVariables,
        @JsonProperty("published_at") String publishedAt,
        String createdBy,
        String updatedBy,
        String featuredImage,
        String disqusThread,
        String parentEvent,
        String negRiskMarketID,
        String eventDate,
        String seriesSlug,
        String score,
        String elapsed,
        String period,
        String gmpChartMode,
        String estimatedValue,
        String carouselMap,
        String gameStatus,
        Instant startDate,
        Instant creationDate,
        Instant endDate,
        Instant createdAt,
        Instant updatedAt,
        Instant closedTime,
        Instant startTime,
        Instant finishedTimestamp,
        Instant deployingTimestamp,
        Instant scheduledDeploymentTimestamp,
        Boolean active,
        Boolean closed,
        Boolean archived,
        @JsonProperty("new") Boolean isNew,
        Boolean featured,
        Boolean restricted,
        Boolean isTemplate,
        Boolean commentsEnabled,
        Boolean enableOrderBook,
        Boolean negRisk,
        Boolean cyom,
        Boolean showAllOutcomes,
        Boolean showMarketImages,
        Boolean automaticallyResolved,
        Boolean enableNegRisk,
        Boolean automaticallyActive,
        Boolean live,
        Boolean ended,
        Boolean estimateValue,
        Boolean cantEstimate,
        Boolean pendingDeployment,
        Boolean deploying,
        Double liquidity,
        Double volume,
        Double openInterest,
        Double competitive,
        Double volume24hr,
        Double volume1wk,
        Double volume1mo,
        Double volume1yr,
        Double liquidityClob,
        Double spreadsMainLine,
        Double totalsMainLine,
        Integer negRiskFeeBips,
        Integer commentCount,
        Integer eventWeek,
        Integer tweetCount,
        Integer featuredOrder,
        List<String> subEvents,
        ImageOptimization imageOptimized,
        ImageOptimization iconOptimized,
        ImageOptimization featuredImageOptimized,
        List<Market> markets,
        List<Tag> tags,
        List<Map<String, Object>> series,
        List<Map<String, Object>> categories,
        List<Map<String, Object>> collections,
        List<Map<String, Object>> eventCreators,
        List<Map<String, Object>> chats,
        List<Map<String, Object>> templates) {

    public Event {
        subEvents = Lists.copy(subEvents);
        markets = Lists.copy(markets);
        tags = Lists.copy(tags);
        series = Lists.copyMaps(series);
        categories = Lists.copyMaps(categories);
        collections = Lists.copyMaps(collections);
        eventCreators = Lists.copyMaps(eventCreators);
        chats = Lists.copyMaps(chats);
        templates = Lists.copyMaps(templates);
    }

    @Override
    public String toString() {
        return "Event[id=" + id + ", slug=" + slug + ", title=" + title + ", markets=" + markets.size()
                + ", active=" + active + ", closed=" + closed + ", volume=" + volume + "]";
    }
}
