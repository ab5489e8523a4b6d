package org.marketlab.sandbox.wallets;

import org.web3j.crypto.Hash;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The order book's API-key and builder-key registries of one sandbox. A key is bound to an address and a
 * nonce; its credentials are derived from the world's seed, the address, the nonce and how many keys that pair
 * had before, so a run is repeatable and a key created after a deletion is a new one. The seeded wallets start
 * with their nonce-0 key registered (their open orders and trades carry it as {@code owner}).
 */
public final class ApiKeys {

    public record Creds(String key, String secret, String passphrase) {
    }

    public record Entry(String address, long nonce, Creds creds) {
    }

    public record BuilderKey(String address, Creds creds, Instant createdAt, Instant revokedAt) {
    }

    private final long seed;
    private final Map<String, Entry> byKey = new HashMap<>();
    private final Map<String, String> active = new HashMap<>();
    private final Map<String, Integer> generations = new HashMap<>();
    private final Map<String, BuilderKey> builders = new LinkedHashMap<>();

    public ApiKeys(long seed, List<String> seeded) {
        this.seed = seed;
        for (String a : seeded) register(a, 0);
    }

    /** The first key of an address (nonce 0, before any deletion). */
    static Creds initial(long seed, String address) {
        return derive(seed, address.toLowerCase(Locale.ROOT), 0, 0);
    }

    private static Creds derive(long seed, String address, long nonce, int generation) {
        String text = seed + ":" + address + ":" + nonce + (generation == 0 ? "" : ":" + generation);
        byte[] k = Hash.sha3(Wallets.bytes(text));
        return new Creds(UUID.nameUUIDFromBytes(k).toString(), Base64.getUrlEncoder().encodeToString(Hash.sha3(k)),
                Wallets.hex(k).substring(0, 32));
    }

    private Creds register(String address, long nonce) {
        String pair = address + "#" + nonce;
        int g = generations.merge(pair, 1, Integer::sum) - 1;
        Creds c = derive(seed, address, nonce, g);
        byKey.put(c.key(), new Entry(address, nonce, c));
        active.put(pair, c.key());
        return c;
    }

    /** A new key for the pair, or null when it already has one (the service then refuses to create). */
    public synchronized Creds create(String address, long nonce) {
        String a = address.toLowerCase(Locale.ROOT);
        if (active.containsKey(a + "#" + nonce)) return null;
        return register(a, nonce);
    }

    /** The pair's key, or null when it has none. */
    public synchronized Creds derive(String address, long nonce) {
        String key = active.get(address.toLowerCase(Locale.ROOT) + "#" + nonce);
        return key == null ? null : byKey.get(key).creds();
    }

    /** An active key's entry, or null. */
    public synchronized Entry find(String key) {
        Entry e = byKey.get(key);
        if (e == null) return null;
        return key.equals(active.get(e.address() + "#" + e.nonce())) ? e : null;
    }

    public synchronized List<String> keys(String address) {
        List<String> out = new ArrayList<>();
        String a = address.toLowerCase(Locale.ROOT);
        active.forEach((pair, key) -> {
            if (pair.startsWith(a + "#")) out.add(key);
        });
        out.sort(null);
        return out;
    }

    public synchronized boolean delete(String key) {
        Entry e = find(key);
        if (e == null) return false;
        active.remove(e.address() + "#" + e.nonce());
        return true;
    }

    // ---- builder keys ---------------------------------------------------------------------------------------------

    public synchronized BuilderKey createBuilder(String address, Instant at) {
        String a = address.toLowerCase(Locale.ROOT);
        Creds c = derive(seed, "builder:" + a, 0, builders.size());
        BuilderKey b = new BuilderKey(a, c, at, null);
        builders.put(c.key(), b);
        return b;
    }

    public synchronized List<BuilderKey> builderKeys(String address) {
        List<BuilderKey> out = new ArrayList<>();
        for (BuilderKey b : builders.values()) if (b.address().equals(address.toLowerCase(Locale.ROOT))) out.add(b);
        return out;
    }

    /** A builder key not revoked, or null. */
    public synchronized BuilderKey builder(String key) {
        BuilderKey b = builders.get(key);
        return b == null || b.revokedAt() != null ? null : b;
    }

    public synchronized boolean revokeBuilder(String key, Instant at) {
        BuilderKey b = builder(key);
        if (b == null) return false;
        builders.put(key, new BuilderKey(b.address(), b.creds(), b.createdAt(), at));
        return true;
    }
}
