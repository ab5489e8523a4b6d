package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.Interop;
import org.marketlab.accounts.AccountsSandbox;
import org.marketlab.auth.CredentialStore;
import org.marketlab.signing.Wallet;
import org.web3j.utils.Numeric;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Order signing against the official {@code @polymarket/clob-client-v2} and {@code ethers} (interop/order-sign.mjs,
 * offline): for a grid of limit and market orders over every tick size, both sides and both exchanges, the official
 * {@code OrderBuilder} computes the same maker and taker amounts as the toolkit, and its signed orders recover as the
 * signer under the toolkit's hashing and domains; every order the toolkit signed hashes the same under ethers'
 * {@code TypedDataEncoder} and verifies with {@code verifyTypedData}. A signed order in the legacy shape
 * (clob-signed-order.json) hashes as ethers hashes it with the V1 struct.
 */
class OrderSigningInteropTest {

    static final String[] TICKS = {"0.1", "0.01", "0.005", "0.0025", "0.001", "0.0001"};
    static final String TOKEN = "44052127076054174695173559235733170212420075037244492572200692849916921080846";

    static ClobSession session;

    @BeforeAll
    static void open() {
        session = ClobSession.open(AccountsSandbox.transport(), Wallet.demo(1), ClobSession.Options.defaults().store(CredentialStore.memory()));
    }

    record Case(String tick, Side side, BigDecimal price, BigDecimal size, boolean negRisk, boolean market) {
    }

    static List<Case> cases() {
        Random r = new Random(13);
        List<Case> out = new ArrayList<>();
        for (String t : TICKS) {
            BigDecimal tick = new BigDecimal(t);
            int steps = BigDecimal.ONE.divide(tick, 0, RoundingMode.UNNECESSARY).intValue();
            for (int i = 0; i < 12; i++) {
                BigDecimal price = tick.multiply(BigDecimal.valueOf(1 + r.nextInt(steps - 1)));
                BigDecimal size = BigDecimal.valueOf(1 + r.nextInt(500_000), r.nextInt(5));
                Side side = i % 2 == 0 ? Side.BUY : Side.SELL;
                out.add(new Case(t, side, price, size, i % 3 == 0, i >= 6));
            }
        }
        return out;
    }

