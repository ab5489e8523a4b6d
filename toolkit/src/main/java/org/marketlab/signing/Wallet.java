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
        BigInteger k = new BigInteger(digits, 16);
        if (k.signum() == 0) throw new IllegalArgumentException("the private key is zero");
        return new Wallet(ECKeyPair.create(k));
    }

    /** From an encrypted JSON keystore file (the usual {@code UTC--…} files). */
    public static Wallet fromKeystore(Path file, String password) {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("no keystore file at " + file);
        return new Wallet(ECKeyPair.create(new BigInteger(1, Keystore.decrypt(file, password))));
    }

    /** From an environment variable holding a private key in hex. */
    public static Wallet fromEnv(String variable) {
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

    /** Signs an EIP-712 digest (see {@link Eip712#digest}). */
    public String sign(byte[] digest) {
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
