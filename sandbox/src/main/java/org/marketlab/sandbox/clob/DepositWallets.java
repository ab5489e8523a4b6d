package org.marketlab.sandbox.clob;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The deposit wallets ({@code POLY_1271}) of one sandbox. The live exchange asks the wallet contract whether its owner
 * signed (ERC-1271); the sandbox has no chain, so a deposit wallet is bound to the first owner whose nested signature
 * for it verifies, and only that owner signs for it after. A deposit wallet holds what it received on this order book
 * (it starts empty: no collateral, no shares).
 */
final class DepositWallets {

    private final Map<String, String> owners = new ConcurrentHashMap<>();

    /** Binds {@code wallet} to {@code owner} once a signature of it verified; whether the wallet is (now) that owner's. */
    boolean bind(String wallet, String owner) {
        String w = wallet.toLowerCase(Locale.ROOT), o = owner.toLowerCase(Locale.ROOT);
        return owners.computeIfAbsent(w, k -> o).equals(o);
    }

    /** Whether {@code owner} may sign for {@code wallet}: the wallet is bound to it, or to no one yet. */
    boolean allows(String wallet, String owner) {
        String o = owners.get(wallet.toLowerCase(Locale.ROOT));
        return o == null || o.equals(owner.toLowerCase(Locale.ROOT));
    }

    /** The deposit wallet bound to {@code owner}, or null. */
    String of(String owner) {
        String o = owner.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, String> e : owners.entrySet()) if (e.getValue().equals(o)) return e.getKey();
        return null;
    }
}
