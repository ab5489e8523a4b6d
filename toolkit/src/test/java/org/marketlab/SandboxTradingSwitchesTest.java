package org.marketlab;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.Test;
import org.marketlab.auth.CredentialStore;
import org.marketlab.clob.Book;
import org.marketlab.clob.ClobSession;
import org.marketlab.clob.OrderResult;
import org.marketlab.clob.SandboxSwitches;
import org.marketlab.clob.Side;
import org.marketlab.config.Profile;
import org.marketlab.http.ExchangeMode;
import org.marketlab.http.ExchangeModeException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.BucketSampler;
import org.marketlab.signing.Wallet;
import org.knowm.xchart.XYChart;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What notebook 07 does on the embedded sandbox: switch the exchange to cancel-only and meet the typed refusal, back
 * to normal, and sample a signer's buckets while it places and cancels, for {@link Charts#buckets}.
 */
class SandboxTradingSwitchesTest {

    @Test
    void cancelOnlyIsTypedAndTheBucketsAreSampled() throws Exception {
        MarketLab.use(Profile.sandbox());
        ClobSession s = ClobSession.open(MarketLab.transport(), Wallet.demo(2), ClobSession.Options.defaults().store(CredentialStore.memory()));
        String token = null;
        Book book = null;
        for (var p : Accounts.of(Wallet.demo(1).address()).positions().list()) {
            try {
                book = Clob.book(p.tokenId());
                token = p.tokenId();
                break;
            } catch (org.marketlab.http.NotFoundException closed) {
                // a resolved market has no book
            }
        }
        assertTrue(token != null, "an open book");
        String id = token;
        Book b = book;
        SandboxSwitches switches = Clob.sandbox();
        switches.exchangeMode(ExchangeMode.CANCEL_ONLY, Duration.ofSeconds(30));
        try {
            ExchangeModeException e = assertThrows(ExchangeModeException.class,
                    () -> s.place(s.limitOrder(id, Side.BUY, b.tickSize(), b.minOrderSize().max(java.math.BigDecimal.ONE)).postOnly()));
            assertEquals(ExchangeMode.CANCEL_ONLY, e.mode());
            assertEquals(Optional.of(Duration.ofSeconds(30)), e.retryAfter());
        } finally {
            switches.normal();
        }

        Table samples;
        try (BucketSampler sampler = BucketSampler.start(s.buckets(), Duration.ofMillis(5))) {
            List<OrderResult> placed = s.placeAll(List.of(
                    s.limitOrder(id, Side.BUY, b.tickSize(), b.minOrderSize().max(java.math.BigDecimal.ONE)).postOnly(),
                    s.limitOrder(id, Side.BUY, b.tickSize(), b.minOrderSize().max(java.math.BigDecimal.ONE)).postOnly()));
            assertTrue(placed.stream().allMatch(OrderResult::accepted), placed.toString());
            s.cancelAll(placed.stream().map(OrderResult::orderId).toList());
            Thread.sleep(20);
            sampler.close();
            samples = sampler.table();
        }
        assertEquals(List.of("t_s", "order tokens", "cancel tokens"), samples.columnNames());
        assertTrue(samples.rowCount() >= 3, "sampled: " + samples.rowCount());
        assertTrue(samples.doubleColumn("order tokens").min() <= s.buckets().orders().burst() - 2 - 4 + 1e-9,
                "two order tokens taken from the 56 the margin leaves: " + samples.doubleColumn("order tokens").min());
        XYChart chart = Charts.buckets(samples);
        assertTrue(chart.getTitle().startsWith("Tokens in the buckets of signer 0x"), chart.getTitle());
        assertEquals(List.of("order tokens", "cancel tokens"), List.copyOf(chart.getSeriesMap().keySet()), "order and cancel (zero is a line of the plot, not a series)");

        Transport live = Transport.create(Profile.live(), org.marketlab.pacing.Clock.system(), new RetryPolicy(1, 1, Duration.ofMillis(1), Duration.ofMillis(1)));
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> new SandboxSwitches(live));
        assertTrue(refused.getMessage().contains("embedded sandbox"), refused.getMessage());
    }
}
