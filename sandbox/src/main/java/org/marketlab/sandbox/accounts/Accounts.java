package org.marketlab.sandbox.accounts;

import io.javalin.Javalin;
import org.marketlab.sandbox.Quotes;
import org.marketlab.sandbox.World;

import java.time.Clock;

/**
 * The accounts of the world as one route module: the public Data API on the {@code data} server and the order
 * book's account routes (authentication, keys, orders, trades, balances) on the {@code clob} server, both over
 * the same seeded wallets, so a trade reads the same from either.
 */
public final class Accounts {

    private final Wallets wallets;
    private final DataApi data;
    private final ClobAccountsApi clob;

    /** @param clock the server's clock, which signed timestamps are checked against */
    public Accounts(World world, Clock clock) {
        this.wallets = new Wallets(world, new Quotes(world));
        this.data = new DataApi(wallets);
        this.clob = new ClobAccountsApi(wallets, clock);
    }

    public void registerData(Javalin app) {
        data.register(app);
    }

    public void registerClob(Javalin app) {
        clob.register(app);
    }

    public Wallets wallets() {
        return wallets;
    }

    public ClobAccountsApi clob() {
        return clob;
    }
}
