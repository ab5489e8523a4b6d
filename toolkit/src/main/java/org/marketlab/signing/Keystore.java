package org.marketlab.signing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.generators.SCrypt;
import org.bouncycastle.crypto.params.KeyParameter;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;

/**
 * Reads an encrypted JSON keystore (Web3 Secret Storage, version 3: scrypt or PBKDF2-HMAC-SHA256, then
 * AES-128-CTR, with a keccak MAC). The web3j crypto artifact the toolkit uses has no keystore reader (that
 * lives in web3j core with an HTTP stack of its own), and Bouncy Castle, already on the class path through
 * web3j, supplies the key derivation.
 */
final class Keystore {

    /** Geth's standard scrypt setting is 2^18; 2^20 (1 GiB with r = 8) is the most this reader accepts. */
    static final long MAX_SCRYPT_N = 1L << 20;
    static final long MAX_SCRYPT_R = 16;
    static final long MAX_SCRYPT_P = 16;
    static final long MAX_SCRYPT_BYTES = 256L << 20;
    static final long MAX_SCRYPT_WORK = 1L << 23;
    /** PBKDF2 rounds: the usual files use 262,144; ten million take several seconds. */
    static final long MAX_PBKDF2_ROUNDS = 10_000_000;

    private Keystore() {
    }

    /** An integer setting in [min, max]; {@code dflt} (when not -1) if absent. */
    private static long bounded(JsonNode params, String name, long dflt, long min, long max) {
        JsonNode v = params.get(name);
        if (v == null || v.isNull()) {
            if (dflt != -1) return dflt;
            throw new IllegalArgumentException("keystore kdfparams has no '" + name + "'");
        }
        if (!v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < min || v.asLong() > max) {
            throw new IllegalArgumentException("keystore kdfparams " + name + " must be an integer " + min + " to " + max
                    + " (bounded so that reading cannot run for hours or exhaust memory), was " + (v.asText().length() > 40 ? v.asText().substring(0, 37) + "…" : v.asText()));
        }
        return v.asLong();
    }

    /** A hex field of {@code min} to {@code max} bytes. */
    private static byte[] hex(JsonNode parent, String name, int min, int max) {
        String h = Numeric.cleanHexPrefix(parent.path(name).asText(""));
        if (h.isEmpty() || h.length() % 2 != 0 || h.length() / 2 < min || h.length() / 2 > max || !h.matches("[0-9a-fA-F]+")) {
            throw new IllegalArgumentException("keystore " + name + " must be " + (min == max ? min : min + " to " + max)
                    + " bytes of hex");
        }
        return Numeric.hexStringToByteArray(h);
    }

    /** The private key in the keystore, or an IllegalArgumentException saying why not. */
    static byte[] decrypt(Path file, String password) {
        JsonNode root;
        try {
            root = JsonMapper.builder().build().readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException("the keystore " + file.getFileName() + " is not JSON: " + e.getMessage(), e);
        }
        JsonNode crypto = root.has("crypto") ? root.get("crypto") : root.get("Crypto");
        if (crypto == null || root.path("version").asInt() != 3) {
            throw new IllegalArgumentException("the keystore " + file.getFileName() + " is not a version 3 keystore");
        }
        if (!"aes-128-ctr".equals(crypto.path("cipher").asText())) {
            throw new IllegalArgumentException("keystore cipher '" + crypto.path("cipher").asText() + "' is not supported; supported: aes-128-ctr");
        }
        byte[] pw = (password == null ? "" : password).getBytes(StandardCharsets.UTF_8);
        JsonNode kp = crypto.path("kdfparams");
        byte[] salt = hex(crypto.path("kdfparams"), "salt", 1, 1024);
        int dklen = (int) bounded(kp, "dklen", 32, 32, 32);
        byte[] derived;
        switch (crypto.path("kdf").asText()) {
            case "scrypt" -> {
                long n = bounded(kp, "n", -1, 2, MAX_SCRYPT_N);
                if (Long.bitCount(n) != 1) throw new IllegalArgumentException("keystore scrypt n must be a power of two, was " + n);
                int r = (int) bounded(kp, "r", -1, 1, MAX_SCRYPT_R);
                int p = (int) bounded(kp, "p", -1, 1, MAX_SCRYPT_P);
                if (128L * n * r > MAX_SCRYPT_BYTES || n * r * p > MAX_SCRYPT_WORK) {
                    throw new IllegalArgumentException("keystore scrypt settings n=" + n + ", r=" + r + ", p=" + p + " need more than"
                            + " this reader allows (128·n·r at most 256 MiB, n·r·p at most 2^23: geth's standard n=2^18, r=8, p=1 fits)");
                }
                derived = SCrypt.generate(pw, salt, (int) n, r, p, dklen);
            }
            case "pbkdf2" -> {
                if (!"hmac-sha256".equals(kp.path("prf").asText())) {
                    throw new IllegalArgumentException("keystore prf '" + kp.path("prf").asText() + "' is not supported; supported: hmac-sha256");
                }
                PKCS5S2ParametersGenerator g = new PKCS5S2ParametersGenerator(new SHA256Digest());
                g.init(pw, salt, (int) bounded(kp, "c", -1, 1, MAX_PBKDF2_ROUNDS));
                derived = ((KeyParameter) g.generateDerivedParameters(dklen * 8)).getKey();
            }
            default -> throw new IllegalArgumentException("keystore kdf '" + crypto.path("kdf").asText() + "' is not supported; supported: scrypt, pbkdf2");
        }
        byte[] ciphertext = hex(crypto, "ciphertext", 32, 32);
        byte[] mac = Hash.sha3(Eip712.concat(Arrays.copyOfRange(derived, 16, 32), ciphertext));
        if (!MessageDigest.isEqual(mac, hex(crypto, "mac", 32, 32))) {
            throw new IllegalArgumentException("the keystore " + file.getFileName() + " does not open with that password");
        }
        try {
            Cipher aes = Cipher.getInstance("AES/CTR/NoPadding");
            aes.init(Cipher.DECRYPT_MODE, new SecretKeySpec(Arrays.copyOfRange(derived, 0, 16), "AES"),
                    new IvParameterSpec(hex(crypto.path("cipherparams"), "iv", 16, 16)));
            return aes.doFinal(ciphertext);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-128-CTR is not available: " + e.getMessage(), e);
        }
    }
}
