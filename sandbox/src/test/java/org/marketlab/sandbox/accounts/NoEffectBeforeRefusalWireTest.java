package org.marketlab.sandbox.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;
import org.web3j.crypto.ECKeyPair;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.Creds;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.address;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.demo;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.l1;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.now;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.ok;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.signed;

/**
 * A refusal never follows an effect, for every signed REST write of the order book: each write sent with L2 headers
 * whose HMAC is made with another secret is refused (401), and afterwards the account is as it was: its open orders,
 * API keys, read-only keys and notifications, its balance, and its dead-man switch unarmed (a first heartbeat with an
 * empty id is still accepted). A cancel of another account's order, with the right headers, cancels nothing of it.
 */
class NoEffectBeforeRefusalWireTest {

    @Test
    void everySignedWriteRefusedChangesNothing() throws Exception {
        try (Sandbox sandbox = Sandbox.builder().seed(7).now(DataApiWireTest.NOW).build().enforceLimits(false)) {
            Http clob = new Http(sandbox.start().get("clob"));
            ECKeyPair k = demo(1);
            String a = address(k);
            Creds c = Creds.of(ok(clob.send("GET", "/auth/derive-api-key", null, l1(k, now(), 0))));
            byte[] other = new byte[32];
            new java.security.SecureRandom().nextBytes(other);
            Creds forged = new Creds(c.key(), Base64.getUrlEncoder().encodeToString(other), c.passphrase());

            JsonNode orders = ok(signed(clob, "GET", "/data/orders", null, a, c)).get("data");
            assertTrue(orders.size() >= 2, "the demo wallet has open orders");
            String first = orders.get(0).get("id").asText(), market = orders.get(0).get("market").asText();
            String state = state(clob, a, c);

            List<String[]> writes = new ArrayList<>(List.of(
                    new String[]{"DELETE", "/order", "{\"orderID\":\"" + first + "\"}"},
                    new String[]{"DELETE", "/orders", "[\"" + first + "\"]"},
                    new String[]{"DELETE", "/cancel-all", null},
                    new String[]{"DELETE", "/cancel-market-orders", "{\"market\":\"" + market + "\"}"},
                    new String[]{"POST", "/order", "{\"order\":{},\"owner\":\"" + c.key() + "\",\"orderType\":\"GTC\"}"},
                    new String[]{"POST", "/orders", "[{\"order\":{},\"owner\":\"" + c.key() + "\",\"orderType\":\"GTC\"}]"},
                    new String[]{"DELETE", "/auth/api-key", null},
                    new String[]{"POST", "/auth/builder-api-key", null},
                    new String[]{"POST", "/auth/readonly-api-key", null},
                    new String[]{"DELETE", "/notifications?ids=" + firstNotification(clob, a, c), null},
                    new String[]{"POST", "/v1/heartbeats", "{\"heartbeat_id\":\"\"}"}));
            for (String[] w : writes) {
                Http.Answer r = signed(clob, w[0], w[1], w[2], a, forged);
                assertEquals(401, r.status(), w[0] + " " + w[1] + ": " + r.text());
                assertEquals(state, state(clob, a, c), w[0] + " " + w[1] + " refused, and nothing changed");
            }
            // The switch was never armed: a first heartbeat (empty id) is accepted.
            assertEquals("ok", ok(signed(clob, "POST", "/v1/heartbeats", "{\"heartbeat_id\":\"\"}", a, c)).get("status").asText());

            // Another account's order, cancelled with the right headers of this one: not cancelled.
            ECKeyPair k2 = demo(2);
            String a2 = address(k2);
            Creds c2 = Creds.of(ok(clob.send("GET", "/auth/derive-api-key", null, l1(k2, now(), 0))));
            String before2 = state(clob, a2, c2);
            JsonNode foreign = ok(signed(clob, "DELETE", "/order", "{\"orderID\":\"" + first + "\"}", a2, c2));
            assertEquals(0, foreign.get("canceled").size(), foreign.toString());
            assertTrue(foreign.get("not_canceled").has(first), foreign.toString());
            assertEquals(before2, state(clob, a2, c2));
            assertTrue(ok(signed(clob, "GET", "/data/orders", null, a, c)).get("data").toString().contains(first), "the order is still open");
        }
    }

    /** The account as its reads show it: open orders, API keys, read-only keys, notifications, collateral. */
    private static String state(Http clob, String a, Creds c) throws Exception {
        StringBuilder s = new StringBuilder();
        for (String read : List.of("/data/orders", "/auth/api-keys", "/auth/readonly-api-keys", "/notifications",
                "/balance-allowance?asset_type=COLLATERAL&signature_type=0")) {
            s.append(read).append(' ').append(ok(signed(clob, "GET", read, null, a, c))).append('\n');
        }
        return s.toString();
    }

    private static long firstNotification(Http clob, String a, Creds c) throws Exception {
        JsonNode n = ok(signed(clob, "GET", "/notifications", null, a, c));
        return n.isEmpty() ? 1 : n.get(0).get("id").asLong();
    }

}
