package org.marketlab.perps;

import org.marketlab.pacing.RetryPolicy;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marketlab.Interop;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.perps.PerpsAccount;
import org.marketlab.sandbox.perps.PerpsSandbox;
import org.marketlab.signing.Wallet;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official {@code @polymarket/client} (npm) against the sandbox: its order-book L1 authentication, its
 * owner-signed {@code createProxy} and credentials check, its real-time channel, its own paging of the histories
 * (which must find every entry the sandbox generated, as the toolkit does), a cancel signed by its proxy key, and
 * its revocation signed by the owner, after which its reads are refused.
 */
class OfficialPerpsClientInteropTest {

    @Test
    void officialClientRunsASessionTheSandboxAccepts() throws Exception {
        try (Sandbox sandbox = Sandbox.builder().seed(13).now(Instant.parse("2026-11-01T00:00:00Z")).build()) {
            var urls = sandbox.start();
            PerpsSandbox perps = sandbox.perps();
            Wallet owner = Wallet.random();
            PerpsAccount account = perps.account(owner.address());
            // The account trades once the SDK's channel subscribes; a timer draw would then fill resting orders while
            // the SDK pages its histories (seconds under load), and the orders it lists would no longer be these.
            perps.market().fillInterval(0);
            List<Long> openBefore = account.openOrders().stream().map(o -> o.get("oid").asLong()).toList();

            JsonNode js = Interop.run("perps-session.mjs", urls.get("clob").toString(), urls.get("perps").toString(),
                    urls.get("perps_ws").toString(), owner.exportPrivateKey());
            assertEquals(owner.address(), js.path("owner").asText());
            assertTrue(js.path("proxy").asText().startsWith("0x"), js.toString());
            assertTrue(sandbox.stats().requests("clob", "/auth/api-key") + sandbox.stats().requests("clob", "/auth/derive-api-key") >= 1,
                    "the SDK authenticated to the order book (L1)");
            assertEquals(2, sandbox.stats().requests("perps", "/v1/account/proxy"), "one createProxy and one deleteProxy");
            assertTrue(sandbox.stats().requests("perps", "/v1/account/credentials") >= 1, "the SDK checked its credentials");
            assertTrue(perps.channel().authentications() >= 1, "the real-time channel authenticated");

            // The SDK's paging found every withdrawal, in the sandbox's order, and every funding charge.
            List<Long> withdrawals = account.withdrawals().stream()
                    .sorted(Comparator.<JsonNode>comparingLong(PerpsAccount::pagingTime).thenComparingLong(w -> w.get("withdraw_id").asLong()).reversed())
                    .map(w -> w.get("withdraw_id").asLong()).toList();
            assertEquals(withdrawals, longs(js.path("withdrawals").path("ids")), "withdrawals: " + js.path("withdrawalsError"));
            assertTrue(js.path("withdrawals").path("pages").asInt() >= 2);
            assertEquals(withdrawals.stream().filter(id -> account.withdrawals().stream()
                            .anyMatch(w -> w.get("withdraw_id").asLong() == id && w.get("status").asText().equals("pending"))).toList(),
                    longs(js.path("pendingWithdrawals")));
            assertEquals(account.funding().size(), js.path("funding").path("count").asInt(), "funding: " + js.path("fundingError"));
            assertEquals(account.funding().size(), js.path("funding").path("keys").asInt(), "none twice");
            assertEquals(account.funding().stream().filter(f -> f.get("instrument_id").asLong() == 4_294_967_295L).count(),
                    js.path("fundingLargestInstrument").asLong());

            // Its proxy signed a cancel over the channel; its owner signed the revocation.
            assertEquals(openBefore, longs(js.path("openOrders")));
            assertEquals("ok", js.path("cancel").path("status").asText(), "cancel: " + js.path("cancelError"));
            assertEquals(openBefore.get(0), js.path("cancel").path("orderId").asLong());
            assertFalse(account.openOrders().stream().anyMatch(o -> o.get("oid").asLong() == openBefore.get(0)), "the sandbox cancelled it");
            assertEquals(account.positions().size(), js.path("positions").asInt(), "portfolio: " + js.path("positionsError"));
            assertTrue(js.path("revoked").asBoolean(), "revocation: " + js.path("revokedError"));
            assertTrue(perps.proxyExpiry(js.path("proxy").asText()).isEmpty(), "the sandbox deleted the SDK's proxy");
            assertTrue(js.has("afterRevokeError") && !js.has("afterRevoke"), "reads are refused after the revocation: " + js);

            // The toolkit reads the same account the same way.
            Transport t = Transport.create(Profile.sandbox(13).withUrl(Service.PERPS, urls.get("perps").toString()), Clock.system(),
                    RetryPolicy.DEFAULT);
            PerpsSession ours = PerpsSession.open(t, owner, PerpsSandboxFixture.roomy());
            assertEquals(withdrawals, ours.withdrawals().list().stream().map(Withdrawal::withdrawId).toList());
            assertEquals(js.path("positions").asInt(), ours.portfolio().positions().size());
        }
    }

    private static List<Long> longs(JsonNode array) {
        List<Long> out = new ArrayList<>();
        for (JsonNode n : array) out.add(n.asLong());
        return out;
    }
}
