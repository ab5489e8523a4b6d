package org.marketlab.perps;

import org.marketlab.auth.Credential;
import org.marketlab.time.Timestamps;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * A registered proxy signer: its address, key and secret, the owner it acts for, in which profile, until when.
 * The key and the secret never appear in {@link #toString()}; a credential store keeps them.
 */
public record ProxyCredentials(String owner, String proxy, String privateKey, String secret, Instant expiresAt, String label,
                               String profile) {

    public ProxyCredentials {
        org.marketlab.internal.transport.Recorder.neverRecord(privateKey, secret);
    }

    /** Whether the credentials are no longer valid at {@code now}. */
    public boolean expired(Instant now) {
        return !expiresAt.isAfter(now);
    }

    /** As the credential store keeps it. */
    public Credential toCredential() {
        Map<String, String> f = new HashMap<>();
        f.put("owner", owner);
        f.put("proxy", proxy);
        f.put("privateKey", privateKey);
        f.put("secret", secret);
        f.put("expiresAt", Long.toString(expiresAt.toEpochMilli()));
        if (label != null) f.put("label", label);
        return new Credential(Credential.Kind.PERPS_PROXY, profile, owner, f);
    }

    /**
     * From a stored credential (either spelling of its fields); {@code null} when a field is missing or unreadable,
     * as unusable credentials are as good as none.
     */
    public static ProxyCredentials of(Credential c) {
        try {
            String owner = c.get("owner") != null ? c.get("owner") : c.address();
            String expires = c.get("expiresAt");
            if (c.get("proxy") == null || c.get("privateKey") == null || c.get("secret") == null || expires == null) return null;
            Instant at = expires.chars().allMatch(Character::isDigit)
                    ? Instant.ofEpochMilli(Timestamps.epochMillis(Long.parseLong(expires))) : Timestamps.parse(expires);
            return new ProxyCredentials(owner, c.get("proxy"), c.get("privateKey"), c.get("secret"), at, c.get("label"), c.profile());
        } catch (RuntimeException unreadable) {
            return null;
        }
    }

    @Override
    public String toString() {
        return "ProxyCredentials[owner=" + owner + ", proxy=" + proxy + ", expiresAt=" + expiresAt + ", label=" + label
                + ", profile=" + profile + ", privateKey=(hidden), secret=(hidden)]";
    }
}
