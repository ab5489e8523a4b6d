package org.marketlab.sandbox.world;

/** Field names of the records the market-data interface serves, in the specification's order. */
public final class Fields {

    private Fields() {
    }

    /** Every Event field of the specification. */
    public static final String[] EVENT = {
            "id", "ticker", "slug", "title", "subtitle", "description", "resolutionSource", "image", "icon",
            "sortBy", "category", "subcategory", "templateVariables", "published_at", "createdBy", "updatedBy",
            "featuredImage", "disqusThread", "parentEvent", "negRiskMarketID", "eventDate", "seriesSlug", "score",
            "elapsed", "period", "gmpChartMode", "estimatedValue", "carouselMap", "gameStatus", "startDate",
            "creationDate", "endDate", "createdAt", "updatedAt", "closedTime", "startTime", "finishedTimestamp",
            "deployingTimestamp", "scheduledDeploymentTimestamp", "active", "closed", "archived", "new", "featured",
            "restricted", "isTemplate", "commentsEnabled", "enableOrderBook", "negRisk", "cyom", "showAllOutcomes",
            "showMarketImages", "automaticallyResolved", "enableNegRisk", "automaticallyActive", "live", "ended",
            "estimateValue", "cantEstimate", "pendingDeployment", "deploying", "liquidity", "volume", "openInterest",
            "competitive", "volume24hr", "volume1wk", "volume1mo", "volume1yr", "liquidityClob", "spreadsMainLine",
            "totalsMainLine", "negRiskFeeBips", "commentCount", "eventWeek", "tweetCount", "featuredOrder",
            "subEvents", "imageOptimized", "iconOptimized", "featuredImageOptimized", "markets", "tags", "series",
            "categories", "collections", "eventCreators", "chats", "templates"
    };

    /** Every Market field of the specification, then those the live service adds that clients rely on. */
    public static final String[] MARKET = {
            "id", "conditionId", "question", "slug", "twitterCardImage", "resolutionSource", "category", "liquidity",
            "sponsorName", "sponsorImage", "xAxisValue", "yAxisValue", "denominationToken", "fee", "image", "icon",
            "lowerBound", "upperBound", "description", "outcomes", "outcomePrices", "volume", "marketType",
            "formatType", "lowerBoundDate", "upperBoundDate", "closedTime", "mailchimpTag", "resolvedBy",
            "groupItemTitle", "groupItemThreshold", "questionID", "umaEndDate", "umaResolutionStatus", "endDateIso",
            "startDateIso", "umaEndDateIso", "gameStartTime", "version", "clobTokenIds", "disqusThread",
            "shortOutcomes", "teamAID", "teamBID", "umaBond", "umaReward", "creator", "pastSlugs", "endDate",
            "startDate", "createdAt", "updatedAt", "active", "closed", "wideFormat", "new", "featured", "archived",
            "restricted", "enableOrderBook", "hasReviewedDates", "readyForCron", "commentsEnabled",
            "acceptingOrders", "notificationsEnabled", "ready", "funded", "orderPriceMinTickSize", "orderMinSize",
            "volumeNum", "liquidityNum", "volume24hr", "volume1wk", "volume1mo", "volume1yr", "volume24hrClob",
            "volume1wkClob", "volume1moClob", "volume1yrClob", "volumeClob", "liquidityClob", "createdBy",
            "updatedBy", "marketGroup", "curationOrder", "secondsDelay", "makerBaseFee", "takerBaseFee",
            "customLiveness", "score", "positionIds", "imageOptimized", "iconOptimized", "events", "categories",
            "tags", "negRisk", "negRiskMarketID", "bestBid", "bestAsk", "spread", "lastTradePrice",
            "oneDayPriceChange", "oneWeekPriceChange", "oneMonthPriceChange", "competitive", "marketMakerAddress"
    };

    /** Every Tag field of the specification. */
    public static final String[] TAG = {
            "id", "label", "slug", "forceShow", "publishedAt", "createdBy", "updatedBy", "createdAt", "updatedAt",
            "forceHide", "isCarousel"
    };

    /** Every ImageOptimization field of the specification. */
    public static final String[] IMAGE = {
            "id", "imageUrlSource", "imageUrlOptimized", "imageSizeKbSource", "imageSizeKbOptimized",
            "imageOptimizedComplete", "imageOptimizedLastUpdated", "relID", "field", "relname"
    };
}
