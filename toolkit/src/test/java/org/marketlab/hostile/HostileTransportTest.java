package org.marketlab.hostile;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.marketlab.MarketLab;
import org.marketlab.Markets;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Call;
import org.marketlab.http.ConnectionException;
import org.marketlab.http.DeadlineExceededException;
import org.marketlab.internal.transport.Query;
import org.marketlab.http.RateLimitedException;
import org.marketlab.http.RedirectRefusedException;
import org.marketlab.http.ResponseTooLargeException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.markets.MarketData;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.ScopeStatus;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The transport against a server that misbehaves on purpose: redirects, trickles, silence, floods, 429s, no DNS. */
class HostileTransportTest {

    private final List<HostileServer> servers = new ArrayList<>();

    @AfterEach
    void close() throws IOException {
        for (HostileServer s : servers) s.close();
    }

    private HostileServer server(String address, HostileServer.Handler h) throws IOException {
        HostileServer s = new HostileServer(address, h);
        servers.add(s);
        return s;
    }

    private static Transport to(String url, Duration deadline, long cap) {
        Profile p = Profile.sandbox(3).withCallTimeout(deadline).withMaxResponseBytes(cap);
        for (Service s : List.of(Service.MARKETS, Service.CLOB, Service.DATA, Service.PERPS)) p = p.withUrl(s, url);
        return Transport.create(p, Clock.system(), new RetryPolicy(4, 6, Duration.ofMillis(50), Duration.ofMillis(200)));
    }

    private static Transport to(String url) {
        return to(url, Duration.ofSeconds(10), 1 << 20);
    }

    // ---- redirects --------------------------------------------------------------------------------------------

