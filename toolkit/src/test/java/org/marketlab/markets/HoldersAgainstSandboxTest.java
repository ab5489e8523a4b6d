package org.marketlab.markets;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.accounts.Account;
import org.marketlab.accounts.Position;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.wallets.Wallets;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Holders and open interest from the sandbox's Data API: every holder's shares at the token's price sum to the open interest. */
class HoldersAgainstSandboxTest {

    private static Sandbox sandbox;
    private static Transport transport;
    private static MarketData data;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(11).now(Instant.parse("2026-11-01T00:00:00Z")).build();
        var urls = sandbox.start();
        Profile p = Profile.sandbox(11).withUrl(Service.MARKETS, urls.get("markets").toString()).withUrl(Service.DATA, urls.get("data").toString());
        transport = Transport.create(p, Clock.system(), new RetryPolicy(3, 3, Duration.ofMillis(10), Duration.ofMillis(50)));
        data = new MarketData(transport);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void holdersSumToTheOpenInterest() {
        Account demo = new Account(transport, Wallets.demoAddress(1));
        Set<String> conditions = new LinkedHashSet<>();
        // Open markets' positions: a resolved market's crowd has redeemed, and only the wallets that have not are left.
        for (Position p : demo.positions().list()) {
            if (p.size().signum() > 0 && !Boolean.TRUE.equals(p.redeemable()) && conditions.size() < 4) conditions.add(p.conditionId());
        }
        assertFalse(conditions.isEmpty(), "the demo wallet holds open positions");
        Map<String, BigDecimal> oi = data.openInterest(new ArrayList<>(conditions)).list().stream()
                .collect(Collectors.toMap(OpenInterest::market, OpenInterest::value));
        assertEquals(conditions, oi.keySet());
        for (String c : conditions) {
            List<Holder> holders = data.holders(List.of(c)).limit(500).minBalance(0).list();
            Holder mine = holders.stream().filter(h -> h.proxyWallet().equalsIgnoreCase(demo.address())).findFirst().orElseThrow();
            // The demo wallet's row is its position; its price prices its outcome, the complement the other.
            Position held = demo.positions().condition(c).list().stream().filter(p -> p.tokenId().equals(mine.token())).findFirst().orElseThrow();
            assertEquals(0, held.size().compareTo(mine.amount()), "the holder's shares are the position's size");
            BigDecimal sum = BigDecimal.ZERO;
            List<BigDecimal> perToken = new ArrayList<>();
            for (String token : holders.stream().map(Holder::token).distinct().toList()) {
                List<Holder> ofToken = holders.stream().filter(h -> h.token().equals(token)).toList();
                for (int i = 1; i < ofToken.size(); i++) assertTrue(ofToken.get(i - 1).amount().compareTo(ofToken.get(i).amount()) >= 0, "largest first");
                BigDecimal shares = ofToken.stream().map(Holder::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
                BigDecimal price = token.equals(mine.token()) ? held.currentPrice() : BigDecimal.ONE.subtract(held.currentPrice());
                sum = sum.add(shares.multiply(price));
                perToken.add(shares);
            }
            assertEquals(2, perToken.size(), "both outcomes are held");
            assertEquals(0, perToken.get(0).compareTo(perToken.get(1)), "each outcome's holders hold the complete sets outstanding: " + perToken);
            assertEquals(0, sum.compareTo(oi.get(c)), c + ": holders " + sum + " vs open interest " + oi.get(c));
        }
        Table t = data.holders(new ArrayList<>(conditions)).table();
        assertTrue(t.columnNames().containsAll(List.of("token", "proxyWallet", "amount", "outcomeIndex")));
        assertTrue(t.rowCount() > 0);
    }
}
