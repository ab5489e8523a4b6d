package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;

/** An asset accepted as collateral. */
public record CollateralAsset(String asset, String address, int decimals, @JsonProperty("collateral_ratio") BigDecimal collateralRatio,
                              @JsonProperty("withdrawal_fee") BigDecimal withdrawalFee) {
}
