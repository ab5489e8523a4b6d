package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marketlab.Interop;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.WeightBudget;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.signing.Wallet;

import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official {@code @polymarket/client} (npm) opens a perpetuals session against the sandbox: its order-book
 * L1 authentication and its owner-signed {@code createProxy} are accepted, its credentials check passes, its
 * real-time channel authenticates, and it reads the same account the toolkit reads.
 */
class OfficialPerpsClientInteropTest {

    @Test
    void officialClientOpensASessionAndReadsTheAccount() throws Exception {
        try (Sandbox sandbox = Sandbox.builder().seed(13).now(Instant.parse("2026-11-01T00:00:00Z")).build()) {
            var urls = sandbox.start();
            Wallet owner = Wallet.random();
            JsonNode js = Interop.run("perps-session.mjs", urls.get("clob").toString(), urls.get("perps").toString(),
                    urls.get("perps_ws").toString(), owner.exportPrivateKey());
            assertEquals(owner.address(), js.path("owner").asText());
            assertTrue(sandbox.stats().requests("clob", "/auth/api-key") + sandbox.stats().requests("clob", "/auth/derive-api-key") >= 1,
                    "the SDK authenticated to the order book (L1)");
            assertEquals(1, sandbox.stats().requests("perps", "/v1/account/proxy"), "one createProxy, accepted");
            assertTrue(sandbox.stats().requests("perps", "/v1/account/credentials") >= 1, "the SDK checked its credentials");
            assertEquals(1, sandbox.stats().requests("perps_ws", "auth ok"), "the real-time channel authenticated");
            assertTrue(js.path("proxy").asText().startsWith("0x"), js.toString());

            Transport t = Transport.create(Profile.sandbox(13).withUrl(Service.PERPS, urls.get("perps").toString()), Clock.system(),
                    Transport.RetryPolicy.DEFAULT);
            PerpsSession ours = PerpsSession.open(t, owner, PerpsSession.Options.defaults().store(CredentialStore.memory())
                    .budget(new WeightBudget(10_000, Duration.ofSeconds(10), Clock.system())));
            assertEquals(ours.portfolio().positions().size(), js.path("positions").asInt(), "the same positions: " + js);
            assertEquals(Math.min(100, ours.withdrawals().list().size()), js.path("withdrawals").asInt(), "a first page of the same withdrawals");
        }
    }
}
