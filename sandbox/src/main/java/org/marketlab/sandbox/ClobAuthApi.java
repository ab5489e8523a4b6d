package org.marketlab.sandbox;

import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.world.*;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The order book's L1 authentication: {@code POST /auth/api-key} and {@code GET /auth/derive-api-key} with the
 * {@code POLY_ADDRESS}, {@code POLY_SIGNATURE}, {@code POLY_TIMESTAMP} and {@code POLY_NONCE} headers, the
 * signature being EIP-712 {@code ClobAuth(address address,string timestamp,uint256 nonce,string message)} in the
 * domain {@code {name: "ClobAuthDomain", version: "1", chainId: 137}}. Keys are derived from the address and the
 * nonce, so create and derive answer the same credentials.
 */
final class ClobAuthApi implements RouteModule {

    private final java.util.function.LongSupplier clock;

    static final String MESSAGE = "This message attests that I control the given wallet";
    private final long seed;

    ClobAuthApi(long seed, java.util.function.LongSupplier clock) {
        this.clock = clock;
        this.seed = seed;
    }

    @Override
    public String service() {
        return "clob";
    }

    @Override
    public void register(Javalin app) {
        app.post("/auth/api-key", this::credentials);
        app.get("/auth/derive-api-key", this::credentials);
    }

    private void credentials(Context ctx) {
        String address = ctx.header("POLY_ADDRESS");
        String signature = ctx.header("POLY_SIGNATURE");
        String timestamp = ctx.header("POLY_TIMESTAMP");
        String nonce = ctx.header("POLY_NONCE");
        if (address == null || signature == null || timestamp == null) {
            ctx.status(401).json(Map.of("error", "Invalid L1 Request headers"));
            return;
        }
        BigInteger n;
        try {
            n = new BigInteger(nonce == null || nonce.isBlank() ? "0" : nonce.trim());
            long ts = Long.parseLong(timestamp.trim());
            if (Math.abs(ts - clock.getAsLong() / 1000) > 300) throw new NumberFormatException("stale");
        } catch (NumberFormatException e) {
            ctx.status(401).json(Map.of("error", "Invalid L1 Request headers"));
            return;
        }
        byte[] digest = TypedData.clobAuth(address, timestamp, n, MESSAGE);
        String signer = TypedData.signer(digest, signature);
        if (signer == null || !signer.equalsIgnoreCase(address)) {
            ctx.status(401).json(Map.of("error", "Invalid L1 Request headers"));
            return;
        }
        byte[] k = Hash.sha3((seed + ":" + address.toLowerCase(Locale.ROOT) + ":" + n).getBytes(StandardCharsets.UTF_8));
        ObjectNode out = World.JSON.objectNode();
        out.put("apiKey", UUID.nameUUIDFromBytes(k).toString());
        out.put("secret", Base64.getUrlEncoder().encodeToString(Hash.sha3(k)));
        out.put("passphrase", Numeric.toHexStringNoPrefix(k).substring(0, 32));
        ctx.json(out);
    }
}
