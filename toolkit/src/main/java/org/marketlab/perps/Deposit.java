package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;
import java.time.Instant;

/** A deposit to the account ({@code GET /v1/account/deposits}, the official client's read; the public facts name it). */
public record Deposit(String hash, String asset, BigDecimal amount, String status, String from, String to, Integer confirmations,
                      @JsonProperty("required_confirmations") Integer requiredConfirmations,
                      @JsonProperty("created_timestamp") Instant createdTimestamp,
                      @JsonProperty("confirmed_timestamp") Instant confirmedTimestamp) {

    /** The time the service pages on: the confirmation when there is one, else the creation (as the official client). */
    Instant pagingTime() {
        return confirmedTimestamp != null ? confirmedTimestamp : createdTimestamp;
    }
}
