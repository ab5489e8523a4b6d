package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;
import java.time.Instant;

/** A transfer between accounts; {@code direction} is {@code in} or {@code out} relative to this account. */
public record InternalTransfer(@JsonProperty("transfer_id") long transferId, String asset, BigDecimal amount, String direction,
                               String counterparty, @JsonProperty("created_timestamp") Instant createdAt, String label) {
}
