package org.marketlab.accounts;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A wallet's public statistics ({@code GET /v2/user-stats}): the markets it traded, its biggest win, profile views,
 * when it joined, and its all-time figures: trades, realised and unrealised profit and loss, volume (collateral) and
 * reward income. A wallet with no history reads as zeros with no join date.
 */
public record UserStats(@JsonProperty("proxy_wallet") String proxyWallet, @JsonProperty("markets_traded") int marketsTraded,
                        @JsonProperty("biggest_win") BigDecimal biggestWin, long views, @JsonProperty("join_date") Instant joinDate,
                        @JsonProperty("trade_count") long tradeCount, @JsonProperty("realized_pnl") BigDecimal realizedPnl,
                        @JsonProperty("unrealized_pnl") BigDecimal unrealizedPnl, @JsonProperty("volume_usdc") BigDecimal volumeUsdc,
                        @JsonProperty("reward_income") BigDecimal rewardIncome) {
}
