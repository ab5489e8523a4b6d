package org.marketlab.clob;

import org.marketlab.pacing.RetryPolicy;
import org.marketlab.accounts.Account;
import org.marketlab.accounts.Position;
import org.marketlab.auth.CredentialStore;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * A sandbox of a trading test's own (seed 7, the accounts tests' "now"), a transport to it with quick retries, sessions
 * with keys kept in memory, and a token a seeded wallet holds to sell: trading tests change the order book, so none
 * shares one.
 */
final class TradingSandbox {

    private TradingSandbox() {
    }

    /** A started sandbox. */
    static Sandbox start() {
        Sandbox sandbox = Sandbox.builder().seed(7).now(Instant.parse("2026-11-01T00:00:00Z")).build();
        sandbox.start();
        return sandbox;
    }

    /** A private transport to every server of {@code sandbox}, on the system clock, with {@code attempts} a call and short backoffs. */
    static Transport transport(Sandbox sandbox, int attempts) {
        Profile p = Profile.sandbox(7);
        for (Map.Entry<String, URI> e : sandbox.urls().entrySet()) {
            for (Service s : Service.values()) if (s.id().equals(e.getKey())) p = p.withUrl(s, e.getValue().toString());
        }
        return Transport.create(p, Clock.system(), new RetryPolicy(attempts, 3, Duration.ofMillis(10), Duration.ofMillis(50)));
    }

    /** The order-book session of a demo wallet, its key derived and kept in memory. */
    static ClobSession session(Transport transport, int demo) {
        return ClobSession.open(transport, Wallet.demo(demo), ClobSession.Options.defaults().store(CredentialStore.memory()));
    }

    /** A token the session's wallet holds, with its book: the first open position that {@code fits} (the position and its book). */
    record Held(String token, Book book, Position position) {
    }

    static Held held(Transport transport, ClobSession session, BiPredicate<Position, Book> fits) {
        for (Position pos : new Account(transport, session.address()).positions().list()) {
            Book b;
            try {
                b = session.book(pos.tokenId());
            } catch (org.marketlab.http.NotFoundException closed) {
                continue;
            }
            if (b.bestBid() == null || b.bestAsk() == null) continue; // a one-sided book: nothing to price against
            if (fits.test(pos, b)) return new Held(pos.tokenId(), b, pos);
        }
        throw new AssertionError(session.address() + " holds no token that fits");
    }

    /** At least {@code times} the book's minimum order of the position's shares. */
    static boolean holds(Position pos, Book b, BigDecimal minimum, int times) {
        return pos.size().compareTo(minimum.max(b.minOrderSize()).multiply(BigDecimal.valueOf(times))) >= 0;
    }
}
