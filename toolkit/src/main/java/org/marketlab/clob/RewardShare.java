package org.marketlab.clob;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * One market an order-book account earns liquidity rewards in on a day ({@code GET /rewards/user/markets}): the
 * market, the account's share of the market's reward pool ({@code earningPercentage}, in percent), what it earned (in
 * collateral), the market's daily reward rate and the terms a resting order must meet to score (within
 * {@code maxSpread} cents of the midpoint, at least {@code minSize} shares).
 */
public record RewardShare(LocalDate date, @JsonProperty("condition_id") String conditionId, String question,
                          @JsonProperty("market_slug") String marketSlug,
                          @JsonProperty("earning_percentage") BigDecimal earningPercentage, BigDecimal earnings,
                          @JsonProperty("rate_per_day") BigDecimal ratePerDay,
                          @JsonProperty("max_spread") BigDecimal maxSpread,
                          @JsonProperty("min_size") BigDecimal minSize, double competitiveness) {

    static RewardShare read(LocalDate day, JsonNode n) {
        BigDecimal earned = BigDecimal.ZERO;
        for (JsonNode e : n.path("earnings")) earned = earned.add(decimal(e.path("earnings")).multiply(decimal(e.path("asset_rate"), BigDecimal.ONE)));
        BigDecimal rate = BigDecimal.ZERO;
        for (JsonNode c : n.path("rewards_config")) rate = rate.add(decimal(c.path("rate_per_day")));
        return new RewardShare(day, n.path("condition_id").asText(), n.path("question").asText(""), n.path("market_slug").asText(""),
                decimal(n.path("earning_percentage")), earned, rate, decimal(n.path("rewards_max_spread")), decimal(n.path("rewards_min_size")),
                n.path("market_competitiveness").asDouble(0));
    }

    static BigDecimal decimal(JsonNode n) {
        return decimal(n, BigDecimal.ZERO);
    }

    static BigDecimal decimal(JsonNode n, BigDecimal absent) {
        if (n == null || n.isMissingNode() || n.isNull() || n.asText().isBlank()) return absent;
        return new BigDecimal(n.asText());
    }
}
