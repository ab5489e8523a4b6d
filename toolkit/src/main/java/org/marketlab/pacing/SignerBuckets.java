package org.marketlab.pacing;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * One signer's order-book token buckets: an order bucket and a cancel bucket, independent, shaped by the
 * signer's {@link ClobTier}. Requests cost tokens as the specification's table says:
 * <pre>
 *   order   POST /order                    1
 *   order   POST /orders                   number of orders in the (non-empty) batch
 *   cancel  DELETE /order                  1
 *   cancel  DELETE /orders                 number of order ids submitted
 *   cancel  DELETE /cancel-all             1, then 1 per order canceled   ({@link #canceled})
 *   cancel  DELETE /cancel-market-orders   1, then 1 per order canceled   ({@link #canceled})
 * </pre>
 * A batch costing more than the tier's burst can never be admitted and is refused before sending
 * ({@link IllegalArgumentException}). The per-order debit after a cancel-all can take the cancel balance into
 * debt for tiers that allow it ({@link ClobTier#negativeCancel()}); later cancels then wait until the refill
 * has paid it off. Other tiers floor the balance at zero.
 *
 * <p>These buckets pace per signer; the IP windows of {@link Pacer} apply on top, for the same requests.
 */
public final class SignerBuckets {

    private final String signer;
    private final Duration margin;
    private final TokenBucket orders;
    private final TokenBucket cancels;
    private volatile ClobTier tier;

    public SignerBuckets(String signer, ClobTier tier, Clock clock, Duration margin) {
        this.signer = Objects.requireNonNull(signer, "signer");
        this.tier = Objects.requireNonNull(tier, "tier");
        Objects.requireNonNull(clock, "clock");
        this.margin = Objects.requireNonNull(margin, "margin");
        this.orders = new TokenBucket("order", tier.limits().orderBurst(), tier.limits().orderRate(), Duration.ofSeconds(1), false, clock, margin);
        this.cancels = new TokenBucket("cancel", tier.limits().cancelBurst(), tier.limits().cancelRate(), Duration.ofSeconds(1),
                tier.limits().negativeCancel(), clock, margin);
    }

    /** A signer's buckets on {@code clock}: with the clock's {@link Clock#safetyMargin()}. */
    public static SignerBuckets of(String signer, ClobTier tier, Clock clock) {
        return new SignerBuckets(signer, tier, clock, clock.safetyMargin());
    }

    public String signer() {
        return signer;
    }

    public ClobTier tier() {
        return tier;
    }

    public TokenBucket orders() {
        return orders;
    }

    public TokenBucket cancels() {
        return cancels;
    }

    /** Whether a request draws on the per-signer buckets at all. */
    public static boolean covers(String method, String path) {
        return kindOf(method, path) != 0;
    }

    /**
     * Waits until the request's bucket holds its up-front cost, then takes it.
     *
     * @param entries orders in a {@code POST /orders} batch, or order ids in a {@code DELETE /orders}; ignored
     *                for the other requests
     * @return the time waited
     * @throws IllegalArgumentException for a request the buckets do not cover, an empty batch, or a batch whose
     *                                  cost exceeds the tier's burst (split it)
     */
    public Duration acquire(String method, String path, int entries) throws InterruptedException {
        TokenBucket b = bucketOf(method, path);
        if (b == null) {
            throw new IllegalArgumentException(method + " " + path + " does not draw on the per-signer buckets; they cover "
                    + "POST /order, POST /orders, DELETE /order, DELETE /orders, DELETE /cancel-all and DELETE /cancel-market-orders");
        }
        long cost = 1;
        if (path.equals("/orders")) {
            if (entries <= 0) {
                throw new IllegalArgumentException(method + " /orders needs at least one "
                        + (b == orders ? "order" : "order id") + ", got " + entries);
            }
            cost = entries;
        }
        return b.acquire(cost);
    }

    /**
     * Debits the cancel bucket one token per order a {@code DELETE /cancel-all} or
     * {@code DELETE /cancel-market-orders} canceled (the up-front token was taken by {@link #acquire}).
     */
    public void canceled(int ordersCanceled) {
        if (ordersCanceled < 0) throw new IllegalArgumentException("orders canceled cannot be negative, was " + ordersCanceled);
        cancels.debit(ordersCanceled);
    }

    /**
     * Feeds a response back to the bucket the request drew on: the {@code Remaining}/{@code Reset} headers and,
     * on {@code 429}, {@code Retry-After}. A {@code Tier} header naming another tier reshapes both buckets.
     *
     * @param header looks a response header up by name, case-insensitively
     */
    public void onResponse(String method, String path, int status, Function<String, String> header) {
        String t = RateLimitHeaders.get(header, "Tier");
        if (t != null) {
            try {
                ClobTier reported = ClobTier.parse(t);
                if (reported != tier) tier(reported);
            } catch (IllegalArgumentException unknownTier) {
                // A tier this client does not know keeps the current shape; the balance headers still apply.
            }
        }
        TokenBucket b = bucketOf(method, path);
        if (b != null) b.onResponse(status, header);
    }

    /** Reshapes both buckets for a new tier (tiers refresh every three hours), keeping their balances. */
    public synchronized void tier(ClobTier t) {
        Objects.requireNonNull(t, "tier");
        orders.reshape(t.limits().orderBurst(), t.limits().orderRate(), Duration.ofSeconds(1), false, margin);
        cancels.reshape(t.limits().cancelBurst(), t.limits().cancelRate(), Duration.ofSeconds(1), t.limits().negativeCancel(), margin);
        tier = t;
    }

    private TokenBucket bucketOf(String method, String path) {
        int k = kindOf(method, path);
        return k == ORDER ? orders : k == CANCEL ? cancels : null;
    }

    private static final int ORDER = 1;
    private static final int CANCEL = 2;

    private static int kindOf(String method, String path) {
        String m = method.toUpperCase(Locale.ROOT);
        if (m.equals("POST") && (path.equals("/order") || path.equals("/orders"))) return ORDER;
        if (m.equals("DELETE") && (path.equals("/order") || path.equals("/orders")
                || path.equals("/cancel-all") || path.equals("/cancel-market-orders"))) return CANCEL;
        return 0;
    }

    /** The order and the cancel bucket now, one row each. */
    public java.util.List<SignerStatus> status() {
        ClobTier t = tier;
        return java.util.List.of(SignerStatus.of(signer, t, orders.status()), SignerStatus.of(signer, t, cancels.status()));
    }

    @Override
    public String toString() {
        return "signer " + signer + " (" + tier.name().toLowerCase(Locale.ROOT) + "): " + orders.status() + "; " + cancels.status();
    }
}
