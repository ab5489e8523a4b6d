package org.marketlab.accounts;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;

/**
 * One trader's standing on the Data API's leaderboard ({@code GET /v2/leaderboard}): the rank in the order asked
 * for, the wallet, its profit and loss and traded volume (collateral) over the period, and its public name where it has
 * one.
 */
public record LeaderboardEntry(int rank, @JsonProperty("user_id") String userId, BigDecimal pnl, BigDecimal volume,
                               @JsonProperty("user_name") String userName, boolean verified) {
}
