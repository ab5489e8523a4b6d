package org.marketlab.config;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProfileTest {

    @Test
    void noConfigurationMeansTheEmbeddedSandbox() {
        Profile p = Profile.fromEnvironment(Map.<String, String>of()::get);
        assertEquals("sandbox", p.name());
        assertTrue(p.embedded());
        for (Service s : Service.values()) assertNull(p.url(s), s + " is served by the embedded sandbox");
        assertEquals(Profile.sandbox(), p);
    }

    @Test
    void liveProfileHoldsThePublishedHostsAndNames() {
        Profile p = Profile.fromEnvironment(Map.of("MARKETLAB_PROFILE", "live")::get);
        assertFalse(p.embedded());
        assertEquals(URI.create("https://gamma-api.polymarket.com"), p.url(Service.MARKETS));
        assertEquals(URI.create("https://clob.polymarket.com"), p.url(Service.CLOB));
        assertEquals(URI.create("wss://ws.perpetuals.polymarket.com"), p.url(Service.PERPS_WS));
        assertEquals("POLYMARKET-PROXY", p.names().proxyHeader());
        assertEquals("Poly-RateLimit-", p.names().rateLimitPrefix());
        assertEquals("Polymarket", p.names().perpsDomainName());
        assertEquals("SERVICE-PROXY", Profile.sandbox().names().proxyHeader());
    }

    @Test
    void perEndpointOverridesApplyToEitherProfile() {
        Profile p = Profile.fromEnvironment(Map.of("MARKETLAB_CLOB_URL", "http://127.0.0.1:9999/")::get);
        assertTrue(p.embedded());
        assertEquals(URI.create("http://127.0.0.1:9999"), p.url(Service.CLOB), "trailing slash dropped");
        assertNull(p.url(Service.MARKETS));
        Profile live = Profile.fromEnvironment(Map.of("MARKETLAB_PROFILE", "LIVE",
                "MARKETLAB_PERPS_WS_URL", "ws://localhost:1/")::get);
        assertEquals(URI.create("ws://localhost:1"), live.url(Service.PERPS_WS));
    }

    @Test
    void badSettingsSayWhatIsAllowed() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> Profile.fromEnvironment(Map.of("MARKETLAB_PROFILE", "staging")::get));
        assertTrue(e.getMessage().contains("staging") && e.getMessage().contains("sandbox, live"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Profile.fromEnvironment(Map.of("MARKETLAB_MARKETS_URL", "gamma.example")::get));
        assertTrue(e.getMessage().contains("MARKETLAB_MARKETS_URL") && e.getMessage().contains("http://"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Profile.sandbox().withUrl(Service.PERPS_WS, "https://x.example"));
        assertTrue(e.getMessage().contains("ws://"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Service.of("gamma"));
        assertTrue(e.getMessage().contains("markets, clob"), e.getMessage());
    }

    @Test
    void publishedLimitsAreLoaded() {
        var limits = Profile.live().ipLimits();
        assertTrue(limits.size() >= 40, "rows: " + limits.size());
        var events = limits.stream().filter(l -> l.matches("markets", "GET", "/events")).map(l -> l.scope()).toList();
        assertEquals(java.util.List.of("general.all", "markets.general", "markets.events", "markets.listing"), events);
        var tags = limits.stream().filter(l -> l.matches("markets", "GET", "/events/7/tags")).map(l -> l.scope()).toList();
        assertEquals(java.util.List.of("general.all", "markets.general", "markets.events"), tags);
        var order = limits.stream().filter(l -> l.matches("clob", "POST", "/order")).map(l -> l.scope()).toList();
        assertEquals(java.util.List.of("general.all", "clob.general", "clob.trading", "clob.order.burst", "clob.order.sustained"), order);
    }

    @Test
    void toStringHidesNothingSecretAndNamesTheProfile() {
        String s = Profile.sandbox(42).toString();
        assertTrue(s.contains("sandbox") && s.contains("42"), s);
    }
}
