package org.marketlab.markets;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A public profile, as search results and comment authors carry it. {@code proxyWallet} is the address that
 * holds the profile's positions (what {@code Accounts.of(address)} reads).
 */
public record Profile(String id, String name, String pseudonym, Boolean displayUsernamePublic, String bio, Boolean isMod,
                      Boolean isCreator, String proxyWallet, String baseAddress, String profileImage, Instant createdAt,
                      List<Map<String, Object>> positions) {

    public Profile {
        positions = Lists.copyMaps(positions);
    }
}