    @Test
    void officialClientAndEthersAgreeWithTheToolkit() throws Exception {
        JsonMapper json = JsonMapper.builder().build();
        List<Case> cases = cases();
        List<Case> limits = cases.stream().filter(c -> !c.market()).toList();
        List<Case> markets = cases.stream().filter(Case::market).toList();
        ObjectNode in = json.createObjectNode();
        in.put("key", "demo:1");
        ArrayNode li = in.putArray("limits");
        ArrayNode mi = in.putArray("markets");
        ArrayNode ti = in.putArray("toolkit");
        List<SignedOrder> signed = new ArrayList<>();
        for (Case c : limits) {
            li.addObject().put("tokenID", TOKEN).put("price", c.price().doubleValue()).put("size", c.size().doubleValue()).put("side", c.side().name())
                    .put("tickSize", c.tick()).put("negRisk", c.negRisk());
            signed.add(session.limitOrder(TOKEN, c.side(), c.price(), c.size()).tickSize(new BigDecimal(c.tick())).minSize(BigDecimal.ZERO)
                    .negRisk(c.negRisk()).sign());
        }
        for (Case c : markets) {
            mi.addObject().put("tokenID", TOKEN).put("amount", c.size().doubleValue()).put("price", c.price().doubleValue()).put("side", c.side().name())
                    .put("tickSize", c.tick()).put("negRisk", c.negRisk()).put("orderType", "FOK");
            signed.add(session.marketOrder(TOKEN, c.side(), c.size()).price(c.price()).tickSize(new BigDecimal(c.tick())).negRisk(c.negRisk()).sign());
        }
        for (SignedOrder o : signed) {
            ObjectNode t = ti.addObject();
            t.set("order", o.json());
            t.putObject("domain").put("name", o.domain().name()).put("version", o.domain().version()).put("chainId", o.domain().chainId())
                    .put("verifyingContract", o.domain().verifyingContract());
        }
        JsonNode captured = json.readTree(org.marketlab.spi.Documents.read("clob-signed-order.json"));
        ExchangeDomain v1 = ExchangeDomain.v1(137, false);
        in.putObject("v1").<ObjectNode>set("order", captured);
        ((ObjectNode) in.get("v1")).putObject("domain").put("name", v1.name()).put("version", v1.version()).put("chainId", v1.chainId())
                .put("verifyingContract", v1.verifyingContract());
        Path file = Files.createTempFile("order-sign", ".json");
        Files.writeString(file, json.writeValueAsString(in));
        JsonNode js = Interop.run("order-sign.mjs", file.toString());
        Files.deleteIfExists(file);

        String address = session.address();
        assertEquals(address, js.get("address").asText());
        for (int i = 0; i < limits.size(); i++) {
            check(limits.get(i), js.get("limits").get(i), signed.get(i), address);
        }
        for (int i = 0; i < markets.size(); i++) {
            check(markets.get(i), js.get("markets").get(i), signed.get(limits.size() + i), address);
        }
        for (int i = 0; i < signed.size(); i++) {
            JsonNode e = js.get("toolkit").get(i);
            assertEquals(signed.get(i).hash(), e.get("hash").asText(), "ethers hashes the toolkit's order " + i + " the same");
            assertEquals(address, e.get("recovered").asText(), "ethers verifyTypedData recovers the toolkit's signer, order " + i);
            assertEquals(address.toLowerCase(), signed.get(i).recoverSigner());
        }

        // The legacy-shaped order: its V1 hash is ethers'; its signature (66 bytes, one too many) recovers nothing.
        assertEquals(js.get("v1").get("hash").asText(), Numeric.toHexString(SignedOrder.v1Digest(captured, v1)));
        assertTrue(js.get("v1").has("error"), "ethers refuses the malformed signature too: " + js.get("v1"));
        assertEquals(66, Numeric.hexStringToByteArray(captured.get("signature").asText()).length);
        assertThrows(IllegalArgumentException.class, () -> org.marketlab.signing.Eip712.recover(SignedOrder.v1Digest(captured, v1),
                captured.get("signature").asText()));
    }

    private static void check(Case c, JsonNode official, SignedOrder mine, String address) {
        String what = c + " -> " + official;
        assertEquals(official.get("makerAmount").asText(), mine.makerAmount().toString(), "maker amount of " + what);
        assertEquals(official.get("takerAmount").asText(), mine.takerAmount().toString(), "taker amount of " + what);
        assertEquals(official.get("side").asText(), mine.side().name());
        assertEquals(official.get("maker").asText(), mine.maker());
        assertEquals(official.get("signer").asText(), mine.signer());
        assertEquals(official.get("signatureType").asInt(), mine.signatureType().code());
        // The official client's own signed order, hashed by the toolkit in the toolkit's domain, recovers as the signer:
        // the same struct, the same exchange (or neg-risk exchange) domain.
        SignedOrder theirs = new SignedOrder(new BigInteger(official.get("salt").asText()), official.get("maker").asText(),
                official.get("signer").asText(), official.get("tokenId").asText(), new BigInteger(official.get("makerAmount").asText()),
                new BigInteger(official.get("takerAmount").asText()), Side.of(official.get("side").asText()), SignatureType.EOA,
                new BigInteger(official.get("timestamp").asText()), new BigInteger(official.get("expiration").asText()),
                official.get("metadata").asText(), official.get("builder").asText(), official.get("signature").asText(),
                session.exchangeDomain(c.negRisk()));
        assertEquals(address.toLowerCase(), theirs.recoverSigner(), "the official signature recovers under the toolkit's hashing: " + what);
    }
}
