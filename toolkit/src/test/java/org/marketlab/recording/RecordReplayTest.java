package org.marketlab.recording;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.Accounts;
import org.marketlab.Charts;
import org.marketlab.Clob;
import org.marketlab.MarketLab;
import org.marketlab.Markets;
import org.marketlab.auth.CredentialStore;
import org.marketlab.clob.ClobSession;
import org.marketlab.clob.OutcomeToken;
import org.marketlab.clob.Side;
import org.marketlab.config.Profile;
import org.marketlab.config.Recording;
import org.marketlab.config.Service;
import org.marketlab.http.ReplayException;
import org.marketlab.markets.Market;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Record a run's reads against the sandbox, replay them with every host unreachable: the same tables and chart bytes.
 * An authenticated session is recorded through a proxy that keeps what went over the wire, and the recording holds
 * none of its secrets: not the API secret, the passphrase, the key, a signature header or the wallet's private key.
 */
class RecordReplayTest {

    static Sandbox sandbox;
    static CapturingProxy clobProxy;
    static Profile recorded;

    @BeforeAll
    static void start() throws Exception {
        sandbox = Sandbox.builder().seed(7).now(Instant.parse("2026-11-01T00:00:00Z")).build();
        sandbox.start();
        Profile p = Profile.sandbox(7);
        for (Map.Entry<String, URI> e : sandbox.urls().entrySet()) {
            for (Service s : Service.values()) if (s.id().equals(e.getKey())) p = p.withUrl(s, e.getValue().toString());
        }
        clobProxy = new CapturingProxy(sandbox.urls().get(Service.CLOB.id()));
        recorded = p.withUrl(Service.CLOB, clobProxy.url());
    }

    @AfterAll
    static void stop() {
        MarketLab.recordingOff();
        MarketLab.use(Profile.sandbox());
        clobProxy.close();
        sandbox.close();
    }

    @AfterEach
    void off() {
        MarketLab.recordingOff();
    }

    /** Every service on a port where nothing listens: any request that left the machine would fail. */
    static Profile unreachable() {
        Profile p = Profile.live();
        for (Service s : Service.values()) p = p.withUrl(s, (s.id().contains("ws") ? "ws" : "http") + "://127.0.0.1:1");
        return p;
    }

    /** What a notebook would show: tables as text, a chart's PNG bytes. */
    static List<Object> notebook() {
        List<Object> out = new ArrayList<>();
        out.add(Markets.events().active().closed(false).limit(30).table().toString());
        Market m = Markets.events().active().closed(false).limit(10).list().stream().flatMap(e -> e.markets().stream())
                .filter(x -> !Boolean.TRUE.equals(x.closed())).findFirst().orElseThrow();
        OutcomeToken token = Clob.tokens(m).get(0);
        out.add(Clob.book(token).table().toString());
        var history = Clob.pricesHistory(token).interval("1w").fidelity(60).table();
        out.add(history.toString());
        var candles = Clob.ohlc(token).fidelity("1h").since(Instant.now().minus(Duration.ofDays(3))).table();
        out.add(candles.print(1000));
        out.add(Base64.getEncoder().encodeToString(Charts.png(Charts.line(history), 640, 360)));
        out.add(Accounts.of(Wallet.demo(1).address()).trades().limit(200).table().print(1000));
        return out;
    }

    @Test
    void aRecordedRunReplaysOfflineWithTheSameOutputs(@TempDir Path dir) throws Exception {
        Path rec = dir.resolve("rec");
        MarketLab.use(recorded);
        Recording r = MarketLab.record(rec);
        assertEquals(Recording.Mode.RECORD, r.mode());
        List<Object> first = notebook();
        assertTrue(MarketLab.recording().answers() > 5, MarketLab.recording().toString());

        MarketLab.use(unreachable());
        MarketLab.recordingOff();
        assertThrows(RuntimeException.class, () -> Markets.events().limit(1).list(), "the host is unreachable: nothing is answered live");

        Thread.sleep(1100); // "the last 3 days" now ends a second later: replay still finds it
        Recording replay = MarketLab.replay(rec);
        assertEquals(Recording.Mode.REPLAY, replay.mode());
        List<Object> again = notebook();
        assertEquals(first, again, "the same tables and chart bytes, from the recording alone");

        ReplayException missing = assertThrows(ReplayException.class, () -> Markets.events().tagSlug("nothing-recorded").limit(3).list());
        assertTrue(missing.getMessage().contains("not in the recording"), missing.getMessage());
        ReplayException login = assertThrows(ReplayException.class,
                () -> Clob.session(Wallet.demo(3), ClobSession.Options.defaults().store(CredentialStore.memory())));
        assertTrue(login.getMessage().contains("credentials"), login.getMessage());
    }

