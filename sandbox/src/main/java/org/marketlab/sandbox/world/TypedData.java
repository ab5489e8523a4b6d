package org.marketlab.sandbox.world;

import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SignatureException;
import java.util.Arrays;

/**
 * The sandbox's own EIP-712 verification (it shares no code with the toolkit's signing, so a mistake there
 * shows here as a refused signature): the order book's L1 authentication digest, and signer recovery with web3j.
 */
public final class TypedData {

    private TypedData() {
    }

    public static byte[] domain(String name) {
        return Hash.sha3(cat(keccak("EIP712Domain(string name,string version,uint256 chainId)"), keccak(name), keccak("1"),
                word(BigInteger.valueOf(137))));
    }

    /**
     * The order book's L1 authentication: {@code ClobAuth(address address,string timestamp,uint256 nonce,string message)}
     * in the domain {@code ClobAuthDomain}.
     */
    public static byte[] clobAuth(String address, String timestamp, BigInteger nonce, String message) {
        return digest("ClobAuthDomain", Hash.sha3(cat(keccak("ClobAuth(address address,string timestamp,uint256 nonce,string message)"),
                address(address), keccak(timestamp), word(nonce), keccak(message))));
    }

    private static byte[] digest(String domainName, byte[] struct) {
        return Hash.sha3(cat(new byte[]{0x19, 0x01}, domain(domainName), struct));
    }

    /** The lower-case address that signed {@code digest}, or null when the signature does not recover. */
    public static String signer(byte[] digest, String signature) {
        try {
            byte[] sig = Numeric.hexStringToByteArray(signature);
            if (sig.length != 65) return null;
            byte v = sig[64];
            if (v < 27) v += 27;
            BigInteger key = Sign.signedMessageHashToKey(digest,
                    new Sign.SignatureData(v, Arrays.copyOfRange(sig, 0, 32), Arrays.copyOfRange(sig, 32, 64)));
            return "0x" + Keys.getAddress(key);
        } catch (SignatureException | RuntimeException e) {
            return null;
        }
    }

    private static byte[] keccak(String s) {
        return Hash.sha3(s.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] word(BigInteger v) {
        return Numeric.toBytesPadded(v, 32);
    }

    private static byte[] address(String a) {
        return Numeric.toBytesPadded(Numeric.toBigInt(a), 32);
    }

    private static byte[] cat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) n += p.length;
        byte[] out = new byte[n];
        int i = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, i, p.length);
            i += p.length;
        }
        return out;
    }
}
