package org.marketlab.sandbox.clob;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where each trade of the sandbox's order book stands on its way to the chain: {@code MATCHED}, then {@code MINED},
 * then {@code CONFIRMED}; on request {@code RETRYING} on the way, or {@code FAILED} in the end. The user channel pushes
 * each step and {@code /data/trades} reads the step reached (a trade it has never seen, one of the seeded histories, is
 * {@code CONFIRMED}).
 */
final class TradeStatuses {

    /** The steps of a trade, in the order the user channel pushes them. */
    enum Path { NORMAL, RETRY, FAIL }

    private final Map<String, String> statuses = new ConcurrentHashMap<>();
    private final AtomicInteger retries = new AtomicInteger();
    private final AtomicInteger failures = new AtomicInteger();
    private volatile long mineAfterMillis = 1_500;
    private volatile long confirmAfterMillis = 4_000;

    String of(String tradeId) {
        return statuses.getOrDefault(tradeId, "CONFIRMED");
    }

    void set(String tradeId, String status) {
        statuses.put(tradeId, status);
    }

    /** The path of the next trade: a told retry or failure first, else the normal one. */
    Path next() {
        if (take(failures)) return Path.FAIL;
        if (take(retries)) return Path.RETRY;
        return Path.NORMAL;
    }

    /** The next {@code n} trades retry once before they are mined. */
    void retryNext(int n) {
        retries.set(Math.max(0, n));
    }

    /** The next {@code n} trades fail after retrying. */
    void failNext(int n) {
        failures.set(Math.max(0, n));
    }

    /** How long after the match a trade is mined, and confirmed. */
    void delays(long mineAfter, long confirmAfter) {
        if (mineAfter < 0 || confirmAfter < mineAfter) {
            throw new IllegalArgumentException("delays must be 0 or more ms, confirmation no sooner than mining; were " + mineAfter + " and " + confirmAfter);
        }
        mineAfterMillis = mineAfter;
        confirmAfterMillis = confirmAfter;
    }

    long mineAfter() {
        return mineAfterMillis;
    }

    long confirmAfter() {
        return confirmAfterMillis;
    }

    private static boolean take(AtomicInteger n) {
        while (true) {
            int v = n.get();
            if (v <= 0) return false;
            if (n.compareAndSet(v, v - 1)) return true;
        }
    }
}