    @Test
    void aRecordingOfAnAuthenticatedSessionHoldsNoSecret(@TempDir Path dir) throws Exception {
        Path rec = dir.resolve("rec");
        MarketLab.use(recorded);
        MarketLab.record(rec);
        Wallet wallet = Wallet.demo(1);
        ClobSession session = Clob.session(wallet, ClobSession.Options.defaults().store(CredentialStore.memory()));
        session.orders().table();
        session.trades().table();
        session.apiKeys();
        var market = Markets.events().active().closed(false).limit(10).list().stream().flatMap(e -> e.markets().stream())
                .filter(x -> !Boolean.TRUE.equals(x.closed())).findFirst().orElseThrow();
        String token = Clob.tokens(market).get(0).tokenId();
        var book = Clob.book(token);
        var order = session.limitOrder(token, Side.BUY, book.bestBid() == null ? new BigDecimal("0.01") : book.bestBid().subtract(book.tickSize()).max(book.tickSize()),
                book.minOrderSize().max(new BigDecimal("5")));
        var placed = session.place(order);
        session.orders().table();
        if (placed.orderId() != null) session.cancel(placed.orderId());
        MarketLab.recordingOff();

        // What went over the wire: every header value of an authenticated request, every answer of an /auth call.
        List<String> secrets = new ArrayList<>();
        for (int i = 0; i < clobProxy.headerNames.size() && i < clobProxy.headerValues.size(); i++) {
            String n = clobProxy.headerNames.get(i).toUpperCase();
            if (n.startsWith("POLY")) secrets.add(clobProxy.headerValues.get(i));
        }
        for (String answer : clobProxy.answers) {
            if (answer.contains("secret") || answer.contains("passphrase")) {
                JsonNode n = new ObjectMapper().readTree(answer);
                n.fields().forEachRemaining(e -> {
                    if (e.getValue().isTextual() && e.getValue().asText().length() >= 8) secrets.add(e.getValue().asText());
                });
            }
        }
        // the demo wallet's private key, as Wallet.demo derives it
        secrets.add(HexFormat.of().formatHex(org.web3j.crypto.Hash.sha3("marketlab demo account 1".getBytes(StandardCharsets.UTF_8))));
        secrets.add(session.apiKey());
        secrets.removeIf(s -> s == null || s.length() < 8 || s.equalsIgnoreCase(wallet.address()) || s.matches("\\d+"));
        assertTrue(secrets.size() >= 8, "signatures, passphrase, secret and key were sent: " + secrets.size());
        assertTrue(clobProxy.headerNames.stream().anyMatch(h -> h.equalsIgnoreCase("POLY_SIGNATURE")), "L2 signatures were sent");

        List<Path> files;
        try (Stream<Path> s = Files.walk(rec)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        assertTrue(files.size() > 5, "the session's reads were recorded: " + files.size());
        for (Path f : files) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            for (String secret : secrets) assertFalse(text.contains(secret), f + " holds a secret: " + secret.substring(0, 4) + "... in " + text.substring(Math.max(0, text.indexOf(secret) - 200), Math.min(text.length(), text.indexOf(secret) + 60)));
            for (String name : List.of("POLY_SIGNATURE", "POLY_PASSPHRASE", "POLY_API_KEY", "secret", "passphrase")) {
                assertFalse(text.toLowerCase().contains(name.toLowerCase()), f + " names " + name);
            }
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)), f + " is owner-only");
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(rec)));

        // In replay the session's reads are answered; signed writes and key derivation are refused.
        MarketLab.use(unreachable());
        MarketLab.replay(rec);
        ReplayException write = assertThrows(ReplayException.class, () -> session.place(order));
        assertTrue(write.getMessage().contains("signed write is not replayable"), write.getMessage());
    }
}
