package org.marketlab.internal.transport;

import okhttp3.ConnectionSpec;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.pacing.Clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shared HTTP client speaks TLS exactly when the profile can reach an https endpoint: the embedded sandbox
 * (plain HTTP on loopback) goes without it, and saves building the platform's SSL context on a first call.
 */
class ResourcesTlsTest {

    private static boolean tls(Resources r) {
        return r.http().connectionSpecs().stream().anyMatch(ConnectionSpec::isTls);
    }

    @Test
    void theSandboxGoesWithoutTlsAndStillAnswers() throws Exception {
        Resources r = new Resources(Profile.sandbox(), Clock.system());
        assertFalse(tls(r));
        assertEquals(java.util.List.of(ConnectionSpec.CLEARTEXT), r.http().connectionSpecs());
        // A real call to the embedded sandbox on that client.
        try (Response res = r.http().newCall(new Request.Builder().url(r.baseUrl(Service.MARKETS).resolve("/events?limit=1").toString()).build()).execute()) {
            assertEquals(200, res.code());
            assertTrue(res.body().string().startsWith("["));
        }
        // Plain overrides keep it plain.
        assertFalse(tls(new Resources(Profile.sandbox().withUrl(Service.CLOB, "http://127.0.0.1:9/"), Clock.system())));
        assertFalse(tls(new Resources(Profile.sandbox().withUrl(Service.PERPS_WS, "ws://127.0.0.1:9/"), Clock.system())));
    }

    @Test
    void anHttpsEndpointOrTheLiveServiceGetsTls() {
        Resources live = new Resources(Profile.live(), Clock.system());
        assertTrue(tls(live));
        assertNotNull(live.http().sslSocketFactory());
        Resources mixed = new Resources(Profile.sandbox().withUrl(Service.MARKETS, "https://gamma-api.polymarket.com"), Clock.system());
        assertTrue(tls(mixed));
        assertTrue(tls(new Resources(Profile.sandbox().withUrl(Service.PERPS_WS, "wss://example.org/ws"), Clock.system())));
        // The plain client has no SSL socket factory at all: an https URL can never be sent on it in the clear.
        Resources plain = new Resources(Profile.sandbox(), Clock.system());
        assertThrows(IllegalStateException.class, () -> plain.http().sslSocketFactory());
    }
}
