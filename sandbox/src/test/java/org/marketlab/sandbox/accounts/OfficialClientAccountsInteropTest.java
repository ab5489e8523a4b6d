package org.marketlab.sandbox.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;
import org.web3j.crypto.ECKeyPair;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official {@code @polymarket/clob-client-v2} (interop/clob-account.mjs, from the project's installed
 * interop/node_modules) opens demo wallet 1's order-book account against the sandbox: its create-or-derive finds the
 * wallet's key (create refused, derive answered), its L2 headers are accepted, and it reads exactly the open orders,
 * trades (its own cursor walk), order by id and balances this test reads with its own headers; a tampered secret is
 * refused. Needs Node.js and the installed clients: it fails, never skips, without them.
 */
class OfficialClientAccountsInteropTest {

    @Test
    void theOfficialClientReadsTheSameAccount() throws Exception {
        try (Sandbox sandbox = Sandbox.builder().seed(7).now(DataApiWireTest.NOW).build()) {
            String url = sandbox.start().get("clob").toString();
            Http data = new Http(sandbox.urls().get("data"));
            ECKeyPair k = ClobAccountsWireTest.demo(1);
            String a = ClobAccountsWireTest.address(k);
            String token = data.ok("/v2/positions?user=" + a.toLowerCase(Locale.ROOT)).get("data").get(0).get("token_id").asText();

            JsonNode js = node("clob-account.mjs", url, "demo:1", token);

            assertEquals(a, js.get("address").asText(), "the script derived the same demo key");
            assertEquals(1, sandbox.stats().requests("clob", "/auth/api-key"), "create tried once (and refused: the key exists)");
            assertTrue(sandbox.stats().requests("clob", "/auth/derive-api-key") >= 1, "then derived");

            Http clob = new Http(sandbox.urls().get("clob"));
            ClobAccountsWireTest.Creds c = ClobAccountsWireTest.Creds.of(clob.send("GET", "/auth/derive-api-key", null,
                    ClobAccountsWireTest.l1(k, ClobAccountsWireTest.now(), 0)).body());
            assertEquals(c.key(), js.get("key").asText());
            assertEquals(List.of(c.key()), texts(js.get("apiKeys").get("apiKeys")));

            List<JsonNode> orders = ClobAccountsWireTest.walk(clob, "/data/orders", "", a, c);
            assertEquals(orders, list(js.get("orders")), "the same open orders, in the same order");
            assertEquals(orders.get(0), js.get("order"));
            List<JsonNode> trades = ClobAccountsWireTest.walk(clob, "/data/trades", "", a, c);
            assertTrue(trades.size() > 1000);
            assertEquals(trades, list(js.get("trades")), "the client's cursor walk read every trade once, in order");
            JsonNode first = js.get("firstTradePage");
            assertEquals(trades.subList(0, 100), list(first.get("trades")));
            assertEquals("MTAw", first.get("next_cursor").asText());
            assertEquals(ClobAccountsWireTest.ok(ClobAccountsWireTest.signed(clob, "GET", "/balance-allowance?asset_type=COLLATERAL&signature_type=0",
                    null, a, c)), js.get("collateral"));
            assertEquals(ClobAccountsWireTest.ok(ClobAccountsWireTest.signed(clob, "GET", "/balance-allowance?asset_type=CONDITIONAL&token_id=" + token
                    + "&signature_type=0", null, a, c)), js.get("conditional"));

            assertEquals(401, js.get("tampered").get("status").asInt(), js.get("tampered").toString());
            assertEquals("Unauthorized/Invalid api key", js.get("tampered").get("error").asText());
            assertEquals(0, sandbox.stats().rateLimitedCount());
        }
    }

    private static List<JsonNode> list(JsonNode a) {
        List<JsonNode> out = new ArrayList<>();
        a.forEach(out::add);
        return out;
    }

    private static List<String> texts(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** Runs a script of interop/ with Node and reads the JSON line it prints. */
    static JsonNode node(String script, String... args) throws Exception {
        Path dir = Path.of(System.getProperty("marketlab.root", "..")).toAbsolutePath().normalize().resolve("interop");
        if (!Files.isDirectory(dir.resolve("node_modules"))) {
            throw new IllegalStateException("the official clients are not installed in " + dir
                    + ": run scripts/prerequisites (scripts/test does), which runs npm ci there");
        }
        List<String> cmd = new ArrayList<>(List.of("node", script));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("node " + script + " failed:\n" + err + new String(out, StandardCharsets.UTF_8));
        }
        return Http.JSON.readTree(out);
    }
}
