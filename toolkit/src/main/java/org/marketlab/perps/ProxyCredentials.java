package org.marketlab.perps;

import java.time.Instant;

/**
 * A registered proxy signer: its address, key and secret, the owner it acts for, in which profile, until when.
 * The key and the secret never appear in {@link #toString()}; a credential store keeps them.
 */
public record ProxyCredentials(String owner, String proxy, String privateKey, String secret, Instant expiresAt, String label,
                               String profile) {

    /** Whether the credentials are no longer valid at {@code now}. */
    public boolean expired(Instant now) {
        return !expiresAt.isAfter(now);
    }

    @Override
    public String toString() {
        return "ProxyCredentials[owner=" + owner + ", proxy=" + proxy + ", expiresAt=" + expiresAt + ", label=" + label
                + ", profile=" + profile + ", privateKey=(hidden), secret=(hidden)]";
    }
}
