package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The account's primary invite code; {@code cooldownMs} is null for lifetime caps. */
public record Invite(String status, String code, @JsonProperty("referrals_available") int referralsAvailable,
                     @JsonProperty("cooldown_ms") Long cooldownMs) {
}
