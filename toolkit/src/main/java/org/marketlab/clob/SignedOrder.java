package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.signing.Eip712;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.util.Locale;
import java.util.Objects;

/**
 * An order signed as the official V2 clients sign it: the EIP-712 struct {@code Order(uint256 salt,address maker,
 * address signer,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint8 side,uint8 signatureType,
 * uint256 timestamp,bytes32 metadata,bytes32 builder)} in its exchange's {@link ExchangeDomain}, with the fields
 * the order book takes beside it (the expiration of a GTD order in epoch seconds, "0" otherwise; it is not signed).
 * Immutable: a resubmission sends the same order, the same salt.
 *
 * @param timestamp the creation time in epoch milliseconds, as the clients set it
 */
public record SignedOrder(BigInteger salt, String maker, String signer, String tokenId, BigInteger makerAmount, BigInteger takerAmount,
                          Side side, SignatureType signatureType, BigInteger timestamp, BigInteger expiration, String metadata,
                          String builder, String signature, ExchangeDomain domain) {

    static final String TYPE = "Order(uint256 salt,address maker,address signer,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,"
            + "uint8 side,uint8 signatureType,uint256 timestamp,bytes32 metadata,bytes32 builder)";
    static final String V1_TYPE = "Order(uint256 salt,address maker,address signer,address taker,uint256 tokenId,uint256 makerAmount,"
            + "uint256 takerAmount,uint256 expiration,uint256 nonce,uint256 feeRateBps,uint8 side,uint8 signatureType)";
    public static final String ZERO_BYTES32 = "0x" + "0".repeat(64);

    public SignedOrder {
        Objects.requireNonNull(salt, "salt");
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(signatureType, "signatureType");
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(timestamp, "timestamp");
        expiration = expiration == null ? BigInteger.ZERO : expiration;
        metadata = metadata == null ? ZERO_BYTES32 : metadata;
        builder = builder == null ? ZERO_BYTES32 : builder;
    }

    /** The struct's hash (before the domain). */
    public byte[] structHash() {
        return structHash(salt, maker, signer, tokenId, makerAmount, takerAmount, side, signatureType.code(), timestamp, metadata, builder);
    }

    static byte[] structHash(BigInteger salt, String maker, String signer, String tokenId, BigInteger makerAmount, BigInteger takerAmount,
                             Side side, int signatureType, BigInteger timestamp, String metadata, String builder) {
        return Eip712.structHash(TYPE, Eip712.uint(salt), Eip712.address(maker), Eip712.address(signer), Eip712.uint(new BigInteger(tokenId)),
                Eip712.uint(makerAmount), Eip712.uint(takerAmount), Eip712.uint(side == Side.BUY ? 0 : 1), Eip712.uint(signatureType),
                Eip712.uint(timestamp), Eip712.bytes32(Numeric.hexStringToByteArray(metadata)), Eip712.bytes32(Numeric.hexStringToByteArray(builder)));
    }

    /** The EIP-712 digest that is signed ({@code hashTypedData} of the official clients). */
    public byte[] digest() {
        return Eip712.digest(domain.separator(), structHash());
    }

    /** The digest as 0x-prefixed hex: the order's hash, the id the order book gives it. */
    public String hash() {
        return Numeric.toHexString(digest());
    }

    /** The address the signature recovers to (lower case); equal to {@link #signer()} when the signature is good. */
    public String recoverSigner() {
        return Eip712.recover(digest(), signature);
    }

    /**
     * The {@code POST /order} body the official clients send ({@code orderToJsonV2}): {@code {deferExec, postOnly,
     * order:{…}, owner, orderType}}, the salt as a JSON number.
     */
    public ObjectNode body(String owner, OrderType orderType, boolean postOnly) {
        ObjectNode b = JsonNodeFactory.instance.objectNode();
        b.put("deferExec", false);
        b.put("postOnly", postOnly);
        b.set("order", json());
        b.put("owner", owner);
        b.put("orderType", orderType.name());
        return b;
    }

    /** The order as the body's {@code order} object. */
    public ObjectNode json() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("salt", salt);
        o.put("maker", maker);
        o.put("signer", signer);
        o.put("tokenId", tokenId);
        o.put("makerAmount", makerAmount.toString());
        o.put("takerAmount", takerAmount.toString());
        o.put("side", side.name());
        o.put("signatureType", signatureType.code());
        o.put("timestamp", timestamp.toString());
        o.put("expiration", expiration.toString());
        o.put("metadata", metadata);
        o.put("builder", builder);
        o.put("signature", signature);
        return o;
    }

    /**
     * The digest of a legacy (V1) signed order in its JSON form ({@code salt, maker, signer, taker, tokenId,
     * makerAmount, takerAmount, expiration, nonce, feeRateBps, side, signatureType}) in {@code domain}.
     */
    public static byte[] v1Digest(JsonNode order, ExchangeDomain domain) {
        byte[] struct = Eip712.structHash(V1_TYPE, Eip712.uint(uint(order, "salt")), Eip712.address(text(order, "maker")),
                Eip712.address(text(order, "signer")), Eip712.address(text(order, "taker")), Eip712.uint(uint(order, "tokenId")),
                Eip712.uint(uint(order, "makerAmount")), Eip712.uint(uint(order, "takerAmount")), Eip712.uint(uint(order, "expiration")),
                Eip712.uint(uint(order, "nonce")), Eip712.uint(uint(order, "feeRateBps")), Eip712.uint(sideCode(order.get("side"))),
                Eip712.uint(uint(order, "signatureType")));
        return Eip712.digest(domain.separator(), struct);
    }

    private static String text(JsonNode o, String field) {
        JsonNode n = o.get(field);
        if (n == null || n.isNull()) throw new IllegalArgumentException("the signed order has no " + field);
        return n.asText();
    }

    private static BigInteger uint(JsonNode o, String field) {
        return new BigInteger(text(o, field));
    }

    private static int sideCode(JsonNode side) {
        if (side == null) throw new IllegalArgumentException("the signed order has no side");
        if (side.isNumber()) return side.asInt();
        return Side.of(side.asText().toUpperCase(Locale.ROOT)) == Side.BUY ? 0 : 1;
    }
}
