package org.marketlab.markets;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A market of the market-data interface with every field the specification lists, plus the live service's
 * {@code negRisk}, {@code negRiskMarketID}, {@code bestBid}, {@code bestAsk}, {@code spread},
 * {@code lastTradePrice}, price changes and {@code competitive}. {@code id} and {@code conditionId} are never
 * null. The JSON documents the service carries inside strings ({@code outcomes}, {@code outcomePrices},
 * {@code clobTokenIds}, {@code shortOutcomes}) are decoded to lists.
 */
public record Market(
        String id,
        String conditionId,
        String question,
        String slug,
        String twitterCardImage,
        String resolutionSource,
        String category,
        String liquidity,
        String sponsorName,
        String sponsorImage,
        String xAxisValue,
        String yAxisValue,
        String denominationToken,
        String fee,
        String image,
        String icon,
        String lowerBound,
        String upperBound,
        String description,
        @JsonDeserialize(using = JsonInString.Strings.class) List<String> outcomes,
        @JsonDeserialize(using = JsonInString.Decimals.class) List<BigDecimal> outcomePrices,
        String volume,
        String marketType,
        String formatType,
        String lowerBoundDate,
        String upperBoundDate,
        String closedTime,
        String mailchimpTag,
        String resolvedBy,
        String groupItemTitle,
        String groupItemThreshold,
        String questionID,
        String umaEndDate,
        String umaResolutionStatus,
        String endDateIso,
        String startDateIso,
        String umaEndDateIso,
        String gameStartTime,
        String version,
        @JsonDeserialize(using = JsonInString.Strings.class) List<String> clobTokenIds,
        String disqusThread,
        @JsonDeserialize(using = JsonInString.Strings.class) List<String> shortOutcomes,
        String teamAID,
        String teamBID,
        String umaBond,
        String umaReward,
        String creator,
        String pastSlugs,
        Instant endDate,
        Instant startDate,
        Instant createdAt,
        Instant updatedAt,
        Boolean active,
        Boolean closed,
        Boolean wideFormat,
        @JsonProperty("new") Boolean isNew,
        Boolean featured,
        Boolean archived,
        Boolean restricted,
        Boolean enableOrderBook,
        Boolean hasReviewedDates,
        Boolean readyForCron,
        Boolean commentsEnabled,
        Boolean acceptingOrders,
        Boolean notificationsEnabled,
        Boolean ready,
        Boolean funded,
        Double orderPriceMinTickSize,
        Double orderMinSize,
        Double volumeNum,
        Double liquidityNum,
        Double volume24hr,
        Double volume1wk,
        Double volume1mo,
        Double volume1yr,
        Double volume24hrClob,
        Double volume1wkClob,
        Double volume1moClob,
        Double volume1yrClob,
        Double volumeClob,
        Double liquidityClob,
        Integer createdBy,
        Integer updatedBy,
        Integer marketGroup,
        Integer curationOrder,
        Integer secondsDelay,
        Integer makerBaseFee,
        Integer takerBaseFee,
        Integer customLiveness,
        Integer score,
        List<String> positionIds,
        ImageOptimization imageOptimized,
        ImageOptimization iconOptimized,
        List<Event> events,
        List<Map<String, Object>> categories,
        List<Tag> tags,
        Boolean negRisk,
        String negRiskMarketID,
        Double bestBid,
        Double bestAsk,
        Double spread,
        Double lastTradePrice,
        Double oneDayPriceChange,
        Double oneWeekPriceChange,
        Double oneMonthPriceChange,
        Double competitive) {

    public Market {
        outcomes = Lists.copy(outcomes);
        shortOutcomes = Lists.copy(shortOutcomes);
        clobTokenIds = Lists.copy(clobTokenIds);
        outcomePrices = Lists.copy(outcomePrices);
        positionIds = Lists.copy(positionIds);
        events = Lists.copy(events);
        categories = Lists.copyMaps(categories);
        tags = Lists.copy(tags);
    }

    @Override
    public String toString() {
        return "Market[id=" + id + ", slug=" + slug + ", question=" + question + ", outcomes=" + outcomes
                + ", outcomePrices=" + outcomePrices + ", closed=" + closed + "]";
    }
}
