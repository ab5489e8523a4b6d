package org.marketlab.clob;

import java.time.Instant;

/** A builder API key of the account ({@code GET /auth/builder-api-key}); {@code revokedAt} is null while it is valid. */
public record BuilderKey(String key, Instant createdAt, Instant revokedAt) {

    public boolean revoked() {
        return revokedAt != null;
    }
}
