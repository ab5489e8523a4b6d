package org.marketlab.sandbox.accounts;

import org.marketlab.sandbox.clob.ClobAccountsApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.trading.ExchangeMode;
import org.web3j.crypto.ECKeyPair;

import java.util.Map;

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
 * Order refusals on the wire, with a client written here (L2 headers from the facts): the exchange modes' 503 bodies
 * ({@code error}, {@code code} — {@code post_only_mode} for post-only, as the specification writes it —
 * {@code retry_after_seconds}) with the same delay in {@code Retry-After}, and a batch's post-only-mode element; the
 * engine restarting as 425 without a body, taking one request; the control path of the order error rows.
 */
class OrderRefusalsWireTest {

    private static Sandbox sandbox;
    private static Http clob;
    private static String address;
    private static Creds creds;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(7).now(DataApiWireTest.NOW).build().enforceLimits(false);
        clob = new Http(sandbox.start().get("clob"));
        ECKeyPair k = demo(1);
        address = address(k);
        creds = Creds.of(ok(clob.send("GET", "/auth/derive-api-key", null, l1(k, now(), 0))));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void modeRefusalsCarryTheirDelayInTheBodyAndTheHeader() throws Exception {
        try {
            sandbox.orderBook().exchangeMode(ExchangeMode.POST_ONLY, 45);
            Http.Answer a = signed(clob, "POST", "/order", "{\"order\":{},\"postOnly\":false}", address, creds);
            assertEquals(503, a.status(), a.text());
            assertEquals("post-only mode: only post-only orders and cancels are allowed", a.body().get("error").asText());
            assertEquals("post_only_mode", a.body().get("code").asText());
            assertEquals(45, a.body().get("retry_after_seconds").asInt());
            assertEquals("45", a.header("Retry-After"));

            JsonNode batch = ok(signed(clob, "POST", "/orders", "[{\"order\":{},\"postOnly\":false}]", address, creds));
            JsonNode e = batch.get(0);
            assertEquals("post-only mode: only post-only orders and cancels are allowed", e.get("errorMsg").asText());
            assertTrue(e.get("success").asBoolean());
            for (String f : new String[]{"orderID", "takingAmount", "makingAmount", "status"}) assertEquals("", e.get(f).asText(), f);

            sandbox.orderBook().exchangeMode(ExchangeMode.CANCEL_ONLY, 30);
            Http.Answer c = signed(clob, "POST", "/order", "{\"order\":{}}", address, creds);
            assertEquals(503, c.status(), c.text());
            assertEquals("Trading is currently cancel-only. New orders are not accepted, but cancels are allowed.", c.body().get("error").asText());
            assertEquals("30", c.header("Retry-After"));
            assertEquals(30, c.body().get("retry_after_seconds").asInt());
        } finally {
            sandbox.orderBook().exchangeMode(ExchangeMode.NORMAL, 0);
        }
    }

    @Test
    void restartingIs425WithoutABodyForOneRequest() throws Exception {
        sandbox.orderBook().clearOrderFailures();
        sandbox.orderBook().failNextOrders("425");
        Http.Answer a = signed(clob, "POST", "/orders", "[{\"order\":{}}]", address, creds);
        assertEquals(425, a.status(), a.text());
        assertEquals("", a.text(), "no body");
        // The next request meets the order book again: here its refusal of an order without fields.
        JsonNode next = ok(signed(clob, "POST", "/orders", "[{\"order\":{}}]", address, creds));
        assertEquals("Invalid order payload", next.get(0).get("errorMsg").asText());
        assertTrue(sandbox.orderBook().pendingOrderFailures().isEmpty());
    }

    @Test
    void theControlPathTakesOnlyTheSpecificationsRows() {
        sandbox.orderBook().clearOrderFailures();
        Http.Answer bad = clob.send("POST", "/control/order-errors", "{\"errors\": [\"order timed out\", \"Internal server error\"]}", Map.of());
        assertEquals(400, bad.status(), bad.text());
        assertTrue(bad.body().get("error").asText().contains("'Internal server error' is not one of"), bad.text());
        assertTrue(sandbox.orderBook().pendingOrderFailures().isEmpty(), "refused whole");
        JsonNode told = ok(clob.send("POST", "/control/order-errors", "{\"errors\": [\"order timed out\", \"425\"]}", Map.of()));
        assertEquals("[\"order timed out\",\"425\"]", told.get("pending").toString());
        JsonNode cleared = ok(clob.send("POST", "/control/order-errors", "{\"clear\": true}", Map.of()));
        assertEquals(0, cleared.get("pending").size());
        assertEquals(12, ClobAccountsApi.orderErrorRows().size());
    }
}
