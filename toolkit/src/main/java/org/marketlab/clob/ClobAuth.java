package org.marketlab.clob;

import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Signer;
import org.marketlab.signing.Eip712;
import org.marketlab.signing.Wallet;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/**
 * The order book's two authentication levels, as per-attempt {@link Signer}s (the timestamp is the attempt's):
 * L1, an EIP-712 {@code ClobAuth(address address,string timestamp,uint256 nonce,string message)} signature in the
 * domain {@code {name: "ClobAuthDomain", version: "1", chainId}}, sent as {@code POLY_ADDRESS}, {@code POLY_SIGNATURE},
 * {@code POLY_TIMESTAMP}, {@code POLY_NONCE}; L2, an HMAC-SHA256 keyed with the base64url-decoded secret over
 * {@code timestamp + METHOD + path + body}, URL-safe base64, sent with {@code POLY_API_KEY} and {@code POLY_PASSPHRASE};
 * and the builder headers ({@code POLY_BUILDER_*}), the same HMAC with the builder's secret.
 */
public final class ClobAuth {

    static final String MESSAGE = "This message attests that I control the given wallet";
    static final String TYPE = "ClobAuth(address address,string timestamp,uint256 nonce,string message)";

    private ClobAuth() {
    }

    /** The digest an L1 header signs. */
    public static byte[] l1Digest(String domainName, String address, long timestampSeconds, long nonce, long chainId) {
        byte[] struct = Eip712.structHash(TYPE, Eip712.address(address), keccak(Long.toString(timestampSeconds)),
                Eip712.uint(BigInteger.valueOf(nonce)), keccak(MESSAGE));
        return Eip712.digest(Eip712.domainSeparator(domainName, "1", chainId), struct);
    }

    /** L1 headers made at each attempt's time. */
    static Signer l1(Wallet wallet, long nonce, String domainName, long chainId) {
        String address = Keys.toChecksumAddress(wallet.address());
        return (call, nowMillis) -> {
            long ts = nowMillis / 1000;
            Map<String, String> h = new HashMap<>();
            h.put("POLY_ADDRESS", address);
            h.put("POLY_SIGNATURE", wallet.sign(l1Digest(domainName, address, ts, nonce, chainId)));
            h.put("POLY_TIMESTAMP", Long.toString(ts));
            h.put("POLY_NONCE", Long.toString(nonce));
            return call.withHeaders(h);
        };
    }

    /** L2 headers over this attempt's method, path and body. */
    static Signer l2(String address, ApiCredentials creds) {
        String checksummed = Keys.toChecksumAddress(address);
        return (call, nowMillis) -> {
            String ts = Long.toString(nowMillis / 1000);
            Map<String, String> h = new HashMap<>();
            h.put("POLY_ADDRESS", checksummed);
            h.put("POLY_SIGNATURE", hmac(creds.secret(), message(call, ts)));
            h.put("POLY_TIMESTAMP", ts);
            h.put("POLY_API_KEY", creds.apiKey());
            h.put("POLY_PASSPHRASE", creds.passphrase());
            return call.withHeaders(h);
        };
    }

    /** Builder headers over this attempt's method, path and body. */
    static Signer builder(ApiCredentials creds) {
        return (call, nowMillis) -> {
            String ts = Long.toString(nowMillis / 1000);
            Map<String, String> h = new HashMap<>();
            h.put("POLY_BUILDER_API_KEY", creds.apiKey());
            h.put("POLY_BUILDER_PASSPHRASE", creds.passphrase());
            h.put("POLY_BUILDER_TIMESTAMP", ts);
            h.put("POLY_BUILDER_SIGNATURE", hmac(creds.secret(), message(call, ts)));
            return call.withHeaders(h);
        };
    }

    private static String message(Call call, String ts) {
        String body = call.body() == null ? "" : new String(call.body(), StandardCharsets.UTF_8);
        return ts + call.method() + call.path() + body;
    }

    /** URL-safe base64 (with padding) of HMAC-SHA256 keyed with the base64 (either alphabet) secret. */
    public static String hmac(String secret, String message) {
        byte[] key;
        try {
            key = Base64.getUrlDecoder().decode(secret.trim().replace('+', '-').replace('/', '_'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the API secret is not base64; give the secret the order book answered when the key was created", null);
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return Base64.getUrlEncoder().encodeToString(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private static byte[] keccak(String s) {
        return Hash.sha3(s.getBytes(StandardCharsets.UTF_8));
    }
}
