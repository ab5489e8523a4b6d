package org.marketlab.markets;

import java.math.BigDecimal;

/**
 * One holder of one outcome token of a market, as the Data API's {@code /holders} lists it: {@code token} (the
 * outcome token id), {@code outcomeIndex}, the holder's {@code proxyWallet} (give it to {@code Accounts.of}) and
 * {@code amount} (shares held), with the public profile fields the service adds.
 */
public record Holder(String token, String proxyWallet, String asset, BigDecimal amount, Integer outcomeIndex,
                     String name, String pseudonym, String bio, Boolean displayUsernamePublic, String profileImage,
                     String profileImageOptimized) {
}
