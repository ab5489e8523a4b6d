package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.sandbox.route.Refusal;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SignatureException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The perpetuals' signatures as the sandbox checks them, written from the EIP-712 rules and sharing nothing with
 * the toolkit's signing, so that a mistake on either side shows as a refusal:
 * <ul>
 *   <li>domain {@code EIP712Domain(string name,string version,uint256 chainId)} with version {@code "1"}, chain
 *       137 and no verifying contract; the name is the sandbox's {@code "MarketLab Sandbox"} or the live service's
 *       {@code "Polymarket"} (both accepted, so the official clients interoperate);</li>
 *   <li>{@code CreateProxy(address addr,uint64 exp,uint64 salt,uint64 ts)}, signed by the owner;</li>
 *   <li>{@code Op(bytes32 data,uint64 salt,uint64 ts)} where {@code data} is the keccak-256 of the MessagePack of
 *       the compact operation, e.g. {@code ["cancelOrders",[oid,...]]}: signed by the proxy for trading
 *       operations, and by the owner for {@code ["deleteProxy",[proxy]]} (the typed data of deleteProxy is not in
 *       the specification; this is what the official {@code @polymarket/client} signs).</li>
 * </ul>
 * A signer is found by recovering the public key with web3j's {@link Sign}.
 */
final class Signatures {

    static final List<String> DOMAIN_NAMES = List.of("MarketLab Sandbox", "Polymarket");
    static final long CHAIN_ID = 137;

