package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * The funding rate of one period of an instrument ({@code GET /v1/info/funding}): the period's end, and the rate a
 * long position pays a short one for it (negative: the short pays).
 */
public record FundingRate(Instant timestamp, @JsonProperty("funding_rate") BigDecimal rate) {
}