    @Test
    void anAuthenticatedCallFollowsNoRedirectAndItsSecretsStayHome() throws IOException {
        HostileServer other = server("127.0.0.2", (r, out) -> HostileServer.answer(out, 200, "{}"));
        HostileServer perps = server("127.0.0.1", (r, out) -> HostileServer.answer(out, 301, "",
                "Location: " + other.url() + "/v1/account/portfolio"));
        Transport t = to(perps.url());
        Call portfolio = new Call(Service.PERPS, "GET", "/v1/account/portfolio", Query.empty(),
                Map.of("SERVICE-PROXY", "0xproxy", "SERVICE-SECRET", "s3cret-value"), null, Call.Safety.IDEMPOTENT);
        var e = assertThrows(RedirectRefusedException.class, () -> t.send(portfolio));
        assertTrue(e.getMessage().contains("authenticated call follows no redirect"), e.getMessage());
        assertTrue(e.getMessage().contains(other.url()), "names where it pointed: " + e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
        assertEquals(0, other.received().size(), "nothing reached the other host");
        assertEquals("s3cret-value", perps.received().get(0).header("SERVICE-SECRET"), "the secret went to its own host only");
        assertEquals(1, perps.received().size(), "a redirect is not retried");
    }

    @Test
    void publicReadsFollowSameHostRedirectsOnly() throws IOException {
        HostileServer other = server("127.0.0.2", (r, out) -> HostileServer.answer(out, 200, "[]"));
        HostileServer markets = server("127.0.0.1", null);
        markets.handler((r, out) -> {
            if (r.path().equals("/events/moved")) HostileServer.answer(out, 200, "{\"events\":[{\"id\":\"7\"}],\"next_cursor\":null}");
            else if (r.path().equals("/events/keyset")) HostileServer.answer(out, 302, "", "Location: /events/moved?x=1");
            else HostileServer.answer(out, 302, "", "Location: " + other.url() + "/events");
        });
        Transport t = to(markets.url());
        assertEquals(1, new MarketData(t).events().list().size(), "a same-host redirect of a read is followed");
        var e = assertThrows(RedirectRefusedException.class, () -> t.send(Call.get(Service.MARKETS, "/events/1/tags", Query.empty())).tree());
        assertTrue(e.getMessage().contains("same host only"), e.getMessage());
        assertEquals(0, other.received().size());

        Call post = new Call(Service.MARKETS, "POST", "/events/keyset", Query.empty(), Map.of(), "{}".getBytes(StandardCharsets.UTF_8), Call.Safety.UNSAFE);
        var w = assertThrows(RedirectRefusedException.class, () -> t.send(post));
        assertTrue(w.getMessage().contains("POST follows no redirect"), w.getMessage());
    }

    @Test
    void aRedirectLoopOnTheSameHostEnds() throws IOException {
        HostileServer loop = server("127.0.0.1", (r, out) -> HostileServer.answer(out, 302, "", "Location: /again"));
        var e = assertThrows(RedirectRefusedException.class, () -> to(loop.url()).send(Call.get(Service.MARKETS, "/x", Query.empty())).tree());
        assertEquals(1 + 5, loop.received().size(), "the first request and five followed: " + e.getMessage());
    }

    // ---- deadline -----------------------------------------------------------------------------------------------

    @Test
    void aTrickledBodyEndsAtTheDeadline() throws IOException {
        HostileServer slow = server("127.0.0.1", (r, out) -> {
            out.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            for (int i = 0; i < 1000; i++) {
                out.write('[');
                out.flush();
                Thread.sleep(200); // a byte every 200 ms: no read timeout ever fires
            }
        });
        Transport t = to(slow.url(), Duration.ofMillis(1500), 1 << 20);
        long t0 = System.nanoTime();
        var e = assertThrows(DeadlineExceededException.class, () -> t.send(Call.get(Service.MARKETS, "/events", Query.empty())).tree());
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(seconds >= 1.4 && seconds < 3.5, "ended at the 1.5 s deadline: " + seconds);
        assertTrue(e.getMessage().contains("within the call deadline of 1500 ms"), e.getMessage());
        assertEquals(0, e.status());
    }

    @Test
    void headersThenSilenceEndsAtAPerCallDeadline() throws IOException {
        HostileServer silent = server("127.0.0.1", (r, out) -> {
            out.write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            Thread.sleep(20_000);
        });
        Transport t = to(silent.url(), Duration.ofSeconds(30), 1 << 20);
        long t0 = System.nanoTime();
        var e = assertThrows(DeadlineExceededException.class,
                () -> MarketLab.withTimeout(Duration.ofMillis(800), () -> t.send(Call.get(Service.MARKETS, "/events", Query.empty())).tree()));
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(seconds < 3, "the call's own 800 ms, not the profile's 30 s: " + seconds);
        assertTrue(e.getMessage().contains("800 ms"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MarketLab.withTimeout(Duration.ZERO, () -> 1));
        assertThrows(IllegalArgumentException.class, () -> MarketLab.withTimeout(null, () -> 1));
        assertEquals(Duration.ofSeconds(30), Profile.sandbox().callTimeout(), "the documented default");
    }

    // ---- size cap -----------------------------------------------------------------------------------------------

    @Test
    void aBodyPastTheCapIsRefusedWithoutReadingItAll() throws IOException {
        byte[] chunk = new byte[64 * 1024];
        java.util.Arrays.fill(chunk, (byte) ' ');
        HostileServer flood = server("127.0.0.1", (r, out) -> {
            boolean declared = r.path().equals("/declared");
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    + (declared ? "Content-Length: 52428800\r\n" : "Transfer-Encoding: chunked\r\n") + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            for (int i = 0; i < 800; i++) { // 50 MB
                if (!declared) out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.write(chunk);
                if (!declared) out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
            if (!declared) out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        });
        Transport t = to(flood.url(), Duration.ofSeconds(20), 1 << 20);
        for (String path : List.of("/declared", "/chunked")) {
            var e = assertThrows(ResponseTooLargeException.class, () -> t.send(Call.get(Service.MARKETS, path, Query.empty())).tree());
            assertTrue(e.getMessage().contains("response-size cap of 1048576 bytes"), e.getMessage());
        }
        assertEquals(2, flood.received().size(), "not retried");
        assertEquals(32L << 20, Profile.sandbox().maxResponseBytes(), "the documented default");
    }

    // ---- 429 without headers ------------------------------------------------------------------------------------

    @Test
    void a429WithoutHeadersSaysTheScopeIsHeldAndUntilWhen() throws IOException {
        HostileServer limited = server("127.0.0.1", (r, out) -> HostileServer.answer(out, 429, "{\"error\":\"Too Many Requests\"}"));
        Profile p = Profile.sandbox(5).withCallTimeout(Duration.ofSeconds(2)).withUrl(Service.MARKETS, limited.url());
        // Three 429s in a row: the pacer holds 1 s, then 2 s, then 4 s (the doubling backoff); the call waits out the
        // first two (a 429's wait does not use up the deadline), and the third ends it, saying until when.
        Transport t = Transport.create(p, Clock.system(), new RetryPolicy(4, 3, Duration.ofMillis(50), Duration.ofMillis(200)));
        long t0 = System.nanoTime();
        var e = assertThrows(RateLimitedException.class, () -> new MarketData(t).event("1"));
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(seconds >= 2.5 && seconds < 8, "waited out two holds (1 s and 2 s), past the 2 s deadline: " + seconds);
        assertEquals(3, limited.received().size());
        assertTrue(e.getMessage().contains("the pacer holds"), e.getMessage());
        assertTrue(e.getMessage().contains("markets.general"), e.getMessage());
        assertTrue(e.getMessage().contains(" until 20"), e.getMessage());
        ScopeStatus held = t.resources().pacer().status().scopes().stream().filter(s -> s.heldUntil() != null).findFirst().orElseThrow();
        assertTrue(held.heldUntil().isAfter(Instant.now().plusSeconds(2)), "held about 4 s more: " + held.heldUntil());
        assertTrue(t.resources().pacer().status().toString().contains("HELD until"), t.resources().pacer().status().toString());
        assertTrue(t.resources().pacer().status().table().column("held_until").asStringColumn().asList().stream().anyMatch(x -> !x.isEmpty()));
    }

    @Test
    void aRetryAfterLongerThanTwoMinutesEndsTheCallAtOnce() throws IOException {
        HostileServer limited = server("127.0.0.1", (r, out) -> HostileServer.answer(out, 429, "{\"error\":\"slow down\"}", "Retry-After: 3600"));
        Transport t = to(limited.url());
        long t0 = System.nanoTime();
        var e = assertThrows(RateLimitedException.class, () -> new MarketData(t).event("1"));
        assertTrue((System.nanoTime() - t0) / 1e9 < 3, "no hour-long wait");
        assertTrue(e.getMessage().contains("until"), e.getMessage());
        assertEquals(3_600_000, e.retryAfter().orElseThrow().toMillis());
        assertTrue(MarketLab.pacing() != null, "MarketLab.pacing() is the current profile's pacer status, as t.pacer().status() here");
    }

    // ---- no DNS -------------------------------------------------------------------------------------------------

    @Test
    void anUnknownHostSaysSo() {
        Transport t = to("http://no-such-host.invalid");
        var e = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(ConnectionException.class, () -> t.send(Call.get(Service.MARKETS, "/events", Query.empty())).tree()));
        assertTrue(e.getMessage().contains("the host no-such-host.invalid is unknown"), e.getMessage());
    }

    @SuppressWarnings("unused")
    private static void write(OutputStream out, String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.ISO_8859_1));
    }
}
