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

    private Keystore() {
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
        byte[] salt = Numeric.hexStringToByteArray(kp.path("salt").asText());
        int dklen = kp.path("dklen").asInt(32);
        byte[] derived;
        switch (crypto.path("kdf").asText()) {
            case "scrypt" -> derived = SCrypt.generate(pw, salt, kp.path("n").asInt(), kp.path("r").asInt(), kp.path("p").asInt(), dklen);
            case "pbkdf2" -> {
                if (!"hmac-sha256".equals(kp.path("prf").asText())) {
                    throw new IllegalArgumentException("keystore prf '" + kp.path("prf").asText() + "' is not supported; supported: hmac-sha256");
                }
                PKCS5S2ParametersGenerator g = new PKCS5S2ParametersGenerator(new SHA256Digest());
                g.init(pw, salt, kp.path("c").asInt());
                derived = ((KeyParameter) g.generateDerivedParameters(dklen * 8)).getKey();
            }
            default -> throw new IllegalArgumentException("keystore kdf '" + crypto.path("kdf").asText() + "' is not supported; supported: scrypt, pbkdf2");
        }
        byte[] ciphertext = Numeric.hexStringToByteArray(crypto.path("ciphertext").asText());
        byte[] mac = Hash.sha3(Eip712.concat(Arrays.copyOfRange(derived, 16, 32), ciphertext));
        if (!MessageDigest.isEqual(mac, Numeric.hexStringToByteArray(crypto.path("mac").asText()))) {
            throw new IllegalArgumentException("the keystore " + file.getFileName() + " does not open with that password");
        }
        try {
            Cipher aes = Cipher.getInstance("AES/CTR/NoPadding");
            aes.init(Cipher.DECRYPT_MODE, new SecretKeySpec(Arrays.copyOfRange(derived, 0, 16), "AES"),
                    new IvParameterSpec(Numeric.hexStringToByteArray(crypto.path("cipherparams").path("iv").asText())));
            return aes.doFinal(ciphertext);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-128-CTR is not available: " + e.getMessage(), e);
        }
    }
}
