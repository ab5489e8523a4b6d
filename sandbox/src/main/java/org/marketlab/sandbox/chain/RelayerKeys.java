package org.marketlab.sandbox.chain;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Relayer API keys: the static credential a client may send on the relayer's gasless writes instead of builder-key
 * headers ({@code RELAYER_API_KEY} and {@code RELAYER_API_KEY_ADDRESS}, the latter the address owning the key).
 * <ul>
 *   <li>{@code POST /__sandbox/relayer-api-keys} {@code {"address"}}: the sandbox's own way to issue a key (the live
 *       service issues them only to a logged-in web session, which the sandbox has no equivalent of); answers
 *       {@code {apiKey, address, createdAt, updatedAt}}. At most 100 keys per address, as the live service allows.</li>
 *   <li>{@code GET /relayer/api/keys}: the keys of the address the request's relayer-key headers authenticate.</li>
 * </ul>
 * A key that is unknown, or that belongs to an address other than {@code RELAYER_API_KEY_ADDRESS}, is refused with 401;
 * the refusal never repeats the key.
 */
public final class RelayerKeys implements RouteModule {

    /** The most keys one address may hold. */
    static final int MAX_PER_ADDRESS = 100;

    private record Key(String apiKey, String address, long createdAt) {
        @Override
        public String toString() {
            return "RelayerKey[address=" + address + "]";
        }
    }

    private final LongSupplier clock;
    private final Map<String, Key> keys = new LinkedHashMap<>();

    public RelayerKeys(LongSupplier clock) {
        this.clock = clock;
    }

    @Route("POST /__sandbox/relayer-api-keys")
    private void issue(Context ctx) {
        Json.send(ctx, json(issue(RelayerApi.bodyAddress(ctx, "address"))));
    }

    @Route("GET /relayer/api/keys")
    private void list(Context ctx) {
        String owner = owner(ctx);
        if (owner == null) {
            throw Refusal.unauthorized("relayer API key headers required: RELAYER_API_KEY and RELAYER_API_KEY_ADDRESS");
        }
        ArrayNode list = Json.array();
        synchronized (this) {
            keys.values().stream().filter(k -> k.address().equals(owner)).forEach(k -> list.add(json(k)));
        }
        Json.send(ctx, list);
    }

    private synchronized Key issue(String address) {
        String owner = address.toLowerCase(Locale.ROOT);
        if (keys.values().stream().filter(k -> k.address().equals(owner)).count() >= MAX_PER_ADDRESS) {
            throw Refusal.badRequest("address " + address + " already holds " + MAX_PER_ADDRESS + " relayer API keys, the most allowed");
        }
        Key k = new Key(UUID.randomUUID().toString(), owner, clock.getAsLong());
        keys.put(k.apiKey(), k);
        return k;
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode json(Key k) {
        String at = Instant.ofEpochMilli(k.createdAt()).toString();
        return Json.object().put("apiKey", k.apiKey()).put("address", k.address()).put("createdAt", at).put("updatedAt", at);
    }

    /**
     * The address a request's relayer-key headers authenticate, or null when it carries neither header; 401 when one is
     * missing, the key is unknown, or it is not {@code RELAYER_API_KEY_ADDRESS}'s.
     */
    String owner(Context ctx) {
        String key = ctx.header("RELAYER_API_KEY");
        String address = ctx.header("RELAYER_API_KEY_ADDRESS");
        if (key == null && address == null) return null;
        if (key == null || address == null) {
            throw Refusal.unauthorized("relayer API key auth needs both headers: RELAYER_API_KEY and RELAYER_API_KEY_ADDRESS");
        }
        Key k;
        synchronized (this) {
            k = keys.get(key.trim());
        }
        String claimed = address.trim().toLowerCase(Locale.ROOT);
        if (k == null || !k.address().equals(claimed)) {
            throw Refusal.unauthorized("invalid relayer API key: it is unknown or not owned by RELAYER_API_KEY_ADDRESS " + address.trim());
        }
        return k.address();
    }

    /**
     * The authentication of a gasless write: a relayer API key when the request carries its headers, else the builder
     * key {@code builders} checks. Either answers the authenticated address.
     */
    public Function<Context, String> orBuilders(Function<Context, String> builders) {
        return ctx -> {
            String owner = owner(ctx);
            return owner != null ? owner : builders.apply(ctx);
        };
    }
}
