package org.marketlab.perps;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.marketlab.Interop;
import org.marketlab.signing.Eip712;
import org.marketlab.signing.Wallet;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The toolkit's perpetuals signatures verify with ethers' {@code verifyTypedData}; ethers' signatures recover
 * to the signer through the toolkit; and the toolkit's MessagePack of the compact operations is byte for byte
 * what {@code @msgpack/msgpack} (the official client's encoder) writes.
 */
class PerpsSigningInteropTest {

    private static ObjectNode request(String kind, String domain, String type, ObjectNode message) {
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        ObjectNode v = r.putObject(kind);
        v.put("domainName", domain).put("primaryType", type).set("message", message);
        return r;
    }

    @Test
    void createProxySignaturesAgreeWithEthersBothWays() throws Exception {
        Wallet owner = Wallet.random(), proxy = Wallet.random();
        long expiry = 1_900_000_000_000L, salt = 4_000_000_000L, ts = 1_800_000_000_000L;
        for (String domain : List.of("MarketLab Sandbox", "Polymarket")) {
            String sig = owner.sign(OperationSigning.createProxy(domain, 137, proxy.address(), expiry, salt, ts));
            ObjectNode m = JsonNodeFactory.instance.objectNode().put("addr", proxy.address()).put("exp", expiry).put("salt", salt).put("ts", ts);
            ObjectNode verify = request("verify", domain, "CreateProxy", m);
            ((ObjectNode) verify.get("verify")).put("signature", sig);
            assertEquals(owner.address(), Interop.run("perps-signatures.mjs", verify.toString()).path("signer").asText(), domain);

            ObjectNode sign = request("sign", domain, "CreateProxy", m);
            ((ObjectNode) sign.get("sign")).put("privateKey", owner.exportPrivateKey());
            String ethersSig = Interop.run("perps-signatures.mjs", sign.toString()).path("signature").asText();
            assertEquals(owner.address().toLowerCase(), Eip712.recover(OperationSigning.createProxy(domain, 137, proxy.address(), expiry, salt, ts), ethersSig));
        }
    }

    @Test
    void operationSignaturesAndMessagePackAgreeWithTheOfficialEncoders() throws Exception {
        byte[] cancel = OperationSigning.cancelOrders(List.of(1L, 300L, 70_000L, 5_000_000_000L));
        assertEquals(Interop.run("perps-signatures.mjs", "{\"msgpack\": [\"cancelOrders\", [1, 300, 70000, 5000000000]]}").path("hex").asText(),
                HexFormat.of().formatHex(cancel));
        byte[] modify = OperationSigning.modifyOrders(List.<String[]>of(new String[]{"0123456789abcdef0123456789abcdef", "0.55", "10"},
                new String[]{"ffffffffffffffffffffffffffffffff", "101.5", "0.25"}));
        assertEquals(Interop.run("perps-signatures.mjs", "{\"msgpack\": [\"modifyOrdersCOID\", [[\"0123456789abcdef0123456789abcdef\", \"0.55\", \"10\"],"
                + " [\"ffffffffffffffffffffffffffffffff\", \"101.5\", \"0.25\"]]]}").path("hex").asText(), HexFormat.of().formatHex(modify));

        Wallet proxy = Wallet.random();
        long salt = 17, ts = 1_800_000_000_000L;
        String sig = proxy.sign(OperationSigning.op("Polymarket", 137, modify, salt, ts));
        ObjectNode m = JsonNodeFactory.instance.objectNode().put("data", Numeric.toHexString(Hash.sha3(modify))).put("salt", salt).put("ts", ts);
        ObjectNode verify = request("verify", "Polymarket", "Op", m);
        ((ObjectNode) verify.get("verify")).put("signature", sig);
        assertEquals(proxy.address(), Interop.run("perps-signatures.mjs", verify.toString()).path("signer").asText());
    }
}
