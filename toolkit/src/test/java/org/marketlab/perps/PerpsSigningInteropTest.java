package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The toolkit's perpetuals signatures verify with ethers' {@code verifyTypedData}; ethers' signatures recover to
 * the signer through the toolkit; and the toolkit's MessagePack of the compact operations is byte for byte what
 * {@code @msgpack/msgpack} (the official client's encoder) writes, so the {@code data} of every {@code Op} agrees.
 */
class PerpsSigningInteropTest {

    private static ObjectNode request(String kind, String domain, String type, ObjectNode message) {
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.putObject(kind).put("domainName", domain).put("primaryType", type).set("message", message);
        return r;
    }

    private static String ethersSigner(String domain, String type, ObjectNode message, String signature) throws Exception {
        ObjectNode verify = request("verify", domain, type, message);
        ((ObjectNode) verify.get("verify")).put("signature", signature);
        return Interop.run("perps-signatures.mjs", verify.toString()).path("signer").asText();
    }

    @Test
    void createProxySignaturesAgreeWithEthersBothWays() throws Exception {
        Wallet owner = Wallet.random(), proxy = Wallet.random();
        long expiry = 1_900_000_000_000L, salt = 4_000_000_000L, ts = 1_800_000_000_000L;
        for (String domain : List.of("MarketLab Sandbox", "Polymarket")) {
            ObjectNode m = JsonNodeFactory.instance.objectNode().put("addr", proxy.address()).put("exp", expiry).put("salt", salt).put("ts", ts);
            String sig = owner.sign(OperationSigning.createProxy(domain, 137, proxy.address(), expiry, salt, ts));
            assertEquals(owner.address(), ethersSigner(domain, "CreateProxy", m, sig), domain);

            ObjectNode sign = request("sign", domain, "CreateProxy", m);
            ((ObjectNode) sign.get("sign")).put("privateKey", owner.exportPrivateKey());
            String ethersSig = Interop.run("perps-signatures.mjs", sign.toString()).path("signature").asText();
            assertEquals(owner.address().toLowerCase(Locale.ROOT),
                    Eip712.recover(OperationSigning.createProxy(domain, 137, proxy.address(), expiry, salt, ts), ethersSig));
        }
    }

    @Test
    void operationsEncodeAndSignAsTheOfficialEncodersDo() throws Exception {
        Wallet proxy = Wallet.random(), owner = Wallet.random();
        String proxyAddress = Wallet.random().address().toLowerCase(Locale.ROOT);
        record Case(byte[] toolkit, String json, Wallet signer) {
        }
        List<Case> cases = List.of(
                new Case(OperationSigning.cancelOrders(List.of(1L, 300L, 70_000L, 5_000_000_000L)), "[\"cancelOrders\", [1, 300, 70000, 5000000000]]", proxy),
                new Case(OperationSigning.modifyOrders(List.of(new String[]{"0123456789abcdef0123456789abcdef", "0.55", "10"},
                        new String[]{"ffffffffffffffffffffffffffffffff", "101.5", "0.25"})),
                        "[\"modifyOrdersCOID\", [[\"0123456789abcdef0123456789abcdef\", \"0.55\", \"10\"], [\"ffffffffffffffffffffffffffffffff\", \"101.5\", \"0.25\"]]]",
                        proxy),
                new Case(OperationSigning.deleteProxy(proxyAddress), "[\"deleteProxy\", [\"" + proxyAddress + "\"]]", owner));
        long salt = 17, ts = 1_800_000_000_000L;
        for (Case c : cases) {
            JsonNode official = Interop.run("perps-signatures.mjs", "{\"msgpack\": " + c.json() + "}");
            assertEquals(official.path("hex").asText(), HexFormat.of().formatHex(c.toolkit()), c.json());
            assertEquals(official.path("keccak").asText(), Numeric.toHexString(Hash.sha3(c.toolkit())), c.json());
            for (String domain : List.of("MarketLab Sandbox", "Polymarket")) {
                String sig = c.signer().sign(OperationSigning.op(domain, 137, c.toolkit(), salt, ts));
                ObjectNode m = JsonNodeFactory.instance.objectNode().put("data", official.path("keccak").asText()).put("salt", salt).put("ts", ts);
                assertEquals(c.signer().address(), ethersSigner(domain, "Op", m, sig), c.json() + " in " + domain);
            }
        }
    }
}