    private static final byte[] DOMAIN_TYPE = keccak("EIP712Domain(string name,string version,uint256 chainId)");
    private static final byte[] CREATE_PROXY_TYPE = keccak("CreateProxy(address addr,uint64 exp,uint64 salt,uint64 ts)");
    private static final byte[] OP_TYPE = keccak("Op(bytes32 data,uint64 salt,uint64 ts)");
    private static final byte[] CONTRACT_DOMAIN_TYPE = keccak("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    private static final byte[] WITHDRAW_TYPE = keccak("Withdraw(address account,address token,uint256 amount,uint256 fee,address to,uint64 salt,uint64 ts)");

    private Signatures() {
    }

    static byte[] createProxy(String domainName, String proxy, long exp, long salt, long ts) {
        return typedDataHash(domainName, keccak(concat(CREATE_PROXY_TYPE, addressWord(proxy), uintWord(exp), uintWord(salt), uintWord(ts))));
    }

    static byte[] op(String domainName, byte[] compactMsgpack, long salt, long ts) {
        return typedDataHash(domainName, keccak(concat(OP_TYPE, Hash.sha3(compactMsgpack), uintWord(salt), uintWord(ts))));
    }

    /**
     * {@code Withdraw(address account,address token,uint256 amount,uint256 fee,address to,uint64 salt,uint64 ts)} in the
     * domain of the deposit contract ({@code verifyingContract}), as the official Python client signs a withdrawal.
     */
    static byte[] withdraw(String domainName, String depositContract, String account, String token, BigInteger amount, BigInteger fee,
                           String to, long salt, long ts) {
        byte[] domain = keccak(concat(CONTRACT_DOMAIN_TYPE, keccak(domainName), keccak("1"), uintWord(CHAIN_ID), addressWord(depositContract)));
        byte[] struct = keccak(concat(WITHDRAW_TYPE, addressWord(account), addressWord(token), Numeric.toBytesPadded(amount, 32),
                Numeric.toBytesPadded(fee, 32), addressWord(to), uintWord(salt), uintWord(ts)));
        return keccak(concat(new byte[]{0x19, 0x01}, domain, struct));
    }

    /**
     * Whether {@code signature} over the digest {@code digestFor(domainName)} recovers to {@code address} for one
     * of the accepted domain names.
     */
    static boolean signedBy(String address, java.util.function.Function<String, byte[]> digestFor, String signature) {
        for (String name : DOMAIN_NAMES) {
            if (address.equalsIgnoreCase(String.valueOf(recover(digestFor.apply(name), signature)))) return true;
        }
        return false;
    }

    /** The lower-case address whose key made {@code signature} (65 bytes hex, v 27/28 or 0/1) over {@code digest}; null if none. */
    static String recover(byte[] digest, String signature) {
        if (signature == null || !signature.matches("(0x)?[0-9a-fA-F]{130}")) return null;
        byte[] sig = Numeric.hexStringToByteArray(signature);
        byte v = sig[64];
        if (v == 0 || v == 1) v += 27;
        if (v != 27 && v != 28) return null;
        try {
            BigInteger key = Sign.signedMessageHashToKey(digest,
                    new Sign.SignatureData(v, Arrays.copyOfRange(sig, 0, 32), Arrays.copyOfRange(sig, 32, 64)));
            return "0x" + Keys.getAddress(key).toLowerCase(Locale.ROOT);
        } catch (SignatureException | RuntimeException e) {
            return null;
        }
    }

    // ---- the compact operations, as MessagePack ------------------------------------------------------------------

    /** {@code ["modifyOrdersCOID", [[coid, p, qty], ...]]} from the body's {@code args} (texts as sent). */
    static byte[] modifyOrdersCoid(JsonNode args) {
        return pack(p -> {
            p.packArrayHeader(2).packString("modifyOrdersCOID").packArrayHeader(args.size());
            for (JsonNode e : args) p.packArrayHeader(3).packString(e.get("coid").asText()).packString(e.get("p").asText()).packString(e.get("qty").asText());
        });
    }

    /** {@code ["cancelOrders", [oid, ...]]}. */
    static byte[] cancelOrders(long[] oids) {
        return pack(p -> {
            p.packArrayHeader(2).packString("cancelOrders").packArrayHeader(oids.length);
            for (long oid : oids) p.packLong(oid);
        });
    }

    /** {@code ["cancelOrdersCOID", [coid, ...]]}. */
    static byte[] cancelOrdersCoid(String[] coids) {
        return pack(p -> {
            p.packArrayHeader(2).packString("cancelOrdersCOID").packArrayHeader(coids.length);
            for (String c : coids) p.packString(c);
        });
    }

    /** {@code ["deleteProxy", [proxy]]}, the proxy exactly as the body spells it. */
    static byte[] deleteProxy(String proxy) {
        return pack(p -> p.packArrayHeader(2).packString("deleteProxy").packArrayHeader(1).packString(proxy));
    }

    /**
     * A compact operation given as JSON (arrays, strings, integers, booleans, nulls), as MessagePack: each value in its
     * smallest form, and the nulls in arrays left out (at every depth), as the official clients pack what they sign.
     */
    static byte[] compact(JsonNode op) {
        return pack(p -> packNode(p, op));
    }

    private static void packNode(MessageBufferPacker p, JsonNode n) throws IOException {
        if (n == null || n.isNull() || n.isMissingNode()) p.packNil();
        else if (n.isArray()) {
            int kept = 0;
            for (JsonNode e : n) if (!e.isNull()) kept++;
            p.packArrayHeader(kept);
            for (JsonNode e : n) if (!e.isNull()) packNode(p, e);
        } else if (n.isBoolean()) p.packBoolean(n.asBoolean());
        else if (n.isIntegralNumber() && n.canConvertToLong()) p.packLong(n.asLong());
        else if (n.isNumber()) p.packDouble(n.asDouble());
        else if (n.isTextual()) p.packString(n.asText());
        else throw Refusal.badRequest("op holds a value that is not part of a compact operation: " + n);
    }

    private interface Packing {
        void write(MessageBufferPacker p) throws IOException;
    }

    private static byte[] pack(Packing packing) {
        try (MessageBufferPacker p = MessagePack.newDefaultBufferPacker()) {
            packing.write(p);
            return p.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- EIP-712 words --------------------------------------------------------------------------------------------

    private static byte[] typedDataHash(String domainName, byte[] structHash) {
        byte[] domain = keccak(concat(DOMAIN_TYPE, keccak(domainName), keccak("1"), uintWord(CHAIN_ID)));
        return keccak(concat(new byte[]{0x19, 0x01}, domain, structHash));
    }

    private static byte[] keccak(String text) {
        return Hash.sha3(text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] keccak(byte[] bytes) {
        return Hash.sha3(bytes);
    }

    private static byte[] uintWord(long v) {
        if (v < 0) throw Refusal.badRequest("a uint64 field is negative: " + v);
        return Numeric.toBytesPadded(BigInteger.valueOf(v), 32);
    }

    private static byte[] addressWord(String address) {
        if (address == null || !address.matches("0x[0-9a-fA-F]{40}")) throw Refusal.badRequest("not an address: '" + address + "'");
        return Numeric.toBytesPadded(new BigInteger(address.substring(2), 16), 32);
    }

    private static byte[] concat(byte[]... parts) {
        return org.bouncycastle.util.Arrays.concatenate(parts);
    }
}
