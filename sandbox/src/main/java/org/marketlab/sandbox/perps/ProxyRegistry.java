package org.marketlab.sandbox.perps;

import org.marketlab.sandbox.route.Refusal;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The registered proxy signers: which owner each acts for, its secret, and until when (Unix ms). */
final class ProxyRegistry {

    record Proxy(String address, String owner, String secret, long expiry, String label) {
        boolean live(long now) {
            return expiry > now;
        }

        @Override
        public String toString() {
            return "Proxy[" + address + " for " + owner + " until " + expiry + "]";
        }
    }

    private final Map<String, Proxy> byAddress = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();

    /** Registers (or re-registers, with a new secret) {@code proxy} for {@code owner}. */
    synchronized Proxy register(String owner, String proxy, long expiry, String label) {
        String address = proxy.toLowerCase(Locale.ROOT);
        Proxy existing = byAddress.get(address);
        if (existing != null && !existing.owner().equals(owner)) {
            throw Refusal.badRequest("proxy " + proxy + " is registered to another account");
        }
        byte[] s = new byte[32];
        random.nextBytes(s);
        Proxy p = new Proxy(address, owner, Base64.getUrlEncoder().withoutPadding().encodeToString(s), expiry, label);
        byAddress.put(address, p);
        return p;
    }

    Proxy find(String proxy) {
        return proxy == null ? null : byAddress.get(proxy.toLowerCase(Locale.ROOT));
    }

    boolean delete(String proxy) {
        return byAddress.remove(proxy.toLowerCase(Locale.ROOT)) != null;
    }

    /** Whether the address has registered a proxy (the account exists on the exchange). */
    boolean registered(String owner) {
        String o = owner.toLowerCase(Locale.ROOT);
        return byAddress.values().stream().anyMatch(p -> p.owner().equals(o));
    }

    /** The owner's unexpired proxies, soonest expiry first. */
    List<Proxy> of(String owner, long now) {
        return byAddress.values().stream().filter(p -> p.owner().equals(owner) && p.live(now))
                .sorted(Comparator.comparingLong(Proxy::expiry)).toList();
    }

    /** The live proxy {@code address} whose secret is {@code secret}, else a 401 failure. */
    Proxy authenticate(String address, String secret, long now) {
        Proxy p = find(address);
        if (p == null || secret == null
                || !MessageDigest.isEqual(p.secret().getBytes(StandardCharsets.UTF_8), secret.getBytes(StandardCharsets.UTF_8))) {
            throw Refusal.unauthorized("invalid proxy credentials");
        }
        if (!p.live(now)) throw Refusal.unauthorized("proxy expired; register a new one");
        return p;
    }
}
