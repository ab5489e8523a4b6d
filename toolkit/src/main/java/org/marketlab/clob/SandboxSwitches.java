package org.marketlab.clob;

import org.marketlab.config.Service;
import org.marketlab.http.ExchangeMode;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Query;
import org.marketlab.config.Connection;
import org.marketlab.internal.transport.Transport;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The embedded sandbox's order-book switches, for notebooks and tests: the exchange mode (what the live exchange
 * switches for maintenance or incidents) and the phase of the per-signer rate limiter (off, warning mode, live
 * enforcement). They go over the sandbox's control paths ({@code POST /control/exchange-mode},
 * {@code POST /control/rate-limit}); on any other profile they are refused before anything is sent.
 *
 * <pre>{@code
 * Clob.sandbox().exchangeMode(ExchangeMode.CANCEL_ONLY, Duration.ofSeconds(30));
 * Clob.sandbox().rateLimiter("live");
 * Clob.sandbox().tier(session.address(), ClobTier.STANDARD);
 * }</pre>
 */
public final class SandboxSwitches {

    private final Transport transport;

    public SandboxSwitches(Connection connection) {
        Transport transport = Transport.of(connection);
        this.transport = Objects.requireNonNull(transport, "transport");
        if (!transport.profile().embedded()) {
            throw new IllegalStateException("the exchange mode and the rate limiter's phase are switched on the embedded sandbox only; profile '"
                    + transport.profile().name() + "' is not it (MarketLab.use(\"sandbox\"))");
        }
    }

    /** Switches the exchange to {@code mode}; refusals carry {@code retryAfter} ({@code retry_after_seconds}). */
    public void exchangeMode(ExchangeMode mode, Duration retryAfter) {
        Objects.requireNonNull(mode, "mode");
        long seconds = retryAfter == null ? 0 : retryAfter.toSeconds();
        post("/control/exchange-mode", "{\"mode\":\"" + mode.name().toLowerCase(Locale.ROOT).replace('_', '-') + "\",\"retry_after_seconds\":" + seconds + "}");
    }

    /** Back to normal trading. */
    public void normal() {
        exchangeMode(ExchangeMode.NORMAL, Duration.ZERO);
    }

    /** The per-signer limiter's phase: {@code off}, {@code warning} (processed, flagged) or {@code live} (refused with 429). */
    public void rateLimiter(String phase) {
        String p = phase == null ? "" : phase.trim().toUpperCase(Locale.ROOT);
        if (!p.equals("OFF") && !p.equals("WARNING") && !p.equals("LIVE")) {
            throw new IllegalArgumentException("the rate limiter's phase is off, warning or live, was '" + phase + "'");
        }
        post("/control/rate-limit", "{\"phase\":\"" + p + "\"}");
    }

    /**
     * Sets a signer's tier (the sandbox otherwise follows its maker wallet's 30-day volume, as the live service does):
     * one of the specification's tiers, e.g. {@code ClobTier.STANDARD}.
     */
    public void tier(String signer, org.marketlab.pacing.ClobTier tier) {
        Objects.requireNonNull(tier, "tier");
        String a = ClobSession.address(signer, "signer");
        post("/control/rate-limit", "{\"address\":\"" + a + "\",\"tier\":\"" + tier.name() + "\"}");
    }

    private void post(String path, String json) {
        transport.send(new Call(Service.CLOB, "POST", path, Query.empty(), Map.of("Content-Type", "application/json"),
                json.getBytes(StandardCharsets.UTF_8), Call.Safety.UNSAFE));
    }
}
