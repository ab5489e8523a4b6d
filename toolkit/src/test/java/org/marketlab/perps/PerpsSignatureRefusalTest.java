package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Query;
import org.marketlab.http.ServiceException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.sandbox.perps.PerpsSandbox;
import org.marketlab.signing.Eip712;
import org.marketlab.signing.Wallet;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the sandbox refuses, signature by signature, over the wire: a tampered signature, the wrong signer, a
 * stale timestamp, a past expiry or {@code exp}; and the proxy headers of private reads.
 */
class PerpsSignatureRefusalTest {

    private static final Transport T = PerpsSandboxFixture.transport();
    private static final String DOMAIN = "MarketLab Sandbox";

    private static String createProxySig(Wallet signer, String domain, String proxy, long expiry, long salt, long ts) {
        return signer.sign(OperationSigning.createProxy(domain, 137, proxy, expiry, salt, ts));
    }

    private static ObjectNode createProxyBody(Wallet owner, String proxy, long expiry, long salt, long ts, String sig) {
        ObjectNode b = JsonNodeFactory.instance.objectNode();
        b.putObject("op").put("type", "createProxy").putObject("args").put("owner", owner.address()).put("proxy", proxy).put("expiry", expiry);
        return b.put("salt", salt).put("ts", ts).put("sig", sig);
    }

