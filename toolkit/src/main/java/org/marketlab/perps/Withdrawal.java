package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A withdrawal. {@code status} is one of pending, confirmed, removed, failed; {@code hash} is {@code 0x} until
 * mined; {@code confirmedAt} is null until confirmed (the service leaves it out, or sends 0 or null).
 */
public record Withdrawal(@JsonProperty("withdraw_id") long withdrawId, String asset, BigDecimal amount, String to, BigDecimal fee,
                         String status, String hash, Integer confirmations,
                         @JsonProperty("required_confirmations") Integer requiredConfirmations,
                         @JsonProperty("created_timestamp") Instant createdAt,
                         @JsonProperty("confirmed_timestamp") Instant confirmedAt) {

    public Withdrawal {
        if (Instant.EPOCH.equals(confirmedAt)) confirmedAt = null;
    }

    /** The time the service orders and pages withdrawals by: the confirmation when there is one, else the creation. */
    public Instant pagingTime() {
        return confirmedAt != null ? confirmedAt : createdAt;
    }
}
