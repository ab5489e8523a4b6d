package org.marketlab.clob;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.Test;
import org.marketlab.auth.CredentialStore;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.signing.Wallet;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An order-book account's rewards audit, notifications and dead-man switch, read and driven by the toolkit against the
 * sandbox: the markets a demo wallet's resting orders earn in and what they earned, agreeing with the day's total; the
 * notifications of its cancelled orders; and a heartbeat that keeps the orders while it beats and loses them 10 s
 * (of the sandbox's clock) after it stops.
 */
class AccountExtrasAgainstSandboxTest {

    /**
     * The demo wallets that hold a rewarded market quote on it from the start (a seeded bid of one to two times the
     * rewards' minimum within the maximum spread): with no order placed, such a wallet earns a share of the market's
     * daily rate, and its reads agree.
     */
    @Test
    void aDemoWalletEarnsFromItsSeededQuote() throws Exception {
        try (Sandbox sandbox = TradingSandbox.start()) {
            Transport t = TradingSandbox.transport(sandbox, 2);
            LocalDate day = LocalDate.parse("2026-11-01"); // the world's anchor: the seeded orders were placed before its end
            int earning = 0;
            for (int demo = 1; demo <= 5; demo++) {
                ClobSession s = TradingSandbox.session(t, demo);
                List<RewardShare> shares = s.rewards(day);
                if (shares.isEmpty()) continue;
                earning++;
                for (RewardShare r : shares) {
                    assertTrue(r.earningPercentage().signum() > 0 && r.earningPercentage().compareTo(BigDecimal.valueOf(100)) < 0, r.toString());
                    assertTrue(r.earnings().signum() > 0 && r.earnings().compareTo(r.ratePerDay()) < 0, "a share of the day's rate: " + r);
                }
                BigDecimal sum = s.earnings(day).stream().map(RewardEarning::earnings).reduce(BigDecimal.ZERO, BigDecimal::add);
                assertTrue(sum.signum() > 0);
                assertEquals(0, sum.compareTo(s.earningsTotal(day)), "demo " + demo + ": the markets' earnings add up to the day's total");
            }
            assertTrue(earning >= 1, "at least one demo wallet earns from its seeded orders");
        }
    }

    @Test
    void rewardsEarningsAndNotifications() throws Exception {
        try (Sandbox sandbox = TradingSandbox.start()) {
            Transport t = TradingSandbox.transport(sandbox, 2);
            ClobSession s = TradingSandbox.session(t, 1);
            LocalDate today = LocalDate.now(ZoneOffset.UTC);
            String scored = restAScoringBid(sandbox, t, s);
            List<RewardShare> shares = s.rewards();
            assertTrue(shares.stream().anyMatch(r -> r.conditionId().equals(scored)), "the bid scores in its sampling market: " + shares);
            for (RewardShare r : shares) {
                assertTrue(r.earningPercentage().signum() > 0 && r.earningPercentage().compareTo(BigDecimal.valueOf(100)) <= 0, r.toString());
                assertTrue(r.earnings().signum() > 0 && r.ratePerDay().signum() > 0 && r.maxSpread().signum() > 0, r.toString());
                assertTrue(r.conditionId().matches("0x[0-9a-f]{64}") && !r.question().isEmpty(), r.toString());
            }
            List<RewardEarning> earnings = s.earnings(today);
            assertEquals(shares.size(), earnings.size(), "one earning per scoring market");
            BigDecimal sum = earnings.stream().map(RewardEarning::earnings).reduce(BigDecimal.ZERO, BigDecimal::add);
            assertEquals(0, sum.compareTo(s.earningsTotal(today)), "the markets' earnings add up to the day's total");
            assertEquals(0, sum.compareTo(shares.stream().map(RewardShare::earnings).reduce(BigDecimal.ZERO, BigDecimal::add)));
            assertTrue(s.dataAddress().equalsIgnoreCase(earnings.get(0).makerAddress()), earnings.get(0).toString());
            Table week = s.earnings(today.minusDays(6), today);
            assertTrue(week.rowCount() >= earnings.size(), week.print());
            assertEquals(List.of("date", "condition_id", "maker_address", "asset_address", "earnings", "asset_rate"), week.columnNames());
            assertEquals(0, s.earnings(today.plusDays(1)).size(), "nothing earned on a day to come");
            assertEquals(shares.size(), s.rewardsTable(today).rowCount());
            assertThrows(IllegalArgumentException.class, () -> s.earnings(today, today.minusDays(1)));

            // Cancelling an order makes a notification of its own; dropping it removes it.
            List<OpenOrder> open = s.orders().list();
            String id = open.get(0).id();
            int before = s.notifications().size();
            s.cancel(id);
            List<Notification> after = s.notifications();
            assertEquals(before + 1, after.size());
            Notification n = after.get(after.size() - 1);
            assertEquals(1, n.type());
            assertEquals("order cancelled", n.kind());
            assertEquals(id, n.orderId());
            assertTrue(n.time().isAfter(Instant.now().minusSeconds(60)), n.toString());
            assertTrue(s.notificationsTable().columnNames().contains("order_id"));
            s.dropNotifications(List.of(n.id()));
            assertEquals(before, s.notifications().size());
            assertTrue(s.notifications().stream().noneMatch(x -> x.id() == n.id()));
        }
    }

    @Test
    void aHeartbeatKeepsTheOrdersWhileItBeats() throws Exception {
        AtomicLong shift = new AtomicLong();
        try (Sandbox sandbox = Sandbox.builder().seed(7).now(Instant.parse("2026-11-01T00:00:00Z"))
                .clock(() -> System.currentTimeMillis() + shift.get()).build()) {
            sandbox.start();
            Profile p = Profile.sandbox(7);
            for (Map.Entry<String, URI> e : sandbox.urls().entrySet()) {
                for (Service sv : Service.values()) if (sv.id().equals(e.getKey())) p = p.withUrl(sv, e.getValue().toString());
            }
            // The toolkit's clock moves with the sandbox's, so that its signed headers stay in time.
            Clock sys = Clock.system();
            Clock shifted = new Clock() {
                public long nanoTime() {
                    return sys.nanoTime();
                }

                public long currentTimeMillis() {
                    return sys.currentTimeMillis() + shift.get();
                }

                public void sleepNanos(long nanos) throws InterruptedException {
                    sys.sleepNanos(nanos);
                }
            };
            Transport t = Transport.create(p, shifted, new RetryPolicy(2, 3, Duration.ofMillis(10), Duration.ofMillis(50)));
            ClobSession s = ClobSession.open(t, Wallet.demo(1), ClobSession.Options.defaults().store(CredentialStore.memory()));
            int open = s.orders().list().size();
            assertTrue(open > 0);
            assertThrows(IllegalArgumentException.class, () -> s.heartbeat(Duration.ofSeconds(10)), "not within the timeout");
            try (Heartbeat h = s.heartbeat(Duration.ofSeconds(1))) {
                waitFor(() -> h.beats() >= 2);
                // Twice, 5 s pass on the service's clock and two beats follow: more than the 10-s deadline passes since
                // the beat before the first step, and each beat still comes seconds inside the deadline of the one before
                // it, however late a loaded machine sends it.
                for (int step = 0; step < 2; step++) {
                    shift.addAndGet(5_000);
                    long beats = h.beats();
                    waitFor(() -> h.beats() >= beats + 2);
                }
                assertEquals(0, h.failures(), String.valueOf(h.lastError()));
                assertEquals(open, s.orders().list().size(), "beating: the orders stand");
            }
            shift.addAndGet(11_000);                  // 11 s without a beat
            assertEquals(0, s.orders().list().size(), "stopped: every open order cancelled");
            Set<String> cancelled = new HashSet<>();
            for (Notification n : s.notifications()) if (n.type() == 1) cancelled.add(n.orderId());
            assertEquals(open, cancelled.size(), "each with its notification");
        }
    }

    /**
     * Rests a bid at the best bid, of the market's minimum scoring size, in a rewarded market (from
     * {@code /rewards/markets/current}) whose book is within the scoring spread: the condition id.
     */
    private static String restAScoringBid(Sandbox sandbox, Transport t, ClobSession s) throws Exception {
        var http = java.net.http.HttpClient.newHttpClient();
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var current = json.readTree(http.send(java.net.http.HttpRequest.newBuilder(sandbox.urls().get("clob").resolve("/rewards/markets/current")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).body());
        ClobData data = new ClobData(t);
        for (var m : current.path("data")) {
            String condition = m.path("condition_id").asText();
            BigDecimal spread = new BigDecimal(m.path("rewards_max_spread").asText()).movePointLeft(2);
            BigDecimal size = new BigDecimal(m.path("rewards_min_size").asText());
            String token = data.market(condition).tokens().get(0).tokenId();
            Book b = data.book(token);
            if (b.bestBid() == null || b.bestAsk() == null || b.midpoint().subtract(b.bestBid()).compareTo(spread) >= 0) continue;
            if (size.multiply(b.bestBid()).compareTo(BigDecimal.valueOf(500)) > 0) continue;
            OrderResult r = s.place(s.limitOrder(token, Side.BUY, b.bestBid(), size));
            assertEquals("live", r.status(), r.toString());
            return condition;
        }
        throw new AssertionError("no rewarded market with a book inside its scoring spread");
    }

    private static void waitFor(java.util.function.BooleanSupplier done) throws InterruptedException {
        long until = System.nanoTime() + 15_000_000_000L;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > until) throw new AssertionError("not within 15 s");
            Thread.sleep(50);
        }
    }
}
