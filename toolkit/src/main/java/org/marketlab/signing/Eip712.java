package org.marketlab.signing;

import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SignatureException;

/**
 * EIP-712 hashing and signing for the fixed typed data the service uses (domains with or without a verifying
 * contract; structs of addresses, unsigned integers and bytes32). Written for these types only: each
 * struct's type string is given whole, its fields are encoded as 32-byte words in order.
 */
public final class Eip712 {

    private static final byte[] DOMAIN_TYPE = keccak("EIP712Domain(string name,string version,uint256 chainId)");

    private static final byte[] DOMAIN_TYPE_CONTRACT =
            keccak("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");

    private Eip712() {
    }

    /** The separator of a domain {@code {name, version, chainId}} with no verifying contract. */
    public static byte[] domainSeparator(String name, String version, long chainId) {
        return Hash.sha3(concat(DOMAIN_TYPE, keccak(name), keccak(version), uint(BigInteger.valueOf(chainId))));
    }

    /** The separator of a domain {@code {name, version, chainId, verifyingContract}} (the exchanges' order domains). */
    public static byte[] domainSeparator(String name, String version, long chainId, String verifyingContract) {
        return Hash.sha3(concat(DOMAIN_TYPE_CONTRACT, keccak(name), keccak(version), uint(BigInteger.valueOf(chainId)),
                address(verifyingContract)));
    }

    /** {@code keccak256(typeHash ‖ words…)} for a struct whose fields are already encoded as 32-byte words. */
    public static byte[] structHash(String typeString, byte[]... words) {
        byte[][] parts = new byte[words.length + 1][];
        parts[0] = keccak(typeString);
        for (int i = 0; i < words.length; i++) {
            if (words[i].length != 32) throw new IllegalArgumentException("EIP-712 words are 32 bytes; word " + i + " has " + words[i].length);
            parts[i + 1] = words[i];
        }
        return Hash.sha3(concat(parts));
    }

    /** The digest that is signed: {@code keccak256(0x1901 ‖ domainSeparator ‖ structHash)}. */
    public static byte[] digest(byte[] domainSeparator, byte[] structHash) {
        return Hash.sha3(concat(new byte[]{0x19, 0x01}, domainSeparator, structHash));
    }

    /** Signs a digest: 65 bytes {@code r ‖ s ‖ v} with v 27 or 28, as 0x-prefixed hex. */
    public static String sign(byte[] digest, ECKeyPair key) {
        Sign.SignatureData s = Sign.signMessage(digest, key, false);
        return Numeric.toHexString(concat(s.getR(), s.getS(), s.getV()));
    }

    /** The address (lower-case, 0x-prefixed) that made {@code signature} over {@code digest}. */
    public static String recover(byte[] digest, String signature) {
        byte[] sig = Numeric.hexStringToByteArray(signature);
        if (sig.length != 65) throw new IllegalArgumentException("a signature is 65 bytes, got " + sig.length);
        byte v = sig[64];
        if (v < 27) v += 27;
        byte[] r = java.util.Arrays.copyOfRange(sig, 0, 32);
        byte[] s = java.util.Arrays.copyOfRange(sig, 32, 64);
        try {
            BigInteger pub = Sign.signedMessageHashToKey(digest, new Sign.SignatureData(v, r, s));
            return "0x" + Keys.getAddress(pub);
        } catch (SignatureException e) {
            throw new IllegalArgumentException("signature does not recover: " + e.getMessage(), e);
        }
    }

    /** An address as a 32-byte word. */
    public static byte[] address(String address) {
        byte[] a = Numeric.hexStringToByteArray(address);
        if (a.length != 20) throw new IllegalArgumentException("an address is 20 bytes, '" + address + "' has " + a.length);
        return Numeric.toBytesPadded(new BigInteger(1, a), 32);
    }

    /** An unsigned integer as a 32-byte word. */
    public static byte[] uint(BigInteger v) {
        if (v.signum() < 0) throw new IllegalArgumentException("unsigned value is negative: " + v);
        return Numeric.toBytesPadded(v, 32);
    }

    public static byte[] uint(long v) {
        return uint(BigInteger.valueOf(v));
    }

    /** A bytes32 value as itself. */
    public static byte[] bytes32(byte[] v) {
        if (v.length != 32) throw new IllegalArgumentException("bytes32 needs 32 bytes, got " + v.length);
        return v.clone();
    }

    static byte[] keccak(String s) {
        return Hash.sha3(s.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] concat(byte[]... parts) {
        return org.bouncycastle.util.Arrays.concatenate(parts);
    }
}
