package org.marketlab.signing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WalletTest {

    // The PBKDF2 test vector of the Web3 Secret Storage definition (password "testpassword").
    private static final String KEYSTORE = "{\"crypto\":{\"cipher\":\"aes-128-ctr\",\"cipherparams\":{\"iv\":\"6087dab2f9fdbbfaddc31a909735c1e6\"},"
            + "\"ciphertext\":\"5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46\",\"kdf\":\"pbkdf2\","
            + "\"kdfparams\":{\"c\":262144,\"dklen\":32,\"prf\":\"hmac-sha256\",\"salt\":\"ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd\"},"
            + "\"mac\":\"517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2\"},\"id\":\"3198bc9c-6672-5ab3-d995-4942343ae5b6\",\"version\":3}";
    private static final String KEY = "7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d";

    @Test
    void keystoreOpensWithItsPasswordOnly(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("UTC--test.json");
        Files.writeString(f, KEYSTORE);
        Wallet w = Wallet.fromKeystore(f, "testpassword");
        assertEquals(Wallet.fromPrivateKey(KEY).address(), w.address());
        var e = assertThrows(IllegalArgumentException.class, () -> Wallet.fromKeystore(f, "wrong"));
        assertTrue(e.getMessage().contains("password"), e.getMessage());
    }

    @Test
    void toStringAndErrorsNeverShowTheKey() {
        Wallet w = Wallet.fromPrivateKey("0x" + KEY);
        assertEquals("Wallet[" + w.address() + "]", w.toString());
        assertFalse(w.toString().contains(KEY));
        var e = assertThrows(IllegalArgumentException.class, () -> Wallet.fromPrivateKey(KEY.substring(2)));
        assertFalse(e.getMessage().contains(KEY.substring(2, 20)), e.getMessage());
        assertTrue(e.getMessage().contains("64 hex digits"), e.getMessage());
    }

    @Test
    void addressIsChecksummedAndRandomWalletsDiffer() {
        // Known pair: private key 1 is address 0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf.
        assertEquals("0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf",
                Wallet.fromPrivateKey("0000000000000000000000000000000000000000000000000000000000000001").address());
        assertNotEquals(Wallet.random().address(), Wallet.random().address());
    }

    @Test
    void eip712SignatureRecoversToTheSigner() {
        Wallet w = Wallet.random();
        byte[] domain = Eip712.domainSeparator("Polymarket", "1", 137);
        byte[] struct = Eip712.structHash("CreateProxy(address addr,uint64 exp,uint64 salt,uint64 ts)",
                Eip712.address("0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf"), Eip712.uint(1_800_000_000_000L),
                Eip712.uint(42), Eip712.uint(1_700_000_000_000L));
        byte[] digest = Eip712.digest(domain, struct);
        String sig = w.sign(digest);
        assertEquals(132, sig.length());
        assertEquals(w.address().toLowerCase(), Eip712.recover(digest, sig));
        byte[] other = Eip712.digest(Eip712.domainSeparator("MarketLab Sandbox", "1", 137), struct);
        assertNotEquals(w.address().toLowerCase(), Eip712.recover(other, sig), "the domain name is part of what is signed");
    }

    @Test
    void keystoreKeyDerivationSettingsAreBounded(@TempDir Path dir) throws Exception {
        String[][] hostile = {
                {"\"c\":262144", "\"c\":2000000000", "c must be an integer 1 to 10000000"},
                {"\"c\":262144", "\"c\":-1", "c must be"},
                {"\"c\":262144", "\"c\":\"many\"", "c must be"},
                {"\"dklen\":32", "\"dklen\":8", "dklen"},
                {"\"salt\":\"ae3cd4", "\"salt\":\"zz3cd4", "salt"},
        };
        for (String[] h : hostile) {
            Path f = dir.resolve("UTC--" + Math.abs(h[1].hashCode()) + ".json");
            Files.writeString(f, KEYSTORE.replace(h[0], h[1]));
            var e = assertThrows(IllegalArgumentException.class, () -> Wallet.fromKeystore(f, "testpassword"), h[1]);
            assertTrue(e.getMessage().contains(h[2]), h[1] + ": " + e.getMessage());
        }
        String scrypt = KEYSTORE.replace("\"kdf\":\"pbkdf2\"", "\"kdf\":\"scrypt\"");
        String[][] scrypts = {
                {"\"n\":1073741824,\"r\":8,\"p\":1", "n must be an integer 2 to 1048576"},
                {"\"n\":1000,\"r\":8,\"p\":1", "power of two"},
                {"\"n\":1048576,\"r\":16,\"p\":1", "256 MiB"},
                {"\"n\":262144,\"r\":8,\"p\":16", "n·r·p"},
                {"\"r\":8,\"p\":1", "no 'n'"},
        };
        for (String[] h : scrypts) {
            Path f = dir.resolve("UTC--s" + Math.abs(h[0].hashCode()) + ".json");
            Files.writeString(f, scrypt.replace("\"c\":262144,", h[0] + ","));
            long t0 = System.nanoTime();
            var e = assertThrows(IllegalArgumentException.class, () -> Wallet.fromKeystore(f, "testpassword"), h[0]);
            assertTrue(e.getMessage().contains(h[1]), h[0] + ": " + e.getMessage());
            assertTrue(System.nanoTime() - t0 < 2_000_000_000L, "refused before deriving anything");
        }
    }

    @Test
    void aKeyMustLieBelowTheCurveOrder() {
        String n = "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141";
        String nMinus1 = "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140";
        assertTrue(Wallet.fromPrivateKey(nMinus1).address().startsWith("0x"), "n-1 is the largest key");
        for (String k : new String[]{n, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364142"}) {
            var e = assertThrows(IllegalArgumentException.class, () -> Wallet.fromPrivateKey(k));
            assertTrue(e.getMessage().contains("[1, n-1]"), e.getMessage());
            assertFalse(e.getMessage().contains(k.substring(0, 20)) && e.getMessage().indexOf(k) >= 0, "the key is not echoed");
        }
    }
}
