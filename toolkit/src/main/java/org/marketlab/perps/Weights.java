package org.marketlab.perps;

import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.WeightBudget;

import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The request weights of the perpetuals interface, and the budgets they are paced against.
 *
 * <p>From the specification: createProxy 1, deleteProxy 1, modifyOrdersCOID 1 + floor(n/20) plus an action weight
 * of 1 per order, invite 1, each history page 10, public portfolio 5, collateral assets 2. Where it gives none,
 * the toolkit's choices (the sandbox counts the same): cancelOrders as modify; the credentials check and the open
 * orders 2; the private portfolio 5, as the public one. Action weight is counted in the same budget as request
 * weight, which can only make the pacing more careful.
 *
 * <p>One budget per account and transport, shared by every session of that account, and one for the public reads;
 * each {@link WeightBudget#conservative} (120 per 10 s: the service does not publish the size) unless a session's
 * options give another, which then serves that account.
 */
final class Weights {

    static final long CREATE_PROXY = 1;
    static final long DELETE_PROXY = 1;
    static final long INVITE = 1;
    static final long HISTORY_PAGE = 10;
    static final long PUBLIC_PORTFOLIO = 5;
    static final long ASSETS = 2;
    static final long CREDENTIALS = 2;
    static final long OPEN_ORDERS = 2;
    static final long PRIVATE_PORTFOLIO = 5;
    static final long BALANCES = 2;

    private static final Map<Transport, Map<String, WeightBudget>> BUDGETS = Collections.synchronizedMap(new WeakHashMap<>());

    private Weights() {
    }

    /** Request weight 1 + floor(n/20) and action weight 1 per order, for a batch of {@code n} orders. */
    static long batch(int n) {
        return 1 + n / 20 + n;
    }

    /** The budget of {@code owner}'s account on {@code t}; {@code given} replaces it when not null. */
    static WeightBudget account(Transport t, String owner, WeightBudget given) {
        Map<String, WeightBudget> m = BUDGETS.computeIfAbsent(t, k -> new ConcurrentHashMap<>());
        String key = "account:" + owner.toLowerCase(Locale.ROOT);
        if (given != null) {
            m.put(key, given);
            return given;
        }
        return m.computeIfAbsent(key, k -> WeightBudget.conservative(t.resources().clock()));
    }

    /** The budget of the public reads on {@code t}. */
    static WeightBudget publicReads(Transport t) {
        return BUDGETS.computeIfAbsent(t, k -> new ConcurrentHashMap<>())
                .computeIfAbsent("public", k -> WeightBudget.conservative(t.resources().clock()));
    }
}
