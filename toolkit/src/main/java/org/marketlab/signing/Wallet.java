package org.marketlab.signing;

import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Keys;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.NoSuchProviderException;

/**
 * An EVM signer. Its {@code toString} shows the address only: the key never reaches text, logs or notebook
 * output.
 */
public final class Wallet {

    private final ECKeyPair key;
    private final String address;

    private Wallet(ECKeyPair key) {
        this.key = key;
        this.address = Keys.toChecksumAddress(Keys.getAddress(key));
    }

    /** From a private key in hex (with or without {@code 0x}). */
    public static Wallet fromPrivateKey(String hex) {
        if (hex == null) throw new IllegalArgumentException("private key is null");
        String h = hex.trim();
        String digits = Numeric.cleanHexPrefix(h);
        if (digits.length() != 64 || !digits.matches("[0-9a-fA-F]{64}")) {
            // Say what is wrong without echoing the value.
            throw new IllegalArgumentException("a private key is 64 hex digits (optionally 0x-prefixed); got "
                    + digits.length() + " characters");
        }
        return new Wallet(ECKeyPair.create(inRange(new BigInteger(digits, 16))));
    }

    /** The order n of secp256k1: a private key lies in [1, n-1]. */
    static final BigInteger CURVE_ORDER = new BigInteger("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", 16);

    /** {@code k}, or an exception (never showing it) when it is not a valid secp256k1 private key. */
    private static BigInteger inRange(BigInteger k) {
        if (k.signum() <= 0 || k.compareTo(CURVE_ORDER) >= 0) {
            throw new IllegalArgumentException("a private key must lie in [1, n-1], n the order of the secp256k1 curve"
                    + " (0x" + CURVE_ORDER.toString(16) + "); this one does not");
        }
        return k;
    }

    /**
     * From an encrypted JSON keystore file (the usual {@code UTC--…} files). Key derivation settings are bounded
     * (scrypt n up to 2^20, r up to 16, p up to 16; PBKDF2 up to 10,000,000 rounds) so that a hostile file cannot
     * run for hours or exhaust memory.
     */
    public static Wallet fromKeystore(Path file, String password) {
        if (file == null) throw new IllegalArgumentException("file must not be null");
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("no keystore file at " + file);
        return new Wallet(ECKeyPair.create(inRange(new BigInteger(1, Keystore.decrypt(file, password)))));
    }

    /** From an environment variable holding a private key in hex. */
    public static Wallet fromEnv(String variable) {
        if (variable == null || variable.isBlank()) throw new IllegalArgumentException("variable must name an environment variable");
        String v = System.getenv(variable);
        if (v == null || v.isBlank()) throw new IllegalArgumentException("environment variable " + variable + " is not set");
        return fromPrivateKey(v);
    }

    /**
     * A deterministic teaching key: the same {@code n} gives the same address, so a notebook on the sandbox shows
     * the same account every run. Anyone can derive it: never hold value with it.
     */
    public static Wallet demo(int n) {
        if (n < 1) throw new IllegalArgumentException("demo accounts are numbered from 1, was " + n);
        byte[] k = org.web3j.crypto.Hash.sha3(("marketlab demo account " + n).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return new Wallet(ECKeyPair.create(new BigInteger(1, k)));
    }

    /** A fresh random key (for the sandbox and teaching). */
    public static Wallet random() {
        try {
            return new Wallet(Keys.createEcKeyPair());
        } catch (InvalidAlgorithmParameterException | NoSuchAlgorithmException | NoSuchProviderException e) {
            throw new IllegalStateException("no secure random key generator: " + e.getMessage(), e);
        }
    }

    /** The checksummed address. */
    public String address() {
        return address;
    }

    /** Signs an EIP-712 digest (see {@link Eip712#digest}): exactly 32 bytes. */
    public String sign(byte[] digest) {
        if (digest == null) throw new IllegalArgumentException("digest must not be null");
        if (digest.length != 32) throw new IllegalArgumentException("digest must be 32 bytes (a keccak-256 hash), was " + digest.length);
        return Eip712.sign(digest, key);
    }

    /**
     * The private key in hex, for a credential store the owner chose (see {@code CredentialStore}). Never put it
     * in output: {@link #toString()} deliberately shows the address only.
     */
    public String exportPrivateKey() {
        return Numeric.toHexStringWithPrefixZeroPadded(key.getPrivateKey(), 64);
    }

    @Override
    public String toString() {
        return "Wallet[" + address + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Wallet w && w.address.equals(address);
    }

    @Override
    public int hashCode() {
        return address.hashCode();
    }
}
