package org.marketlab.clob;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * What an order-book account earned in liquidity rewards in one market on one day ({@code GET /rewards/user}): the
 * maker address paid, the asset paid in and its rate to collateral, and the amount.
 */
public record RewardEarning(LocalDate date, @JsonProperty("condition_id") String conditionId,
                            @JsonProperty("maker_address") String makerAddress,
                            @JsonProperty("asset_address") String assetAddress, BigDecimal earnings,
                            @JsonProperty("asset_rate") BigDecimal assetRate) {

    static RewardEarning read(JsonNode n) {
        return new RewardEarning(LocalDate.parse(n.path("date").asText()), n.path("condition_id").asText(), n.path("maker_address").asText(),
                n.path("asset_address").asText(), RewardShare.decimal(n.path("earnings")), RewardShare.decimal(n.path("asset_rate"), BigDecimal.ONE));
    }
}
