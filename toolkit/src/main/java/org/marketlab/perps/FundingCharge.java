package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A funding charge on a position: negative {@code funding} was paid, positive received. {@code id} is null when
 * the service leaves it out (the official client's schema has none).
 */
public record FundingCharge(Long id, @JsonProperty("instrument_id") long instrumentId, BigDecimal size,
                            @JsonProperty("funding_rate") BigDecimal fundingRate, @JsonProperty("funding_asset") String fundingAsset,
                            BigDecimal funding, Instant timestamp) {

    /** What tells two charges apart: the id, else instrument, time and amount (as the official client keys them). */
    Object key() {
        return id != null ? id : instrumentId + ":" + (timestamp == null ? null : timestamp.toEpochMilli()) + ":"
                + (funding == null ? null : funding.toPlainString());
    }
}
