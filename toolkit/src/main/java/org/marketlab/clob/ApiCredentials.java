package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.auth.Credential;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;

import java.util.HashMap;
import java.util.Map;

/**
 * Order-book API credentials (or builder credentials): the key, the base64url secret that keys the HMAC of L2
 * headers, and the passphrase. {@link #toString()} shows only the key's first characters; the credential store keeps
 * them owner-only.
 */
public record ApiCredentials(String apiKey, String secret, String passphrase) {

    public ApiCredentials {
        if (apiKey == null || apiKey.isBlank() || secret == null || secret.isBlank() || passphrase == null || passphrase.isBlank()) {
            throw new IllegalArgumentException("API credentials need an apiKey, a secret and a passphrase");
        }
        org.marketlab.internal.transport.Recorder.neverRecord(apiKey, secret, passphrase);
    }

    /** {@code POST /auth/api-key}, {@code GET /auth/derive-api-key} ({@code apiKey}) or a builder key ({@code key}). */
    static ApiCredentials read(Document doc) {
        JsonNode n = doc.tree();
        String key = JsonFields.text(n, "apiKey", "key", "api_key");
        String secret = JsonFields.text(n, "secret");
        String pass = JsonFields.text(n, "passphrase");
        if (key == null || secret == null || pass == null) throw doc.malformed("API credentials need apiKey, secret and passphrase", null);
        return new ApiCredentials(key, secret, pass);
    }

    /** As the credential store keeps it, for {@code address} in {@code profile}. */
    Credential toCredential(Credential.Kind kind, String profile, String address, Map<String, String> extra) {
        Map<String, String> f = new HashMap<>(extra);
        f.put("apiKey", apiKey);
        f.put("secret", secret);
        f.put("passphrase", passphrase);
        return new Credential(kind, profile, address, f);
    }

    /** From a stored credential; {@code null} when a field is missing (unusable credentials are as good as none). */
    static ApiCredentials of(Credential c) {
        String key = c.get("apiKey"), secret = c.get("secret"), pass = c.get("passphrase");
        if (key == null || secret == null || pass == null || key.isBlank() || secret.isBlank() || pass.isBlank()) return null;
        return new ApiCredentials(key, secret, pass);
    }

    @Override
    public String toString() {
        return "ApiCredentials[apiKey=" + (apiKey.length() > 8 ? apiKey.substring(0, 8) + "…" : apiKey) + ", secret=(hidden), passphrase=(hidden)]";
    }
}
