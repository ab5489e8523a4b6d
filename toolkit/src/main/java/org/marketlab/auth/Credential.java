package org.marketlab.auth;

import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One stored credential: what kind, for which profile and address, and its fields (keys, secrets, passphrases,
 * expiries, as text). Field names are kept in camelCase; the snake_case spelling the specification also uses
 * ({@code private_key}, {@code expires_at}) is read as the same field. {@link #toString()} names the fields but
 * never shows a value.
 *
 * @param kind    what the credential is for
 * @param profile the profile it belongs to ({@code sandbox}, {@code live}, ...)
 * @param address the account it acts for (lower-case {@code 0x} address)
 * @param fields  the credential's fields, by camelCase name
 */
public record Credential(Kind kind, String profile, String address, Map<String, String> fields) {

    /** The kinds the toolkit keeps. */
    public enum Kind {
        /** A perpetuals proxy signer: key, secret, expiry. */
        PERPS_PROXY,
        /** Order-book API credentials: key, secret, passphrase. */
        CLOB_API_KEY,
        /** Order-book builder API credentials: key, secret, passphrase. */
        BUILDER_KEY;

        /** The folder name of this kind in a file store: its name in lower case, words joined by {@code -} ({@code clob-api-key}). */
        public String folder() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    public Credential {
        Objects.requireNonNull(kind, "kind");
        if (profile == null || !profile.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("profile name '" + profile + "' must be letters, digits, '.', '_' or '-'");
        }
        if (address == null || !address.matches("0x[0-9a-fA-F]{40}")) {
            throw new IllegalArgumentException("address must be 0x followed by 40 hex digits, was '" + address + "'");
        }
        address = address.toLowerCase(Locale.ROOT);
        TreeMap<String, String> f = new TreeMap<>();
        if (fields != null) fields.forEach((k, v) -> { if (k != null && v != null) f.put(camel(k), v); });
        fields = Collections.unmodifiableMap(f);
    }

    /** A field's value, or {@code null}. */
    public String get(String name) {
        return fields.get(camel(name));
    }

    /** {@code private_key} and {@code privateKey} name one field. */
    static String camel(String name) {
        StringBuilder b = new StringBuilder(name.length());
        boolean up = false;
        for (char c : name.toCharArray()) {
            if (c == '_') {
                up = b.length() > 0;
            } else {
                b.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return "Credential[" + kind + ", profile=" + profile + ", address=" + address + ", fields=" + fields.keySet() + " (values hidden)]";
    }
}