    private static JsonNode send(String method, String path, JsonNode body) {
        try {
            return T.send(new Call(Service.PERPS, method, path, Query.empty(), Map.of(), T.resources().json().writeValueAsBytes(body), Call.Safety.UNSAFE)).tree();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void refused(int status, String why, String method, String path, JsonNode body) {
        ServiceException e = assertThrows(ServiceException.class, () -> send(method, path, body), why);
        assertEquals(status, e.status(), e.getMessage());
        assertTrue(e.serverMessage() != null && e.serverMessage().contains(why), e.getMessage());
    }

    private static String tamper(String sig) {
        char c = sig.charAt(20);
        return sig.substring(0, 20) + (c == 'a' ? 'b' : 'a') + sig.substring(21);
    }

    @Test
    void createProxyRefusals() throws Exception {
        Wallet owner = Wallet.random(), other = Wallet.random();
        String proxy = Wallet.random().address().toLowerCase(Locale.ROOT);
        long ts = System.currentTimeMillis(), expiry = ts + 3_600_000, salt = 4_000_000_000L;
        String good = createProxySig(owner, DOMAIN, proxy, expiry, salt, ts);

        refused(401, "invalid signature", "POST", "/v1/account/proxy", createProxyBody(owner, proxy, expiry, salt, ts, tamper(good)));
        refused(401, "invalid signature", "POST", "/v1/account/proxy", createProxyBody(owner, proxy, expiry, salt, ts,
                createProxySig(other, DOMAIN, proxy, expiry, salt, ts)));
        refused(401, "invalid signature", "POST", "/v1/account/proxy", createProxyBody(owner, proxy, expiry, salt, ts,
                createProxySig(owner, "Another Exchange", proxy, expiry, salt, ts)));
        refused(401, "invalid signature", "POST", "/v1/account/proxy", createProxyBody(owner, proxy, expiry + 1, salt, ts, good));
        for (long stale : List.of(ts - PerpsSandbox.TIMESTAMP_WINDOW_MS - 5_000, ts + PerpsSandbox.TIMESTAMP_WINDOW_MS + 5_000)) {
            refused(401, "stale timestamp", "POST", "/v1/account/proxy",
                    createProxyBody(owner, proxy, expiry, salt, stale, createProxySig(owner, DOMAIN, proxy, expiry, salt, stale)));
        }
        long past = ts - 1_000;
        refused(400, "has passed", "POST", "/v1/account/proxy", createProxyBody(owner, proxy, past, salt, ts, createProxySig(owner, DOMAIN, proxy, past, salt, ts)));

        // The good one, and one in the live service's domain, are accepted.
        assertEquals("ok", send("POST", "/v1/account/proxy", createProxyBody(owner, proxy, expiry, salt, ts, good)).path("status").asText());
        String proxy2 = Wallet.random().address();
        JsonNode live = send("POST", "/v1/account/proxy", createProxyBody(owner, proxy2, expiry, salt, ts, createProxySig(owner, "Polymarket", proxy2, expiry, salt, ts)));
        assertTrue(live.path("secret").asText().length() >= 32);
        // Someone else cannot take over a registered proxy address.
        refused(400, "another account", "POST", "/v1/account/proxy", createProxyBody(other, proxy, expiry, salt, ts, createProxySig(other, DOMAIN, proxy, expiry, salt, ts)));
    }

    private static ObjectNode opBody(String type, com.fasterxml.jackson.databind.node.ArrayNode args, String sig, long salt, long ts, Long exp) {
        ObjectNode b = JsonNodeFactory.instance.objectNode();
        b.putObject("op").put("type", type).set("args", args);
        b.put("sig", sig).put("salt", salt).put("ts", ts);
        if (exp != null) b.put("exp", exp);
        return b;
    }

    @Test
    void operationRefusals() throws Exception {
        Wallet owner = Wallet.random();
        PerpsSession s = PerpsSandboxFixture.session(owner);
        Wallet proxy = Wallet.fromPrivateKey(s.credentials().privateKey());
        long oid = s.openOrders().get(0).oid();
        var args = JsonNodeFactory.instance.arrayNode().add(oid);
        byte[] cancel = OperationSigning.cancelOrders(List.of(oid));
        long ts = System.currentTimeMillis(), salt = 11;
        String good = proxy.sign(OperationSigning.op(DOMAIN, 137, cancel, salt, ts));

        refused(401, "invalid signature", "DELETE", "/v1/trade/orders", opBody("cancelOrders", args, tamper(good), salt, ts, null));
        refused(401, "invalid signature", "DELETE", "/v1/trade/orders", opBody("cancelOrders", args,
                Wallet.random().sign(OperationSigning.op(DOMAIN, 137, cancel, salt, ts)), salt, ts, null));
        refused(401, "invalid signature", "DELETE", "/v1/trade/orders", opBody("cancelOrders", args,
                owner.sign(OperationSigning.op(DOMAIN, 137, cancel, salt, ts)), salt, ts, null));
        refused(401, "invalid signature", "DELETE", "/v1/trade/orders", opBody("cancelOrders", JsonNodeFactory.instance.arrayNode().add(oid + 1),
                good, salt, ts, null));
        long stale = ts - 5 * 60_000;
        refused(401, "stale timestamp", "DELETE", "/v1/trade/orders", opBody("cancelOrders", args,
                proxy.sign(OperationSigning.op(DOMAIN, 137, cancel, salt, stale)), salt, stale, null));
        refused(400, "has passed", "DELETE", "/v1/trade/orders", opBody("cancelOrders", args, good, salt, ts, ts - 1_000));
        refused(400, "command timeout", "DELETE", "/v1/trade/orders", opBody("cancelOrders", args, good, salt, ts, ts + 10 * 60_000));
        assertEquals(oid, PerpsSandboxFixture.perps().account(owner.address()).openOrders().get(0).get("oid").asLong(), "nothing was cancelled");

        JsonNode ok = send("DELETE", "/v1/trade/orders", opBody("cancelOrders", args, good, salt, ts, ts + 20_000));
        assertEquals("ok", ok.get(0).path("status").asText());
        assertEquals(oid, ok.get(0).path("oid").asLong());
        assertTrue(ok.get(0).path("coid").isMissingNode(), "no coid echoed: the request named orders by oid");

        // An expired proxy's signature is refused too.
        PerpsSession brief = PerpsSession.open(T, owner, PerpsSandboxFixture.roomy().lifetime(PerpsSandboxFixture.SHORT_LIFETIME));
        Wallet briefKey = Wallet.fromPrivateKey(brief.credentials().privateKey());
        PerpsSandboxFixture.sleepPast(brief.credentials().expiresAt());
        long ts2 = System.currentTimeMillis();
        refused(401, "proxy expired", "DELETE", "/v1/trade/orders", opBody("cancelOrders", args,
                briefKey.sign(OperationSigning.op(DOMAIN, 137, cancel, salt, ts2)), salt, ts2, null));
    }

    @Test
    void deleteProxyIsTheOwnersOpOverTheCompactOperation() {
        Wallet owner = Wallet.random();
        PerpsSession s = PerpsSandboxFixture.session(owner);
        String proxy = s.credentials().proxy().toLowerCase(Locale.ROOT);
        Wallet proxyKey = Wallet.fromPrivateKey(s.credentials().privateKey());
        byte[] op = OperationSigning.deleteProxy(proxy);
        long ts = System.currentTimeMillis(), salt = 5;
        ObjectNode b = JsonNodeFactory.instance.objectNode();
        b.putObject("op").put("type", "deleteProxy").putObject("args").put("proxy", proxy);
        b.put("salt", salt).put("ts", ts);

        refused(401, "invalid signature", "DELETE", "/v1/account/proxy", b.deepCopy().put("sig", proxyKey.sign(OperationSigning.op(DOMAIN, 137, op, salt, ts))));
        String typedStruct = owner.sign(Eip712.digest(Eip712.domainSeparator(DOMAIN, "1", 137),
                Eip712.structHash("DeleteProxy(address addr,uint64 salt,uint64 ts)", Eip712.address(proxy), Eip712.uint(salt), Eip712.uint(ts))));
        refused(401, "invalid signature", "DELETE", "/v1/account/proxy", b.deepCopy().put("sig", typedStruct));
        refused(401, "invalid signature", "DELETE", "/v1/account/proxy", b.deepCopy().put("sig", tamper(owner.sign(OperationSigning.op(DOMAIN, 137, op, salt, ts)))));
        long stale = ts - 2 * PerpsSandbox.TIMESTAMP_WINDOW_MS;
        refused(401, "stale timestamp", "DELETE", "/v1/account/proxy", b.deepCopy().put("ts", stale)
                .put("sig", owner.sign(OperationSigning.op(DOMAIN, 137, op, salt, stale))));
        assertTrue(PerpsSandboxFixture.perps().proxyExpiry(proxy).isPresent(), "still registered");
        assertEquals("ok", send("DELETE", "/v1/account/proxy", b.deepCopy().put("sig", owner.sign(OperationSigning.op(DOMAIN, 137, op, salt, ts))))
                .path("status").asText());
        assertTrue(PerpsSandboxFixture.perps().proxyExpiry(proxy).isEmpty());
    }

    @Test
    void privateReadsNeedBothProxyHeadersInEitherSpellingAndCase() throws Exception {
        PerpsSession s = PerpsSandboxFixture.session(Wallet.random());
        String proxy = s.credentials().proxy(), secret = s.credentials().secret();
        URI base = PerpsSandboxFixture.sandbox().urls().get("perps");
        HttpClient http = HttpClient.newHttpClient();
        record Case(int status, String[] headers) {
        }
        for (Case c : List.of(
                new Case(200, new String[]{"SERVICE-PROXY", proxy, "SERVICE-SECRET", secret}),
                new Case(200, new String[]{"service-proxy", proxy.toLowerCase(Locale.ROOT), "service-secret", secret}),
                new Case(200, new String[]{"POLYMARKET-PROXY", proxy, "POLYMARKET-SECRET", secret}),
                new Case(200, new String[]{"polymarket-proxy", proxy, "polymarket-secret", secret}),
                new Case(401, new String[]{"SERVICE-PROXY", proxy}),
                new Case(401, new String[]{"SERVICE-PROXY", proxy, "SERVICE-SECRET", secret + "x"}),
                new Case(401, new String[]{"SERVICE-PROXY", Wallet.random().address(), "SERVICE-SECRET", secret}))) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve("/v1/account/portfolio")).headers(c.headers()).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(c.status(), r.statusCode(), String.join(" ", c.headers()[0]) + ": " + r.body());
            if (c.status() != 200) {
                JsonNode body = T.resources().json().readTree(r.body());
                assertEquals("err", body.path("status").asText(), "failures are {status: err, error}");
                assertTrue(body.path("error").isTextual());
                assertTrue(!r.body().contains(secret), "the secret is not echoed");
            }
        }
        // History parameters the service does not know are refused, not ignored.
        HttpResponse<String> unknown = http.send(HttpRequest.newBuilder(base.resolve("/v1/account/withdrawals?status=pending"))
                .headers("SERVICE-PROXY", proxy, "SERVICE-SECRET", secret).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, unknown.statusCode());
        assertTrue(unknown.body().contains("withdrawal_status"), unknown.body());
        HttpResponse<String> sideways = http.send(HttpRequest.newBuilder(base.resolve("/v1/account/internal-transfers?direction=sideways"))
                .headers("SERVICE-PROXY", proxy, "SERVICE-SECRET", secret).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, sideways.statusCode());
    }
}
