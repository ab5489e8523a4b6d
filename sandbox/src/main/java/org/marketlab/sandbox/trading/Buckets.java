package org.marketlab.sandbox.trading;

import org.marketlab.spi.SignerTier;

import java.util.function.LongSupplier;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The order book's per-signer token buckets (the specification's table): an order bucket and a cancel bucket per
 * signer address, refilled continuously at the tier's rate up to its burst. A request takes its whole cost or
 * nothing (a batch is admitted or refused whole); cancel-all and cancel-market-orders take 1 first and are debited
 * 1 per cancelled order afterwards, into debt for the tiers that allow it. Phases: {@code OFF} (no limiter, no
 * headers), {@code WARNING} (processed; one that would be refused carries {@code Svc-RateLimit-Warning: true}),
 * {@code LIVE} (refused with 429 and {@code Retry-After}). A signer's tier is the one set for it, else (with
 * {@link #volumes}) the tier of its maker wallet's 30-day volume, refreshed every three hours on the sandbox clock.
 */
public final class Buckets {

    public enum Phase { OFF, WARNING, LIVE }

    /** A tier of the specification's table ({@link SignerTier}, the published figures the toolkit paces to). */
    public enum Tier {
        STANDARD, COPPER, BRONZE, SILVER, GOLD, PLATINUM, DIAMOND, ELITE;

        final SignerTier published = SignerTier.named(name());

        /** The tier a 30-day cumulative trading volume qualifies for. */
        public static Tier forVolume(java.math.BigDecimal volume) {
            Tier t = STANDARD;
            for (Tier x : values()) if (volume != null && volume.compareTo(java.math.BigDecimal.valueOf(x.published.minVolumeUsd())) >= 0) t = x;
            return t;
        }

        /** The name the headers carry, e.g. {@code Standard}. */
        public String label() {
            return published.label();
        }
    }

    /** What the limiter decided: admitted or not, the balance after, when the wait ends, and whether it warned. */
    public record Decision(boolean admitted, double remaining, long resetSeconds, long retryAfterSeconds, boolean warning, Tier tier) {
    }

    private static final class Bucket {
        double tokens;
        long at;

        Bucket(double tokens, long at) {
            this.tokens = tokens;
            this.at = at;
        }
    }

    private final LongSupplier clock;
    private volatile Phase phase = Phase.WARNING;
    private final java.util.concurrent.atomic.AtomicLong refused = new java.util.concurrent.atomic.AtomicLong();
    private final Map<String, Tier> tiers = new ConcurrentHashMap<>();
    private final Map<String, long[]> byVolume = new ConcurrentHashMap<>();   // address -> {slot, tier ordinal}
    private volatile Volumes volumes;

    /** Tiers are refreshed every three hours on the sandbox clock (specification, rule 4). */
    public static final long REFRESH_MILLIS = 3 * 3_600_000L;
    /** The volume window: 30 days. */
    public static final long WINDOW_MILLIS = 30 * 86_400_000L;

    /** The 30-day cumulative trading volume that sets a signer's tier: of its maker wallet, which may differ from the signer. */
    public interface Volumes {
        /** Dollars traded by the maker wallet of {@code signer} from {@code fromMillis} (inclusive) to {@code toMillis} (exclusive). */
        java.math.BigDecimal volume(String signer, long fromMillis, long toMillis);
    }

    /**
     * Tiers by volume: from now on a signer without a tier set by {@link #tier(String, Tier)} has the tier of its maker
     * wallet's volume over the 30 days before the start of the current three-hour period, recomputed when the next
     * period starts.
     */
    public void volumes(Volumes v) {
        volumes = v;
        byVolume.clear();
    }
    private final Map<String, Bucket> orders = new ConcurrentHashMap<>();
    private final Map<String, Bucket> cancels = new ConcurrentHashMap<>();

    /** @param clock the sandbox clock in epoch milliseconds */
    public Buckets(LongSupplier clock) {
        this.clock = clock;
    }

    /** Requests refused with 429 so far. */
    public long refused() {
        return refused.get();
    }

    public Phase phase() {
        return phase;
    }

    public void phase(Phase p) {
        phase = p;
    }

    public void tier(String address, Tier tier) {
        tiers.put(address.toLowerCase(Locale.ROOT), tier);
    }

    /** A signer's tier: the one set for it, else by its maker wallet's 30-day volume as of the current three-hour period, else Standard. */
    public Tier tier(String address) {
        String a = address.toLowerCase(Locale.ROOT);
        Tier set = tiers.get(a);
        if (set != null) return set;
        Volumes v = volumes;
        if (v == null) return Tier.STANDARD;
        long slot = Math.floorDiv(now(), REFRESH_MILLIS);
        long[] known = byVolume.get(a);
        if (known != null && known[0] == slot) return Tier.values()[(int) known[1]];
        long at = slot * REFRESH_MILLIS;
        Tier t = Tier.forVolume(v.volume(a, at - WINDOW_MILLIS, at));
        byVolume.put(a, new long[]{slot, t.ordinal()});
        return t;
    }

    /** Forgets a tier set with {@link #tier(String, Tier)}: the signer's volume decides again. */
    public void clearTier(String address) {
        tiers.remove(address.toLowerCase(Locale.ROOT));
    }

    /** Full buckets for everyone (tests). */
    public void reset() {
        orders.clear();
        cancels.clear();
    }

    /** Takes {@code cost} order tokens of {@code address}, or none. */
    public Decision order(String address, int cost) {
        Tier t = tier(address);
        return take(orders, address, cost, t.published.orderRate(), t.published.orderBurst(), false, t);
    }

    /** Takes {@code cost} cancel tokens of {@code address}, or none. */
    public Decision cancel(String address, int cost) {
        Tier t = tier(address);
        return take(cancels, address, cost, t.published.cancelRate(), t.published.cancelBurst(), false, t);
    }

    /** Debits {@code n} more cancel tokens after a cancel-all (into debt when the tier allows, else floored at zero). */
    public Decision debitCancels(String address, int n) {
        Tier t = tier(address);
        synchronized (this) {
            Bucket b = refill(cancels, address, t.published.cancelRate(), t.published.cancelBurst());
            b.tokens -= n;
            if (!t.published.negativeCancel() && b.tokens < 0) b.tokens = 0;
            // An admitted request: its reset may be now (the wait the debt makes is the client's to compute from the balance).
            return new Decision(true, b.tokens, now() / 1000, 0, false, t);
        }
    }

    private synchronized Decision take(Map<String, Bucket> map, String address, int cost, double rate, double burst, boolean unused, Tier t) {
        if (phase == Phase.OFF) return new Decision(true, burst, now() / 1000, 0, false, t);
        Bucket b = refill(map, address, rate, burst);
        if (b.tokens >= cost) {
            b.tokens -= cost;
            return new Decision(true, b.tokens, now() / 1000, 0, false, t);
        }
        long retry = cost > burst ? 0 : (long) Math.ceil((cost - b.tokens) / rate);
        if (phase == Phase.WARNING) {
            b.tokens = Math.max(0, b.tokens - cost);
            return new Decision(true, b.tokens, now() / 1000, 0, true, t);
        }
        refused.incrementAndGet();
        return new Decision(false, b.tokens, resetOf(b.tokens, cost, rate), Math.max(1, retry), false, t);
    }

    private long resetOf(double tokens, double need, double rate) {
        double wait = Math.max(0, (need - tokens) / rate);
        return (long) Math.ceil((now() + wait * 1000) / 1000.0);
    }

    private Bucket refill(Map<String, Bucket> map, String address, double rate, double burst) {
        long now = now();
        Bucket b = map.computeIfAbsent(address.toLowerCase(Locale.ROOT), a -> new Bucket(burst, now));
        if (now > b.at) {
            b.tokens = Math.min(burst, b.tokens + (now - b.at) * rate / 1000.0);
            b.at = now;
        }
        return b;
    }

    private long now() {
        return clock.getAsLong();
    }
}
