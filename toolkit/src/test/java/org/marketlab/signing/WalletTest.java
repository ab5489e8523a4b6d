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
}
