package org.marketlab.sandbox.accounts;

import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.world.World;

import java.util.List;
import java.util.function.LongSupplier;

/**
 * The accounts of the world as route modules: the public Data API on the {@code data} server and the order book's
 * account routes (authentication, keys, orders, trades, balances) on the {@code clob} server, over one set of
 * seeded wallets, so a trade reads the same from either.
 */
public final class Accounts {

    private Accounts() {
    }

    /**
     * @param prices the order book's prices of the world
     * @param clock  the server's clock (ms), which signed timestamps are checked against
     */
    public static List<RouteModule> modules(World world, Prices prices, LongSupplier clock) {
        Wallets wallets = new Wallets(world, prices);
        return List.of(new DataApi(wallets), new ClobAccountsApi(wallets, clock));
    }
}
