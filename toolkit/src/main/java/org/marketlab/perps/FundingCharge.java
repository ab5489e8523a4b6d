package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;
import java.time.Instant;

/** A funding charge on a position: negative {@code funding} was paid, positive received. */
public record FundingCharge(long id, @JsonProperty("instrument_id") long instrumentId, BigDecimal size,
                            @JsonProperty("funding_rate") BigDecimal fundingRate, @JsonProperty("funding_asset") String fundingAsset,
                            BigDecimal funding, Instant timestamp) {
}
