package org.marketlab.sandbox.contracts;

import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SignatureException;
import java.util.Arrays;
import java.util.List;

/**
 * A deposit wallet as its contract and the relayer see it: its address, derived from its owner as the wallet factory
 * deploys it, and the digest of a batch of calls its owner (or one of its session signers) signs. The sandbox's own
 * code (web3j's Keccak and key recovery); the tests check it against web3j's EIP-712 encoder and the official client's
 * derivation.
 */
public final class DepositWallet {

    /** The deposit wallets' factory and beacon on Polygon (public facts; the official clients derive addresses from them). */
    public static final String FACTORY = "0x00000000000fb5c9adea0298d729a0cb3823cc07";
    public static final String BEACON = "0x7a18edfe055488a3128f01f563e5b479d92ffc3a";

    private static final String CALL_TYPE = "Call(address target,uint256 value,bytes data)";

    private DepositWallet() {
    }

    /** One call of a batch: {@code Call(address target,uint256 value,bytes data)}. */
    public record Call(String target, BigInteger value, byte[] data) {
    }

    /**
     * The deposit wallet of {@code owner}: the factory's CREATE2 address of a beacon proxy whose immutable arguments are
     * {@code abi.encode(factory, bytes32(owner))}, salted with their hash. The bytecode is the ERC-1967 beacon proxy with
     * appended arguments, its length word patched with the arguments' length. Lower case.
     */
    public static String of(String owner) {
        byte[] args = cat(address(FACTORY), address(owner));
        BigInteger prefix = new BigInteger("6100523D8160233D3973", 16).add(BigInteger.valueOf(args.length).shiftLeft(56));
        byte[] code = cat(Numeric.toBytesPadded(prefix, 10), Numeric.hexStringToByteArray(BEACON),
                Numeric.hexStringToByteArray("60195155f3363d3d373d3d363d602036600436635c60da"),
                Numeric.hexStringToByteArray("1b60e01b36527fa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6c"),
                Numeric.hexStringToByteArray("b3582b35133d50545afa5036515af43d6000803e604d573d6000fd5b3d6000f3"), args);
        byte[] hash = Hash.sha3(cat(new byte[]{(byte) 0xff}, Numeric.hexStringToByteArray(FACTORY), Hash.sha3(args), Hash.sha3(code)));
        return Numeric.toHexString(Arrays.copyOfRange(hash, 12, 32));
    }

    /**
     * The digest signed for a batch: {@code Batch(address wallet,uint256 nonce,uint256 deadline,Call[] calls)} in the
     * wallet's own domain {@code {name: "DepositWallet", version: "1", chainId: 137, verifyingContract: wallet}}.
     */
    public static byte[] batchDigest(String wallet, BigInteger nonce, BigInteger deadline, List<Call> calls) {
        byte[] domain = Hash.sha3(cat(keccak("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak("DepositWallet"), keccak("1"), word(BigInteger.valueOf(137)), address(wallet)));
        byte[][] hashes = new byte[calls.size()][];
        for (int i = 0; i < calls.size(); i++) {
            Call c = calls.get(i);
            hashes[i] = Hash.sha3(cat(keccak(CALL_TYPE), address(c.target()), word(c.value()), Hash.sha3(c.data())));
        }
        byte[] struct = Hash.sha3(cat(keccak("Batch(address wallet,uint256 nonce,uint256 deadline,Call[] calls)" + CALL_TYPE),
                address(wallet), word(nonce), word(deadline), Hash.sha3(cat(hashes))));
        return Hash.sha3(cat(new byte[]{0x19, 0x01}, domain, struct));
    }

    /** The lower-case address whose 65-byte signature {@code signature} is of {@code digest}, or null when it does not recover. */
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

    // ---- EIP-712 words, shared with the order book's typed data -----------------------------------------------------

    /** Keccak-256 of a string's UTF-8 bytes (a type string, a {@code string} field). */
    public static byte[] keccak(String s) {
        return Hash.sha3(s.getBytes(StandardCharsets.UTF_8));
    }

    /** A {@code uint256} word. */
    public static byte[] word(BigInteger v) {
        return Numeric.toBytesPadded(v, 32);
    }

    /** An {@code address} word. */
    public static byte[] address(String a) {
        return Numeric.toBytesPadded(Numeric.toBigInt(a), 32);
    }

    public static byte[] cat(byte[]... parts) {
        return org.bouncycastle.util.Arrays.concatenate(parts);
    }
}
